import { json } from "@remix-run/node";
import type { BankActor } from "~/modules/bank/access.server";
import { BANK_MESSAGES, STATEMENT_LIMITS, StatementError } from "~/modules/bank/constants";
import {
  AccountChoiceError,
  type ImportResult,
  importStatement,
} from "~/modules/bank/import.server";
import { AppError } from "~/utils/errors";
import {
  cleanFileName,
  readFormWithFiles,
  sha256Hex,
  type UploadedFile,
} from "~/utils/files.server";
import { refuseForm } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";

/*
 * A statement sent by the page's form or the API (multipart/form-data: "file" and an optional
 * "accountId"), read by the project's one upload reader (utils/files.server.ts) within the
 * statement's limit, after the caller's guard; then imported. What the page and the API answer.
 * When the file does not say which account it is of (a bank's own number, a table export), the
 * page keeps the uploaded file (stored_files, by its SHA-256, an hour, as the clients' import
 * does) and asks for the account; the second POST names the kept file instead of sending it
 * again, and works without JavaScript (decision 046). The API answers 409 with the accounts.
 */

/** The kept file's content type in stored_files (the hourly sweep removes it). */
const KEPT_TYPE = "application/x-bank-statement";

interface StatementUpload {
  file: UploadedFile | undefined;
  tooLarge: boolean;
  accountId: string | null;
  /** The SHA-256 of a file kept by an earlier answer, and its name. */
  kept: string | null;
  keptName: string | null;
}

const field = (form: FormData, name: string, max: number) => {
  const value = form.get(name);
  return typeof value === "string" && value && value.length <= max ? value : null;
};

export async function readStatementUpload(request: Request): Promise<StatementUpload> {
  const { form, upload } = await readFormWithFiles(request, {
    fields: ["file"],
    maxBytes: STATEMENT_LIMITS.maxBytes,
    maxFiles: 1,
  });
  const kept = field(form, "kept", 64);
  return {
    file: upload.files[0],
    tooLarge: upload.tooLarge.length > 0,
    accountId: field(form, "accountId", 40),
    kept: kept && /^[0-9a-f]{64}$/.test(kept) ? kept : null,
    keptName: field(form, "keptName", 400),
  };
}

/** Keeps an uploaded file for the answer that asks for its account. */
async function keepFile(actor: BankActor, bytes: Uint8Array): Promise<string> {
  const sha256 = sha256Hex(bytes);
  await actor.context.db
    .insertInto("storedFiles")
    .values({
      companyId: actor.user.companyId,
      sha256,
      contentType: KEPT_TYPE,
      size: bytes.byteLength,
      data: bytes,
    })
    // Kept again: the sweep's hour starts anew.
    .onConflict((c) => c.columns(["companyId", "sha256"]).doUpdateSet({ createdAt: new Date() }))
    .execute();
  return sha256;
}

/** The kept file's bytes, or the refusal that asks for the file again. */
async function keptFile(actor: BankActor, sha256: string): Promise<Uint8Array> {
  const row = await actor.context.db
    .selectFrom("storedFiles")
    .select("data")
    .where("companyId", "=", actor.user.companyId)
    .where("sha256", "=", sha256)
    .where("contentType", "=", KEPT_TYPE)
    .executeTakeFirst();
  if (!row) throw new StatementError(BANK_MESSAGES.keptGone, null, 400);
  return new Uint8Array(row.data);
}

async function forgetKept(actor: BankActor, sha256: string): Promise<void> {
  await actor.context.db
    .deleteFrom("storedFiles")
    .where("companyId", "=", actor.user.companyId)
    .where("sha256", "=", sha256)
    .where("contentType", "=", KEPT_TYPE)
    .execute();
}

/** Reads and imports: the result, or StatementError for a refused file. */
async function importUpload(actor: BankActor, upload: StatementUpload): Promise<ImportResult> {
  if (upload.tooLarge) throw new StatementError(BANK_MESSAGES.tooLarge, null, 413);
  if (!upload.file && upload.kept) {
    const bytes = await keptFile(actor, upload.kept);
    const result = await importStatement(
      actor,
      { fileName: cleanFileName(upload.keptName ?? "izvlechenie"), bytes },
      upload.accountId,
    );
    // The kept file served its import: a reload adds nothing (its movements are known anyway).
    await forgetKept(actor, upload.kept);
    return result;
  }
  if (!upload.file) throw new StatementError(BANK_MESSAGES.noFile, null, 400);
  return importStatement(
    actor,
    { fileName: upload.file.fileName, bytes: new Uint8Array(upload.file.bytes) },
    upload.accountId,
  );
}

/** The /bank form's upload: to the statement's page with the counts, or the form with the reason. */
export async function uploadStatementFromPage(request: Request, actor: BankActor) {
  const upload = await readStatementUpload(request);
  try {
    const result = await importUpload(actor, upload);
    return redirectWithToast(
      result.statementId ? `/bank/statements/${result.statementId}` : "/bank",
      {
        type: result.imported ? "success" : "info",
        title: result.imported ? "Извлечението е внесено" : "Нищо ново",
        description: result.message,
      },
    );
  } catch (error) {
    if (error instanceof AccountChoiceError && error.accounts.length) {
      // The file stays here: the answer asks only for the account.
      const kept =
        upload.kept ??
        (upload.file ? await keepFile(actor, new Uint8Array(upload.file.bytes)) : null);
      return refuseForm(
        {
          formId: "upload",
          fieldErrors: { accountId: error.message },
          formError: error.message,
          repopulateFields: {
            ...(upload.accountId ? { accountId: upload.accountId } : {}),
            ...(kept
              ? { kept, keptName: upload.file?.fileName ?? upload.keptName ?? "izvlechenie" }
              : {}),
          },
          focus: "accountId",
        },
        error.status,
      );
    }
    if (error instanceof StatementError || (error instanceof AppError && error.status < 500)) {
      const status = error instanceof StatementError ? error.status : (error as AppError).status;
      return refuseForm(
        {
          formId: "upload",
          fieldErrors: { file: error.message },
          formError: error.message,
          repopulateFields: {
            ...(upload.accountId ? { accountId: upload.accountId } : {}),
            // Another account may be chosen for the kept file without sending it again.
            ...(upload.kept && !upload.file && error.message !== BANK_MESSAGES.keptGone
              ? { kept: upload.kept, keptName: upload.keptName ?? "izvlechenie" }
              : {}),
          },
          focus: upload.kept && !upload.file ? "accountId" : "file",
        },
        status,
      );
    }
    throw error;
  }
}

/** POST /api/bank/statements: 201 with the counts, or the refusal as JSON. */
export async function uploadStatementFromApi(request: Request, actor: BankActor) {
  const upload = await readStatementUpload(request);
  try {
    const result = await importUpload(actor, upload);
    return json(result, { status: result.statementId ? 201 : 200 });
  } catch (error) {
    if (error instanceof AccountChoiceError) {
      // Which of the company's accounts: send the file again with its id in "accountId".
      return json(
        {
          message: error.message,
          line: null,
          errors: { accountId: { _errors: [error.message] } },
          accounts: error.accounts,
        },
        { status: error.status },
      );
    }
    if (error instanceof StatementError) {
      return json(
        {
          message: error.message,
          line: error.line,
          errors: { file: { _errors: [error.message] } },
        },
        {
          status: error.status,
          headers: error.status === 503 ? { "Retry-After": "5" } : undefined,
        },
      );
    }
    throw error;
  }
}
