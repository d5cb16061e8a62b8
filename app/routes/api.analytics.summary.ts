import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { parsePeriod } from "~/modules/analytics/period";
import { analyticsSummary, type MonthFigures } from "~/modules/analytics/summary.server";
import {
  answer,
  anyObject,
  decimal,
  describeApi,
  errors,
  month,
  refusal,
  z,
} from "~/modules/api/describe";
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

/** The calls of this route in the OpenAPI document (decision 056). */
/** A month's (or the period's) figures as the summary gives them. */
const monthFigures = () =>
  z
    .object({
      revenue: decimal()
        .describe("Issued invoices and debit notes minus credit notes, without VAT")
        .openapi({ example: "12000.00" })
        .optional(),
      outputVat: decimal()
        .describe("VAT charged on those documents")
        .openapi({ example: "2400.00" })
        .optional(),
      expenses: decimal()
        .describe("Expenses' cost: total less the creditable VAT")
        .openapi({ example: "3000.00" })
        .optional(),
      inputVat: decimal()
        .describe("Creditable input VAT of the expenses")
        .openapi({ example: "600.00" })
        .optional(),
      salaries: decimal()
        .describe("The employer's cost of the month's salaries")
        .openapi({ example: "4000.00" })
        .optional(),
      profit: decimal()
        .describe("revenue − expenses − salaries")
        .openapi({ example: "5000.00" })
        .optional(),
      vatPosition: decimal()
        .describe("outputVat − inputVat: positive to pay, negative to refund")
        .openapi({ example: "1800.00" })
        .optional(),
    })
    .describe("Euro amounts as decimal strings");

export const openapi = describeApi(() => ({
  get: {
    summary:
      "What /analytics shows for whole months: per month revenue, expenses, salaries, profit and VAT position; expenses by category; receivables ageing and days sales outstanding (as of today); top clients by revenue and by overdue; the same period a year earlier",
    request: {
      query: z.object({
        from: month().describe("First month (yyyy-MM)").openapi({ example: "2026-11" }).optional(),
        to: month()
          .describe("Last month, at most 60 after from")
          .openapi({ example: "2026-11" })
          .optional(),
        period: z
          .string()
          .describe("Instead of from/to: last12 (default), year:yyyy or quarter:yyyy-q")
          .openapi({ example: "year:2026" })
          .optional(),
      }),
    },
    responses: {
      "200": answer(
        "The figures, in euro",
        z.object({
          from: month().openapi({ example: "2026-11" }).optional(),
          to: month().openapi({ example: "2026-11" }).optional(),
          today: z.string().date().optional(),
          currency: z.literal("EUR").optional(),
          months: z
            .array(
              monthFigures().extend({ month: month().openapi({ example: "2026-11" }).optional() }),
            )
            .optional(),
          total: monthFigures().optional(),
          expenseCategories: z.array(anyObject()).optional(),
          receivables: z
            .object({
              open: decimal().openapi({ example: "1500.00" }).optional(),
              daysSalesOutstanding: z.number().int().nullable().optional(),
              ageing: z.array(anyObject()).optional(),
            })
            .optional(),
          topClientsByRevenue: z.array(anyObject()).optional(),
          topClientsByOverdue: z.array(anyObject()).optional(),
          previousYear: anyObject().optional(),
        }),
      ),
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal('The plan does not include analytics: {message, requiredPlan: "full"}'),
    },
  },
}));
