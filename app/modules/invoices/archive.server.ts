import type { Kysely } from "kysely";
import { decodeCursor, encodeCursor } from "~/utils/cursor";
import { isBookDate } from "~/utils/dates";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import type { DocumentWithLines } from "./documents.server";

/*
 * The company's issued and cancelled documents for its export (modules/export): pages with their
 * lines and payments in three queries, and their stored PDFs in one, by issue date.
 */

/** How many of the company's documents have a number (issued or cancelled). */
export async function countNumberedDocuments(db: Kysely<Database>, companyId: string) {
  const row = await db
    .selectFrom("documents")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("companyId", "=", companyId)
    .where("status", "in", ["issued", "cancelled"])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of issued and cancelled documents, oldest first (keyset on issue date and id). */
export async function numberedDocumentsPage(
  db: Kysely<Database>,
  companyId: string,
  after: string | null,
  limit: number,
): Promise<{ documents: DocumentWithLines[]; nextCursor: string | null }> {
  let query = db
    .selectFrom("documents")
    .selectAll()
    .where("companyId", "=", companyId)
    .where("status", "in", ["issued", "cancelled"]);
  const cursor = decodeCursor(after, [isBookDate, isUuid]);
  if (cursor) {
    const [issueDate = "", id = ""] = cursor;
    query = query.where((eb) =>
      eb.or([
        eb("issueDate", ">", issueDate),
        eb.and([eb("issueDate", "=", issueDate), eb("id", ">", id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy("issueDate")
    .orderBy("id")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  if (page.length === 0) return { documents: [], nextCursor: null };
  const ids = page.map((doc) => doc.id);
  const [lines, payments] = await Promise.all([
    db
      .selectFrom("documentLines")
      .selectAll()
      .where("companyId", "=", companyId)
      .where("documentId", "in", ids)
      .orderBy("documentId")
      .orderBy("position")
      .execute(),
    db
      .selectFrom("documentPayments")
      .selectAll()
      .where("companyId", "=", companyId)
      .where("documentId", "in", ids)
      .orderBy("paidOn")
      .orderBy("createdAt")
      .execute(),
  ]);
  const documents = page.map((doc) => ({
    ...doc,
    lines: lines.filter((line) => line.documentId === doc.id),
    payments: payments.filter((payment) => payment.documentId === doc.id),
  }));
  const last = page.at(-1)!;
  return {
    documents,
    nextCursor: rows.length > limit ? encodeCursor([last.issueDate, last.id]) : null,
  };
}

/** The stored PDFs of some of the company's documents, by document id. */
export async function storedPdfsOf(
  db: Kysely<Database>,
  companyId: string,
  documentIds: string[],
): Promise<Map<string, Uint8Array>> {
  if (documentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("documentPdfs")
    .select(["documentId", "data"])
    .where("companyId", "=", companyId)
    .where("documentId", "in", documentIds)
    .execute();
  return new Map(rows.map((row) => [row.documentId, row.data]));
}
