import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import type { JobDeps } from "~/modules/jobs/jobs.server";
import type { MailMessage } from "~/modules/mail/mailer.server";
import {
  type DocumentMailText,
  documentMail,
  documentMailText,
  type MailPayLink,
  type MailPaymentQr,
  type ReminderInput,
  reminderMail,
  reminderText,
  reminderWithNote,
} from "~/modules/mail/templates.server";
import { emailLogoUrl } from "~/modules/settings/app-settings.server";
import { printDate } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { formatMoney } from "~/utils/money";
import type { Database } from "~db/types";
import { type DocumentWithLines, getDocument } from "./documents.server";
import {
  type DocumentEmail,
  deliverEmail,
  listEmails,
  type QueuedEmail,
  queueEmail,
  recipientsOf,
} from "./mail-queue.server";
import { documentPayload, qrPng } from "./payment-qr.server";
import { type PrintSupplier, paymentWords } from "./print";
import { pdfFileName, storedPdf } from "./render.server";
import { DOCUMENT_TYPES } from "./schema";

/*
 * A document's e-mails and reminders (issue #15): what they say and when they are sent, through
 * the mail queue (mail-queue.server.ts: the row, its job, retries, the hourly limit).
 */

const TITLES_EN = {
  invoice: "Invoice",
  proforma: "Proforma invoice",
  credit_note: "Credit note",
  debit_note: "Debit note",
} as const;

async function clientEmails(db: Kysely<Database>, companyId: string, clientId: string) {
  const client = await db
    .selectFrom("clients")
    .select("emails")
    .where("companyId", "=", companyId)
    .where("id", "=", clientId)
    .executeTakeFirstOrThrow();
  return client.emails;
}

/**
 * Records an e-mail of an issued document to the addresses given (or the client's) and hands it
 * to the queue in the same transaction. Over the hourly limit it is refused (429), or with
 * `overLimit: "wait"` (what the app sends by itself) recorded to go when the hour ends. Throws
 * AppError (400 bad address, 409 not issued, 429 too many). Returns its id.
 */
export async function queueDocumentEmail(
  context: Pick<AppLoadContext, "db" | "jobs">,
  companyId: string,
  doc: DocumentWithLines,
  to: string | null | undefined,
  kind: "document" | "reminder" = "document",
  options: {
    overLimit: "refuse" | "wait";
    /** The sender's own short message (checked by sendSchema: at most 1,000 characters). */
    message?: string | null;
    /** The sender's address for a hidden copy. */
    copyTo?: string | null;
    /** False when the sender sees only their own documents: no «Плати с карта» portal link. */
    portalLink?: boolean;
  } = { overLimit: "refuse" },
): Promise<string> {
  if (doc.status !== "issued") throw new AppError("Изпращат се само издадени документи", 409);
  const recipients = recipientsOf(to, await clientEmails(context.db, companyId, doc.clientId));
  return queueEmail(context, companyId, { documentId: doc.id }, kind, recipients, options);
}

/** The company's name and addresses, as its e-mails name them. */
function mailCompany(db: Kysely<Database>, companyId: string) {
  return db
    .selectFrom("companies")
    .select(["name", "nameEn", "email", "bankIban", "bankName"])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
}

/** A document's title in its e-mails: «Фактура № 0000000001» (in English: «Invoice № …»). */
const mailTitle = (doc: DocumentWithLines) =>
  `${doc.language === "en" ? TITLES_EN[doc.type] : DOCUMENT_TYPES[doc.type]} № ${doc.number}`;

/**
 * What a reminder of the document says now: its subject and text (the company's own text or the
 * default, the placeholders filled), as sent and as previewed on the document's page.
 */
export async function reminderFor(db: Kysely<Database>, doc: DocumentWithLines) {
  const [company, settings] = await Promise.all([
    mailCompany(db, doc.companyId),
    db
      .selectFrom("reminderSettings")
      .select("message")
      .where("companyId", "=", doc.companyId)
      .executeTakeFirst(),
  ]);
  const input: ReminderInput = {
    title: mailTitle(doc),
    companyName: company.name,
    issueDate: printDate(doc.issueDate),
    dueDate: doc.dueDate ? printDate(doc.dueDate) : null,
    // What is still due after payments and credit notes (documents.due_cents, issue #41).
    amountDue: formatMoney(doc.dueCents, doc.currency),
    iban: company.bankIban,
    bankName: company.bankName,
    message: settings?.message ?? null,
  };
  return { company, input, ...reminderText(input) };
}

/** What a document's e-mail says of it (without the PDF), in the document's language. */
function documentText(
  doc: DocumentWithLines,
  company: { name: string; nameEn: string | null },
  message: string | null | undefined,
): DocumentMailText {
  const english = doc.language === "en";
  return {
    title: mailTitle(doc),
    companyName: english && company.nameEn ? company.nameEn : company.name,
    total: formatMoney(doc.totalCents, doc.currency, english ? "en" : "bg"),
    dueDate: doc.dueDate ? printDate(doc.dueDate) : null,
    english,
    message,
  };
}

/**
 * The subject and text of a document's e-mail or reminder as the client will get them, with the
 * sender's message as typed: the send form's «Преглед» (issue #41 item 12).
 */
export async function previewDocumentEmail(
  db: Kysely<Database>,
  doc: DocumentWithLines,
  kind: "document" | "reminder",
  message: string | null | undefined,
): Promise<{ subject: string; text: string }> {
  if (kind === "reminder") {
    const { input } = await reminderFor(db, doc);
    return reminderWithNote({ ...input, note: message });
  }
  const company = await mailCompany(db, doc.companyId);
  const { subject, paragraphs } = documentMailText(documentText(doc, company, message));
  return { subject, text: paragraphs.join("\n\n") };
}

/**
 * The payment QR code of a document's mail (decision 068): what is due now, to the IBAN the
 * document was issued with; null when the document asks for no bank transfer in euro.
 */
async function mailPaymentQr(doc: DocumentWithLines): Promise<MailPaymentQr | null> {
  const supplier = doc.supplierSnapshot as PrintSupplier | null;
  if (!supplier?.bankIban) return null;
  const dueCents = Number(doc.dueCents);
  const payload = documentPayload({ ...doc, dueCents }, supplier);
  if (!payload) return null;
  return { png: await qrPng(payload), ...paymentWords(doc.language, dueCents, supplier.bankIban) };
}

/**
 * «Плати с карта» of one e-mail of a document (decision 071): made by the card payments, a layer
 * above the documents, and handed to the e-mail's job in app/composition.server.ts; null when the
 * company takes no cards or the document has nothing to pay by card.
 */
export type MailCardLink = (
  deps: Pick<JobDeps, "db" | "config">,
  doc: DocumentWithLines,
  emailId: string,
) => Promise<MailPayLink | null>;

/** What the e-mail's job is given besides its deps: the card link's maker (none in a test). */
export interface DocumentMailOptions {
  cardLink?: MailCardLink;
}

/** The message of one e-mail: the document, or a reminder of what is still due. */
async function composeMail(
  deps: Pick<JobDeps, "db" | "config">,
  doc: DocumentWithLines,
  email: QueuedEmail,
  options: DocumentMailOptions,
): Promise<MailMessage> {
  const pdf = await storedPdf(deps.db, doc);
  const logoUrl = await emailLogoUrl({ db: deps.db, config: deps.config });
  const attachment = { filename: pdfFileName(doc), content: pdf.data };
  const paymentQr = await mailPaymentQr(doc);
  const payLink =
    options.cardLink && email.portalLink ? await options.cardLink(deps, doc, email.id) : null;
  if (email.kind === "reminder") {
    const { company, input } = await reminderFor(deps.db, doc);
    return reminderMail({
      ...input,
      to: email.recipients,
      replyTo: company.email,
      copyTo: email.copyTo,
      note: email.message,
      pdf: attachment,
      logoUrl,
      paymentQr,
      payLink,
    });
  }
  const company = await mailCompany(deps.db, doc.companyId);
  return documentMail({
    ...documentText(doc, company, email.message),
    to: email.recipients,
    replyTo: company.email,
    pdf: attachment,
    copyTo: email.copyTo,
    logoUrl,
    paymentQr,
    payLink,
  });
}

/**
 * The queue's job "mail.document": sends one recorded e-mail of a document. A reminder of a
 * document paid or cancelled meanwhile is skipped, as is any e-mail of a document no longer
 * issued; once sent, the document is marked sent (its e-mail, not a reminder).
 */
export function deliverDocumentEmail(
  deps: JobDeps,
  data: { emailId?: unknown },
  options: DocumentMailOptions = {},
) {
  return deliverEmail(deps, data, {
    kinds: ["document", "reminder"],
    async load(email) {
      const doc = await getDocument(deps.db, email.companyId, email.documentId ?? undefined);
      if (doc?.status !== "issued" || (email.kind === "reminder" && doc.dueCents <= 0)) {
        return null;
      }
      return doc;
    },
    compose: (email, doc) => composeMail(deps, doc, email, options),
    async sent(email, doc) {
      if (email.kind === "document") {
        await markSent(deps.db, email.companyId, doc.id, email.recipients);
      }
    },
  });
}

/** The document's e-mails, newest first. */
export const listDocumentEmails = (
  db: Kysely<Database>,
  companyId: string,
  documentId: string,
): Promise<DocumentEmail[]> => listEmails(db, companyId, { documentId });

/** The document's «sent» mark: when and to whom its e-mail went. */
async function markSent(db: Kysely<Database>, companyId: string, id: string, to: string) {
  await db
    .updateTable("documents")
    .set({ sentAt: new Date(), sentTo: to })
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .execute();
}
