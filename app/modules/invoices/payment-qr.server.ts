import QRCode from "qrcode";
import type { PrintLanguage } from "./print";

/*
 * The EPC QR code (European Payments Council, EPC069-12 «Quick Response Code: guidelines to enable
 * data capture for the initiation of a SEPA credit transfer», version 002; decision 068): the
 * payload a banking app reads to fill in a euro transfer — the company's BIC, name and IBAN, the
 * amount due and the document's number as the remittance text — drawn as a QR code of error
 * correction level M. One payload for the PDF, the document's page and the e-mail.
 */

/** The payload's limit in bytes (QR version 13 at level M). */
export const EPC_MAX_BYTES = 331;
const MAX_NAME = 70;
const MAX_TEXT = 140;
/** EPC069-12: 0.01 to 999 999 999.99 euro. */
const MAX_CENTS = 99_999_999_999;

const BIC = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** Text on one line: no line breaks or control characters (they are the payload's separators). */
const oneLine = (text: string) =>
  text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

/** At most `max` characters (whole code points: a letter is never cut in two). */
const cut = (text: string, max: number) => Array.from(text).slice(0, max).join("");

export interface EpcInput {
  bic: string | null;
  name: string;
  iban: string;
  amountCents: number;
  /** The unstructured remittance information (AT-05): the document's number. */
  text: string;
}

/**
 * The payload, fields in the standard's order separated by LF, nothing after the last one given:
 * BCD, 002, 1 (UTF-8), SCT, BIC (may be empty in version 002), name (≤ 70), IBAN, EUR and the
 * amount with a decimal point, purpose (empty), structured reference (empty), text (≤ 140).
 * Null when it cannot be written as the standard asks (no valid IBAN, an amount out of range).
 */
export function epcPayload(input: EpcInput): string | null {
  const iban = input.iban.replace(/\s+/g, "").toUpperCase();
  const bic = (input.bic ?? "").replace(/\s+/g, "").toUpperCase();
  const name = cut(oneLine(input.name), MAX_NAME);
  const text = cut(oneLine(input.text), MAX_TEXT);
  if (!IBAN.test(iban) || !name) return null;
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1) return null;
  if (input.amountCents > MAX_CENTS) return null;
  const amount = `${Math.floor(input.amountCents / 100)}.${String(input.amountCents % 100).padStart(2, "0")}`;
  const fields = [
    "BCD",
    "002",
    "1",
    "SCT",
    BIC.test(bic) ? bic : "",
    name,
    iban,
    `EUR${amount}`,
    "",
    "",
    text,
  ];
  const payload = fields.join("\n");
  return new TextEncoder().encode(payload).length <= EPC_MAX_BYTES ? payload : null;
}

/**
 * The QR code's dark modules as one SVG path in module units (a horizontal run a rectangle), and
 * its size in modules without the quiet zone (4 modules each side: the drawing's viewBox adds it).
 */
export function qrPath(payload: string): { size: number; path: string } {
  const qr = QRCode.create(payload, { errorCorrectionLevel: "M" });
  const { size, data } = qr.modules;
  let path = "";
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!data[y * size + x]) {
        x++;
        continue;
      }
      let run = 1;
      while (x + run < size && data[y * size + x + run]) run++;
      path += `M${x} ${y}h${run}v1h-${run}z`;
      x += run;
    }
  }
  return { size, path };
}

/** The QR code as a PNG (an e-mail's inline image: mail programs draw no SVG). */
export function qrPng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, { errorCorrectionLevel: "M", type: "png", margin: 4, scale: 5 });
}

/** What a document needs for its code. */
export interface PayableDocument {
  type: "invoice" | "proforma" | "credit_note" | "debit_note";
  status: "draft" | "issued" | "cancelled";
  number: string | null;
  currency: string;
  paymentMethod: string;
  language: PrintLanguage;
  dueCents: number;
}

const TITLES = {
  invoice: ["Фактура", "Invoice"],
  proforma: ["Проформа фактура", "Proforma invoice"],
  debit_note: ["Дебитно известие", "Debit note"],
} as const;

/**
 * The payload for an issued euro invoice, debit note or proforma to be paid by bank transfer
 * with an amount due and the company's IBAN; null for any other (a credit note is not paid, a
 * draft is not asked to be, a document in another currency cannot be paid by SEPA in euro).
 */
export function documentPayload(
  doc: PayableDocument,
  supplier: { name: string; bankIban: string | null; bankBic: string | null },
): string | null {
  if (doc.type === "credit_note" || doc.status !== "issued" || !doc.number) return null;
  if (doc.currency !== "EUR" || doc.paymentMethod !== "bank" || !supplier.bankIban) return null;
  if (doc.dueCents <= 0) return null;
  const [bg, en] = TITLES[doc.type];
  return epcPayload({
    bic: supplier.bankBic,
    name: supplier.name,
    iban: supplier.bankIban,
    amountCents: doc.dueCents,
    text: `${doc.language === "en" ? `${en} No.` : `${bg} №`} ${doc.number}`,
  });
}
