import { countryByCode } from "~/modules/reference/countries";
import { CURRENCIES } from "~/modules/reference/currencies";
import { isIsoDate } from "~/utils/dates";
import { centsToDecimal, parseDecimal } from "~/utils/money";
import {
  all,
  first,
  hasDoctype,
  kids,
  parseXml,
  textAt,
  UBL_NS,
  type XmlElement,
  xmlShapeProblem,
} from "./xml";

/*
 * A supplier's e-invoice (UBL 2.1 Invoice or CreditNote, EN 16931 / Peppol BIS 3.0) read into what
 * the expense form needs: the supplier, the document, and the bases and VAT per rate from the VAT
 * breakdown. Nothing here is stored; the person checks the form and saves it.
 */

/**
 * What an e-invoice may be to be imported, checked in this order before any parser sees it: its
 * size, then (by a linear look at its tags) its nesting, its number of elements and the length of
 * a tag with its attributes. A real UBL invoice nests about a dozen levels and has a few thousand
 * elements; a Peppol invoice that embeds its PDF (base64, in one element's text) is 2–5 MB. The
 * reading itself runs in a worker thread (reader.server.ts), stopped after `parseTimeoutMs`.
 */
export const UBL_LIMITS = {
  /** 10 MB (issue #42 item 11). */
  maxBytes: 10_485_760,
  maxDepth: 100,
  maxElements: 50_000,
  /** One tag with its attributes, in characters. */
  maxTagChars: 65_536,
  /** The embedded PDF kept as the expense's attachment, decoded: the receipts' 5 MB. */
  maxPdfBytes: 5_242_880,
  /** Time for one file's reading in the worker, from the call (waiting for a thread included). */
  parseTimeoutMs: 10_000,
  /** Threads reading e-invoices, at most (fewer on a machine with fewer cores). */
  threads: 2,
  /** Files waiting for a thread, at most, per thread; beyond it the call is refused (503). */
  queuePerThread: 16,
} as const;

/** The largest e-invoice accepted for import: 10 MB. */
export const UBL_MAX_BYTES = UBL_LIMITS.maxBytes;

export const UBL_IMPORT_MESSAGES = {
  none: "Изберете XML файла на електронната фактура",
  tooLarge: "Файлът е твърде голям: електронната фактура е до 10 MB",
  doctype:
    "Файлът съдържа DOCTYPE или ENTITY декларации и не се приема (възможна атака). Изтеглете фактурата отново от доставчика.",
  encoding: "Файлът не е в UTF-8 и не може да бъде прочетен",
  notXml: "Файлът не е валиден XML",
  tooDeep: `Файлът е твърде сложен: елементите са вложени на повече от ${UBL_LIMITS.maxDepth} нива`,
  tooMany: `Файлът е твърде сложен: съдържа повече от ${String(UBL_LIMITS.maxElements).replace(/\B(?=(\d{3})+$)/g, " ")} елемента`,
  longTag: "Файлът е твърде сложен: таг с атрибутите си е по-дълъг от 64 KB",
  tooHeavy: "Файлът е твърде сложен: прочитането му изисква повече памет, отколкото е разрешено",
  busy: "Сървърът чете много електронни фактури в момента. Опитайте отново след малко.",
  timeout: "Електронната фактура не можа да бъде прочетена навреме. Опитайте отново.",
  notUbl: "Файлът не е електронна фактура по UBL 2.1 (Invoice или CreditNote)",
  missing: (what: string) => `В електронната фактура липсва ${what}`,
  currency: (code: string) => `Валутата ${code} не се поддържа`,
  amount: (what: string) => `Невалидна сума в електронната фактура: ${what}`,
} as const;

/**
 * An e-invoice that cannot be imported, with the Bulgarian reason and its HTTP status: 400 not a
 * UBL e-invoice, 413 too large, 422 too complex, 503 the readers busy or too slow.
 */
export class UblImportError extends Error {
  override name = "UblImportError";
  constructor(
    message: string,
    public status: 400 | 413 | 422 | 503 = message === UBL_IMPORT_MESSAGES.tooLarge ? 413 : 400,
  ) {
    super(message);
  }
}

/** A rate's row of the expense (20, 9, 0 or none), amounts as decimal strings ("120.50"). */
export interface ImportedAmount {
  vatRate: 20 | 9 | 0 | null;
  base: string;
  vat: string;
}

export interface UblPrefill {
  supplierName: string;
  /** A Bulgarian supplier's ЕИК/Булстат only (its country BG, or a BG VAT number). */
  supplierEik: string | null;
  supplierVatNumber: string | null;
  /** A foreign supplier's registration number (PartyLegalEntity/CompanyID), as written. */
  supplierCompanyId: string | null;
  supplierAddress: string | null;
  documentType: "invoice" | "credit_note" | "debit_note";
  documentNumber: string;
  documentDate: string;
  taxEventDate: string | null;
  dueDate: string | null;
  currency: string;
  description: string;
  amounts: ImportedAmount[];
  /** What the form cannot hold as it was sent (e.g. a foreign VAT rate), for the person to check. */
  warnings: string[];
  /** The PDF the e-invoice embeds, kept as the expense's attachment: its name and size. */
  attachment: { fileName: string; contentType: "application/pdf"; size: number } | null;
}

/** The PDF an e-invoice embeds (cac:AdditionalDocumentReference), decoded and checked. */
export interface EmbeddedPdf {
  fileName: string;
  bytes: Uint8Array;
}

/** What the reader makes of a file: the form's fields, and the embedded PDF if it has one. */
export interface UblReading {
  prefill: UblPrefill;
  pdf: EmbeddedPdf | null;
}

const RATE_KEYS = [20, 9, 0, null] as const;
const SUPPORTED_CURRENCIES = new Set<string>(["BGN", ...CURRENCIES]);

/** A VAT number as the expense form takes it: no spaces, upper case, Greece as EL. */
function normaliseVat(value: string | undefined): string | null {
  if (!value) return null;
  const compact = value.replace(/[\s.-]/g, "").toUpperCase();
  return compact.startsWith("GR") ? `EL${compact.slice(2)}` : compact.slice(0, 30);
}

function addressOf(party: XmlElement | undefined): string | null {
  const address = first(party, "cac:PostalAddress");
  if (!address) return null;
  const code = textAt(address, "cac:Country", "cbc:IdentificationCode");
  const country = code ? (countryByCode(code.toUpperCase())?.nameBg ?? code) : undefined;
  const place = [textAt(address, "cbc:PostalZone"), textAt(address, "cbc:CityName")]
    .filter(Boolean)
    .join(" ");
  const parts = [
    textAt(address, "cbc:StreetName"),
    textAt(address, "cbc:AdditionalStreetName"),
    ...all(address, "cac:AddressLine", "cbc:Line").map((line) => line.text.trim()),
    place,
    code === "BG" ? undefined : country,
  ].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(", ").slice(0, 300) : null;
}

/** Cents of an amount (two decimals at most); UblImportError naming it otherwise. */
function cents(element: XmlElement | undefined, what: string): number {
  const value = element ? parseDecimal(element.text.trim(), 2) : null;
  if (value === null) throw new UblImportError(UBL_IMPORT_MESSAGES.amount(what));
  return Number(value);
}

const date = (value: string | undefined) => (value && isIsoDate(value) ? value : null);

/**
 * The text of an uploaded file: UTF-8 (a BOM is dropped), refused when it declares a DTD, nests
 * deeper or has more elements than UBL_LIMITS allow (all in one linear pass, no parsing).
 */
export function ublText(bytes: Uint8Array): string {
  if (bytes.byteLength > UBL_MAX_BYTES) throw new UblImportError(UBL_IMPORT_MESSAGES.tooLarge);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new UblImportError(UBL_IMPORT_MESSAGES.encoding);
  }
  if (hasDoctype(text)) throw new UblImportError(UBL_IMPORT_MESSAGES.doctype);
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(text)?.[1];
  if (declared && !/^utf-?8$/i.test(declared))
    throw new UblImportError(UBL_IMPORT_MESSAGES.encoding);
  const problem = xmlShapeProblem(text, UBL_LIMITS);
  if (problem === "depth") throw new UblImportError(UBL_IMPORT_MESSAGES.tooDeep, 422);
  if (problem === "elements") throw new UblImportError(UBL_IMPORT_MESSAGES.tooMany, 422);
  if (problem === "tag") throw new UblImportError(UBL_IMPORT_MESSAGES.longTag, 422);
  if (problem === "malformed") throw new UblImportError(UBL_IMPORT_MESSAGES.notXml);
  return text;
}

/**
 * Reads a supplier's UBL Invoice or CreditNote into the expense form's fields, here and now. The
 * routes call `readUblInvoiceOffThread` (reader.server.ts), which checks the same and reads in a
 * worker thread.
 */
export function readUblInvoice(bytes: Uint8Array): UblPrefill {
  return readUblText(ublText(bytes));
}

/** Reads the text of an e-invoice already passed by `ublText` (its DTD, nesting and size). */
export function readUblText(text: string): UblPrefill {
  return readUblDocument(text).prefill;
}

const PDF_MESSAGES = {
  tooLarge: (name: string) =>
    `Приложеният към фактурата PDF (${name}) е над 5 MB и не е запазен: приложете го към разхода отделно.`,
  notPdf: (name: string) =>
    `Приложеният към фактурата файл ${name} не е PDF (не започва с %PDF) и не е запазен.`,
} as const;

/**
 * The first PDF the e-invoice embeds (BG-24: cac:AdditionalDocumentReference/cac:Attachment/
 * cbc:EmbeddedDocumentBinaryObject, mimeCode application/pdf, base64): decoded, its size within
 * UBL_LIMITS.maxPdfBytes and its content starting with %PDF; a warning instead when it is not.
 */
function embeddedPdf(
  root: XmlElement,
  documentNumber: string,
  warnings: string[],
): EmbeddedPdf | null {
  const object = all(
    root,
    "cac:AdditionalDocumentReference",
    "cac:Attachment",
    "cbc:EmbeddedDocumentBinaryObject",
  ).find((element) => element.attrs.mimeCode?.trim().toLowerCase() === "application/pdf");
  if (!object) return null;
  const given = (object.attrs.filename ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001F\u007F\u202A-\u202E\u2066-\u2069/\\]/g, "_")
    .trim()
    .slice(0, 200);
  const name = /\.pdf$/i.test(given)
    ? given
    : `${given || documentNumber.replace(/[^\w.-]/g, "_")}.pdf`;
  const base64 = object.text.replace(/\s/g, "");
  // The decoded size from the text's length, before decoding anything.
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  if ((base64.length / 4) * 3 - padding > UBL_LIMITS.maxPdfBytes) {
    warnings.push(PDF_MESSAGES.tooLarge(name));
    return null;
  }
  const bytes = /^[A-Za-z0-9+/]*={0,2}$/.test(base64) ? Buffer.from(base64, "base64") : null;
  if (bytes?.subarray(0, 5).toString("latin1") !== "%PDF-") {
    warnings.push(PDF_MESSAGES.notPdf(name));
    return null;
  }
  return {
    fileName: name,
    bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  };
}

/** Reads an e-invoice's text into the form's fields and its embedded PDF (in the worker). */
export function readUblDocument(text: string): UblReading {
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (error) {
    // A stack overflow on absurdly deep nesting is just bad XML too.
    throw new UblImportError(
      (error as Error).message === "DOCTYPE"
        ? UBL_IMPORT_MESSAGES.doctype
        : UBL_IMPORT_MESSAGES.notXml,
    );
  }
  const isInvoice = root.ns === UBL_NS.invoice && root.name === "Invoice";
  const isCredit = root.ns === UBL_NS.creditNote && root.name === "CreditNote";
  if (!isInvoice && !isCredit) throw new UblImportError(UBL_IMPORT_MESSAGES.notUbl);

  const typeCode = textAt(root, isCredit ? "cbc:CreditNoteTypeCode" : "cbc:InvoiceTypeCode");
  const documentType =
    isCredit || typeCode === "381" ? "credit_note" : typeCode === "383" ? "debit_note" : "invoice";
  const documentNumber = textAt(root, "cbc:ID");
  if (!documentNumber)
    throw new UblImportError(UBL_IMPORT_MESSAGES.missing("номерът на документа"));
  const documentDate = date(textAt(root, "cbc:IssueDate"));
  if (!documentDate) throw new UblImportError(UBL_IMPORT_MESSAGES.missing("датата на издаване"));
  const currency = textAt(root, "cbc:DocumentCurrencyCode")?.toUpperCase();
  if (!currency) throw new UblImportError(UBL_IMPORT_MESSAGES.missing("валутата"));
  if (!SUPPORTED_CURRENCIES.has(currency)) {
    throw new UblImportError(UBL_IMPORT_MESSAGES.currency(currency.slice(0, 10)));
  }

  const party = first(root, "cac:AccountingSupplierParty", "cac:Party");
  const supplierName =
    textAt(party, "cac:PartyLegalEntity", "cbc:RegistrationName") ??
    textAt(party, "cac:PartyName", "cbc:Name");
  if (!supplierName) throw new UblImportError(UBL_IMPORT_MESSAGES.missing("името на доставчика"));
  const vat = normaliseVat(
    all(party, "cac:PartyTaxScheme")
      .find((scheme) => textAt(scheme, "cac:TaxScheme", "cbc:ID")?.toUpperCase() === "VAT")
      ?.children.find((c) => c.ns === UBL_NS.cbc && c.name === "CompanyID")
      ?.text.trim(),
  );
  const legalId = textAt(party, "cac:PartyLegalEntity", "cbc:CompanyID")?.replace(/\s/g, "");
  // The registration number is an ЕИК only for a Bulgarian supplier (its address in Bulgaria, or
  // a BG VAT number; neither given: as before, by the number alone). A foreign company's number
  // (a Norwegian 999888777) is its own (issue #42 item 12).
  const country = textAt(
    party,
    "cac:PostalAddress",
    "cac:Country",
    "cbc:IdentificationCode",
  )?.toUpperCase();
  const bulgarian = country === "BG" || Boolean(vat?.startsWith("BG")) || (!country && !vat);
  // A Bulgarian company's VAT number is BG + its ЕИК.
  const eik = !bulgarian
    ? null
    : legalId && /^\d{9,13}$/.test(legalId)
      ? legalId
      : vat && /^BG\d{9}$/.test(vat)
        ? vat.slice(2)
        : null;
  const companyId = !bulgarian && legalId ? legalId.slice(0, 50) : null;

  // The breakdown in the document's currency (a second TaxTotal in the VAT currency has none).
  const taxTotal = kids(root, "cac:TaxTotal").find((t) => kids(t, "cac:TaxSubtotal").length);
  const subtotals = kids(taxTotal, "cac:TaxSubtotal");
  if (!subtotals.length) throw new UblImportError(UBL_IMPORT_MESSAGES.missing("разбивката на ДДС"));
  const rows = new Map<number | null, { base: number; vat: number }>();
  const warnings: string[] = [];
  for (const subtotal of subtotals) {
    const category = textAt(subtotal, "cac:TaxCategory", "cbc:ID")?.toUpperCase() ?? "";
    const percent = Number(textAt(subtotal, "cac:TaxCategory", "cbc:Percent") ?? "0");
    // A category may be negative (a returned deposit on an invoice, issue #42 item 9): its row is.
    let base = cents(first(subtotal, "cbc:TaxableAmount"), "данъчна основа");
    let tax = cents(first(subtotal, "cbc:TaxAmount"), "ДДС");
    let key: number | null;
    if (category === "S" && (percent === 20 || percent === 9)) key = percent;
    else if (category === "E" || category === "O") key = null;
    else if ((category === "S" && percent > 0) || tax !== 0) {
      // A rate the Bulgarian form has not (another country's VAT, or VAT of another category such
      // as Italy's split payment B): its VAT is part of the cost.
      warnings.push(
        `ДДС по ставка ${percent} % (${centsToDecimal(tax)}) не е български и е добавен към сумата «Без ДДС».`,
      );
      key = null;
      base += tax;
      tax = 0;
    } else key = 0;
    const row = rows.get(key) ?? { base: 0, vat: 0 };
    rows.set(key, { base: row.base + base, vat: row.vat + tax });
  }
  // A document whose total is negative (a correction: EN 16931 and Peppol allow an Invoice with a
  // negative amount due) is kept as the opposite note with the amounts' signs turned, as an
  // expense's credit note holds positive amounts (issue #42 item 10).
  let total = 0;
  for (const row of rows.values()) total += row.base + row.vat;
  const sign = total < 0 ? -1 : 1;
  if (sign < 0) {
    warnings.push(
      documentType === "credit_note"
        ? "Кредитното известие е с отрицателна сума: записва се като дебитно известие с положителни суми."
        : `${documentType === "debit_note" ? "Дебитното известие" : "Фактурата"} е с отрицателна сума (корекция): записва се като кредитно известие с положителни суми.`,
    );
  }
  const kind =
    sign > 0 ? documentType : documentType === "credit_note" ? "debit_note" : "credit_note";
  const amounts = RATE_KEYS.filter((key) => rows.has(key))
    .map((key) => ({ key, base: sign * rows.get(key)!.base, vat: sign * rows.get(key)!.vat }))
    .map((row) => ({
      vatRate: row.key,
      base: centsToDecimal(row.base),
      vat: centsToDecimal(row.vat),
    }));

  const lineNames = kids(root, isCredit ? "cac:CreditNoteLine" : "cac:InvoiceLine")
    .map((line) => textAt(line, "cac:Item", "cbc:Name"))
    .filter((name): name is string => Boolean(name));
  let description = lineNames.slice(0, 3).join("; ");
  if (lineNames.length > 3) description += ` и още ${lineNames.length - 3}`;
  description = (
    description ||
    `${kind === "credit_note" ? "Кредитно известие" : kind === "debit_note" ? "Дебитно известие" : "Фактура"} № ${documentNumber}`
  ).slice(0, 500);

  const pdf = embeddedPdf(root, documentNumber, warnings);
  const prefill: UblPrefill = {
    supplierName: supplierName.slice(0, 200),
    supplierEik: eik,
    supplierVatNumber: vat,
    supplierCompanyId: companyId,
    supplierAddress: addressOf(party),
    documentType: kind,
    documentNumber: documentNumber.slice(0, 50),
    documentDate,
    taxEventDate: date(textAt(root, "cbc:TaxPointDate")),
    dueDate: date(
      textAt(root, "cbc:DueDate") ?? textAt(root, "cac:PaymentMeans", "cbc:PaymentDueDate"),
    ),
    currency,
    description,
    amounts,
    warnings,
    attachment: pdf
      ? { fileName: pdf.fileName, contentType: "application/pdf", size: pdf.bytes.byteLength }
      : null,
  };
  return { prefill, pdf };
}

/** The prefill as the expense form's fields (decimal commas, as people type them). */
export function prefillFormValues(prefill: UblPrefill): Record<string, string> {
  const comma = (value: string) => value.replace(".", ",");
  const values: Record<string, string> = {
    supplierId: "",
    supplierName: prefill.supplierName,
    supplierEik: prefill.supplierEik ?? "",
    supplierVatNumber: prefill.supplierVatNumber ?? "",
    supplierCompanyId: prefill.supplierCompanyId ?? "",
    supplierAddress: prefill.supplierAddress ?? "",
    documentType: prefill.documentType,
    documentNumber: prefill.documentNumber,
    documentDate: prefill.documentDate,
    taxEventDate: prefill.taxEventDate ?? "",
    description: prefill.description,
    currency: prefill.currency,
  };
  if (prefill.dueDate) {
    values.dueDate = prefill.dueDate;
    values.paid = "no";
  }
  for (const key of ["20", "9", "0", "none"]) {
    values[`amounts[${key}][base]`] = "";
    values[`amounts[${key}][vat]`] = "";
  }
  for (const row of prefill.amounts) {
    const key = row.vatRate === null ? "none" : String(row.vatRate);
    values[`amounts[${key}][base]`] = comma(row.base);
    if (row.vatRate) values[`amounts[${key}][vat]`] = comma(row.vat);
  }
  return values;
}
