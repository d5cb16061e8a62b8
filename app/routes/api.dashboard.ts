import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, decimal, describeApi, errors, z } from "~/modules/api/describe";
import { dashboardMoney } from "~/modules/dashboard/page.server";
import { documentTypeJsonSchema } from "~/modules/invoices/json.server";
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

/** The answer of the loader above, as the document shows it. */
function dashboardJsonSchema() {
  const date = () => z.string().date();
  const revenue = z.object({
    net: decimal().describe("In euro"),
    gross: decimal().describe("In euro"),
    currencies: z.array(
      z.object({
        currency: z.string(),
        net: decimal(),
        gross: decimal(),
        netEur: decimal(),
        grossEur: decimal(),
      }),
    ),
  });
  return z.object({
    today: date(),
    month: z.object({ from: date(), to: date(), revenue }),
    year: z.object({ from: date(), revenue }),
    receivables: z.object({
      currencies: z.array(
        z.object({
          currency: z.string(),
          count: z.number().int(),
          unpaid: decimal(),
          overdueCount: z.number().int(),
          overdue: decimal(),
        }),
      ),
      oldestOverdue: z
        .array(
          z.object({
            id: z.string().uuid(),
            type: documentTypeJsonSchema,
            number: z.string().nullable(),
            issueDate: date(),
            dueDate: date().nullable(),
            clientName: z.string(),
            currency: z.string(),
            open: decimal(),
          }),
        )
        .describe("The five oldest overdue documents"),
    }),
    latest: z
      .array(
        z.object({
          id: z.string().uuid(),
          type: documentTypeJsonSchema,
          status: z.enum(["draft", "issued", "cancelled"]),
          number: z.string().nullable(),
          issueDate: date(),
          currency: z.string(),
          clientName: z.string(),
          converted: z.boolean().nullable(),
          state: z.union([
            z.enum(["paid", "partially_paid", "overdue", "unpaid", "converted"]),
            z.null(),
          ]),
          total: decimal(),
        }),
      )
      .describe("The ten newest documents, drafts too"),
    vatThreshold: z
      .object({
        threshold: decimal(),
        turnover: decimal().describe("The year's revenue in euro"),
        percent: z.number().int(),
        applyWithinDays: z.number().int(),
        validFrom: date(),
        source: z.string().nullable().describe("The threshold's legal source"),
      })
      .nullable()
      .describe("Companies not registered for VAT only"),
    expenses: z
      .array(z.object({ currency: z.string(), count: z.number().int(), total: decimal() }))
      .nullable()
      .describe("The month's expenses (standard plan and a role that sees them)"),
    salaries: z
      .object({ count: z.number().int(), gross: decimal(), net: decimal(), totalCost: decimal() })
      .nullable()
      .describe("The month's salaries (full plan and a role that sees them)"),
  });
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary:
      "What /dashboard shows: revenue of the month and the year (per currency and in euro), receivables with the oldest overdue, the newest documents, the VAT threshold, the month's expenses and salaries by plan",
    responses: {
      "200": answer("The dashboard's figures (decimal strings)", dashboardJsonSchema()),
      "401": errors["401"],
    },
  },
}));
