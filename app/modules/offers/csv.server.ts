import type { Kysely } from "kysely";
import { DOCUMENT_TYPES } from "~/modules/invoices/constants";
import { excelNumber } from "~/utils/csv.server";
import { printDate } from "~/utils/dates";
import type { Database } from "~db/types";
import { OFFER_BECOMES, OFFER_EXPIRED, OFFER_STATUSES } from "./constants";
import { listOffers } from "./list.server";

/*
 * The offers' CSV rows in the company's export (issue #48 item 5, decision 077): every offer, the
 * list's order (newest first) and keyset pages, with the draft an accepted one became.
 */

export const OFFER_CSV_HEADER = [
  "Номер",
  "Дата",
  "Валидна до",
  "Клиент",
  "Валута",
  "Данъчна основа",
  "ДДС",
  "Общо",
  "Състояние",
  "При приемане става",
  "Направен документ",
] as const;

/** A page of the offers' CSV rows and the cursor of the next. */
export async function offerCsvPage(
  db: Kysely<Database>,
  companyId: string,
  today: string,
  after: string | null,
  limit = 1000,
): Promise<{ rows: string[][]; nextCursor: string | null }> {
  const page = await listOffers(db, companyId, null, {}, { after, limit, today });
  const made = page.rows.flatMap((row) => (row.documentId ? [row.documentId] : []));
  const documents = made.length
    ? await db
        .selectFrom("documents")
        .select(["id", "type", "number"])
        .where("companyId", "=", companyId)
        .where("id", "in", made)
        .execute()
    : [];
  const byId = new Map(documents.map((doc) => [doc.id, doc]));
  const rows = page.rows.map((row) => {
    const doc = row.documentId ? byId.get(row.documentId) : undefined;
    return [
      row.number,
      printDate(row.issueDate),
      printDate(row.validUntil),
      row.clientName,
      row.currency,
      excelNumber(Number(row.netCents)),
      excelNumber(Number(row.vatCents)),
      excelNumber(Number(row.totalCents)),
      row.expired ? OFFER_EXPIRED : OFFER_STATUSES[row.status],
      OFFER_BECOMES[row.becomes],
      doc ? `${DOCUMENT_TYPES[doc.type]} ${doc.number ? `№ ${doc.number}` : "(чернова)"}` : "",
    ];
  });
  return { rows, nextCursor: page.nextCursor };
}
