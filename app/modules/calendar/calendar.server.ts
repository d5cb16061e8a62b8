import type { Kysely } from "kysely";
import { advanceTaxForQuarter } from "~/modules/income-tax/advance.server";
import type { Quarter } from "~/modules/income-tax/rules";
import { soleTraderReturnBalance } from "~/modules/income-tax/sole-trader.server";
import { monthPayments } from "~/modules/salaries/nap/payments.server";
import { PLAN_RANK } from "~/modules/subscriptions/plans";
import { periodCurrency } from "~/modules/vat/journals.server";
import { type ReturnFiguresOf, returnFiguresReader } from "~/modules/vat/report.server";
import { addDays } from "~/utils/dates";
import { lastDayOf } from "~/utils/periods";
import type { Database, Plan } from "~db/types";
import { type CompanyFacts, type Deadline, deadlinesBetween } from "./deadlines";
import { calendarKind, type RuleKey } from "./rules";

/*
 * The company's tax calendar (issue #49 items 1 and 4, decision 075): its facts (kind, VAT
 * registration, employees), the days off between two days, the deadlines, and for the ones the
 * product can count, the amount: the VAT return's кл. 50/60 (vat), what the month's payroll owes
 * НАП (salaries). Reads only.
 */

type Db = Kysely<Database>;

/** What a deadline's amount is, in the currency of its period. */
export interface DeadlineAmount {
  cents: number;
  currency: string;
  /** «ДДС за внасяне», «ДДС за възстановяване», «Общо към НАП», … */
  label: string;
  /** The period has not ended: the figure so far. */
  partial: boolean;
}

export interface DatedDeadline extends Deadline {
  /** Null: the product does not know it (or the plan does not hold its figures). */
  amount: DeadlineAmount | null;
}

/** Who asks for the amounts: the company, its plan, today. */
export interface AmountContext {
  db: Db;
  companyId: string;
  plan: Plan;
  today: string;
}

/**
 * A source of one rule's amounts: given a deadline of that rule, its amount or undefined when it
 * is not known. New sources (the freelancer's advance tax) plug in here.
 */
export type AmountProvider = (
  ctx: AmountContext,
  deadline: Deadline,
) => Promise<Omit<DeadlineAmount, "partial"> | undefined>;

/** The signature of the income-tax module's `advanceTaxForQuarter` (decision 076). */
export type AdvanceTaxSource = (
  db: Db,
  companyId: string,
  year: number,
  quarter: Quarter,
) => Promise<{ dueCents: number } | undefined>;

/** A provider of the advance tax from the income-tax module's figure. */
export function advanceTaxProvider(source: AdvanceTaxSource): AmountProvider {
  return async (ctx, d) => {
    const [year, quarter] = d.period.split("-Q").map(Number) as [number, Quarter];
    const tax = await source(ctx.db, ctx.companyId, year, quarter);
    return tax && { cents: tax.dueCents, currency: "EUR", label: "Авансов данък" };
  };
}

/** The signature of the income-tax module's `soleTraderReturnBalance` (decision 080). */
export type SoleTraderReturnSource = (
  db: Db,
  companyId: string,
  year: number,
) => Promise<{ balanceCents: number; currency: string } | undefined>;

/** A provider of the ЕТ's annual return: the balance of its Приложение № 2 for the year. */
export function soleTraderReturnProvider(source: SoleTraderReturnSource): AmountProvider {
  return async (ctx, d) => {
    const tax = await source(ctx.db, ctx.companyId, Number(d.period));
    if (!tax) return undefined;
    return tax.balanceCents < 0
      ? { cents: -tax.balanceCents, currency: tax.currency, label: "Надвнесен данък" }
      : { cents: tax.balanceCents, currency: tax.currency, label: "Данък за внасяне" };
  };
}

/**
 * The VAT returns of one call (a page, the dashboard, a reminder): the filing settings read once
 * and each month's journals once, however many returns the call shows (decision 075).
 */
const vatReturns = new WeakMap<AmountContext, ReturnFiguresOf>();

const vatAmount: AmountProvider = async (ctx, d) => {
  let figuresOf = vatReturns.get(ctx);
  if (!figuresOf) {
    const withExpenses = PLAN_RANK[ctx.plan] >= PLAN_RANK.standard;
    figuresOf = returnFiguresReader(ctx.db, ctx.companyId, withExpenses);
    vatReturns.set(ctx, figuresOf);
  }
  const report = await figuresOf(d.period);
  const refund = report.figures["01-60"];
  return refund > 0
    ? { cents: refund, currency: report.currency, label: "ДДС за възстановяване" }
    : { cents: report.figures["01-50"], currency: report.currency, label: "ДДС за внасяне" };
};

const payrollAmount: AmountProvider = async (ctx, d) => {
  if (PLAN_RANK[ctx.plan] < PLAN_RANK.full) return undefined;
  const payments = await monthPayments(ctx.db, ctx.companyId, d.period);
  if (!payments.declaration.form6) return undefined;
  return { cents: payments.totalCents, currency: periodCurrency(d.period), label: "Общо към НАП" };
};

/** The rules whose amounts the product knows, by rule. */
export const AMOUNT_PROVIDERS: Partial<Record<RuleKey, AmountProvider>> = {
  "vat-return": vatAmount,
  "payroll-contributions": payrollAmount,
  // The freelancer's quarterly advance tax (decision 076).
  "advance-tax": advanceTaxProvider(advanceTaxForQuarter),
  // The sole trader's annual return: Приложение № 2's balance (decision 080).
  "sole-trader-return": soleTraderReturnProvider(soleTraderReturnBalance),
};

/** The company's kind, VAT registration, employees (anyone employed on or after `from`) and plan. */
export async function companyFacts(
  db: Db,
  companyId: string,
  from: string,
): Promise<CompanyFacts & { plan: Plan }> {
  const [company, employee] = await Promise.all([
    db
      .selectFrom("companies")
      .select(["companyType", "name", "isVatRegistered", "subscriptionPlan"])
      .where("id", "=", companyId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("employees")
      .select("id")
      .where("companyId", "=", companyId)
      .where((eb) => eb.or([eb("endDate", "is", null), eb("endDate", ">=", addDays(from, -62))]))
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    kind: calendarKind(company.companyType, company.name),
    vatRegistered: company.isVatRegistered,
    hasEmployees: employee !== undefined,
    plan: company.subscriptionPlan,
  };
}

/** The official days off from `from` to a week after `to` (a deadline moves past them). */
export async function holidaysBetween(db: Db, from: string, to: string) {
  const rows = await db
    .selectFrom("publicHolidays")
    .select(["day", "name"])
    .where("day", ">=", from)
    .where("day", "<=", addDays(to, 14))
    .execute();
  return new Map(rows.map((r) => [String(r.day).slice(0, 10), r.name]));
}

/** The period's first day, for deciding whether a figure exists yet. */
function periodStart(d: Deadline): string {
  if (/^\d{4}-\d{2}$/.test(d.period)) return `${d.period}-01`;
  const q = /^(\d{4})-Q(\d)$/.exec(d.period);
  if (q) return `${q[1]}-${String(Number(q[2]) * 3 - 2).padStart(2, "0")}-01`;
  return /^\d{4}$/.test(d.period) ? `${d.period}-01-01` : d.nominal;
}

function periodEnd(d: Deadline): string {
  if (/^\d{4}-\d{2}$/.test(d.period)) return lastDayOf(d.period);
  const q = /^(\d{4})-Q(\d)$/.exec(d.period);
  if (q) return lastDayOf(`${q[1]}-${String(Number(q[2]) * 3).padStart(2, "0")}`);
  return /^\d{4}$/.test(d.period) ? `${d.period}-12-31` : d.nominal;
}

/** The deadlines' amounts, for those whose period has begun and whose rule has a source. */
export async function withAmounts(
  ctx: AmountContext,
  deadlines: Deadline[],
  providers: Partial<Record<RuleKey, AmountProvider>> = AMOUNT_PROVIDERS,
): Promise<DatedDeadline[]> {
  return Promise.all(
    deadlines.map(async (d) => {
      const provider = providers[d.rule];
      if (!provider || periodStart(d) > ctx.today) return { ...d, amount: null };
      const amount = await provider(ctx, d);
      return {
        ...d,
        amount: amount ? { ...amount, partial: periodEnd(d) >= ctx.today } : null,
      };
    }),
  );
}

/** The company's deadlines from `from` to `to`, soonest first, without amounts. */
export async function companyDeadlines(db: Db, companyId: string, from: string, to: string) {
  const [facts, holidays] = await Promise.all([
    companyFacts(db, companyId, from),
    holidaysBetween(db, from, to),
  ]);
  return { facts, deadlines: deadlinesBetween(facts, from, to, holidays) };
}

/** The calendar page: the deadlines of the next `days` days, the first `amounts` with amounts. */
export async function calendarPage(
  db: Db,
  companyId: string,
  today: string,
  days = 366,
  amounts = 12,
) {
  const { facts, deadlines } = await companyDeadlines(db, companyId, today, addDays(today, days));
  const ctx = { db, companyId, plan: facts.plan, today };
  const counted = await withAmounts(ctx, deadlines.slice(0, amounts));
  const rest = deadlines.slice(amounts).map((d) => ({ ...d, amount: null }));
  return { facts, deadlines: [...counted, ...rest] };
}

/** The dashboard's card: the next three deadlines with their amounts. */
export async function nextDeadlines(db: Db, companyId: string, today: string, count = 3) {
  const { facts, deadlines } = await companyDeadlines(db, companyId, today, addDays(today, 200));
  return withAmounts({ db, companyId, plan: facts.plan, today }, deadlines.slice(0, count));
}
