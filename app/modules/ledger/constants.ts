/* The ledger's constants that pages show: without zod, so a page's script never carries it. */

/** The most entries (or an account card's lines) a journal page or call shows. */
export const JOURNAL_LIMIT = 500;

/** The most rows a PDF or an Excel file of a report holds (a PDF row takes ~2 ms to draw in its thread). */
export const FILE_ROW_LIMITS = { pdf: 1000, xlsx: 50_000 } as const;

/** The most lines the general ledger's page shows; its files read them all, page by page. */
export const GENERAL_LEDGER_LIMIT = 1000;

/** The most open items a card lists. */
export const OPEN_ITEMS_LIMIT = 500;
