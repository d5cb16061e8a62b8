import type { LoaderFunctionArgs } from "@remix-run/node";
import { STATE_LABELS } from "~/components/invoices/status-badge";

import { requireCompanyUser } from "~/modules/auth/guards.server";
import { filtersFromSearch, listDocuments } from "~/modules/invoices/list.server";
import { documentState } from "~/modules/invoices/payments.server";

import { DOCUMENT_TYPES } from "~/modules/invoices/schema";

import { csvStreamResponse, excelNumber } from "~/utils/csv.server";

import { printDate, todayInSofia } from "~/utils/dates";

const HEADER = [
  "Вид",
  "Номер",
  "Дата",
  "Падеж",
  "Клиент",
  "ЕИК",
  "ДДС номер",
  "Валута",
  "Данъчна основа",
  "ДДС",
  "Общо",
  "Платено",
  "Състояние",
];

/**
 * GET /invoices/export.csv?<the list's filters> — every matching document for the accountant.
 * Bulgarian Excel opens it as is (utils/csv.server.ts), and client names cannot smuggle formulas.
 * Cancelled documents stay in with zero amounts; credit notes are negative.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context);
  const filters = filtersFromSearch(new URL(request.url).searchParams);
  const today = todayInSofia();
  async function* pages() {
    let after: string | null = null;
    do {
      const pageResult: Awaited<ReturnType<typeof listDocuments>> = await listDocuments(
        context.db,
        user.companyId,
        filters,
        today,
        { after, limit: 1000 },
      );
      yield pageResult.documents.map((doc) => {
        const sign = doc.type === "credit_note" ? -1 : 1;
        const money = (cents: number) => excelNumber(doc.status === "cancelled" ? 0 : sign * cents);
        const state = documentState(doc, today);
        return [
          DOCUMENT_TYPES[doc.type],
          doc.number ?? "",
          printDate(doc.issueDate),
          doc.dueDate ? printDate(doc.dueDate) : "",
          doc.clientName,
          doc.clientEik ?? "",
          doc.clientVatNumber ?? "",
          doc.currency,
          money(doc.subtotalCents),
          money(doc.vatCents),
          money(doc.totalCents),
          excelNumber(doc.paidCents),
          STATE_LABELS[doc.status === "issued" ? (state ?? "issued") : doc.status],
        ];
      });
      after = pageResult.nextCursor;
    } while (after);
  }
  return csvStreamResponse(HEADER, pages(), `documents-${today}.csv`, `Документи-${today}.csv`);
}
