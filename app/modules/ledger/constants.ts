/* The ledger's constants that pages show: without zod, so a page's script never carries it. */

/** The most entries (or an account card's lines) a journal page or call shows. */
export const JOURNAL_LIMIT = 500;
