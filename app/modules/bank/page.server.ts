import { json } from "@remix-run/node";
import { readFormWithFiles, type UploadedFile } from "~/utils/files.server";
import { refuseForm } from "~/utils/forms.server";
import { AppError } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { BankActor } from "./access.server";
import { BANK_MESSAGES, STATEMENT_LIMITS, StatementError } from "./constants";
import { type ImportResult, importStatement } from "./import.server";

/*
 * A statement sent by the page's form or the API (multipart/form-data: "file" and an optional
 * "accountId"), read by the project's one upload reader (utils/files.server.ts) within the
 * statement's limit, after the caller's guard; then imported. What the page and the API answer.
 */

interface StatementUpload {
  file: UploadedFile | undefined;
  tooLarge: boolean;
  accountId: string | null;
}

export async function readStatementUpload(request: Request): Promise<StatementUpload> {
  const { form, upload } = await readFormWithFiles(request, {
    fields: ["file"],
    maxBytes: STATEMENT_LIMITS.maxBytes,
    maxFiles: 1,
  });
  const accountId = form.get("accountId");
  return {
    file: upload.files[0],
    tooLarge: upload.tooLarge.length > 0,
    accountId: typeof accountId === "string" && accountId ? accountId : null,
  };
}

/** Reads and imports: the result, or StatementError for a refused file. */
async function importUpload(actor: BankActor, upload: StatementUpload): Promise<ImportResult> {
  if (upload.tooLarge) throw new StatementError(BANK_MESSAGES.tooLarge, null, 413);
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
    if (error instanceof StatementError || (error instanceof AppError && error.status < 500)) {
      const status = error instanceof StatementError ? error.status : (error as AppError).status;
      return refuseForm(
        {
          formId: "upload",
          fieldErrors: { file: error.message },
          formError: error.message,
          repopulateFields: upload.accountId ? { accountId: upload.accountId } : {},
          focus: "file",
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
