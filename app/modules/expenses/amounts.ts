import { divRound, parseDecimal, percentOf } from "~/utils/money";

/*
 * The amounts of a purchase document, as its supplier printed them: a base and VAT per rate. The
 * VAT is computed from the base and may be edited within one cent of it, because other programs
 * round differently (per line, or per document); a document without VAT has a base only.
 */

export const EXPENSE_AMOUNT_MESSAGES = {
  none: "Въведете поне една сума",
  base: "Сумата трябва да е число до 99 999 999 999,99 с до 2 знака след запетаята (със знак минус, ако редът е отрицателен)",
  vat: "ДДС трябва да е число с до 2 знака след запетаята",
  noVat: "Без ДДС или при ставка 0 % сумата на ДДС е 0",
  vatOff: (expected: string) => `ДДС при тази ставка е ${expected} (разлика до 0,01)`,
  coefficient: "Коефициентът е число между 0 и 1, напр. 0,5",
} as const;

export interface AmountRow {
  /** 20, 9, 0, or null: a document without VAT. */
  vatRate: number | null;
  baseCents: number;
  vatCents: number;
}

/** The VAT of a base at a rate, by the one rounding rule (half up to the cent). */
export const vatOf = (baseCents: number, rate: number | null) =>
  rate ? percentOf(baseCents, rate) : 0;

/**
 * Checks one rate's VAT as typed against the rate: within one cent when the rate charges VAT,
 * exactly zero when it does not. Returns the message, or null when it is fine.
 */
export function vatProblem(row: AmountRow, format: (cents: number) => string): string | null {
  if (!row.vatRate) return row.vatCents === 0 ? null : EXPENSE_AMOUNT_MESSAGES.noVat;
  const expected = vatOf(row.baseCents, row.vatRate);
  return Math.abs(row.vatCents - expected) <= 1
    ? null
    : EXPENSE_AMOUNT_MESSAGES.vatOff(format(expected));
}

export interface ExpenseTotals {
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
}

/** The document's totals: Σ bases + Σ VAT. */
export function expenseTotals(rows: AmountRow[]): ExpenseTotals {
  const subtotalCents = rows.reduce((sum, row) => sum + row.baseCents, 0);
  const vatCents = rows.reduce((sum, row) => sum + row.vatCents, 0);
  return { subtotalCents, vatCents, totalCents: subtotalCents + vatCents };
}

/**
 * The VAT that may be credited (what the purchase journal takes): all of it, none, or a part by the
 * coefficient (ЗДДС чл. 73, e.g. "0.4500"), rounded half up.
 */
export function creditableVat(
  vatCents: number,
  credit: "full" | "partial" | "none",
  coefficient: string | null,
) {
  if (credit === "none") return 0;
  if (credit === "full") return vatCents;
  const k = coefficient === null ? null : parseDecimal(coefficient, 4);
  if (k === null) return 0;
  return Number(divRound(BigInt(vatCents) * k, 10_000n));
}
