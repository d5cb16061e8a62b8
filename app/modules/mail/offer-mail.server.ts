import { escapeHtml } from "./html.server";
import type { MailMessage } from "./mailer.server";
import { type MailPayLink, payLinkParts } from "./payment-parts.server";
import { layout, type MailBrand } from "./templates.server";

/*
 * An offer sent to its client (issue #48 item 1, decision 077): its PDF attached, the offer's
 * value and «Валидна до», and a button to answer it in the client's portal — in the offer's
 * language: Bulgarian, English, or both (Bulgarian first). As a document's e-mail, the sender's
 * own short message stands in for the greeting and the sign-off.
 */

export interface OfferMailText {
  number: string;
  /** The company's name, and its English name for an English or bilingual offer (when it has one). */
  companyName: string;
  companyNameEn: string;
  total: { bg: string; en: string };
  validUntil: string;
  language: "bg" | "en" | "bilingual";
  message?: string | null;
}

/** The words «Отговорете на офертата» / «Answer the offer» of the portal button. */
export const ANSWER_OFFER = { bg: "Отговорете на офертата", en: "Answer the offer" } as const;

function bgFacts(input: OfferMailText) {
  return [
    `Изпращаме ви оферта № ${input.number} от ${input.companyName}. Офертата е приложена като PDF.`,
    `Обща стойност: ${input.total.bg}. Офертата е валидна до ${input.validUntil} включително.`,
  ];
}

function enFacts(input: OfferMailText) {
  return [
    `Please find attached offer № ${input.number} from ${input.companyNameEn}.`,
    `Total: ${input.total.en}. The offer is valid until ${input.validUntil} inclusive.`,
  ];
}

/** The subject and paragraphs of an offer's e-mail, as sent and as the send form previews it. */
export function offerMailText(input: OfferMailText): { subject: string; paragraphs: string[] } {
  const bgSubject = `Оферта № ${input.number} от ${input.companyName}`;
  const enSubject = `Offer № ${input.number} from ${input.companyNameEn}`;
  const own = input.message?.trim() ?? "";
  if (input.language === "en") {
    const facts = enFacts(input);
    return {
      subject: enSubject,
      paragraphs: own
        ? [own, ...facts]
        : ["Hello,", ...facts, `Kind regards,\n${input.companyNameEn}`],
    };
  }
  if (input.language === "bg") {
    const facts = bgFacts(input);
    return {
      subject: bgSubject,
      paragraphs: own
        ? [own, ...facts]
        : ["Здравейте,", ...facts, `Поздрави,\n${input.companyName}`],
    };
  }
  const facts = [...bgFacts(input), ...enFacts(input)];
  return {
    subject: `${bgSubject} / ${enSubject}`,
    paragraphs: own
      ? [own, ...facts]
      : ["Здравейте, / Hello,", ...facts, `Поздрави, / Kind regards,\n${input.companyName}`],
  };
}

/** The portal button's words in the offer's language(s). */
export function answerLinkWords(language: OfferMailText["language"], href: string): MailPayLink {
  const bg = "Можете да приемете или откажете офертата в портала за клиента:";
  const en = "You can accept or decline the offer in the client portal:";
  return {
    href,
    label:
      language === "bg"
        ? ANSWER_OFFER.bg
        : language === "en"
          ? ANSWER_OFFER.en
          : `${ANSWER_OFFER.bg} / ${ANSWER_OFFER.en}`,
    lead: language === "bg" ? bg : language === "en" ? en : `${bg} / ${en}`,
  };
}

/**
 * The offer's e-mail: from the company's name (MAIL_FROM's address), replies to the company, a
 * hidden copy to the sender when asked, the PDF attached and the portal's «Отговорете на офертата».
 */
export function offerMail(
  input: MailBrand &
    OfferMailText & {
      to: string;
      replyTo: string;
      pdf: { filename: string; content: Buffer };
      copyTo?: string | null;
      answerLink: MailPayLink | null;
    },
): MailMessage {
  const { subject, paragraphs } = offerMailText(input);
  const link = payLinkParts(input.answerLink);
  const bgFooter = `Изпратено чрез Сметка от името на ${input.companyName}. Отговорете на писмото, за да се свържете с тях.`;
  const enFooter = `Sent with Smetka on behalf of ${input.companyNameEn}. Reply to this message to reach them.`;
  return {
    to: input.to,
    replyTo: input.replyTo,
    fromName: input.language === "en" ? input.companyNameEn : input.companyName,
    ...(input.copyTo ? { bcc: input.copyTo } : {}),
    subject,
    text: `${paragraphs.join("\n\n")}\n${link.text}`,
    html: layout(
      subject,
      paragraphs.map((line) => `<p>${escapeHtml(line).replace(/\n/g, "<br>")}</p>`).join("\n") +
        link.html,
      input,
      input.language === "bg"
        ? bgFooter
        : input.language === "en"
          ? enFooter
          : `${bgFooter} ${enFooter}`,
    ),
    attachments: [
      { filename: input.pdf.filename, content: input.pdf.content, contentType: "application/pdf" },
    ],
  };
}
