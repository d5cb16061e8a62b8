import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, anyObject, describeApi, errors, month, refusal, z } from "~/modules/api/describe";
import { hasPlan } from "~/modules/subscriptions/plans";
import { salesTotals } from "~/modules/vat/journals.server";
import { vatReport } from "~/modules/vat/report.server";
import { parseMonth } from "~/modules/vat/schema";
import { todayInSofia } from "~/utils/dates";
import { jsonError } from "~/utils/http.server";
import { centsToDecimal } from "~/utils/money";
import { requireApiCompanyUser } from "~/web/auth/guards.server";

const decimals = (amounts: Record<string, number | undefined>) =>
  Object.fromEntries(
    Object.entries(amounts).map(([code, cents]) => [code, centsToDecimal(cents ?? 0)]),
  );

/**
 * GET /api/reports/vat/{yyyy-MM}: the month's journals and return as JSON (amounts as decimal
 * strings in the period's currency, keyed by НАП's field codes), with what must be fixed first.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiCompanyUser(request, context, "vat.view");
  const month = parseMonth(params.month, todayInSofia());
  if (!month) return jsonError("Изберете месец във вида гггг-мм, не по-късно от текущия", 400);
  const report = await vatReport(context.db, user.companyId, month, hasPlan(user, "standard"));
  if (!report.company.isVatRegistered) {
    return jsonError("Без регистрация по ЗДДС: дневници не се подават", 409);
  }
  return json({
    month,
    currency: report.currency,
    sales: report.sales.map((row) => ({
      documentId: row.documentId,
      expenseId: row.expenseId,
      type: row.type,
      number: row.number,
      date: row.date,
      counterpartyId: row.counterpartyId,
      counterpartyName: row.counterpartyName,
      cancelled: row.cancelled,
      amounts: decimals({ ...row.amounts, ...salesTotals(row) }),
      deliveryCode: row.deliveryCode ?? null,
    })),
    purchases: report.purchases.map((row) => ({
      expenseId: row.expenseId,
      type: row.type,
      number: row.number,
      date: row.date,
      counterpartyId: row.counterpartyId,
      counterpartyName: row.counterpartyName,
      amounts: decimals(row.amounts),
      deliveryCode: row.deliveryCode ?? null,
    })),
    return: decimals(report.figures),
    vies: report.vies.map((line) => ({
      vatNumber: line.vatNumber,
      goods: centsToDecimal(line.goods),
      services: centsToDecimal(line.services),
    })),
    problems: report.problems,
  });
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary:
      "The month's sales and purchase journals and the VAT return's figures as НАП's files have them, the VIES lines, and what must be fixed first",
    request: {
      params: z.object({
        month: month()
          .describe("The tax period (yyyy-MM), not later than the current month")
          .openapi({ example: "2026-10" }),
      }),
    },
    responses: {
      "200": answer(
        "The month",
        z.object({
          month: z.string().optional(),
          currency: z.enum(["BGN", "EUR"]).optional(),
          sales: z
            .array(
              z.object({
                documentId: z
                  .string()
                  .nullable()
                  .describe("The issued document; null for a protocol under чл. 117 (type 09)")
                  .optional(),
                expenseId: z
                  .string()
                  .nullable()
                  .describe(
                    "The expense of a protocol under чл. 117 (type 09); null for a document",
                  )
                  .optional(),
                deliveryCode: z
                  .union([z.enum(["01", "02"]), z.null()])
                  .describe(
                    "02-27: НАП's code of a чл. 163а supply — 01 Приложение № 2, Част I; 02 Част II; null otherwise (decision 079)",
                  )
                  .optional(),
                amounts: z
                  .record(z.string(), z.string().regex(/^-?\d+\.\d{2}$/))
                  .describe(
                    "Decimal strings in the period's currency (BGN to 2025-12, EUR from 2026-01), keyed by НАП's field codes (02-10 … 02-26, 03-30 … 03-44, 01-01 … 01-60)",
                  )
                  .optional(),
              }),
            )
            .optional(),
          purchases: z
            .array(
              z.object({
                deliveryCode: z
                  .union([z.enum(["01", "02"]), z.null()])
                  .describe(
                    "03-45: НАП's code of a чл. 163а supply — 01 Приложение № 2, Част I; 02 Част II; null otherwise (decision 079)",
                  )
                  .optional(),
                amounts: z
                  .record(z.string(), z.string().regex(/^-?\d+\.\d{2}$/))
                  .describe(
                    "Decimal strings in the period's currency (BGN to 2025-12, EUR from 2026-01), keyed by НАП's field codes (02-10 … 02-26, 03-30 … 03-44, 01-01 … 01-60)",
                  )
                  .optional(),
              }),
            )
            .optional(),
          return: z
            .record(z.string(), z.string().regex(/^-?\d+\.\d{2}$/))
            .describe(
              "Decimal strings in the period's currency (BGN to 2025-12, EUR from 2026-01), keyed by НАП's field codes (02-10 … 02-26, 03-30 … 03-44, 01-01 … 01-60)",
            )
            .optional(),
          vies: z.array(anyObject()).optional(),
          problems: z
            .array(
              z.object({
                what: z.string().optional(),
                message: z.string().optional(),
                href: z.string().optional(),
              }),
            )
            .describe("What must be fixed before the files can be written, with where to fix it")
            .optional(),
        }),
      ),
      "400": errors["400"],
      "401": errors["401"],
      "409": refusal("The company is not registered for VAT (or, for the files, problems remain)"),
    },
  },
}));
