import { button, escapeHtml } from "./html.server";

/*
 * What a document's mail says of paying it: the EPC QR code (decision 068) and «Плати с карта»
 * (decision 071), as HTML, text and attachments for the document's mail and its reminder.
 */

/** A document's payment QR code in a mail (decision 068): its PNG and the words beside it. */
export interface MailPaymentQr {
  png: Buffer;
  title: string;
  lines: string[];
}

const QR_CID = "payment-qr@smetka";

/**
 * «Плати с карта» in a document's mail (decision 071): a button to the client's portal, where
 * the document's amount due is paid by card; the caller words it in the document's language.
 */
export interface MailPayLink {
  href: string;
  /** The button: «Плати с карта». */
  label: string;
  /** The sentence above it: «Можете да платите 120,00 € с карта през портала на …». */
  lead: string;
}

/** The pay-by-card button and its words; nothing without a link. */
export function payLinkParts(link: MailPayLink | null | undefined) {
  if (!link) return { html: "", text: "" };
  return {
    html: `\n<p>${escapeHtml(link.lead)}</p>\n${button(link.href, link.label)}`,
    text: `\n${link.lead}\n${link.label}: ${link.href}\n`,
  };
}

/** The QR code as an inline image under the text, and its attachment; nothing without one. */
export function qrParts(qr: MailPaymentQr | null | undefined) {
  if (!qr) return { html: "", text: "", attachments: [] };
  const words = [qr.title, ...qr.lines];
  return {
    html: `\n<p><img src="cid:${QR_CID}" alt="${escapeHtml(`${qr.title}: ${qr.lines.at(-1) ?? ""}`)}" width="160" height="160" style="display:block;width:160px;height:160px;border:0"></p>\n<p>${words.map(escapeHtml).join("<br>")}</p>`,
    text: `\n${words.join("\n")}\n`,
    attachments: [
      { filename: "QR-плащане.png", content: qr.png, contentType: "image/png", cid: QR_CID },
    ],
  };
}
