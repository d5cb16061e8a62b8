import type { ExpressionBuilder, Kysely } from "kysely";
import { AppError } from "~/utils/errors";
import type { Database, DocumentRow } from "~db/types";

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
 * before they were limited to their own documents would otherwise change another's balance.
 */
export async function refuseHiddenOriginal(
  db: Kysely<Database>,
  companyId: string,
  doc: Pick<DocumentRow, "originalId">,
  createdBy: string | null,
) {
  if (!doc.originalId || !createdBy) return;
  const original = await db
    .selectFrom("documents")
    .select("id")
    .where(documentVisibleTo(companyId, createdBy))
    .where("id", "=", doc.originalId)
    .executeTakeFirst();
  if (!original) throw new AppError(DOCUMENT_NOT_FOUND, 404, { originalId: DOCUMENT_NOT_FOUND });
}
