import type { LoaderFunctionArgs } from "@remix-run/node";
import { expenseFiltersFromSearch, listExpenses } from "~/modules/expenses/queries.server";
import {
  EXPENSE_DOCUMENT_TYPES,
  EXPENSE_PAYMENT_METHODS,
  VAT_CREDITS,
} from "~/modules/expenses/schema";
import { requireFeature } from "~/modules/subscriptions/gate.server";
import { csvStreamResponse, excelNumber } from "~/utils/csv.server";
import { printDate, todayInSofia } from "~/utils/dates";

const HEADER = [
  "Дата",
  "Вид",
  "Номер",
  "Доставчик",
  "ЕИК",
  "ДДС номер",
  "Описание",
  "Категория",
  "Валута",
  "Данъчна основа",
  "ДДС",
  "Общо",
  "Данъчен кредит",
  "ДДС за приспадане",
  "Платен на",
  "Начин на плащане",
  "Падеж",
];

/**
 * GET /expenses/export.csv?<the list's filters> — every matching expense for the accountant, in the
 * list's order; Bulgarian Excel opens it as is, and supplier names cannot smuggle formulas.
 * Credit notes are negative.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "expenses");
  const filters = expenseFiltersFromSearch(new URL(request.url).searchParams);
  const today = todayInSofia();
  async function* pages() {
    let after: string | null = null;
    do {
      const result: Awaited<ReturnType<typeof listExpenses>> = await listExpenses(
        context.db,
        user.companyId,
        filters,
        today,
        { after, limit: 1000 },
      );
      yield result.expenses.map((e) => {
        const sign = e.documentType === "credit_note" ? -1 : 1;
        return [
          printDate(e.documentDate),
          EXPENSE_DOCUMENT_TYPES[e.documentType],
          e.documentNumber,
          e.supplierName,
          e.supplierEik ?? "",
          e.supplierVatNumber ?? "",
          e.description,
          e.categoryName ?? "",
          e.currency,
          excelNumber(sign * e.subtotalCents),
          excelNumber(sign * e.vatCents),
          excelNumber(sign * e.totalCents),
          VAT_CREDITS[e.vatCredit],
          excelNumber(sign * e.creditableVatCents),
          e.paidOn ? printDate(e.paidOn) : "",
          e.paymentMethod ? EXPENSE_PAYMENT_METHODS[e.paymentMethod] : "",
          e.dueDate ? printDate(e.dueDate) : "",
        ];
      });
      after = result.nextCursor;
    } while (after);
  }
  return csvStreamResponse(HEADER, pages(), `expenses-${today}.csv`, `Разходи-${today}.csv`);
}
