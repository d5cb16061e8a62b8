import type { Kysely } from "kysely";
import { createDraft, getDocument } from "~/modules/invoices/documents.server";
import { queueDocumentEmail } from "~/modules/invoices/emails.server";
import { documentJson } from "~/modules/invoices/json.server";
import { issueWithPdf } from "~/modules/invoices/render.server";
import { documentSchema } from "~/modules/invoices/schema";
import type { JobDeps } from "~/modules/jobs/jobs.server";
import { addDays, todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import type { Database, RecurringFrequency, RecurringMode } from "~db/types";
import { fillPlaceholders } from "./placeholders";
import { occurrenceAfter, occurrenceFrom } from "./schedule";

/*
 * Recurring invoices (issue #15): a template made from an invoice and a schedule. The hourly job
 * makes every occurrence that is due (next_run_on ≤ today in Sofia) — as a draft, issued, or issued
 * and e-mailed to the client — and moves next_run_on on. Each step can be repeated without harm:
 * one document per template and occurrence (a unique index), issued only while still a draft,
 * e-mailed only when it has no e-mail yet; so a run that crashed, a run on two instances or a run
 * that catches up after downtime makes each occurrence exactly once.
 */

export const RECURRING_MESSAGES = {
  notInvoice: "Периодична може да е само фактура",
  ended: "Крайната дата е преди първото издаване: няма какво да се издаде",
  notFound: "Периодичната фактура не е намерена",
} as const;

export interface RecurringInput {
  name: string;
  frequency: RecurringFrequency;
  dayOfMonth: number;
  startOn: string;
  endOn: string | null;
  mode: RecurringMode;
  /**
   * The lines' descriptions as the template keeps them, by position (issue #41, item 7): they may
   * hold period placeholders («{месец} {година}»), filled in each occurrence. Missing: the source's.
   */
  lineDescriptions?: (string | undefined)[];
}

/** What a template keeps of a document: everything but its dates, number and state. */
function templateOf(
  doc: NonNullable<Awaited<ReturnType<typeof getDocument>>>,
  descriptions: (string | undefined)[] = [],
) {
  const json = documentJson(doc);
  return {
    type: "invoice",
    clientId: json.clientId,
    language: json.language,
    placeOfIssue: json.placeOfIssue,
    currency: json.currency,
    eurRate: json.eurRate,
    vatGround: json.vatGround,
    paymentMethod: json.paymentMethod,
    authorName: json.authorName,
    recipientName: json.recipientName,
    notes: json.notes,
    lines: json.lines.map(({ net: _net, ...line }, index) => ({
      ...line,
      description: descriptions[index] ?? line.description,
    })),
  };
}

/** Makes a recurring invoice from one of the company's invoices; returns its id. */
export async function createRecurring(
  db: Kysely<Database>,
  companyId: string,
  documentId: string,
  input: RecurringInput,
): Promise<string> {
  const doc = await getDocument(db, companyId, documentId);
  if (!doc) throw new AppError(RECURRING_MESSAGES.notFound, 404);
  if (doc.type !== "invoice") throw new AppError(RECURRING_MESSAGES.notInvoice, 400);
  const first = occurrenceFrom(input, input.startOn);
  if (!first)
    throw new AppError(RECURRING_MESSAGES.ended, 400, { endOn: RECURRING_MESSAGES.ended });
  const row = await db
    .insertInto("recurringInvoices")
    .values({
      companyId,
      clientId: doc.clientId,
      sourceDocumentId: doc.id,
      name: input.name,
      template: JSON.stringify(templateOf(doc, input.lineDescriptions)),
      frequency: input.frequency,
      dayOfMonth: input.dayOfMonth,
      startOn: input.startOn,
      endOn: input.endOn,
      nextRunOn: first,
      mode: input.mode,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The company's recurring invoices with their client, newest first. */
export async function listRecurring(
  db: Kysely<Database>,
  companyId: string,
  /** Staff limited to their own documents: those made from a document of theirs (issue #29). */
  createdBy: string | null = null,
) {
  let query = db
    .selectFrom("recurringInvoices as r")
    .innerJoin("clients", (join) =>
      join.onRef("clients.id", "=", "r.clientId").onRef("clients.companyId", "=", "r.companyId"),
    )
    .select([
      "r.id",
      "r.name",
      "r.frequency",
      "r.dayOfMonth",
      "r.startOn",
      "r.endOn",
      "r.nextRunOn",
      "r.mode",
      "r.status",
      "r.lastRunOn",
      "r.lastError",
      "r.template",
      "clients.name as clientName",
    ])
    .where("r.companyId", "=", companyId);
  if (createdBy) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("documents as source")
          .select("source.id")
          .whereRef("source.id", "=", "r.sourceDocumentId")
          .whereRef("source.companyId", "=", "r.companyId")
          .where("source.createdBy", "=", createdBy),
      ),
    );
  }
  const rows = await query.orderBy("r.createdAt", "desc").limit(200).execute();
  const made = rows.length
    ? await db
        .selectFrom("documents")
        .select(["id", "recurringId", "number", "status", "occurrenceOn", "totalCents", "currency"])
        .where("companyId", "=", companyId)
        .where(
          "recurringId",
          "in",
          rows.map((r) => r.id),
        )
        .orderBy("occurrenceOn", "desc")
        .execute()
    : [];
  return rows.map(({ template: _template, ...row }) => ({
    ...row,
    documents: made.filter((d) => d.recurringId === row.id).slice(0, 5),
    count: made.filter((d) => d.recurringId === row.id).length,
  }));
}

async function ownRecurring(db: Kysely<Database>, companyId: string, id: string) {
  const row = isUuid(id)
    ? await db
        .selectFrom("recurringInvoices")
        .selectAll()
        .where("companyId", "=", companyId)
        .where("id", "=", id)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError(RECURRING_MESSAGES.notFound, 404);
  return row;
}

/** Pauses (nothing is made while paused) or resumes from the next occurrence on or after today. */
export async function setRecurringStatus(
  db: Kysely<Database>,
  companyId: string,
  id: string,
  action: "pause" | "resume" | "end",
  today = todayInSofia(),
) {
  const row = await ownRecurring(db, companyId, id);
  if (action === "pause") {
    await db
      .updateTable("recurringInvoices")
      .set({ status: "paused", updatedAt: new Date() })
      .where("id", "=", row.id)
      .execute();
    return;
  }
  if (action === "end") {
    await db
      .updateTable("recurringInvoices")
      .set({ status: "ended", nextRunOn: null, updatedAt: new Date() })
      .where("id", "=", row.id)
      .execute();
    return;
  }
  // Resuming skips what fell due while it was paused: it goes on from today.
  const next = occurrenceFrom(row, today);
  await db
    .updateTable("recurringInvoices")
    .set({
      status: next ? "active" : "ended",
      nextRunOn: next,
      lastError: null,
      updatedAt: new Date(),
    })
    .where("id", "=", row.id)
    .execute();
}

type Template = Record<string, unknown> & {
  clientId: string;
  language?: "bg" | "en" | "bilingual";
  notes?: string | null;
  lines?: { description?: string }[];
};

/** The template with its period placeholders filled for the occurrence on `occurrenceOn`. */
export function templateFor(
  template: Template,
  occurrenceOn: string,
  frequency: RecurringFrequency,
): Template {
  const fill = (text: string) =>
    fillPlaceholders(text, occurrenceOn, frequency, template.language ?? "bg");
  return {
    ...template,
    notes: typeof template.notes === "string" ? fill(template.notes) : template.notes,
    lines: template.lines?.map((line) =>
      typeof line.description === "string"
        ? { ...line, description: fill(line.description) }
        : line,
    ),
  };
}

/** Makes (or finds) the document of one occurrence, then issues and e-mails it as the mode says. */
async function makeOccurrence(
  deps: JobDeps,
  row: {
    id: string;
    companyId: string;
    template: Record<string, unknown>;
    mode: RecurringMode;
    frequency: RecurringFrequency;
  },
  occurrenceOn: string,
  today: string,
) {
  const { db } = deps;
  let documentId = (
    await db
      .selectFrom("documents")
      .select("id")
      .where("recurringId", "=", row.id)
      .where("occurrenceOn", "=", occurrenceOn)
      .executeTakeFirst()
  )?.id;
  if (!documentId) {
    const template = templateFor(row.template as Template, occurrenceOn, row.frequency);
    const [client, company] = await Promise.all([
      db
        .selectFrom("clients")
        .select("paymentTermDays")
        .where("companyId", "=", row.companyId)
        .where("id", "=", template.clientId)
        .executeTakeFirst(),
      db
        .selectFrom("companies")
        .select("defaultPaymentTermDays")
        .where("id", "=", row.companyId)
        .executeTakeFirstOrThrow(),
    ]);
    const parsed = documentSchema.safeParse({
      ...template,
      issueDate: today,
      dueDate: addDays(today, client?.paymentTermDays ?? company.defaultPaymentTermDays),
    });
    if (!parsed.success) {
      throw new AppError(parsed.error.issues[0]?.message ?? "Невалиден шаблон", 400);
    }
    try {
      documentId = await createDraft(db, row.companyId, null, parsed.data, {
        recurringId: row.id,
        occurrenceOn,
      });
    } catch (error) {
      // Another run made it a moment ago (the unique index): use that one.
      const made = await db
        .selectFrom("documents")
        .select("id")
        .where("recurringId", "=", row.id)
        .where("occurrenceOn", "=", occurrenceOn)
        .executeTakeFirst();
      if (!made) throw error;
      documentId = made.id;
    }
  }
  if (row.mode === "draft") return documentId;
  let doc = await getDocument(db, row.companyId, documentId);
  if (doc?.status === "draft") {
    await issueWithPdf(deps, row.companyId, documentId);
    doc = await getDocument(db, row.companyId, documentId);
  }
  if (row.mode === "issue_and_email" && doc?.status === "issued") {
    const emailed = await db
      .selectFrom("documentEmails")
      .select("id")
      .where("documentId", "=", documentId)
      .where("kind", "=", "document")
      .executeTakeFirst();
    // Over the company's hourly limit it waits for the next hour; it is never left unsent.
    if (!emailed) {
      await queueDocumentEmail(deps, row.companyId, doc, null, "document", { overLimit: "wait" });
    }
  }
  return documentId;
}

/**
 * How long one "recurring.run" job works before it queues the rest as another job: well inside the
 * queue's expiry (EXPIRE_SECONDS), so a live run is never taken for a dead one, and a run whose
 * process died is retried within a minute (issue #24).
 */
export const RUN_BUDGET_MS = 15_000;
const DUE_PER_RUN = 500;

/**
 * The job "recurring.run": every active recurring invoice whose next occurrence is due, each
 * occurrence made once, in order (a run after downtime catches up every occurrence it missed).
 * A template that cannot be made (its client has no e-mail, a rate no longer in force…) is
 * paused with the reason, which its page shows. What does not fit in `budgetMs` is left to a
 * "recurring.run" queued for right after. Returns how many documents were made or found.
 */
export async function runDueRecurring(
  deps: JobDeps,
  today = todayInSofia(),
  budgetMs = RUN_BUDGET_MS,
) {
  const deadline = performance.now() + budgetMs;
  const due = await deps.db
    .selectFrom("recurringInvoices")
    .select(["id", "companyId", "template", "mode", "nextRunOn", "frequency", "dayOfMonth"])
    .select(["startOn", "endOn"])
    .where("status", "=", "active")
    .where("nextRunOn", "<=", today)
    .orderBy("nextRunOn")
    .limit(DUE_PER_RUN)
    .execute();
  let made = 0;
  for (const row of due) {
    let next: string | null = row.nextRunOn;
    while (next && next <= today) {
      if (made > 0 && performance.now() > deadline) {
        await deps.jobs.send("recurring.run", {}, { startAfterSeconds: 1 });
        return made;
      }
      try {
        await makeOccurrence(deps, row, next, today);
        made++;
      } catch (error) {
        const message =
          error instanceof AppError ? error.message : "Документът не можа да бъде създаден";
        if (!(error instanceof AppError)) console.error(`Recurring invoice ${row.id}:`, error);
        await deps.db
          .updateTable("recurringInvoices")
          .set({ status: "paused", lastError: message.slice(0, 500), updatedAt: new Date() })
          .where("id", "=", row.id)
          .execute();
        break;
      }
      const after = occurrenceAfter(row, next);
      // Moved on only from where this run found it (another run may have moved it already).
      await deps.db
        .updateTable("recurringInvoices")
        .set({
          nextRunOn: after,
          lastRunOn: today,
          lastError: null,
          status: after ? "active" : "ended",
          updatedAt: new Date(),
        })
        .where("id", "=", row.id)
        .where("nextRunOn", "=", next)
        .execute();
      next = after;
    }
  }
  if (due.length === DUE_PER_RUN)
    await deps.jobs.send("recurring.run", {}, { startAfterSeconds: 1 });
  return made;
}
