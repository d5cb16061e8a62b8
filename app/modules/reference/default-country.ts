/** The country forms start with (kept apart from the country table, which pages load lazily). */
export const DEFAULT_COUNTRY = "България";
