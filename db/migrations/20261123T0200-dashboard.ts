import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

export async function up(db: Kysely<any>): Promise<void> {
  // The VAT registration threshold (ЗДДС чл. 96) as dated data: the turnover of a calendar year
  // that obliges a company to register, and the days it has to apply.
  await db.schema
    .createTable("vat_registration_thresholds")
    .addColumn("valid_from", "date", (c) => c.primaryKey())
    .addColumn("valid_to", "date")
    .addColumn("amount_cents", "bigint", (c) => c.notNull())
    .addColumn("apply_within_days", "smallint", (c) => c.notNull())
    .addColumn("note", "text")
    .execute();
  await sql`insert into vat_registration_thresholds (valid_from, amount_cents, apply_within_days, note)
    values ('2026-01-01', 5113000, 7, 'ЗДДС чл. 96, ал. 1: 51 130 евро облагаем оборот за календарната година')`.execute(
    db,
  );
  // What clients owe: the open invoices and debit notes, by due date, read without the rest.
  await sql`create index documents_company_open_idx on documents (company_id, due_date, id)
    include (currency, total_cents, paid_cents)
    where status = 'issued' and type in ('invoice', 'debit_note') and paid_cents < total_cents`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index documents_company_open_idx`.execute(db);
  await db.schema.dropTable("vat_registration_thresholds").execute();
}
