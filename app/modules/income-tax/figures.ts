import { percentOf } from "~/utils/money";
import { advanceDueDate, type IncomeTaxRule, type PayerKind, type Quarter } from "./rules";

/*
 * The figures of a freelancer's income tax from the income received per quarter and payer
 * (decision 076, with its worked example). Pure: the pages, the PDF and the tests read it.
 *
 * - Taxable income = income − statutory expenses (ЗДДФЛ чл. 29, ал. 1, т. 3: 25 %).
 * - An enterprise payer withholds 10 % of it in the first three quarters (чл. 43, ал. 4), not in
 *   the fourth (unless asked), and none at all once the person declared to be self-insured
 *   (чл. 43, ал. 5) — then the person pays on that income too.
 * - The person pays the advance on what no payer withheld on, for each of the first three
 *   quarters, by the end of the month after it (чл. 67, ал. 1); none for the fourth.
 * - The annual base deducts the compulsory contributions the person paid (чл. 26 with чл. 50).
 */

/** The income of one payer in one quarter. */
export interface PayerQuarterIncome {
  clientId: string;
  name: string;
  eik: string | null;
  kind: PayerKind;
  cents: number;
}

export interface AdvanceQuarter {
  quarter: Quarter;
  /** All income received in the quarter. */
  incomeCents: number;
  /** Of it, what a payer withheld the advance tax on. */
  withheldIncomeCents: number;
  withheldTaxCents: number;
  /** What the person pays the advance on: its statutory expenses, taxable income and tax. */
  ownIncomeCents: number;
  ownExpensesCents: number;
  ownTaxableCents: number;
  /** The advance tax the person owes for the quarter (0 for the fourth). */
  dueCents: number;
  /** The last day to pay it; null for the fourth quarter. */
  dueDate: string | null;
}

/** Taxable income and the tax on it: income less the statutory expenses, then the rate. */
export function taxOn(incomeCents: number, rule: IncomeTaxRule) {
  const expensesCents = percentOf(incomeCents, rule.statutoryExpensesPercent);
  const taxableCents = incomeCents - expensesCents;
  return { expensesCents, taxableCents, taxCents: percentOf(taxableCents, rule.ratePercent) };
}

/** Whether a payer withholds the advance tax on what it paid in the quarter. */
export const payerWithholds = (kind: PayerKind, quarter: Quarter, selfInsuredDeclared: boolean) =>
  kind === "enterprise" && quarter !== 4 && !selfInsuredDeclared;

/** A quarter's advance tax from its income per payer. */
export function advanceQuarter(
  year: number,
  quarter: Quarter,
  payers: readonly PayerQuarterIncome[],
  rule: IncomeTaxRule,
  selfInsuredDeclared: boolean,
): AdvanceQuarter {
  let withheldIncomeCents = 0;
  let withheldTaxCents = 0;
  let ownIncomeCents = 0;
  for (const payer of payers) {
    if (payerWithholds(payer.kind, quarter, selfInsuredDeclared)) {
      withheldIncomeCents += payer.cents;
      withheldTaxCents += taxOn(payer.cents, rule).taxCents;
    } else {
      ownIncomeCents += payer.cents;
    }
  }
  const own = taxOn(ownIncomeCents, rule);
  const dueDate = advanceDueDate(year, quarter);
  return {
    quarter,
    incomeCents: withheldIncomeCents + ownIncomeCents,
    withheldIncomeCents,
    withheldTaxCents,
    ownIncomeCents,
    ownExpensesCents: own.expensesCents,
    ownTaxableCents: own.taxableCents,
    dueCents: dueDate === null ? 0 : Math.max(own.taxCents, 0),
    dueDate,
  };
}

/** A payer of the annual return's Part I, or the total of the payers that are not enterprises. */
export interface AnnualPayer {
  name: string;
  eik: string | null;
  incomeCents: number;
  withheldTaxCents: number;
}

export interface AnnualFigures {
  /** Part I: the enterprises that paid, each with its ЕИК; largest first. */
  enterprises: AnnualPayer[];
  /** Income from payers that are not enterprises (individuals, foreign clients). */
  otherIncomeCents: number;
  incomeCents: number;
  expensesCents: number;
  taxableCents: number;
  contributionsCents: number;
  /** The annual tax base: taxable income less the contributions, not below zero. */
  baseCents: number;
  taxCents: number;
  /** Withheld by payers during the year. */
  withheldCents: number;
  /** Paid by the person as advances (the first three quarters). */
  advancesCents: number;
  /** Still to pay by 30 April; negative: to be refunded. */
  balanceCents: number;
}

/** The year's figures for Приложение № 3 from each quarter's income per payer. */
export function annualFigures(
  year: number,
  quarters: readonly (readonly PayerQuarterIncome[])[],
  rule: IncomeTaxRule,
  selfInsuredDeclared: boolean,
  contributionsCents: number,
): { figures: AnnualFigures; advances: AdvanceQuarter[] } {
  const advances = quarters.map((payers, i) =>
    advanceQuarter(year, (i + 1) as Quarter, payers, rule, selfInsuredDeclared),
  );
  const enterprises = new Map<string, AnnualPayer>();
  let otherIncomeCents = 0;
  quarters.forEach((payers, i) => {
    for (const payer of payers) {
      if (payer.kind !== "enterprise") {
        otherIncomeCents += payer.cents;
        continue;
      }
      const row = enterprises.get(payer.clientId) ?? {
        name: payer.name,
        eik: payer.eik,
        incomeCents: 0,
        withheldTaxCents: 0,
      };
      row.incomeCents += payer.cents;
      if (payerWithholds(payer.kind, (i + 1) as Quarter, selfInsuredDeclared))
        row.withheldTaxCents += taxOn(payer.cents, rule).taxCents;
      enterprises.set(payer.clientId, row);
    }
  });
  const list = [...enterprises.values()].sort(
    (a, b) => b.incomeCents - a.incomeCents || a.name.localeCompare(b.name, "bg"),
  );
  const incomeCents = list.reduce((s, p) => s + p.incomeCents, 0) + otherIncomeCents;
  const { expensesCents, taxableCents } = taxOn(incomeCents, rule);
  const baseCents = Math.max(taxableCents - contributionsCents, 0);
  const taxCents = percentOf(baseCents, rule.ratePercent);
  const withheldCents = list.reduce((s, p) => s + p.withheldTaxCents, 0);
  const advancesCents = advances.reduce((s, q) => s + q.dueCents, 0);
  return {
    figures: {
      enterprises: list,
      otherIncomeCents,
      incomeCents,
      expensesCents,
      taxableCents,
      contributionsCents,
      baseCents,
      taxCents,
      withheldCents,
      advancesCents,
      balanceCents: taxCents - withheldCents - advancesCents,
    },
    advances,
  };
}
