import { type ActionFunctionArgs, json } from "@remix-run/node";
import { UBL_MAX_BYTES, UblImportError, type UblReading } from "~/modules/einvoice/import";
import { readBodyFile, readFormWithFiles } from "~/utils/files.server";
import { apiErrorResponse, jsonError, methodNotAllowed } from "~/utils/http.server";
import { expenseFromUbl, importUblFile } from "~/web/expenses/ubl-import.server";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

export const IMPORT_UBL_MESSAGES = {
  contentType:
    "Изпратете XML файла като multipart/form-data (поле file) или като тяло с Content-Type: application/xml",
} as const;

/**
 * POST /api/expenses/import-ubl — a supplier's e-invoice (UBL 2.1 Invoice or CreditNote, ≤ 10 MB) as
 * multipart/form-data (field "file") or as the raw body (application/xml) → 200 {expense, warnings,
 * attachment}: the fields of POST /api/expenses filled from it, nothing saved, and the PDF the
 * e-invoice embeds (base64, for POST /api/expenses/{id}/attachments) or null. 400 for a file that is
 * not a UBL e-invoice (or declares a DOCTYPE), 413 over 10 MB, 415 for another content type, 422 nested or
 * numbered past UBL_LIMITS (checked before parsing; the parsing runs in a worker thread), 503 when
 * the readers are busy or the reading overruns. A currency other than EUR and BGN comes with the
 * ECB's rate of its date filled in (eurRate, EUR per unit) and eurRateNote saying which (decision 051).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const companyId = await requireApiFeatureCompany(request, context, "expenses", "expenses.edit");
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  try {
    let reading: UblReading;
    if (type.startsWith("multipart/form-data")) {
      const { upload } = await readFormWithFiles(request, {
        fields: ["file", "files", "ubl"],
        maxBytes: UBL_MAX_BYTES,
        maxFiles: 1,
      });
      reading = await importUblFile(upload.files[0], upload.tooLarge.length > 0);
    } else if (/^(application|text)\/xml\b/.test(type)) {
      const upload = await readBodyFile(request, { maxBytes: UBL_MAX_BYTES });
      reading = await importUblFile(upload.files[0], upload.tooLarge.length > 0);
    } else {
      return jsonError(IMPORT_UBL_MESSAGES.contentType, 415);
    }
    const { expense, warnings } = await expenseFromUbl(context.db, companyId, reading.prefill);
    const { attachment, ...fields } = expense;
    const content = reading.pdf ? Buffer.from(reading.pdf.bytes).toString("base64") : null;
    return json({
      expense: fields,
      warnings,
      attachment: attachment && content !== null ? { ...attachment, content } : null,
    });
  } catch (error) {
    if (error instanceof UblImportError) {
      const retry = error.status === 503 ? { "Retry-After": "5" } : undefined;
      return jsonError(error.message, error.status, { file: error.message }, retry);
    }
    return apiErrorResponse(error);
  }
}
