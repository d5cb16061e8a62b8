import { EINVOICE_MESSAGES, type EInvoiceInvalidError } from "~/modules/einvoice/ubl.server";
import { pdfDisposition, pdfFileName } from "~/modules/invoices/render.server";
import { contentDisposition } from "~/utils/content-disposition";
import type { DocumentRow } from "~db/types";

/** A document's PDF as a download (or shown inline), with its SHA-256 as the ETag. */
export function pdfResponse(
  doc: Pick<DocumentRow, "type" | "number" | "language">,
  pdf: { data: Buffer; sha256: string },
  inline = false,
) {
  return new Response(new Uint8Array(pdf.data), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": pdfDisposition(doc, inline),
      "Content-Length": String(pdf.data.length),
      ETag: `"${pdf.sha256}"`,
      "Cache-Control": "private, no-cache",
    },
  });
}

const ASCII_TITLES: Record<DocumentRow["type"], string> = {
  invoice: "Invoice",
  proforma: "Proforma",
  credit_note: "Credit-note",
  debit_note: "Debit-note",
};

/** "Фактура-0000000001.xml" as an attachment (RFC 6266/5987, with an ASCII fallback). */
export function ublResponse(doc: Pick<DocumentRow, "type" | "number" | "language">, xml: string) {
  const name = pdfFileName(doc).replace(/\.pdf$/, ".xml");
  const ascii = `${ASCII_TITLES[doc.type]}-${doc.number ?? "draft"}.xml`;
  const bytes = new TextEncoder().encode(xml);
  return new Response(bytes, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": contentDisposition(name, "attachment", ascii),
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-cache",
    },
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The refusal shown in the browser: a small page listing what is missing, with the way back. */
export function invalidEInvoicePage(docId: string, error: EInvoiceInvalidError) {
  const items = error.problems
    .map((p) => `<li>${escapeHtml(p.message)} <small>(${escapeHtml(p.id)})</small></li>`)
    .join("");
  const html = `<!doctype html><html lang="bg"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Електронната фактура не може да бъде създадена | Сметка</title></head><body><main><h1>Електронната фактура не може да бъде създадена</h1><p>${escapeHtml(EINVOICE_MESSAGES.invalid)} Данните на доставчика и клиента са такива, каквито са били при издаването.</p><ul>${items}</ul><p><a href="/invoice/${escapeHtml(docId)}">« Към документа</a></p></main></body></html>`;
  return new Response(html, {
    status: 422,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
