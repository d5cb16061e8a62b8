import type { Kysely } from "kysely";
import {
  prefillFormValues,
  UBL_IMPORT_MESSAGES,
  UBL_MAX_BYTES,
  UblImportError,
  type UblPrefill,
  type UblReading,
} from "~/modules/einvoice/import";
import { readUblInvoiceOffThread } from "~/modules/einvoice/reader.server";
import {
  type CheckedReceipt,
  RECEIPT_MAX_BYTES,
  RECEIPTS_PER_UPLOAD,
} from "~/modules/expenses/attachments.server";
import { EXPENSE_FORM_ID } from "~/modules/expenses/schema";
import { type EcbRate, ecbRateToFill } from "~/modules/reference/ecb-rates.server";
import { AppError } from "~/utils/errors";
import { readFormWithFiles, sha256Hex, type UploadedFile } from "~/utils/files.server";
import type { FormAnswer } from "~/utils/forms";
import { typedValues } from "~/utils/forms.server";
import {
  type ExpenseFormOutcome,
  RECEIPT_FIELDS,
  saveExpenseForm,
} from "~/web/expenses/form.server";
import type { Database } from "~db/types";

/*
 * /expenses/add with «Импорт от електронна фактура (UBL)»: the one form posts either «Прочети
 * файла» (intent import-ubl: the XML is read, kept in stored_files by its SHA-256 and the form comes
 * back filled, nothing saved) or the save, which attaches the kept XML to the new expense, and the
 * PDF the e-invoice embeds, kept the same way (issue #42 item 11). A kept file no expense names is
 * removed by the hourly sweep of stored files.
 */

export const UBL_FIELD = "ubl";

export const UBL_FORM_MESSAGES = {
  imported: "Полетата са попълнени от електронната фактура. Проверете ги и запишете разхода.",
  gone: "Импортираният XML файл вече не е наличен: прочетете електронната фактура отново.",
  /** The e-invoice's supplier is the company itself (issue #31 item 11). */
  own: (company: string) =>
    `Това е фактура, издадена от вашата фирма (${company}): тя е продажба, а не разход. Запишете я като разход само ако наистина сте я платили на себе си.`,
} as const;

/**
 * The prefill with a warning first when the e-invoice's supplier is the company itself — its own
 * sales invoice, by ЕИК or VAT number (issue #31 item 11).
 */
export async function withOwnInvoiceWarning(
  db: Kysely<Database>,
  companyId: string,
  prefill: UblPrefill,
): Promise<UblPrefill> {
  const company = await db
    .selectFrom("companies")
    .select(["name", "eik", "vatNumber"])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  const vat = (value: string | null) => (value ?? "").replace(/\s/g, "").toUpperCase();
  const own =
    (prefill.supplierEik !== null && prefill.supplierEik === company.eik) ||
    (prefill.supplierVatNumber !== null &&
      vat(company.vatNumber) !== "" &&
      vat(prefill.supplierVatNumber) === vat(company.vatNumber));
  if (!own) return prefill;
  return { ...prefill, warnings: [UBL_FORM_MESSAGES.own(company.name), ...prefill.warnings] };
}

/**
 * The ECB's rate for an e-invoice in another currency than EUR and BGN (decision 051): that of its
 * tax point date, else its issue date, or the last one before it; null when there is none.
 */
export function ecbRateOfPrefill(
  db: Kysely<Database>,
  prefill: UblPrefill,
): Promise<EcbRate | null> {
  return ecbRateToFill(db, {
    currency: prefill.currency,
    eurRate: null,
    date: prefill.taxEventDate ?? prefill.documentDate,
  });
}

/**
 * POST /api/expenses/import-ubl's answer: the fields of POST /api/expenses, with the ECB's rate
 * filled in (eurRate, and eurRateNote saying its date and source) for a foreign currency.
 */
export async function expenseFromUbl(db: Kysely<Database>, companyId: string, read: UblPrefill) {
  const { warnings, ...prefill } = await withOwnInvoiceWarning(db, companyId, read);
  const ecb = await ecbRateOfPrefill(db, read);
  return {
    expense: { ...prefill, eurRate: ecb?.eurRate ?? null, eurRateNote: ecb?.note ?? null },
    warnings,
  };
}

export type ExpenseAddOutcome =
  | ExpenseFormOutcome
  | { saved: false; imported: true; answer: FormAnswer; warnings: string[]; status: 200 };

/**
 * Reads the uploaded e-invoice (at most 10 MB; its shape checked first, then parsed in a worker
 * thread): its prefill and embedded PDF, or UblImportError with its status.
 */
export async function importUblFile(
  file: UploadedFile | undefined,
  tooLarge: boolean,
): Promise<UblReading> {
  if (!file) {
    throw new UblImportError(tooLarge ? UBL_IMPORT_MESSAGES.tooLarge : UBL_IMPORT_MESSAGES.none);
  }
  if (file.bytes.byteLength > UBL_MAX_BYTES) throw new UblImportError(UBL_IMPORT_MESSAGES.tooLarge);
  return readUblInvoiceOffThread(file.bytes);
}

/**
 * Keeps an imported XML (or the PDF it embeds) until the expense is saved (stored once per company
 * by its SHA-256).
 */
async function keepXml(
  db: Kysely<Database>,
  companyId: string,
  bytes: Uint8Array,
  contentType: "application/xml" | "application/pdf" = "application/xml",
) {
  const sha256 = sha256Hex(bytes);
  await db
    .insertInto("storedFiles")
    .values({
      companyId,
      sha256,
      contentType,
      size: bytes.byteLength,
      data: bytes,
    })
    // Seen again: the sweep's hour starts anew.
    .onConflict((c) => c.columns(["companyId", "sha256"]).doUpdateSet({ createdAt: new Date() }))
    .execute();
  return sha256;
}

/** One kept file named by the form, of its type; AppError when it is gone. */
async function keptFile(
  db: Kysely<Database>,
  companyId: string,
  sha256: string,
  type: "application/xml" | "application/pdf",
  name: string,
): Promise<CheckedReceipt> {
  const row = /^[0-9a-f]{64}$/.test(sha256)
    ? await db
        .selectFrom("storedFiles")
        .select("data")
        .where("companyId", "=", companyId)
        .where("sha256", "=", sha256)
        .where("contentType", "=", type)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError(UBL_FORM_MESSAGES.gone, 400, { ubl: UBL_FORM_MESSAGES.gone });
  const extension = type === "application/xml" ? "xml" : "pdf";
  const clean = name.replace(/[\\/]/g, "_").slice(0, 200);
  return {
    fileName: new RegExp(`\\.${extension}$`, "i").test(clean) ? clean : `e-invoice.${extension}`,
    declaredType: type,
    bytes: Buffer.from(row.data),
    type,
  };
}

/**
 * The kept XML named by the form (ublFile) and the PDF it embeds (ublPdf), as receipts to attach;
 * AppError when one is gone.
 */
async function keptXml(
  db: Kysely<Database>,
  companyId: string,
  values: Record<string, string>,
): Promise<CheckedReceipt[]> {
  const xml = values.ublFile ?? "";
  if (!xml) return [];
  const files = [await keptFile(db, companyId, xml, "application/xml", values.ublFileName ?? "")];
  const pdf = values.ublPdf ?? "";
  if (pdf)
    files.push(await keptFile(db, companyId, pdf, "application/pdf", values.ublPdfName ?? ""));
  return files;
}

/** The add page's form: the import of an e-invoice (intent import-ubl) or the save. */
export async function submitExpenseAddForm(
  db: Kysely<Database>,
  request: Request,
  who: { companyId: string; userId: string },
): Promise<ExpenseAddOutcome> {
  // The e-invoice may be larger than a receipt (10 MB against 5 MB): the form is read to the larger
  // limit and a receipt over its own is refused as if it had been cut off.
  const { form, upload } = await readFormWithFiles(request, {
    fields: [...RECEIPT_FIELDS, UBL_FIELD],
    maxBytes: Math.max(RECEIPT_MAX_BYTES, UBL_MAX_BYTES),
    maxFiles: RECEIPTS_PER_UPLOAD + 1,
  });
  const ubl = upload.files.find((file) => file.field === UBL_FIELD);
  const sent = upload.files.filter((file) => file.field !== UBL_FIELD);
  const receipts = {
    ...upload,
    files: sent.filter((file) => file.bytes.byteLength <= RECEIPT_MAX_BYTES),
    tooLarge: [
      ...upload.tooLarge,
      ...sent.filter((file) => file.bytes.byteLength > RECEIPT_MAX_BYTES).map((f) => f.fileName),
    ],
  };
  const values = typedValues(form);
  for (const name of [...RECEIPT_FIELDS, UBL_FIELD, "intent"]) delete values[name];

  if (form.get("intent") === "import-ubl") {
    const answer = (fieldErrors: Record<string, string>, fields: Record<string, string>) => ({
      formId: EXPENSE_FORM_ID,
      fieldErrors,
      repopulateFields: fields,
      focus: fieldErrors.ubl ? UBL_FIELD : undefined,
      ...(fieldErrors.ubl && { formError: fieldErrors.ubl }),
    });
    try {
      const reading = await importUblFile(ubl, upload.tooLarge.length > 0);
      const prefill = await withOwnInvoiceWarning(db, who.companyId, reading.prefill);
      const fileId = await keepXml(db, who.companyId, ubl!.bytes);
      const ecb = await ecbRateOfPrefill(db, prefill);
      const pdfId = reading.pdf
        ? await keepXml(db, who.companyId, reading.pdf.bytes, "application/pdf")
        : "";
      return {
        saved: false,
        imported: true,
        status: 200,
        warnings: prefill.warnings,
        answer: answer(
          {},
          {
            ...values,
            ...prefillFormValues(prefill),
            ...(ecb && { eurRate: ecb.eurRate.replace(".", ","), eurRateNote: ecb.note }),
            ublFile: fileId,
            ublFileName: ubl!.fileName,
            ublPdf: pdfId,
            ublPdfName: reading.pdf?.fileName ?? "",
          },
        ),
      };
    } catch (error) {
      if (!(error instanceof UblImportError)) throw error;
      return {
        saved: false,
        status: error.status,
        answer: answer({ ubl: error.message }, values),
      };
    }
  }

  try {
    const extra = await keptXml(db, who.companyId, values);
    return await saveExpenseForm(db, { form, upload: receipts }, who, undefined, extra);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return {
      saved: false,
      status: error.status,
      answer: {
        formId: EXPENSE_FORM_ID,
        fieldErrors: error.fields ?? {},
        formError: error.message,
        repopulateFields: { ...values, ublFile: "", ublFileName: "", ublPdf: "", ublPdfName: "" },
        focus: UBL_FIELD,
      },
    };
  }
}
