import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #47 item 4 (decision 070): «акт за сверка», the two-party reconciliation a company sends a
// client for a date. Each act issued is kept with its number, the balance per the company's books
// in one currency, who issued it, and the client's answer (confirmed, or disputed with its own
// balance and a note) that the client portal takes later.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("reconciliations")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("number", "integer", (c) => c.notNull().check(sql`number > 0`))
    .addColumn("client_id", "uuid", (c) => c.notNull())
    .addColumn("as_of", "date", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn("balance_cents", "bigint", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("issued").check(sql`status in ('issued', 'confirmed', 'disputed')`),
    )
    .addColumn("client_amount_cents", "bigint")
    .addColumn("client_note", "text", (c) => c.check(sql`length(client_note) <= 2000`))
    .addColumn("answered_at", "timestamptz")
    .addColumn("created_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint(
      "reconciliations_client_fkey",
      ["company_id", "client_id"],
      "clients",
      ["company_id", "id"],
      (fk) => fk.onDelete("restrict"),
    )
    .addUniqueConstraint("reconciliations_number_key", ["company_id", "number"])
    .addCheckConstraint(
      "reconciliations_answer",
      sql`(status = 'issued') = (answered_at is null)
        and (status = 'disputed') = (client_amount_cents is not null)`,
    )
    .execute();
  await db.schema
    .createIndex("reconciliations_client_idx")
    .on("reconciliations")
    .columns(["company_id", "client_id", "as_of"])
    .execute();
  await sql`comment on table reconciliations is
    'Acts of reconciliation (акт за сверка, decision 070): per company numbered 1, 2, …; one currency each.'`.execute(
    db,
  );
  await sql`comment on column reconciliations.balance_cents is
    'What the client owes per the company''s books at as_of (the statement''s closing balance), cents.'`.execute(
    db,
  );
  await sql`comment on column reconciliations.client_amount_cents is
    'The balance the client states when it disputes the act, cents; null unless disputed.'`.execute(
    db,
  );
  await sql`comment on column reconciliations.answered_at is
    'When the client confirmed or disputed the act (through the portal); null while issued.'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("reconciliations").execute();
}
