import type { AppLoadContext } from "@remix-run/node";
import type { Kysely, Selectable } from "kysely";
import { hit, LIMITS } from "~/modules/auth/rate-limit.server";
import { MAX_EMAILS } from "~/modules/clients/schema";
import type { JobDeps, JobKind } from "~/modules/jobs/jobs.server";
import { type MailMessage, sendMail } from "~/modules/mail/mailer.server";
import { AppError } from "~/utils/errors";
import type { Database, DocumentEmailsKind, EmailStatus } from "~db/types";

/*
 * The mail queue of the company's e-mails to its clients (issue #15; offers joined it, decision
 * 078): the request records the e-mail in `document_emails` ("queued") and hands it to the queue
 * in the same transaction; a worker sends it, and a failed send is tried again with backoff (1, 2,
 * 4, 8, 16 minutes) before it is marked failed. A row is a document's e-mail or reminder
 * (`document_id`) or an offer's e-mail (`offer_id`); what each says is its own module's
 * (`deliverEmail`'s `steps`), the states, tries, hourly limit and history are this one's.
 *
 * The company's hourly limit (LIMITS.documentMails) refuses a send someone asks for (429: they see
 * it). What the app sends by itself (recurring invoices, reminders) is never dropped by it: over
 * the limit the e-mail is recorded waiting (`send_after`), its job starts when the window ends and
 * counts itself then — waiting again if the next hour is full too (issue #24).
 */

/** Tries of one e-mail: the first and five retries (the queue's retryLimit is one less). */
export const MAIL_ATTEMPTS = 6;

/**
 * The queue's policy of a mail job: retried 1, 2, 4, 8, 16 minutes later. Its expiry stays long:
 * a send in flight (SMTP may take minutes) must never be sent twice.
 */
export const MAIL_QUEUE = {
  policy: "stately",
  retryLimit: MAIL_ATTEMPTS - 1,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
} as const satisfies JobKind<never>["queue"];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TOO_MANY_RECIPIENTS = `Най-много ${MAX_EMAILS} имейл адреса в едно изпращане`;
export const DOCUMENT_MAILS_THROTTLED =
  "Изпратени са много документи за кратко време. Опитайте отново след час.";

/** The job that sends each kind of e-mail (an offer's is declared by the offers module). */
export const MAIL_JOB = {
  document: "mail.document",
  reminder: "mail.document",
  offer: "mail.offer",
} as const satisfies Record<DocumentEmailsKind, string>;

/** What an e-mail is of: a document (its e-mail or a reminder) or an offer. */
export type EmailSource = { documentId: string } | { offerId: string };

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

/**
 * Records an e-mail to the addresses given and hands it to its job in the same transaction,
 * after checking them (400) and counting it against the hourly limit: over it the e-mail is
 * refused (429), or with `overLimit: "wait"` (what the app sends by itself) recorded to go when
 * the hour ends. Returns its id.
 */
export async function queueEmail(
  context: Pick<AppLoadContext, "db" | "jobs">,
  companyId: string,
  source: EmailSource,
  kind: DocumentEmailsKind,
  recipients: string[],
  options: {
    overLimit: "refuse" | "wait";
    /** The sender's own short message (checked by sendSchema: at most 1,000 characters). */
    message?: string | null;
    /** The sender's address for a hidden copy. */
    copyTo?: string | null;
    /** False when the sender sees only their own documents: no portal link (decision 069). */
    portalLink?: boolean;
  },
): Promise<string> {
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
        documentId: "documentId" in source ? source.documentId : null,
        offerId: "offerId" in source ? source.offerId : null,
        kind,
        recipients: recipients.join(", "),
        sendAfter: wait ? new Date(Date.now() + wait * 1000) : null,
        message: options.message?.trim() || null,
        copyTo: options.copyTo || null,
        portalLink: options.portalLink ?? true,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await jobs.send(
      MAIL_JOB[kind],
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
async function takeTurn(deps: JobDeps, email: QueuedEmail) {
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
        MAIL_JOB[email.kind],
        { emailId: email.id },
        { singletonKey: email.id, startAfterSeconds: counted.retryAfter },
      );
    }
  });
  return counted.allowed;
}

const QUEUED_COLUMNS = [
  "id",
  "companyId",
  "documentId",
  "offerId",
  "kind",
  "recipients",
  "status",
  "attempts",
  "sendAfter",
  "message",
  "copyTo",
  "portalLink",
] as const;

/** One recorded e-mail as its job reads it. */
export type QueuedEmail = Pick<
  Selectable<Database["documentEmails"]>,
  (typeof QUEUED_COLUMNS)[number]
>;

/** What one kind of e-mail does in `deliverEmail`: the module that owns its source says. */
export interface DeliverySteps<T> {
  /** The job's kinds of e-mail: a row of another kind is not this job's, and is left alone. */
  kinds: readonly DocumentEmailsKind[];
  /** Its source as it is now, or null when it is no longer to be sent (the e-mail is skipped). */
  load(email: QueuedEmail): Promise<T | null>;
  compose(email: QueuedEmail, source: T): Promise<MailMessage>;
  /** After it went: the source's «sent» mark. */
  sent?(email: QueuedEmail, source: T): Promise<void>;
}

/**
 * A mail job's work: sends one recorded e-mail. One whose source no longer wants it is skipped;
 * one waiting for the hourly limit takes its turn. A failure is recorded and thrown, so the queue
 * tries again; the last try marks the e-mail failed. Returns what became of it.
 */
export async function deliverEmail<T>(
  deps: JobDeps,
  data: { emailId?: unknown },
  steps: DeliverySteps<T>,
) {
  const emailId = typeof data.emailId === "string" ? data.emailId : "";
  const email = await deps.db
    .selectFrom("documentEmails")
    .select(QUEUED_COLUMNS)
    .where("id", "=", emailId)
    .executeTakeFirst();
  if (!email || !steps.kinds.includes(email.kind)) return undefined;
  if (email.status === "sent" || email.status === "skipped") return email.status;
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
  const source = await steps.load(email);
  if (source === null) {
    await settle("skipped");
    return "skipped";
  }
  if (email.sendAfter && !(await takeTurn(deps, email))) return "waiting";
  try {
    await sendMail(deps.config, await steps.compose(email, source));
  } catch (error) {
    const last = email.attempts + 1 >= MAIL_ATTEMPTS;
    await settle(last ? "failed" : "queued", (error as Error).message?.slice(0, 500) ?? "грешка");
    throw error;
  }
  await settle("sent");
  await steps.sent?.(email, source);
  return "sent";
}

/** One e-mail as its source's page and the API show it. */
export interface DocumentEmail {
  id: string;
  kind: DocumentEmailsKind;
  recipients: string;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  /** Waiting for the hourly limit until then. */
  sendAfter: string | null;
}

/** The e-mails of a document or an offer, newest first (the last 50). */
export async function listEmails(
  db: Kysely<Database>,
  companyId: string,
  source: EmailSource,
): Promise<DocumentEmail[]> {
  const rows = await db
    .selectFrom("documentEmails")
    .select(["id", "kind", "recipients", "status", "attempts", "lastError", "createdAt", "sentAt"])
    .select("sendAfter")
    .where("companyId", "=", companyId)
    .$if("documentId" in source, (q) =>
      q.where("documentId", "=", (source as { documentId: string }).documentId),
    )
    .$if("offerId" in source, (q) =>
      q.where("offerId", "=", (source as { offerId: string }).offerId),
    )
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
