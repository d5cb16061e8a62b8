import { type LedgerCurrency, levaToEuro } from "./postings";

/* A balance's two sides, as every report of the books shows them (decision 057). */

export interface Sides {
  debitCents: number;
  creditCents: number;
}

/** A net balance as the side it stands on. */
export const asSides = (net: number): Sides =>
  net >= 0 ? { debitCents: net, creditCents: 0 } : { debitCents: 0, creditCents: -net };

/** Two balances' sides added column by column. */
export const addSides = (a: Sides, b: Sides): Sides => ({
  debitCents: a.debitCents + b.debitCents,
  creditCents: a.creditCents + b.creditCents,
});

export const ZERO_SIDES: Sides = { debitCents: 0, creditCents: 0 };

/** Cents of a line's currency in the report's (leva of 2025 in a euro report converted). */
export const inReport = (cents: number, from: string, to: LedgerCurrency) =>
  from === to || to === "BGN" ? cents : levaToEuro(cents);
