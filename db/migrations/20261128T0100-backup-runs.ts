import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Each backup of the whole database (issue #28 item 1, decision 026): when it ran, what asked for
// it, where its file is and how large, or why it failed. The installation's own record, not a
// company's: no company_id. A run is written when it ends, so a backup never holds its own row.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("backup_runs")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("started_at", "timestamptz", (c) => c.notNull())
    .addColumn("finished_at", "timestamptz", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('done', 'failed')`))
    .addColumn("trigger", "text", (c) => c.notNull().check(sql`trigger in ('schedule', 'command')`))
    .addColumn("database", "text", (c) =>
      c.notNull().check(sql`database in ('pglite', 'postgres')`),
    )
    .addColumn("host", "text", (c) => c.notNull())
    .addColumn("file", "text")
    .addColumn("size_bytes", "bigint")
    .addColumn("error", "text")
    .execute();
  await db.schema
    .createIndex("backup_runs_started_at")
    .on("backup_runs")
    .column("started_at")
    .execute();
  const comments: [string, string][] = [
    ["backup_runs", "Each backup of the whole database, written when it ends (decision 026)."],
    ["backup_runs.trigger", "schedule: BACKUP_INTERVAL; command: npm run backup."],
    ["backup_runs.database", "pglite: the data folder as .tar.gz; postgres: pg_dump -Fc."],
    ["backup_runs.host", "The machine whose DATA_DIR/backups holds the file."],
    ["backup_runs.file", "The file's name in DATA_DIR/backups (null when it failed)."],
    ["backup_runs.size_bytes", "The file's size in bytes."],
    ["backup_runs.error", "Why it failed (null when done)."],
  ];
  for (const [target, text] of comments) {
    const kind = target.includes(".") ? "column" : "table";
    await sql`comment on ${sql.raw(kind)} ${sql.raw(target)} is ${sql.lit(text)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("backup_runs").execute();
}
