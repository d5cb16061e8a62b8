import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import type { Actor } from "~/modules/audit/trail.server";
import { recordCompanyAudit } from "~/modules/audit/trail.server";
import {
  type DocumentEmail,
  deliverEmail,
  listEmails,
  type QueuedEmail,
  queueEmail,
  recipientsOf,
} from "~/modules/invoices/mail-queue.server";
import type { JobDeps } from "~/modules/jobs/jobs.server";
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
 * An offer e-mailed to its client (issue #48 item 1, decisions 077 and 078): the PDF attached, in
 * the offer's language(s), with a button to a portal link made for this e-mail (the token derived
 * from the e-mail's id, as a document's «Плати с карта», portal/mail-link.server.ts) opened at the
 * offer's «Приемам» / «Отказвам». Through the documents' mail queue (invoices/mail-queue.server.ts):
 * every send is a `document_emails` row of kind 'offer', sent by the job «mail.offer» and retried
 * as an invoice's e-mail is; the offer keeps when and to whom it was last sent.
 */

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

/** The offer's e-mails, newest first (the last 50). */
export const listOfferEmails = (
  db: Kysely<Database>,
  companyId: string,
  offerId: string,
): Promise<DocumentEmail[]> => listEmails(db, companyId, { offerId });

/**
 * Records an e-mail of an open offer within its day to the addresses given (or the client's) and
 * hands it to the queue. Throws AppError: 404 not found (or another's, for staff limited to their
 * own), 409 not open or expired, 400 bad address, 429 over the hourly limit. Returns the offer and
 * the e-mail as they are after the request (the queue may have sent it already).
 */
export async function sendOffer(
  context: Pick<AppLoadContext, "db" | "jobs">,
  by: OfferSendBy,
  id: string | undefined,
  input: OfferSendInput,
): Promise<{ offer: OfferWithLines; email: DocumentEmail; recipients: string }> {
  const { db } = context;
  const offer = await getOffer(db, by.companyId, by.createdBy, id);
  if (offer.status !== "open" || isExpired(offer)) {
    throw new AppError(OFFER_MESSAGES.notSendable, 409);
  }
  const recipients = recipientsOf(
    input.to,
    await offerClientEmails(db, by.companyId, offer.clientId),
  );
  const emailId = await queueEmail(
    context,
    by.companyId,
    { offerId: offer.id },
    "offer",
    recipients,
    {
      overLimit: "refuse",
      message: input.message,
      copyTo: input.copyTo,
      // A portal link shows all of the client's documents: not from staff limited to their own.
      portalLink: by.createdBy === null,
    },
  );
  const to = recipients.join(", ");
  await recordCompanyAudit(db, {
    companyId: by.companyId,
    actor: by.actor,
    action: "offer.email",
    target: offerTarget(offer),
    details: { recipients: to },
  });
  const [now, emails] = await Promise.all([
    getOffer(db, by.companyId, by.createdBy, offer.id),
    listOfferEmails(db, by.companyId, offer.id),
  ]);
  const email = emails.find((e) => e.id === emailId);
  if (!email) throw new Error(`The offer's e-mail ${emailId} was not recorded`);
  return { offer: now, email, recipients: to };
}

/** The offer's letter for one recorded e-mail: its portal link derived from the e-mail's id. */
async function composeOfferMail(
  deps: Pick<JobDeps, "db" | "config">,
  offer: OfferWithLines,
  email: QueuedEmail,
) {
  const [company, pdf, logoUrl, href] = await Promise.all([
    mailCompany(deps.db, offer.companyId),
    renderOfferPdf(deps.db, offer),
    emailLogoUrl(deps),
    email.portalLink
      ? emailPortalHref(deps, {
          companyId: offer.companyId,
          clientId: offer.clientId,
          emailId: email.id,
          day: mailLinkDay(offer.validUntil),
          anchor: `offer-${offer.id}`,
        })
      : null,
  ]);
  return offerMail({
    ...textOf(offer, company, email.message),
    to: email.recipients,
    replyTo: company.email,
    copyTo: email.copyTo,
    pdf: { filename: pdfName(offer), content: pdf },
    logoUrl,
    answerLink: href ? answerLinkWords(offer.language, href) : null,
  });
}

/**
 * The queue's job «mail.offer»: sends one recorded e-mail of an offer. One whose offer was
 * answered, withdrawn or expired meanwhile is skipped; once sent, the offer keeps when and to whom.
 */
export function deliverOfferEmail(deps: JobDeps, data: { emailId?: unknown }) {
  return deliverEmail(deps, data, {
    kinds: ["offer"],
    async load(email) {
      const offer = await getOffer(
        deps.db,
        email.companyId,
        null,
        email.offerId ?? undefined,
      ).catch((error) => {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      });
      return offer && offer.status === "open" && !isExpired(offer) ? offer : null;
    },
    compose: (email, offer) => composeOfferMail(deps, offer, email),
    async sent(email, offer) {
      await deps.db
        .updateTable("offers")
        .set({ sentAt: new Date(), sentTo: email.recipients })
        .where("companyId", "=", email.companyId)
        .where("id", "=", offer.id)
        .execute();
    },
  });
}
