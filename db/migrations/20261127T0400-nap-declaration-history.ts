import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// What was generated and downloaded of a month's НАП declarations (issue #27 item 4, decision
// 024): who (and the admin, when the session was an impersonation), when, which file, its sha256
// and the per-person figures delivered — a later change of the month is filed as corrections
// against the last of these.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("nap_declaration_deliveries")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("month", "text", (c) => c.notNull().check(sql`month ~ '^[0-9]{4}-[0-9]{2}$'`))
    .addColumn("file", "text", (c) => c.notNull().check(sql`file in ('zip', '1', '6')`))
    .addColumn("user_id", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("impersonator_id", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("sha256", "text", (c) => c.notNull().check(sql`sha256 ~ '^[0-9a-f]{64}$'`))
    .addColumn("snapshot", "jsonb", (c) => c.notNull())
    .addColumn("base_id", "uuid", (c) =>
      c.references("nap_declaration_deliveries.id").onDelete("set null"),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("nap_declaration_deliveries_company_month")
    .on("nap_declaration_deliveries")
    .columns(["company_id", "month", "created_at"])
    .execute();
  const comments: [string, string][] = [
    [
      "nap_declaration_deliveries",
      "Each generation/download of a month's НАП declarations (decision 024).",
    ],
    ["nap_declaration_deliveries.file", "zip: both files; 1: обр. 1; 6: обр. 6."],
    [
      "nap_declaration_deliveries.impersonator_id",
      "The admin, when the session was an impersonation.",
    ],
    [
      "nap_declaration_deliveries.snapshot",
      "Per-person обр. 1 figures and обр. 6 funds as delivered.",
    ],
    [
      "nap_declaration_deliveries.base_id",
      "The delivery these files correct (null: regular files with every record).",
    ],
  ];
  for (const [target, text] of comments) {
    const kind = target.includes(".") ? "column" : "table";
    await sql`comment on ${sql.raw(kind)} ${sql.raw(target)} is ${sql.lit(text)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("nap_declaration_deliveries").execute();
}
