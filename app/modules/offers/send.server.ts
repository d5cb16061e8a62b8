import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import type { Actor } from "~/modules/audit/trail.server";
import { recordCompanyAudit } from "~/modules/audit/trail.server";
import {
  checkRecipients,
  countMail,
  DOCUMENT_MAILS_THROTTLED,
  recipientsOf,
} from "~/modules/invoices/emails.server";
import { MailError, sendMail } from "~/modules/mail/mailer.server";
import { answerLinkWords, offerMail, offerMailText } from "~/modules/mail/offer-mail.server";
import { emailPortalHref, mailLinkDay } from "~/modules/portal/mail-link.server";
import { emailLogoUrl } from "~/modules/settings/app-settings.server";
import { printDate } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { formatMoney } from "~/utils/money";
import type { Database } from "~db/types";
import { OFFER_MESSAGES } from "./constants";
import { renderOfferPdf } from "./print.server";
import { getOffer, isExpired, type OfferWithLines, offerTarget } from "./queries.server";

/*
 * An offer e-mailed to its client (issue #48 item 1, decision 077 amended): the PDF attached, in
 * the offer's language(s), with a button to a portal link made for this e-mail (the token derived
 * from the e-mail's id, as a document's «Плати с карта», portal/mail-link.server.ts) opened at the
 * offer's «Приемам» / «Отказвам». Sent in the request, not through the queue: the person sees at
 * once whether the mail server took it (503 otherwise, nothing recorded). Counted against the
 * company's hourly limit of document e-mails. The offer keeps when and to whom it was last sent.
 */

type Deps = Pick<AppLoadContext, "db" | "config">;

export interface OfferSendBy {
  companyId: string;
  /** Staff limited to their own documents: only their offers (null: any of the company's). */
  createdBy: string | null;
  actor: Actor;
}

export interface OfferSendInput {
  to: string | null | undefined;
  message?: string | null;
  /** The sender's address for a hidden copy. */
  copyTo?: string | null;
}

/** The client's addresses, the form's default. */
export async function offerClientEmails(db: Kysely<Database>, companyId: string, clientId: string) {
  const client = await db
    .selectFrom("clients")
    .select("emails")
    .where("companyId", "=", companyId)
    .where("id", "=", clientId)
    .executeTakeFirst();
  return client?.emails ?? [];
}

async function mailCompany(db: Kysely<Database>, companyId: string) {
  return db
    .selectFrom("companies")
    .select(["name", "nameEn", "email"])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
}

/** What the e-mail says of the offer (without the PDF and the link), in its language(s). */
function textOf(
  offer: OfferWithLines,
  company: { name: string; nameEn: string | null },
  message: string | null | undefined,
) {
  const total = Number(offer.totalCents);
  return {
    number: offer.number,
    companyName: company.name,
    companyNameEn: company.nameEn || company.name,
    total: {
      bg: formatMoney(total, offer.currency, "bg"),
      en: formatMoney(total, offer.currency, "en"),
    },
    validUntil: printDate(offer.validUntil),
    language: offer.language,
    message,
  };
}

/** The e-mail's subject and text as the client will get them (the send form's «Преглед»). */
export async function previewOfferEmail(
  db: Kysely<Database>,
  offer: OfferWithLines,
  message: string | null | undefined,
) {
  const company = await mailCompany(db, offer.companyId);
  const { subject, paragraphs } = offerMailText(textOf(offer, company, message));
  return { subject, text: paragraphs.join("\n\n") };
}

/** The PDF's name in the e-mail: «Оферта-0000000001.pdf» (English: «Offer-…»). */
const pdfName = (offer: Pick<OfferWithLines, "number" | "language">) =>
  `${offer.language === "en" ? "Offer" : "Оферта"}-${offer.number}.pdf`;

/**
 * Sends an open offer within its day to the addresses given (or the client's). Throws AppError:
 * 404 not found (or another's, for staff limited to their own), 409 not open or expired, 400 bad
 * address, 429 over the hourly limit, 503 the mail server refused. Returns the offer as sent.
 */
export async function sendOffer(
  deps: Deps,
  by: OfferSendBy,
  id: string | undefined,
  input: OfferSendInput,
): Promise<{ offer: OfferWithLines; emailId: string; recipients: string }> {
  const { db } = deps;
  const offer = await getOffer(db, by.companyId, by.createdBy, id);
  if (offer.status !== "open" || isExpired(offer)) {
    throw new AppError(OFFER_MESSAGES.notSendable, 409);
  }
  const recipients = recipientsOf(
    input.to,
    await offerClientEmails(db, by.companyId, offer.clientId),
  );
  checkRecipients(recipients);
  const counted = await countMail(db, by.companyId);
  if (!counted.allowed) throw new AppError(DOCUMENT_MAILS_THROTTLED, 429);
  const emailId = randomUUID();
  const [company, pdf, logoUrl, href] = await Promise.all([
    mailCompany(db, by.companyId),
    renderOfferPdf(db, offer),
    emailLogoUrl(deps),
    emailPortalHref(deps, {
      companyId: by.companyId,
      clientId: offer.clientId,
      emailId,
      day: mailLinkDay(offer.validUntil),
      anchor: `offer-${offer.id}`,
    }),
  ]);
  const to = recipients.join(", ");
  try {
    await sendMail(
      deps.config,
      offerMail({
        ...textOf(offer, company, input.message?.trim() || null),
        to,
        replyTo: company.email,
        copyTo: input.copyTo,
        pdf: { filename: pdfName(offer), content: pdf },
        logoUrl,
        answerLink: href ? answerLinkWords(offer.language, href) : null,
      }),
    );
  } catch (error) {
    if (error instanceof MailError) throw new AppError(error.message, 503);
    throw error;
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("offers")
      .set({ sentAt: new Date(), sentTo: to })
      .where("companyId", "=", by.companyId)
      .where("id", "=", offer.id)
      .execute();
    await recordCompanyAudit(trx, {
      companyId: by.companyId,
      actor: by.actor,
      action: "offer.email",
      target: offerTarget(offer),
      details: { recipients: to },
    });
  });
  return {
    offer: await getOffer(db, by.companyId, by.createdBy, offer.id),
    emailId,
    recipients: to,
  };
}
