import { createHash } from "node:crypto";
import type { PrintLanguage } from "~/modules/invoices/print";
import { contentDisposition } from "~/utils/content-disposition";

/** An offer's (or a delivery document's) PDF as a download or shown inline, never cached shared. */
export function offerPdfResponse(
  offer: { number: string; language: PrintLanguage },
  pdf: Buffer,
  inline = false,
  file: { fileName: string; asciiName: string } = {
    fileName: `${offer.language === "en" ? "Offer" : "Оферта"}-${offer.number}.pdf`,
    asciiName: `Offer-${offer.number}.pdf`,
  },
) {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(
        file.fileName,
        inline ? "inline" : "attachment",
        file.asciiName,
      ),
      "Content-Length": String(pdf.length),
      ETag: `"${createHash("sha256").update(pdf).digest("hex")}"`,
      "Cache-Control": "private, no-cache",
    },
  });
}
