import { type ActionFunctionArgs, json } from "@remix-run/node";
import { answer, decimal, describeApi, errors, refusal, z } from "~/modules/api/describe";
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

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  post: {
    summary:
      "Reads a supplier's e-invoice (UBL 2.1 Invoice or CreditNote, at most 10 MB; a DOCTYPE is refused) into the fields of POST /api/expenses — nothing is saved",
    request: {
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: z.object({ file: z.string().openapi({ format: "binary" }) }),
          },
          "application/xml": { schema: z.string() },
        },
      },
    },
    responses: {
      "200": answer(
        "The expense's fields (amounts per VAT rate from the VAT breakdown: 20, 9, 0 for zero-rated, intra-Community, export and reverse charge, null for exempt and outside the scope) and what to check",
        z.object({
          expense: z.object({
            supplierName: z.string().optional(),
            supplierEik: z.string().nullable().optional(),
            supplierVatNumber: z.string().nullable().optional(),
            supplierCompanyId: z
              .string()
              .nullable()
              .describe(
                "A foreign supplier's registration number (PartyLegalEntity/CompanyID); a Bulgarian supplier's is supplierEik",
              )
              .optional(),
            supplierAddress: z.string().nullable().optional(),
            documentType: z.enum(["invoice", "credit_note", "debit_note"]).optional(),
            documentNumber: z.string().optional(),
            documentDate: z.string().date().optional(),
            taxEventDate: z.string().date().nullable().optional(),
            dueDate: z.string().date().nullable().optional(),
            currency: z.string().openapi({ example: "EUR" }).optional(),
            eurRate: decimal()
              .nullable()
              .describe(
                "EUR per unit: the ECB's reference rate of the e-invoice's tax point (or issue) date, or the last one before it; null for EUR and BGN or when the ECB has none",
              )
              .openapi({ example: "0.13408061" })
              .optional(),
            eurRateNote: z
              .string()
              .nullable()
              .openapi({ example: "Курс на ЕЦБ от 27.11.2026: 1 EUR = 7,4582 DKK" })
              .optional(),
            description: z.string().optional(),
            amounts: z
              .array(
                z.object({
                  vatRate: z
                    .number()
                    .int()
                    .nullable()
                    .openapi({ enum: [20, 9, 0, null] })
                    .optional(),
                  base: decimal().openapi({ example: "100.00" }).optional(),
                  vat: decimal().openapi({ example: "20.00" }).optional(),
                }),
              )
              .optional(),
          }),
          warnings: z.array(z.string()),
          attachment: z
            .object({
              fileName: z.string().optional(),
              contentType: z.enum(["application/pdf"]).optional(),
              size: z.number().int().optional(),
              content: z.string().openapi({ format: "byte" }).optional(),
            })
            .nullable()
            .describe(
              "The PDF the e-invoice embeds (at most 5 MB, starting with %PDF), to attach with POST /api/expenses/{id}/attachments; null when it has none",
            ),
        }),
      ),
      "400": refusal(
        "Not a UBL e-invoice, not well-formed, with a DOCTYPE, or missing what an expense needs",
      ),
      "401": errors["401"],
      "403": refusal("The plan has no expenses"),
      "413": refusal("Over 10 MB"),
      "415": refusal("Neither multipart/form-data nor application/xml"),
      "422": refusal(
        "Too complex: nested deeper than 100 levels or more than 50,000 elements (checked before parsing)",
      ),
      "503": refusal("The e-invoice readers are busy or the reading overran; Retry-After is set"),
    },
  },
}));
