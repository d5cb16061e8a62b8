/*
 * An entry's lines as posting pairs (Дт сметка / Кт сметка / сума), the form accounting programs
 * import a journal in (decision 064). Pure. A line is one side; an amount may be red (negative,
 * a storno on the same side), so black and red amounts are paired apart, each greedily in the
 * order of the lines: the pairs of a side add up to the side, account by account. Only an entry
 * mixing black and red amounts on one side leaves a rest, paired by its net (the account's
 * balance is kept; its turnover shows on the other side) — none of the app's postings makes one.
 */

export interface PairLine {
  accountCode: string;
  debitCents: number;
  creditCents: number;
}

export interface Pair<L extends PairLine> {
  debit: L;
  credit: L;
  /** The pair's amount: negative for a red storno. */
  cents: number;
}

interface Open<L> {
  line: L;
  left: number;
}

/** Pairs `a` with `b` greedily, taking the smaller rest each time; what stays open is left in them. */
function match<L>(a: Open<L>[], b: Open<L>[], pair: (a: L, b: L, cents: number) => void) {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as Open<L>;
    const y = b[j] as Open<L>;
    const take = Math.min(x.left, y.left);
    if (take > 0) pair(x.line, y.line, take);
    x.left -= take;
    y.left -= take;
    if (x.left === 0) i += 1;
    if (y.left === 0) j += 1;
  }
}

const open = <L extends PairLine>(lines: readonly L[], side: (l: L) => number, sign: 1 | -1) =>
  lines
    .filter((l) => Math.sign(side(l)) === sign)
    .map((line) => ({ line, left: Math.abs(side(line)) }));

const rest = <L>(list: Open<L>[]) => list.filter((o) => o.left > 0);

/** A balanced entry's lines as pairs: black pairs, then red ones, then any mixed rest. */
export function entryPairs<L extends PairLine>(lines: readonly L[]): Pair<L>[] {
  const pairs: Pair<L>[] = [];
  const debit = (l: L) => l.debitCents;
  const credit = (l: L) => l.creditCents;
  const black = [open(lines, debit, 1), open(lines, credit, 1)] as const;
  const red = [open(lines, debit, -1), open(lines, credit, -1)] as const;
  match(black[0], black[1], (d, c, cents) => pairs.push({ debit: d, credit: c, cents }));
  match(red[0], red[1], (d, c, cents) => pairs.push({ debit: d, credit: c, cents: -cents }));
  // What is left: black and red amounts on the same side, equal in sum (the entry balances).
  match(rest(black[0]), rest(red[0]), (d, c, cents) => pairs.push({ debit: d, credit: c, cents }));
  match(rest(red[1]), rest(black[1]), (d, c, cents) => pairs.push({ debit: d, credit: c, cents }));
  return pairs;
}

/** «Фактура № 0000000012» → type «Фактура», number «0000000012»; a reference without «№» is its type. */
export function splitDocumentRef(ref: string): { type: string; number: string } {
  const at = ref.indexOf(" № ");
  if (at < 0) return { type: ref.trim(), number: "" };
  return { type: ref.slice(0, at).trim(), number: ref.slice(at + 3).trim() };
}

/** A VAT account of the chart (453 and its sub-accounts: 4531, 4532, 4538, 4539). */
export const isVatAccount = (code: string) => code.startsWith("453");
