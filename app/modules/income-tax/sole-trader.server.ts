import type { Kysely } from "kysely";
import { annualForm } from "~/modules/annual/statements";
import { annualStatements, type StatementLine } from "~/modules/annual/statements.server";
import type { Database } from "~db/types";
import { taxpayer } from "./income.server";
import { incomeTaxKind } from "./rules";
import {
  type SoleTraderEntered,
  type SoleTraderYear,
  soleTraderAdvances,
  soleTraderFigures,
  soleTraderReturnDueDate,
  soleTraderRule,
} from "./sole-trader";

/*
 * A sole trader's (ЕТ) year from the books (decision 080): the accounting result is the annual
 * income statement's (decision 067, `annualStatements` — one definition, read here, never summed
 * again), the previous year's net sales its row «Нетни приходи от продажби» for the year before.
 */

/** The income statement's row of the net sales revenue (a stable key of `ANNUAL_FORMS`). */
const NET_SALES_KEY = "I.1";

const amountRows = (lines: StatementLine[]) =>
  lines
    .filter((l) => !l.isTotal && l.current !== null)
    .map((l) => ({ label: l.label, cents: l.current ?? 0 }));

/** The ЕТ's figures for a year; null for a year before the statements' first form (2016). */
export async function soleTraderYear(
  db: Kysely<Database>,
  companyId: string,
  year: number,
  entered: SoleTraderEntered,
): Promise<SoleTraderYear | null> {
  if (annualForm(year) === null) return null;
  const statements = await annualStatements(db, companyId, year);
  const result = statements.income.find((l) => l.isTotal);
  const netSales = statements.income.find((l) => l.key === NET_SALES_KEY);
  const rule = soleTraderRule(year);
  const previousNetSalesCents = netSales?.previous ?? 0;
  return {
    rule,
    currency: statements.currency,
    figures: soleTraderFigures(amountRows(statements.income), result?.current ?? 0, entered, rule),
    previousNetSalesCents,
    advances: soleTraderAdvances(previousNetSalesCents, rule),
    dueDate: soleTraderReturnDueDate(year),
  };
}

/**
 * The tax an ЕТ still pays with its return for a year (the balance of Приложение № 2), in the
 * currency of the year's books; undefined when the company is not an ЕТ. For the calendar's
 * deadline «sole-trader-return».
 */
export async function soleTraderReturnBalance(
  db: Kysely<Database>,
  companyId: string,
  year: number,
): Promise<{ balanceCents: number; currency: string } | undefined> {
  const person = await taxpayer(db, companyId, year);
  if (incomeTaxKind(person.companyType, person.name) !== "sole_trader") return undefined;
  const t = await soleTraderYear(db, companyId, year, person.soleTrader);
  return t ? { balanceCents: t.figures.balanceCents, currency: t.currency } : undefined;
}
