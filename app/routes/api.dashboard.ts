import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, anyObject, describeApi, errors } from "~/modules/api/describe";
import { dashboardMoney } from "~/modules/dashboard/page.server";
import { todayInSofia } from "~/utils/dates";
import { centsToDecimal } from "~/utils/money";
import { requireApiCompanyUser } from "~/web/auth/guards.server";

const d = centsToDecimal;

/**
 * GET /api/dashboard → what /dashboard shows of the money: revenue of the month and the year (per
 * currency and in euro), receivables with the five oldest overdue documents, the ten newest
 * documents, the VAT threshold (companies not registered for VAT) and, by plan, the month's
 * expenses and salaries. Amounts are decimal strings.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiCompanyUser(request, context, "dashboard.figures");
  const today = todayInSofia();
  const money = await dashboardMoney(context.db, user, today);
  const revenueJson = (r: typeof money.month.revenue) => ({
    net: d(r.netEurCents),
    gross: d(r.grossEurCents),
    currencies: r.currencies.map((c) => ({
      currency: c.currency,
      net: d(c.netCents),
      gross: d(c.grossCents),
      netEur: d(c.netEurCents),
      grossEur: d(c.grossEurCents),
    })),
  });
  return json({
    today,
    month: {
      from: money.month.from,
      to: money.month.to,
      revenue: revenueJson(money.month.revenue),
    },
    year: { from: money.year.from, revenue: revenueJson(money.year.revenue) },
    receivables: {
      currencies: money.receivables.currencies.map((c) => ({
        currency: c.currency,
        count: c.count,
        unpaid: d(c.unpaidCents),
        overdueCount: c.overdueCount,
        overdue: d(c.overdueCents),
      })),
      oldestOverdue: money.receivables.oldestOverdue.map((o) => ({
        id: o.id,
        type: o.type,
        number: o.number,
        issueDate: o.issueDate,
        dueDate: o.dueDate,
        clientName: o.clientName,
        currency: o.currency,
        open: d(o.openCents),
      })),
    },
    latest: money.latest.map((doc) => ({
      ...doc,
      totalCents: undefined,
      total: d(doc.totalCents),
    })),
    vatThreshold: money.vatThreshold && {
      threshold: d(money.vatThreshold.thresholdCents),
      turnover: d(money.vatThreshold.turnoverCents),
      percent: money.vatThreshold.percent,
      applyWithinDays: money.vatThreshold.applyWithinDays,
      // The dated row's first day and legal source (decision 040).
      validFrom: money.vatThreshold.validFrom,
      source: money.vatThreshold.source,
    },
    expenses:
      money.expenses?.map((c) => ({
        currency: c.currency,
        count: c.count,
        total: d(c.totalCents),
      })) ?? null,
    salaries: money.salaries && {
      count: money.salaries.count,
      gross: d(money.salaries.grossCents),
      net: d(money.salaries.netCents),
      totalCost: d(money.salaries.totalCostCents),
    },
  });
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary:
      "What /dashboard shows: revenue of the month and the year (per currency and in euro), receivables with the oldest overdue, the newest documents, the VAT threshold, the month's expenses and salaries by plan",
    responses: {
      "200": answer("The dashboard's figures (decimal strings)", anyObject()),
      "401": errors["401"],
    },
  },
}));
