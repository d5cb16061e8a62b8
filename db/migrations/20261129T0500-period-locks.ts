import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Locked periods (issue #45 item 6, decision 058): a month of a company that the owner or the
// accountant closed. While its row is here no document, payment, expense, salary or bank booking
// dated in it is created, changed or deleted. Unlocking deletes the row; the company's audit trail
// keeps both acts with who, when and the reason.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("period_locks")
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("month", "text", (c) => c.notNull().check(sql`month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`))
    .addColumn("locked_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("locked_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("locked_by_name", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("period_locks_pkey", ["company_id", "month"])
    .execute();
  await sql`comment on table period_locks is
    'Locked months of a company (decision 058): yyyy-MM; who locked it is kept by name too, so the message outlives the login.'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("period_locks").execute();
}
