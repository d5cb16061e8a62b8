import { BGN_PER_EUR, computeTotals, convertCents, divRound, type LineAmount } from "~/utils/money";

/*
 * The postings (контировки) as pure functions: a business row in, an entry's lines out. The
 * accounts come from the company's rules (rules.server.ts); amounts are converted into the
 * ledger's currency of the entry's date with the rate the document itself keeps (decision 057).
 */

export type LedgerCurrency = "BGN" | "EUR";

/** The books' currency on a day: leva up to 31.12.2025, euro from 1.1.2026 (the euro act). */
export const ledgerCurrency = (date: string): LedgerCurrency =>
  date < "2026-01-01" ? "BGN" : "EUR";

/** Leva to euro at the fixed rate, half up (the euro act: all five decimals). */
export const levaToEuro = (cents: number) => Number(divRound(BigInt(cents) * 100_000n, 195_583n));

/**
 * An amount in a document's currency, in the ledger's currency of the day: the VAT journals'
 * conversion (vat/journals.server.ts toPeriodCents), by the rate the document stores (eur_rate:
 * euro per unit) for a foreign currency.
 */
export function toLedgerCents(
  cents: number,
  doc: { currency: string; eurRate: string | null },
  date: string,
): number {
  const target = ledgerCurrency(date);
  if (doc.currency === target) return cents;
  let eur = cents;
  if (doc.currency === "BGN") eur = levaToEuro(cents);
  else if (doc.currency !== "EUR") eur = convertCents(cents, doc.eurRate ?? "1");
  return target === "EUR" ? eur : convertCents(eur, BGN_PER_EUR);
}

export interface Counterparty {
  kind: "client" | "supplier" | "employee";
  id: string | null;
  name: string;
}

export interface PostingLine {
  accountCode: string;
  counterparty: Counterparty | null;
  debitCents: number;
  creditCents: number;
}

export interface Posting {
  entryDate: string;
  description: string;
  documentRef: string;
  lines: PostingLine[];
}

/** A debit line (an amount on the debit side, with its analytic counterparty if any). */
export const debit = (
  accountCode: string,
  cents: number,
  counterparty: Counterparty | null = null,
) => ({
  accountCode,
  counterparty,
  debitCents: cents,
  creditCents: 0,
});
/** A credit line. */
export const credit = (
  accountCode: string,
  cents: number,
  counterparty: Counterparty | null = null,
) => ({
  accountCode,
  counterparty,
  debitCents: 0,
  creditCents: cents,
});

/** Lines with no amount are left out (a line is one side, never zero); null when none is left. */
export function finish(posting: Posting): Posting | null {
  const lines = posting.lines.filter((l) => l.debitCents !== 0 || l.creditCents !== 0);
  return lines.length >= 2 ? { ...posting, lines } : null;
}

export const DOCUMENT_TITLES = {
  invoice: "Фактура",
  debit_note: "Дебитно известие",
  credit_note: "Кредитно известие",
} as const;

export interface DocumentForPosting {
  type: keyof typeof DOCUMENT_TITLES;
  number: string;
  issueDate: string;
  currency: string;
  eurRate: string | null;
  client: Counterparty;
  /** Each line's amount and, from its catalogue item, its own revenue account (if it has one). */
  lines: (LineAmount & { revenueAccount?: string | null })[];
}

export interface DocumentAccounts {
  receivable: string;
  revenue: string;
  salesVat: string;
  /** The client's advances account (412): an advance invoice's base, a deduction's debit. */
  advances?: string;
}

/**
 * A VAT group's base (already in the ledger's currency) split by revenue account: each account's
 * part converted on its own, the rounding left over on the largest part, so the parts add up to
 * the base the VAT journals show.
 */
function revenueByAccount(
  base: number,
  lines: DocumentForPosting["lines"],
  rate: number | null,
  fallback: string,
  convert: (cents: number) => number,
): PostingLine[] {
  const parts = new Map<string, number>();
  for (const line of lines) {
    if (line.vatRate !== rate) continue;
    const account = line.revenueAccount || fallback;
    parts.set(account, (parts.get(account) ?? 0) + line.netCents);
  }
  if (parts.size <= 1) return [credit([...parts.keys()][0] ?? fallback, base)];
  const sorted = [...parts.entries()].sort(
    ([a, x], [b, y]) => Math.abs(y) - Math.abs(x) || a.localeCompare(b),
  );
  const rest = sorted.slice(1).map(([account, cents]) => credit(account, convert(cents)));
  const largest = base - rest.reduce((sum, l) => sum + l.creditCents, 0);
  return [credit(sorted[0]?.[0] ?? fallback, largest), ...rest];
}

/**
 * An issued invoice or note: Dr receivable (the client) / Cr revenue and Cr sales VAT, per VAT
 * rate as the document's totals are made (one rounding rule). A line of a catalogue item with a
 * revenue account (702 goods…) credits that account, any other the company's revenue rule.
 * A credit note is a red reversal (negative amounts on the same sides), so 4532's credit
 * turnover is the sales journal's VAT. A base without VAT (reverse charge, export,
 * intra-Community) is revenue only.
 */
export function documentPosting(doc: DocumentForPosting, accounts: DocumentAccounts) {
  const sign = doc.type === "credit_note" ? -1 : 1;
  const convert = (cents: number) => sign * toLedgerCents(cents, doc, doc.issueDate);
  const lines: PostingLine[] = [];
  let receivable = 0;
  for (const group of computeTotals(doc.lines).groups) {
    const base = convert(group.baseCents);
    const vat = convert(group.vatCents);
    lines.push(
      ...revenueByAccount(base, doc.lines, group.rate, accounts.revenue, convert),
      credit(accounts.salesVat, vat),
    );
    receivable += base + vat;
  }
  const ref = `${DOCUMENT_TITLES[doc.type]} № ${doc.number}`;
  return finish({
    entryDate: doc.issueDate,
    description: `${ref}, ${doc.client.name}`,
    documentRef: ref,
    lines: [
      debit(accounts.receivable, receivable, doc.client),
      ...lines.map((line) => advanceSide(line, accounts.advances, doc)),
    ],
  });
}

/**
 * The advances account per client (decision 074): an advance invoice credits it; a final
 * invoice's deduction (a negative credit) debits it, so 412 is cleared against 411. A credit
 * note's red reversal keeps its sides.
 */
function advanceSide(
  line: PostingLine,
  advances: string | undefined,
  doc: Pick<DocumentForPosting, "type" | "client">,
): PostingLine {
  if (!advances || line.accountCode !== advances) return line;
  if (line.creditCents < 0 && doc.type !== "credit_note") {
    return debit(advances, -line.creditCents, doc.client);
  }
  return { ...line, counterparty: doc.client };
}

export interface PaymentForPosting {
  paidOn: string;
  amountCents: number;
  document: {
    type: string;
    number: string;
    currency: string;
    eurRate: string | null;
    client: Counterparty;
  };
}

/** A payment on a document: Dr cash or bank / Cr the client (411, or 412 for a proforma's advance). */
export function paymentPosting(
  payment: PaymentForPosting,
  accounts: { money: string; receivable: string },
) {
  const amount = toLedgerCents(payment.amountCents, payment.document, payment.paidOn);
  const title =
    payment.document.type === "proforma"
      ? "Проформа"
      : (DOCUMENT_TITLES[payment.document.type as keyof typeof DOCUMENT_TITLES] ?? "Документ");
  const ref = `${title} № ${payment.document.number}`;
  return finish({
    entryDate: payment.paidOn,
    description: `Плащане по ${ref}, ${payment.document.client.name}`,
    documentRef: ref,
    lines: [
      debit(accounts.money, amount),
      credit(accounts.receivable, amount, payment.document.client),
    ],
  });
}

export interface ExpenseForPosting {
  documentType: string;
  documentTypeLabel: string;
  documentNumber: string;
  documentDate: string;
  description: string;
  currency: string;
  eurRate: string | null;
  totalCents: number;
  creditableVatCents: number;
  supplier: Counterparty;
}

/**
 * A purchase document: Dr the category's account (the base and the VAT not credited), Dr 4531 the
 * VAT credit the purchase journal takes, Cr the supplier (401) the total. A credit note is a red
 * reversal. The expense's debit is what is left of the converted total, so the entry balances.
 */
export function expensePosting(
  expense: ExpenseForPosting,
  accounts: { expense: string; purchaseVat: string; payable: string },
) {
  const sign = expense.documentType === "credit_note" ? -1 : 1;
  const total = sign * toLedgerCents(expense.totalCents, expense, expense.documentDate);
  const vat = sign * toLedgerCents(expense.creditableVatCents, expense, expense.documentDate);
  const ref = `${expense.documentTypeLabel} № ${expense.documentNumber}`;
  return finish({
    entryDate: expense.documentDate,
    description: `${ref}, ${expense.supplier.name}: ${expense.description}`.slice(0, 500),
    documentRef: ref.slice(0, 100),
    lines: [
      debit(accounts.expense, total - vat),
      debit(accounts.purchaseVat, vat),
      credit(accounts.payable, total, expense.supplier),
    ],
  });
}

/**
 * A protocol under чл. 117 ЗДДС (reverse charge, an intra-Community acquisition): the supplier is
 * owed the base only (Cr 401); the buyer charges itself the VAT (Cr 4532, the sales journal's
 * кл. 22) and takes the credit it may (Dr 4531, the purchase journal's кл. 41); the VAT it may not
 * credit is part of the expense.
 */
export function protocolPosting(
  expense: ExpenseForPosting & { subtotalCents: number; vatCents: number },
  accounts: { expense: string; purchaseVat: string; salesVat: string; payable: string },
) {
  const date = expense.documentDate;
  const base = toLedgerCents(expense.subtotalCents, expense, date);
  const vat = toLedgerCents(expense.vatCents, expense, date);
  const credited = toLedgerCents(expense.creditableVatCents, expense, date);
  const ref = `${expense.documentTypeLabel} № ${expense.documentNumber}`;
  return finish({
    entryDate: date,
    description: `${ref}, ${expense.supplier.name}: ${expense.description}`.slice(0, 500),
    documentRef: ref.slice(0, 100),
    lines: [
      debit(accounts.expense, base + vat - credited),
      debit(accounts.purchaseVat, credited),
      credit(accounts.payable, base, expense.supplier),
      credit(accounts.salesVat, vat),
    ],
  });
}

/** An expense paid: Dr the supplier (401) / Cr cash or bank, the total on the day it was paid. */
export function expensePaymentPosting(
  expense: ExpenseForPosting & { paidOn: string },
  accounts: { money: string; payable: string },
) {
  const sign = expense.documentType === "credit_note" ? -1 : 1;
  const total = sign * toLedgerCents(expense.totalCents, expense, expense.paidOn);
  const ref = `${expense.documentTypeLabel} № ${expense.documentNumber}`;
  return finish({
    entryDate: expense.paidOn,
    description: `Плащане по ${ref}, ${expense.supplier.name}`.slice(0, 500),
    documentRef: ref.slice(0, 100),
    lines: [debit(accounts.payable, total, expense.supplier), credit(accounts.money, total)],
  });
}

/** The lines of an entry that undoes another: the same sides, the amounts negated (red storno). */
export function reversalLines(lines: PostingLine[]): PostingLine[] {
  return lines.map((l) => ({ ...l, debitCents: -l.debitCents, creditCents: -l.creditCents }));
}

/** Whether two postings say the same (so a re-sync leaves the posted entry as it is). */
export function samePosting(a: Posting, b: Posting): boolean {
  if (a.entryDate !== b.entryDate || a.lines.length !== b.lines.length) return false;
  const key = (l: PostingLine) =>
    [l.accountCode, l.counterparty?.id ?? "", l.debitCents, l.creditCents].join("|");
  const left = a.lines.map(key).sort();
  const right = b.lines.map(key).sort();
  return left.every((k, i) => k === right[i]);
}
