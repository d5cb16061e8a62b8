import type { Kysely } from "kysely";
import type { Database } from "~db/types";
import { type AdvanceQuarter, type AnnualFigures, advanceQuarter, annualFigures } from "./figures";
import { incomeByPayer, taxpayer } from "./income.server";
import {
  type IncomeTaxKind,
  type IncomeTaxRule,
  incomeTaxKind,
  incomeTaxRule,
  QUARTERS,
  type Quarter,
  quarterDays,
} from "./rules";
import type { SoleTraderYear } from "./sole-trader";
import { soleTraderYear } from "./sole-trader.server";

/*
 * A freelancer's income tax for a year (issue #49 item 2, decision 076): the quarterly advance
 * tax and the annual return's Приложение № 3, from the payments received on the year's documents.
 */

export interface TaxYear {
  year: number;
  kind: IncomeTaxKind;
  company: { name: string; eik: string };
  rule: IncomeTaxRule;
  selfInsuredDeclared: boolean;
  /** Null unless the company is a freelancer's. */
  advances: AdvanceQuarter[] | null;
  annual: AnnualFigures | null;
  /** Null unless the company is a sole trader's (decision 080); also null before 2016. */
  soleTrader: SoleTraderYear | null;
}

/** The year's advance tax and annual figures of the company's owner: a freelancer's or an ЕТ's. */
export async function taxYear(
  db: Kysely<Database>,
  companyId: string,
  year: number,
): Promise<TaxYear> {
  const person = await taxpayer(db, companyId, year);
  const kind = incomeTaxKind(person.companyType, person.name);
  const rule = incomeTaxRule(year);
  const base = {
    year,
    kind,
    company: { name: person.name, eik: person.eik },
    rule,
    selfInsuredDeclared: person.selfInsuredDeclared,
  };
  if (kind === "sole_trader") {
    const soleTrader = await soleTraderYear(db, companyId, year, person.soleTrader);
    return { ...base, advances: null, annual: null, soleTrader };
  }
  if (kind !== "freelancer") return { ...base, advances: null, annual: null, soleTrader: null };
  const quarters = await Promise.all(
    QUARTERS.map((q) => {
      const { from, to } = quarterDays(year, q);
      return incomeByPayer(db, companyId, from, to);
    }),
  );
  const { figures, advances } = annualFigures(
    year,
    quarters,
    rule,
    person.selfInsuredDeclared,
    person.contributionsCents,
  );
  return { ...base, advances, annual: figures, soleTrader: null };
}

/**
 * The advance income tax (ЗДДФЛ чл. 67, ал. 1) the owner of the company pays for a quarter: 10 %
 * of the taxable income (less 25 % statutory expenses) received in the quarter from payers that
 * did not withhold it (individuals, foreign clients; every payer once the person declared to be
 * self-insured). `{ dueCents: 0 }` for the fourth quarter (paid with the annual tax) and a quarter
 * with nothing to pay; undefined when the company is not a freelancer's (a company or a
 * non-profit owes none; a sole trader's advances follow ЗКПО, whose amount Сметка does not
 * compute — decisions 076, 080). Due by the last day of the month after the quarter (`advanceDueDate` in rules.ts).
 */
export async function advanceTaxForQuarter(
  db: Kysely<Database>,
  companyId: string,
  year: number,
  quarter: Quarter,
): Promise<{ dueCents: number } | undefined> {
  const person = await taxpayer(db, companyId, year);
  if (incomeTaxKind(person.companyType, person.name) !== "freelancer") return undefined;
  if (quarter === 4) return { dueCents: 0 };
  const { from, to } = quarterDays(year, quarter);
  const payers = await incomeByPayer(db, companyId, from, to);
  const advance = advanceQuarter(
    year,
    quarter,
    payers,
    incomeTaxRule(year),
    person.selfInsuredDeclared,
  );
  return { dueCents: advance.dueCents };
}
