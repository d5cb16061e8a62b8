import { createHash } from "node:crypto";
import type { PrintLanguage } from "~/modules/invoices/print";
import { offerPdfDisposition } from "~/modules/offers/print.server";

/** An offer's (or a delivery document's) PDF as a download or shown inline, never cached shared. */
export function offerPdfResponse(
  offer: { number: string; language: PrintLanguage },
  pdf: Buffer,
  inline = false,
  disposition = offerPdfDisposition(offer, inline),
) {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": disposition,
      "Content-Length": String(pdf.length),
      ETag: `"${createHash("sha256").update(pdf).digest("hex")}"`,
      "Cache-Control": "private, no-cache",
    },
  });
}
