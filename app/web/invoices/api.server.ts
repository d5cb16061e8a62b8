import { json } from "@remix-run/node";
import type { Kysely } from "kysely";
import {
  DOCUMENT_NOT_FOUND,
  type DocumentWithLines,
  getDocument,
} from "~/modules/invoices/documents.server";
import type { Database } from "~db/types";

/** The company's document named by the path, or the API's 404. */
export async function requireApiDocument(
  db: Kysely<Database>,
  companyId: string,
  id: string | undefined,
  /** Staff limited to their own documents (documentsOf): another's is 404 too. */
  createdBy: string | null = null,
): Promise<DocumentWithLines> {
  const doc = await getDocument(db, companyId, id, createdBy);
  if (!doc) throw json({ message: DOCUMENT_NOT_FOUND }, { status: 404 });
  return doc;
}
