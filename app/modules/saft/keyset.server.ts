/*
 * The month's rows a page at a time on a (date, id) keyset, and the totals a section's header
 * states: the same pages the section's XML is written from, so the two cannot disagree.
 */

export const PAGE = 500;

export type Key = { date: string; id: string };

/** Pages of `page(after)` until one is short; `key` names a row's place in the keyset. */
export async function* keysetPages<T>(
  page: (after: Key | null) => Promise<T[]>,
  key: (row: T) => Key,
): AsyncGenerator<T[]> {
  let after: Key | null = null;
  for (;;) {
    const rows = await page(after);
    if (!rows.length) return;
    yield rows;
    after = key(rows[rows.length - 1]!);
    if (rows.length < PAGE) return;
  }
}

export type Totals = { entries: number; debitCents: number; creditCents: number };

/** The number of rows and their debit and credit totals, `side` saying which a row adds to. */
export async function tally<T>(
  pages: AsyncIterable<T[]>,
  side: (row: T) => { debit: number } | { credit: number },
): Promise<Totals> {
  const totals = { entries: 0, debitCents: 0, creditCents: 0 };
  for await (const rows of pages) {
    for (const row of rows) {
      totals.entries += 1;
      const s = side(row);
      if ("debit" in s) totals.debitCents += s.debit;
      else totals.creditCents += s.credit;
    }
  }
  return totals;
}
