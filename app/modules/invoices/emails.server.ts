import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import { hit, LIMITS } from "~/modules/auth/rate-limit.server";
import { MAX_EMAILS } from "~/modules/clients/schema";
import type { JobDeps } from "~/modules/jobs/jobs.server";
import { type MailMessage, sendMail } from "~/modules/mail/mailer.server";
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
import type { Database, EmailStatus } from "~db/types";
import { type DocumentWithLines, getDocument } from "./documents.server";
import { documentPayload, qrPng } from "./payment-qr.server";
import { type PrintSupplier, paymentWords } from "./print";
import { pdfFileName, storedPdf } from "./render.server";
import { DOCUMENT_TYPES } from "./schema";

/*
 * A document's e-mails go through the job queue (issue #15): the request records the e-mail
 * ("queued") and hands it to the queue in the same transaction; a worker attaches the stored PDF
 * and sends it, and a failed send is tried again with backoff (1, 2, 4, 8, 16 minutes) before it is
 * marked failed. The document's page shows each e-mail's state.
 *
 * The company's hourly limit (LIMITS.documentMails) refuses a send someone asks for (429: they see
 * it). What the app sends by itself (recurring invoices, reminders) is never dropped by it: over
 * the limit the e-mail is recorded waiting (`send_after`), its job starts when the window ends and
 * counts itself then — waiting again if the next hour is full too (issue #24).
 */

/** Tries of one e-mail: the first and five retries (the queue's retryLimit is one less). */
export const MAIL_ATTEMPTS = 6;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TOO_MANY_RECIPIENTS = `Най-много ${MAX_EMAILS} имейл адреса в едно изпращане`;
export const DOCUMENT_MAILS_THROTTLED =
  "Изпратени са много документи за кратко време. Опитайте отново след час.";
const TITLES_EN = {
  invoice: "Invoice",
  proforma: "Proforma invoice",
  credit_note: "Credit note",
  debit_note: "Debit note",
} as const;

/** The addresses a document goes to: those given, or the client's e-mails. */
export function recipientsOf(input: string | null | undefined, fallback: string[]): string[] {
  const typed = (input ?? "")
    .slice(0, 5000)
    .split(/[\s,;]+/)
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  return typed.length ? typed : fallback;
}

/** Checks the addresses; throws AppError (400). */
export function checkRecipients(recipients: string[]) {
  if (!recipients.length) {
    throw new AppError("Клиентът няма имейл адрес. Въведете адрес за изпращане.", 400, {
      to: "Въведете имейл адрес",
    });
  }
  if (recipients.length > MAX_EMAILS) {
    throw new AppError(TOO_MANY_RECIPIENTS, 400, { to: TOO_MANY_RECIPIENTS });
  }
  const bad = recipients.find((e) => !EMAIL.test(e) || e.length > 254);
  if (bad) {
    const message = `Невалиден имейл адрес: ${bad.slice(0, 80)}`;
    throw new AppError(message, 400, { to: message });
  }
}

/** Counts one e-mail against the company's hourly limit. */
export const countMail = (db: Kysely<Database>, companyId: string) =>
  hit(db, `document-mail:${companyId}`, LIMITS.documentMails);

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
  } = { overLimit: "refuse" },
): Promise<string> {
  if (doc.status !== "issued") throw new AppError("Изпращат се само издадени документи", 409);
  const recipients = recipientsOf(to, await clientEmails(context.db, companyId, doc.clientId));
  checkRecipients(recipients);
  const counted = await countMail(context.db, companyId);
  if (!counted.allowed && options.overLimit === "refuse") {
    throw new AppError(DOCUMENT_MAILS_THROTTLED, 429);
  }
  const wait = counted.allowed ? 0 : counted.retryAfter;
  return context.jobs.transaction(context.db, async (trx, jobs) => {
    const row = await trx
      .insertInto("documentEmails")
      .values({
        companyId,
        documentId: doc.id,
        kind,
        recipients: recipients.join(", "),
        sendAfter: wait ? new Date(Date.now() + wait * 1000) : null,
        message: options.message?.trim() || null,
        copyTo: options.copyTo || null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await jobs.send(
      "mail.document",
      { emailId: row.id },
      { singletonKey: row.id, ...(wait ? { startAfterSeconds: wait } : {}) },
    );
    return row.id;
  });
}

/**
 * An e-mail that waited for the hourly limit counts itself when its hour has come; when that hour
 * is full too it waits for the next one (a new job, with the row, in one transaction). True when
 * it may be sent now.
 */
async function takeTurn(deps: JobDeps, email: { id: string; companyId: string }) {
  const counted = await countMail(deps.db, email.companyId);
  await deps.jobs.transaction(deps.db, async (trx, jobs) => {
    await trx
      .updateTable("documentEmails")
      .set({
        sendAfter: counted.allowed ? null : new Date(Date.now() + counted.retryAfter * 1000),
      })
      .where("id", "=", email.id)
      .execute();
    if (!counted.allowed) {
      await jobs.send(
        "mail.document",
        { emailId: email.id },
        { singletonKey: email.id, startAfterSeconds: counted.retryAfter },
      );
    }
  });
  return counted.allowed;
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
  email: {
    id: string;
    kind: "document" | "reminder";
    recipients: string;
    message: string | null;
    copyTo: string | null;
  },
  options: DocumentMailOptions,
): Promise<MailMessage> {
  const pdf = await storedPdf(deps.db, doc);
  const logoUrl = await emailLogoUrl({ db: deps.db, config: deps.config });
  const attachment = { filename: pdfFileName(doc), content: pdf.data };
  const paymentQr = await mailPaymentQr(doc);
  const payLink = options.cardLink ? await options.cardLink(deps, doc, email.id) : null;
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
 * The queue's job "mail.document": sends one recorded e-mail. A reminder of a document paid or
 * cancelled meanwhile is skipped. A failure is recorded and thrown, so the queue tries again;
 * the last try marks the e-mail failed.
 */
export async function deliverDocumentEmail(
  deps: JobDeps,
  data: { emailId?: unknown },
  options: DocumentMailOptions = {},
) {
  const emailId = typeof data.emailId === "string" ? data.emailId : "";
  const email = await deps.db
    .selectFrom("documentEmails")
    .select(["id", "companyId", "documentId", "kind", "recipients", "status", "attempts"])
    .select(["sendAfter", "message", "copyTo"])
    .where("id", "=", emailId)
    .executeTakeFirst();
  if (!email || email.status === "sent" || email.status === "skipped") return email?.status;
  const doc = await getDocument(deps.db, email.companyId, email.documentId);
  const settle = (status: EmailStatus, lastError: string | null = null) =>
    deps.db
      .updateTable("documentEmails")
      .set({
        status,
        lastError,
        attempts: email.attempts + 1,
        sentAt: status === "sent" ? new Date() : null,
      })
      .where("id", "=", email.id)
      .execute();
  if (doc?.status !== "issued" || (email.kind === "reminder" && doc.dueCents <= 0)) {
    await settle("skipped");
    return "skipped";
  }
  if (email.sendAfter && !(await takeTurn(deps, email))) return "waiting";
  try {
    await sendMail(deps.config, await composeMail(deps, doc, email, options));
  } catch (error) {
    const last = email.attempts + 1 >= MAIL_ATTEMPTS;
    await settle(last ? "failed" : "queued", (error as Error).message?.slice(0, 500) ?? "грешка");
    throw error;
  }
  await settle("sent");
  if (email.kind === "document") {
    await markSent(deps.db, email.companyId, doc.id, email.recipients);
  }
  return "sent";
}

export interface DocumentEmail {
  id: string;
  kind: "document" | "reminder";
  recipients: string;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  /** Waiting for the hourly limit until then. */
  sendAfter: string | null;
}

/** The document's e-mails, newest first. */
export async function listDocumentEmails(
  db: Kysely<Database>,
  companyId: string,
  documentId: string,
): Promise<DocumentEmail[]> {
  const rows = await db
    .selectFrom("documentEmails")
    .select(["id", "kind", "recipients", "status", "attempts", "lastError", "createdAt", "sentAt"])
    .select("sendAfter")
    .where("companyId", "=", companyId)
    .where("documentId", "=", documentId)
    .orderBy("createdAt", "desc")
    .limit(50)
    .execute();
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    sendAfter: row.status === "queued" ? (row.sendAfter?.toISOString() ?? null) : null,
  }));
}

/** The document's «sent» mark: when and to whom its e-mail went. */
async function markSent(db: Kysely<Database>, companyId: string, id: string, to: string) {
  await db
    .updateTable("documents")
    .set({ sentAt: new Date(), sentTo: to })
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .execute();
}
