import type { Kysely } from "kysely";
import { excelNumber } from "~/utils/csv.server";
import { decodeCursor, encodeCursor } from "~/utils/cursor";
import { isBookDate, printDate } from "~/utils/dates";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { DOCUMENT_TYPES, PAYMENT_METHODS, STATE_LABELS } from "./constants";
import { type DocumentFilters, listDocuments } from "./list.server";
import { documentState } from "./payments.server";

/*
 * The documents' CSV for the accountant, one definition for /invoices/export.csv and the company's
 * export (modules/export): the header and each keyset page of rows. Cancelled documents stay in with
 * zero amounts; credit notes are negative.
 */

export const DOCUMENT_CSV_HEADER = [
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

/** A page of the documents' CSV rows (the list's order and filters) and the cursor of the next. */
export async function documentCsvPage(
  db: Kysely<Database>,
  companyId: string,
  filters: DocumentFilters,
  today: string,
  after: string | null,
  limit = 1000,
): Promise<{ rows: string[][]; nextCursor: string | null }> {
  const page = await listDocuments(db, companyId, filters, today, { after, limit });
  const rows = page.documents.map((doc) => {
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
  return { rows, nextCursor: page.nextCursor };
}

export const PAYMENT_CSV_HEADER = [
  "Вид",
  "Номер",
  "Дата на документа",
  "Клиент",
  "Дата на плащане",
  "Сума",
  "Валута",
  "Начин на плащане",
  "Бележка",
];

/**
 * A page of the payments received on the company's documents, by payment date (keyset on
 * (paid_on, id)), as CSV rows, and the cursor of the next page.
 */
export async function paymentCsvPage(
  db: Kysely<Database>,
  companyId: string,
  after: string | null,
  limit = 1000,
): Promise<{ rows: string[][]; nextCursor: string | null }> {
  let query = db
    .selectFrom("documentPayments as p")
    .innerJoin("documents as d", (join) =>
      join.onRef("d.id", "=", "p.documentId").onRef("d.companyId", "=", "p.companyId"),
    )
    .innerJoin("clients as c", (join) =>
      join.onRef("c.id", "=", "d.clientId").onRef("c.companyId", "=", "d.companyId"),
    )
    .select([
      "p.id",
      "p.paidOn",
      "p.amountCents",
      "p.method",
      "p.note",
      "d.type",
      "d.number",
      "d.issueDate",
      "d.currency",
      "c.name as clientName",
    ])
    .where("p.companyId", "=", companyId);
  const cursor = decodeCursor(after, [isBookDate, isUuid]);
  if (cursor) {
    const [paidOn = "", id = ""] = cursor;
    query = query.where((eb) =>
      eb.or([
        eb("p.paidOn", ">", paidOn),
        eb.and([eb("p.paidOn", "=", paidOn), eb("p.id", ">", id)]),
      ]),
    );
  }
  const found = await query
    .orderBy("p.paidOn")
    .orderBy("p.id")
    .limit(limit + 1)
    .execute();
  const page = found.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page.map((p) => [
      DOCUMENT_TYPES[p.type],
      p.number ?? "",
      printDate(p.issueDate),
      p.clientName,
      printDate(p.paidOn),
      excelNumber(p.amountCents),
      p.currency,
      PAYMENT_METHODS[p.method],
      p.note ?? "",
    ]),
    nextCursor: found.length > limit && last ? encodeCursor([last.paidOn, last.id]) : null,
  };
}
