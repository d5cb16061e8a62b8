import { json, type LoaderFunctionArgs } from "@remix-run/node";
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
      type: row.type,
      number: row.number,
      date: row.date,
      counterpartyId: row.counterpartyId,
      counterpartyName: row.counterpartyName,
      cancelled: row.cancelled,
      amounts: decimals({ ...row.amounts, ...salesTotals(row) }),
    })),
    purchases: report.purchases.map((row) => ({
      expenseId: row.expenseId,
      type: row.type,
      number: row.number,
      date: row.date,
      counterpartyId: row.counterpartyId,
      counterpartyName: row.counterpartyName,
      amounts: decimals(row.amounts),
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
