import type { Kysely } from "kysely";
import { excelNumber } from "~/utils/csv.server";
import { printDate } from "~/utils/dates";
import type { Database } from "~db/types";
import { type ExpenseFilters, listExpenses } from "./queries.server";
import { EXPENSE_DOCUMENT_TYPES, EXPENSE_PAYMENT_METHODS, VAT_CREDITS } from "./schema";

/*
 * The expenses' CSV for the accountant, one definition for /expenses/export.csv and the company's
 * export (modules/export): the header and each keyset page of rows, in the list's order. Credit
 * notes are negative.
 */

export const EXPENSE_CSV_HEADER = [
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

/** A page of the expenses' CSV rows (the list's filters and order) and the cursor of the next. */
export async function expenseCsvPage(
  db: Kysely<Database>,
  companyId: string,
  filters: ExpenseFilters,
  today: string,
  after: string | null,
  limit = 1000,
): Promise<{ rows: string[][]; nextCursor: string | null }> {
  const result = await listExpenses(db, companyId, filters, today, { after, limit });
  const rows = result.expenses.map((e) => {
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
  return { rows, nextCursor: result.nextCursor };
}
