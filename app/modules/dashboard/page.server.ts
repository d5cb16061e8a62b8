import type { Kysely } from "kysely";
import { can } from "~/modules/auth/capabilities";
import type { SessionUser } from "~/modules/auth/session.server";
import { monthTotals } from "~/modules/expenses/month-totals.server";
import { monthSalaries } from "~/modules/salaries/salaries.server";
import { hasPlan } from "~/modules/subscriptions/plans";
import { lastDayOf } from "~/utils/periods";
import type { Database } from "~db/types";
import { DASHBOARD_COST_NOTES } from "./figure-notes";
import {
  documentsToEuBusinesses,
  latestDocuments,
  receivables,
  revenue,
  vatThreshold,
} from "./money.server";

/**
 * Everything the dashboard shows of the business's money, for the company's user and today
 * (Sofia): revenue of the month and the year, receivables, the newest documents, the VAT threshold
 * for a company not registered for VAT, and (full plan) the month's salaries and expenses.
 */
export async function dashboardMoney(
  db: Kysely<Database>,
  user: Pick<SessionUser, "role" | "plan" | "companyRole"> & { companyId: string },
  today: string,
) {
  const companyId = user.companyId;
  const company = await db
    .selectFrom("companies")
    .select("isVatRegistered")
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  const monthStart = `${today.slice(0, 7)}-01`;
  const yearStart = `${today.slice(0, 4)}-01-01`;
  // The plan opens them, and the role must see them too (a viewer sees no salaries).
  const full = hasPlan(user, "full") && can(user, "salaries.view");
  const standard = hasPlan(user, "standard") && can(user, "expenses.view");
  const [month, year, owed, latest, threshold, salaries, expenses, toEu] = await Promise.all([
    revenue(db, companyId, monthStart, lastDayOf(today.slice(0, 7))),
    revenue(db, companyId, yearStart, `${today.slice(0, 4)}-12-31`),
    receivables(db, companyId, today),
    latestDocuments(db, companyId, today),
    company.isVatRegistered ? undefined : vatThreshold(db, today),
    full ? monthSalaries(db, companyId, today.slice(0, 7)) : undefined,
    standard ? monthTotals(db, companyId, monthStart, lastDayOf(today.slice(0, 7))) : undefined,
    company.isVatRegistered
      ? undefined
      : documentsToEuBusinesses(db, companyId, yearStart, `${today.slice(0, 4)}-12-31`),
  ]);
  // Turnover in the country (ЗДДС чл. 96, ал. 1): services to businesses in other member states
  // are supplied there (чл. 21, ал. 2) and left out (decision 076).
  const turnover = year.netEurCents - (toEu?.netEurCents ?? 0);
  return {
    month: { from: monthStart, to: lastDayOf(today.slice(0, 7)), revenue: month },
    year: { from: yearStart, revenue: year },
    receivables: owed,
    latest,
    vatThreshold: threshold
      ? {
          thresholdCents: threshold.amountCents,
          turnoverCents: turnover,
          percent: Math.floor((turnover * 100) / threshold.amountCents),
          applyWithinDays: threshold.applyWithinDays,
          validFrom: threshold.validFrom,
          source: threshold.note,
          /** This year's invoices to businesses in other member states (ЗДДС чл. 97а, decision 076). */
          euBusinessInvoices: toEu?.count ?? 0,
        }
      : null,
    salaries: salaries ? salaries.totals : null,
    expenses: expenses ? expenses.currencies : null,
    /** What the month's cost figures include, shown under each (issue #41 item 14). */
    costNotes: DASHBOARD_COST_NOTES,
  };
}
export type DashboardMoney = Awaited<ReturnType<typeof dashboardMoney>>;
