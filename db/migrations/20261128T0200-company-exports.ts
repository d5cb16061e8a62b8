import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// The company's export (issue #28 item 3, decision 027): one ZIP of all its books, built by the
// job «export.build» in steps of a few seconds into DATA_DIR/exports; this row is its state and
// where the last step stopped, so a step that dies is done again from there.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("company_exports")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("requested_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("state", "text", (c) =>
      c
        .notNull()
        .defaultTo("queued")
        .check(sql`state in ('queued', 'running', 'ready', 'failed', 'expired')`),
    )
    .addColumn("step", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("documents_total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("documents_done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("entries", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("zip_bytes", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("central_bytes", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("size_bytes", "bigint")
    .addColumn("run_id", "uuid")
    .addColumn("heartbeat_at", "timestamptz")
    .addColumn("error", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("started_at", "timestamptz")
    .addColumn("ready_at", "timestamptz")
    .addColumn("expires_at", "timestamptz")
    .execute();
  // One export in the making per company at a time.
  await sql`create unique index company_exports_one_active on company_exports (company_id)
    where state in ('queued', 'running')`.execute(db);
  await sql`create index company_exports_company on company_exports (company_id, created_at desc)`.execute(
    db,
  );
  const comments: Record<string, string> = {
    requested_by: "Who asked for it: the e-mail with the link goes to them",
    state:
      "queued: waiting for its first step; running: being written; ready: the ZIP is in DATA_DIR/exports; failed: gave up (error says why); expired: its file is deleted",
    step: "Where the build stopped: the part (documents, receipts, vat, csv, readme) and its keyset cursor, the ZIP entry still open",
    documents_total:
      "Issued and cancelled documents to write (PDF and UBL), counted when the build starts",
    documents_done: "Documents written so far (the progress on the page)",
    entries: "Files in the ZIP so far",
    zip_bytes:
      "Bytes of the ZIP written and kept by the last committed step (a retried step truncates to it)",
    central_bytes:
      "Bytes of the ZIP's central directory, kept beside it until the end, at the last committed step",
    size_bytes: "The finished ZIP's size",
    run_id: "The step that holds the build now (a lease renewed by heartbeat_at)",
    heartbeat_at:
      "When the step holding the build last saved its place; another may take over 60 s after",
    error: "Why it failed, in Bulgarian, for the page",
    ready_at: "When the ZIP was finished",
    expires_at:
      "When the ZIP is deleted: 30 days after it was finished, and not before a pending deletion of the account",
  };
  for (const [column, text] of Object.entries(comments)) {
    await sql`comment on column ${sql.raw(`company_exports.${column}`)} is ${sql.lit(text)}`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("company_exports").execute();
}
