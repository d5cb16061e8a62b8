import { type Kysely, sql } from "kysely";
import { type DocumentWithLines, getDocument } from "~/modules/invoices/documents.server";
import { queueDocumentEmail, reminderFor } from "~/modules/invoices/emails.server";
import { DUE_CENTS } from "~/modules/invoices/list.server";
import { paymentState } from "~/modules/invoices/payments.server";
import type { JobDeps } from "~/modules/jobs/jobs.server";
import { addDays, todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import type { Database } from "~db/types";

/*
 * Reminders for overdue documents (issue #15): a company turns them on and names the days after
 * the due date (e.g. 3, 10, 30). The job finds each unpaid, issued invoice or debit note whose
 * latest such day has come and that has no reminder for it yet, records the reminder (one per
 * document and day: a unique key) and hands the e-mail, with the PDF, to the queue. Paid and
 * cancelled documents are never reminded: not found here, and skipped by the e-mail job if they
 * were paid in between.
 */

export interface ReminderSettings {
  enabled: boolean;
  days: number[];
  message: string | null;
}

export const DEFAULT_REMINDER_DAYS = [3, 10, 30];

/** The company's reminder settings (off, 3/10/30 days, the default text until it sets its own). */
export async function getReminderSettings(
  db: Kysely<Database>,
  companyId: string,
): Promise<ReminderSettings> {
  const row = await db
    .selectFrom("reminderSettings")
    .select(["enabled", "days", "message"])
    .where("companyId", "=", companyId)
    .executeTakeFirst();
  return row
    ? { enabled: row.enabled, days: [...row.days].sort((a, b) => a - b), message: row.message }
    : { enabled: false, days: DEFAULT_REMINDER_DAYS, message: null };
}

export async function saveReminderSettings(
  db: Kysely<Database>,
  companyId: string,
  settings: ReminderSettings,
) {
  const values = {
    enabled: settings.enabled,
    days: [...new Set(settings.days)].sort((a, b) => a - b),
    message: settings.message,
  };
  await db
    .insertInto("reminderSettings")
    .values({ companyId, ...values })
    .onConflict((c) => c.column("companyId").doUpdateSet({ ...values, updatedAt: new Date() }))
    .execute();
}

/**
 * The job "reminders.run": sends what is due today and records it; returns how many reminders it
 * handed to the queue.
 */
export async function runReminders(deps: JobDeps, today = todayInSofia()) {
  const { db } = deps;
  // Per document, the largest configured day that has come: an earlier step missed while the
  // server was down is not sent late on top of it.
  const due = await db
    .selectFrom("documents")
    .innerJoin("reminderSettings", "reminderSettings.companyId", "documents.companyId")
    .innerJoin(
      sql<{ days_after: number }>`lateral (
        select max(d)::int as days_after from unnest(reminder_settings.days) as d
        where documents.due_date + d <= ${today}::date)`.as("step"),
      (join) => join.onTrue(),
    )
    .select(["documents.id", "documents.companyId", sql<number>`step.days_after`.as("daysAfter")])
    .where("reminderSettings.enabled", "=", true)
    .where("documents.status", "=", "issued")
    .where("documents.type", "in", ["invoice", "debit_note"])
    .where("documents.dueDate", "<", today)
    // Still owed after payments and credit notes (the one definition, issue #41).
    .where(sql<boolean>`${DUE_CENTS} > 0`)
    .where(sql<boolean>`step.days_after is not null`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("documentReminders")
            .select("documentReminders.id")
            .whereRef("documentReminders.documentId", "=", "documents.id")
            .where(sql<boolean>`document_reminders.days_after >= step.days_after`),
        ),
      ),
    )
    .orderBy("documents.dueDate")
    .limit(1000)
    .execute();
  let sent = 0;
  for (const row of due) {
    // The reminder is claimed first: a second run (or instance) finds it and sends nothing.
    const claimed = await db
      .insertInto("documentReminders")
      .values({ companyId: row.companyId, documentId: row.id, daysAfter: row.daysAfter })
      .onConflict((c) => c.columns(["documentId", "daysAfter"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!claimed) continue;
    const doc = await getDocument(db, row.companyId, row.id);
    if (!doc) continue;
    try {
      // Over the company's hourly limit it waits for the next hour (never dropped).
      const emailId = await queueDocumentEmail(deps, row.companyId, doc, null, "reminder", {
        overLimit: "wait",
      });
      await db
        .updateTable("documentReminders")
        .set({ emailId })
        .where("id", "=", claimed.id)
        .execute();
      sent++;
    } catch (error) {
      // Without an address the step stays recorded (with no e-mail), so it is not tried every hour.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return sent;
}

/** When the job «reminders.run» works (its cron, Sofia): the page says so (issue #31 item 9). */
export const REMINDER_HOURS = "9:15–17:15";

/**
 * An overdue document's reminder as its page shows it before «Изпрати напомняне» (issue #31
 * item 9): the subject and text the client would get, and the automatic ones — on or off, their
 * days, the next day one goes. Null for a document that is not overdue.
 */
export async function reminderPreview(
  db: Kysely<Database>,
  doc: DocumentWithLines,
  today = todayInSofia(),
) {
  if (paymentState(doc, today) !== "overdue" || !doc.dueDate) return null;
  const dueDate = doc.dueDate;
  const [{ subject, text }, settings, sent] = await Promise.all([
    reminderFor(db, doc),
    getReminderSettings(db, doc.companyId),
    db
      .selectFrom("documentReminders")
      .select("daysAfter")
      .where("companyId", "=", doc.companyId)
      .where("documentId", "=", doc.id)
      .execute(),
  ]);
  const done = Math.max(0, ...sent.map((r) => r.daysAfter));
  // The next configured day not yet reminded: today's goes with the job's next run.
  const next = settings.enabled
    ? (settings.days
        .filter((d) => d > done)
        .map((d) => addDays(dueDate, d))
        .find((day) => day >= today) ?? null)
    : null;
  return { subject, text, automatic: { enabled: settings.enabled, days: settings.days, next } };
}
