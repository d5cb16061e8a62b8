import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

export async function up(db: Kysely<any>): Promise<void> {
  // Every e-mail of a document (the document itself, or a reminder): what the queue did with it,
  // so the document's page can say «изпраща се», «изпратено» or why it failed.
  await db.schema
    .createTable("document_emails")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("document_id", "uuid", (c) =>
      c.notNull().references("documents.id").onDelete("cascade"),
    )
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('document', 'reminder')`))
    .addColumn("recipients", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("queued").check(sql`status in ('queued', 'sent', 'failed', 'skipped')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("sent_at", "timestamptz")
    .execute();
  await sql`create index document_emails_document on document_emails (document_id, created_at desc)`.execute(
    db,
  );
  await sql`create index document_emails_waiting on document_emails (created_at)
    where status = 'queued'`.execute(db);

  // Recurring invoices: a template (the document as the JSON API has it, without dates) and its
  // schedule; next_run_on is the next occurrence still to make, so a run that was missed while the
  // server was down is made by the next one, once.
  await db.schema
    .createTable("recurring_invoices")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("client_id", "uuid", (c) => c.notNull())
    .addColumn("source_document_id", "uuid", (c) =>
      c.references("documents.id").onDelete("set null"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("template", "jsonb", (c) => c.notNull())
    .addColumn("frequency", "text", (c) =>
      c.notNull().check(sql`frequency in ('monthly', 'quarterly', 'yearly')`),
    )
    .addColumn("day_of_month", "smallint", (c) =>
      c.notNull().check(sql`day_of_month between 1 and 31`),
    )
    .addColumn("start_on", "date", (c) => c.notNull())
    .addColumn("end_on", "date")
    .addColumn("next_run_on", "date")
    .addColumn("mode", "text", (c) =>
      c.notNull().check(sql`mode in ('draft', 'issue', 'issue_and_email')`),
    )
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("active").check(sql`status in ('active', 'paused', 'ended')`),
    )
    .addColumn("last_run_on", "date")
    .addColumn("last_error", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint(
      "recurring_invoices_client",
      ["company_id", "client_id"],
      "clients",
      ["company_id", "id"],
      (c) => c.onDelete("restrict"),
    )
    .execute();
  await sql`create index recurring_invoices_due on recurring_invoices (next_run_on)
    where status = 'active'`.execute(db);
  await sql`create index recurring_invoices_company on recurring_invoices (company_id, created_at desc)`.execute(
    db,
  );

  // A generated document names its template and the occurrence it was made for: one document per
  // template and occurrence, whatever the number of runs or instances.
  await db.schema
    .alterTable("documents")
    .addColumn("recurring_id", "uuid", (c) =>
      c.references("recurring_invoices.id").onDelete("set null"),
    )
    .addColumn("occurrence_on", "date")
    .execute();
  await sql`create unique index documents_recurring_occurrence on documents (recurring_id, occurrence_on)
    where recurring_id is not null`.execute(db);

  // Reminders for overdue documents, per company: on or off, the days after the due date, the text.
  await db.schema
    .createTable("reminder_settings")
    .addColumn("company_id", "uuid", (c) =>
      c.primaryKey().references("companies.id").onDelete("cascade"),
    )
    .addColumn("enabled", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("days", sql`smallint[]`, (c) => c.notNull().defaultTo(sql`'{3,10,30}'`))
    .addColumn("message", "text")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One reminder per document and step (days after the due date), recorded on the document.
  await db.schema
    .createTable("document_reminders")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("document_id", "uuid", (c) =>
      c.notNull().references("documents.id").onDelete("cascade"),
    )
    .addColumn("days_after", "smallint", (c) => c.notNull())
    .addColumn("email_id", "uuid", (c) => c.references("document_emails.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("document_reminders_once", ["document_id", "days_after"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("document_reminders").execute();
  await db.schema.dropTable("reminder_settings").execute();
  await sql`drop index if exists documents_recurring_occurrence`.execute(db);
  await db.schema
    .alterTable("documents")
    .dropColumn("recurring_id")
    .dropColumn("occurrence_on")
    .execute();
  await db.schema.dropTable("recurring_invoices").execute();
  await db.schema.dropTable("document_emails").execute();
}
