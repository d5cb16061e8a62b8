import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { parsePeriod } from "~/modules/analytics/period";
import { analyticsSummary, type MonthFigures } from "~/modules/analytics/summary.server";
import { todayInSofia } from "~/utils/dates";
import { centsToDecimal as d } from "~/utils/money";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

const figures = (m: MonthFigures) => ({
  revenue: d(m.revenueCents),
  outputVat: d(m.outputVatCents),
  expenses: d(m.expensesCents),
  inputVat: d(m.inputVatCents),
  salaries: d(m.salariesCents),
  profit: d(m.profitCents),
  vatPosition: d(m.vatPositionCents),
});

/**
 * GET /api/analytics/summary?from=yyyy-MM&to=yyyy-MM (or period=last12|year:2026|quarter:2026-4)
 * → what /analytics shows, in euro as decimal strings; the last 12 months without a period.
 * 401 without a session, 403 below the full plan, 400 with a message per field for a bad period.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "analytics", "analytics.view");
  const today = todayInSofia();
  const { period, errors } = parsePeriod(new URL(request.url).searchParams, today);
  if (errors) {
    const fields = Object.fromEntries(
      Object.entries(errors).map(([field, message]) => [field, { _errors: [message] }]),
    );
    return json({ message: "Невалидни данни", errors: fields }, { status: 400 });
  }
  const s = await analyticsSummary(context.db, companyId, period, today);
  return json({
    from: s.from,
    to: s.to,
    today: s.today,
    currency: "EUR",
    months: s.months.map((m) => ({ month: m.month, ...figures(m) })),
    total: figures(s.total),
    expenseCategories: s.categories.map((c) => ({
      id: c.id,
      name: c.name,
      months: c.months.map(d),
      total: d(c.totalCents),
    })),
    receivables: {
      open: d(s.openCents),
      daysSalesOutstanding: s.dso,
      ageing: s.ageing.map((b) => ({
        bucket: b.key,
        label: b.label,
        count: b.count,
        amount: d(b.cents),
      })),
    },
    topClientsByRevenue: s.topClients.map((c) => ({
      clientId: c.clientId,
      name: c.name,
      count: c.count,
      net: d(c.netCents),
      gross: d(c.grossCents),
    })),
    topClientsByOverdue: s.topOverdue.map((c) => ({
      clientId: c.clientId,
      name: c.name,
      count: c.count,
      overdue: d(c.overdueCents),
      oldestDueDate: c.oldestDueDate,
    })),
    previousYear: {
      from: s.comparison.from,
      to: s.comparison.to,
      total: figures(s.comparison.previous),
    },
  });
}
