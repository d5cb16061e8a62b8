import { type Kysely, sql } from "kysely";
import { decodeCursor, encodeCursor } from "~/utils/cursor";
import { isBookDate } from "~/utils/dates";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";

/*
 * The company's receipts for its export (modules/export): a page of attachments with their bytes
 * and their expense's date, number and supplier, by the expense's date (keyset on the date, the
 * expense and the attachment).
 */

export interface ArchivedReceipt {
  id: string;
  expenseId: string;
  fileName: string;
  documentDate: string;
  documentNumber: string;
  supplierName: string;
  data: Uint8Array;
}

/** A page of the company's receipts (few at a time: each may be 5 MB) and the next cursor. */
export async function receiptsPage(
  db: Kysely<Database>,
  companyId: string,
  after: string | null,
  limit: number,
): Promise<{ receipts: ArchivedReceipt[]; nextCursor: string | null }> {
  let query = db
    .selectFrom("expenseAttachments as a")
    .innerJoin("expenses as e", (join) =>
      join.onRef("e.id", "=", "a.expenseId").onRef("e.companyId", "=", "a.companyId"),
    )
    .innerJoin("storedFiles as f", (join) =>
      join.onRef("f.companyId", "=", "a.companyId").onRef("f.sha256", "=", "a.sha256"),
    )
    .select([
      "a.id",
      "a.expenseId",
      "a.fileName",
      "e.documentDate",
      "e.documentNumber",
      "e.supplierName",
      "f.data",
    ])
    .where("a.companyId", "=", companyId);
  const cursor = decodeCursor(after, [isBookDate, isUuid, isUuid]);
  if (cursor) {
    const [date = "", expenseId = "", id = ""] = cursor;
    query = query.where(
      sql<boolean>`(e.document_date, e.id, a.id) > (${date}::date, ${expenseId}::uuid, ${id}::uuid)`,
    );
  }
  const rows = await query
    .orderBy("e.documentDate")
    .orderBy("e.id")
    .orderBy("a.id")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    receipts: page,
    nextCursor:
      rows.length > limit && last
        ? encodeCursor([last.documentDate, last.expenseId, last.id])
        : null,
  };
}

/** How many receipts the company keeps. */
export async function countReceipts(db: Kysely<Database>, companyId: string) {
  const row = await db
    .selectFrom("expenseAttachments")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("companyId", "=", companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
