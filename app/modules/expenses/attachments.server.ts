import type { Kysely, Transaction } from "kysely";
import { assertPeriodOpen } from "~/modules/periods/locks.server";
import { AppError } from "~/utils/errors";
import { sha256Hex, sniffFile, type UploadedFile, type UploadResult } from "~/utils/files.server";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { EXPENSE_MESSAGES } from "./schema";

const EXPENSE_NOT_FOUND = EXPENSE_MESSAGES.notFound;

/*
 * Receipts of an expense: JPG, PNG or PDF (judged by their content), 5 MB each (the spec's limit),
 * stored once per company by their SHA-256 in PostgreSQL, like the invoices' PDFs.
 */

/** The spec's attachment limit (§9): 5 MB. */
export const RECEIPT_MAX_BYTES = 5_242_880;
/** How many files one upload may carry. */
export const RECEIPTS_PER_UPLOAD = 10;
/** How many receipts one expense may have. */
export const RECEIPTS_PER_EXPENSE = 20;

export const RECEIPT_MESSAGES = {
  tooLarge: "Файлът е твърде голям",
  tooLargeDetail: "Максималният размер е 5MB",
  type: "Разрешени са само файлове JPG, PNG или PDF",
  tooMany: `Най-много ${RECEIPTS_PER_UPLOAD} файла наведнъж и ${RECEIPTS_PER_EXPENSE} към един разход`,
  notFound: "Файлът не е намерен",
  none: "Изберете файл",
} as const;

/** The message for a file over the limit, with its name. */
export const tooLargeMessage = (fileName: string) =>
  `${RECEIPT_MESSAGES.tooLarge}: ${fileName}. ${RECEIPT_MESSAGES.tooLargeDetail}`;

/** Checks the files before anything is stored: AppError 400/413 naming the first one refused. */
export function checkReceipts(files: UploadedFile[]) {
  return files.map((file) => {
    if (file.bytes.byteLength > RECEIPT_MAX_BYTES) {
      throw new AppError(tooLargeMessage(file.fileName), 413, {
        files: tooLargeMessage(file.fileName),
      });
    }
    const type = sniffFile(file.bytes);
    if (!type) {
      const message = `${RECEIPT_MESSAGES.type} (${file.fileName})`;
      throw new AppError(message, 400, { files: message });
    }
    return { ...file, type };
  });
}

/** An upload of receipts to an expense: its files, or an AppError naming what was refused. */
export function uploadedReceipts(upload: UploadResult): UploadedFile[] {
  const first = upload.tooLarge[0];
  if (first !== undefined) {
    throw new AppError(tooLargeMessage(first), 413, { files: tooLargeMessage(first) });
  }
  if (upload.tooMany) {
    throw new AppError(RECEIPT_MESSAGES.tooMany, 400, { files: RECEIPT_MESSAGES.tooMany });
  }
  if (!upload.files.length) {
    throw new AppError(RECEIPT_MESSAGES.none, 400, { files: RECEIPT_MESSAGES.none });
  }
  return upload.files;
}

export type CheckedReceipt = ReturnType<typeof checkReceipts>[number];

/**
 * Stores checked files as an expense's receipts inside the caller's transaction: each file's bytes
 * once per company (by SHA-256), an attachment row naming it. Returns the attachments' ids.
 */
export async function storeReceipts(
  trx: Transaction<Database>,
  companyId: string,
  expenseId: string,
  files: CheckedReceipt[],
): Promise<string[]> {
  const count = await trx
    .selectFrom("expenseAttachments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("companyId", "=", companyId)
    .where("expenseId", "=", expenseId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) + files.length > RECEIPTS_PER_EXPENSE) {
    throw new AppError(RECEIPT_MESSAGES.tooMany, 400, { files: RECEIPT_MESSAGES.tooMany });
  }
  const ids: string[] = [];
  for (const file of files) {
    const sha256 = sha256Hex(file.bytes);
    await trx
      .insertInto("storedFiles")
      .values({
        companyId,
        sha256,
        contentType: file.type,
        size: file.bytes.byteLength,
        data: file.bytes,
      })
      .onConflict((c) => c.columns(["companyId", "sha256"]).doNothing())
      .execute();
    const row = await trx
      .insertInto("expenseAttachments")
      .values({ companyId, expenseId, sha256, fileName: file.fileName })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/** Attaches files to a recorded expense of the company (checked first; all or none stored). */
export async function addReceipts(
  db: Kysely<Database>,
  companyId: string,
  expenseId: string | undefined,
  files: UploadedFile[],
): Promise<string[]> {
  if (!isUuid(expenseId)) throw new AppError(EXPENSE_NOT_FOUND, 404);
  const checked = checkReceipts(files);
  if (!checked.length) return [];
  return db.transaction().execute(async (trx) => {
    const expense = await trx
      .selectFrom("expenses")
      .select(["id", "documentDate"])
      .where("companyId", "=", companyId)
      .where("id", "=", expenseId)
      .forUpdate()
      .executeTakeFirst();
    if (!expense) throw new AppError(EXPENSE_NOT_FOUND, 404);
    // A receipt is part of the expense's record: not changed in a locked month (decision 058).
    await assertPeriodOpen(trx, companyId, expense.documentDate);
    return storeReceipts(trx, companyId, expenseId, checked);
  });
}

/** One attachment's file of the company's expense, for download; undefined for anything else. */
export async function getReceiptFile(
  db: Kysely<Database>,
  companyId: string,
  expenseId: string | undefined,
  attachmentId: string | undefined,
) {
  if (!isUuid(expenseId) || !isUuid(attachmentId)) return undefined;
  return db
    .selectFrom("expenseAttachments")
    .innerJoin("storedFiles", (join) =>
      join
        .onRef("storedFiles.companyId", "=", "expenseAttachments.companyId")
        .onRef("storedFiles.sha256", "=", "expenseAttachments.sha256"),
    )
    .select([
      "expenseAttachments.fileName",
      "storedFiles.contentType",
      "storedFiles.data",
      "storedFiles.sha256",
      "storedFiles.size",
    ])
    .where("expenseAttachments.companyId", "=", companyId)
    .where("expenseAttachments.expenseId", "=", expenseId)
    .where("expenseAttachments.id", "=", attachmentId)
    .executeTakeFirst();
}

/** Removes an attachment (the file's bytes go in the hourly sweep when nothing names them). */
export async function removeReceipt(
  db: Kysely<Database>,
  companyId: string,
  expenseId: string | undefined,
  attachmentId: string | undefined,
) {
  if (!isUuid(expenseId) || !isUuid(attachmentId))
    throw new AppError(RECEIPT_MESSAGES.notFound, 404);
  await db.transaction().execute(async (trx) => {
    const expense = await trx
      .selectFrom("expenses")
      .select("documentDate")
      .where("companyId", "=", companyId)
      .where("id", "=", expenseId)
      .forUpdate()
      .executeTakeFirst();
    if (!expense) throw new AppError(RECEIPT_MESSAGES.notFound, 404);
    await assertPeriodOpen(trx, companyId, expense.documentDate);
    const row = await trx
      .deleteFrom("expenseAttachments")
      .where("companyId", "=", companyId)
      .where("expenseId", "=", expenseId)
      .where("id", "=", attachmentId)
      .returning("id")
      .executeTakeFirst();
    if (!row) throw new AppError(RECEIPT_MESSAGES.notFound, 404);
  });
}

/** Stored files no attachment names any more (after an hour): deleted by the hourly sweep. */
export async function purgeUnusedFiles(db: Kysely<Database>, now = new Date()): Promise<number> {
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  const result = await db
    .deleteFrom("storedFiles")
    .where("createdAt", "<", hourAgo)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("expenseAttachments")
            .select("expenseAttachments.id")
            .whereRef("expenseAttachments.companyId", "=", "storedFiles.companyId")
            .whereRef("expenseAttachments.sha256", "=", "storedFiles.sha256"),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
