import type { ExpressionBuilder, Kysely } from "kysely";
import { AppError } from "~/utils/errors";
import type { Database, DocumentRow } from "~db/types";
import { DOCUMENT_MESSAGES } from "./constants";

/**
 * Whose documents the user may see: null for all of the company's, the user's own id for staff
 * limited to the documents they made (issue #29; another's is then 404 like another company's).
 */
export function documentsOf(user: { id: string; ownDocumentsOnly: boolean }): string | null {
  return user.ownDocumentsOnly ? user.id : null;
}

export const DOCUMENT_NOT_FOUND = "Документът не е намерен";
export const CLIENT_NOT_FOUND = "Клиентът не е намерен";

/**
 * The one rule of which documents a person reads (decision 028, issue #43 item 2): the company's,
 * and for staff limited to their own (`createdBy`, from documentsOf) only those they made. Reading
 * a document and every reference to one — a note's invoice, a bank match's documents — filter
 * through it, so a document someone gets 404 on is 404 wherever they name it.
 */
export function documentVisibleTo(companyId: string, createdBy: string | null) {
  return (eb: ExpressionBuilder<Database, "documents">) =>
    createdBy
      ? eb.and([
          eb("documents.companyId", "=", companyId),
          eb("documents.createdBy", "=", createdBy),
        ])
      : eb("documents.companyId", "=", companyId);
}

/**
 * Refuses to issue a note whose invoice the person does not read (issue #43 item 2): a draft saved
 * before they were limited to their own documents would otherwise change another's balance. The
 * same for the advance invoices a final invoice deducts (decision 074).
 */
export async function refuseHiddenOriginal(
  db: Kysely<Database>,
  companyId: string,
  doc: Pick<DocumentRow, "originalId"> & { lines?: { advanceId: string | null }[] },
  createdBy: string | null,
) {
  if (!createdBy) return;
  const advanceIds = [...new Set((doc.lines ?? []).flatMap((l) => l.advanceId ?? []))];
  if (advanceIds.length) {
    const seen = await db
      .selectFrom("documents")
      .select("id")
      .where(documentVisibleTo(companyId, createdBy))
      .where("id", "in", advanceIds)
      .execute();
    if (seen.length !== advanceIds.length) {
      throw new AppError(DOCUMENT_NOT_FOUND, 404, { advanceDeductions: DOCUMENT_NOT_FOUND });
    }
  }
  if (!doc.originalId) return;
  const original = await db
    .selectFrom("documents")
    .select("id")
    .where(documentVisibleTo(companyId, createdBy))
    .where("id", "=", doc.originalId)
    .executeTakeFirst();
  if (!original) throw new AppError(DOCUMENT_NOT_FOUND, 404, { originalId: DOCUMENT_NOT_FOUND });
}

/**
 * A line's catalogue item must be one the company's members read (any of its items, archived
 * too): another company's is not found, as reading it is (issue #43 item 2), and nothing is
 * written.
 */
export async function refuseForeignItems(
  db: Kysely<Database>,
  companyId: string,
  lines: { position: number; catalogueItemId: string | null }[],
) {
  const ids = [...new Set(lines.flatMap((l) => (l.catalogueItemId ? [l.catalogueItemId] : [])))];
  if (!ids.length) return;
  const found = await db
    .selectFrom("catalogueItems")
    .select("id")
    .where("companyId", "=", companyId)
    .where("id", "in", ids)
    .execute();
  const known = new Set(found.map((row) => row.id));
  const fields = Object.fromEntries(
    lines
      .filter((l) => l.catalogueItemId && !known.has(l.catalogueItemId))
      .map((l) => [`lines.${l.position}.catalogueItemId`, DOCUMENT_MESSAGES.catalogueItem]),
  );
  if (Object.keys(fields).length) {
    throw new AppError(DOCUMENT_MESSAGES.catalogueItem, 404, fields);
  }
}
