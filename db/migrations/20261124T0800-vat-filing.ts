import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

export async function up(db: Kysely<any>): Promise<void> {
  // What НАП's files need and the documents lack: who files (their ЕГН and name go in DEKLAR.TXT
  // and VIES.TXT), in what capacity, their address, and the coefficient of partial credit.
  await db.schema
    .createTable("vat_filing_settings")
    .addColumn("company_id", "uuid", (c) =>
      c.primaryKey().references("companies.id").onDelete("cascade"),
    )
    .addColumn("filer_name", "text", (c) => c.notNull())
    .addColumn("filer_egn", "text", (c) => c.notNull())
    .addColumn("filer_role", "text", (c) => c.notNull().check(sql`filer_role in ('R', 'A')`))
    .addColumn("filer_city", "text", (c) => c.notNull())
    .addColumn("filer_postal_code", "text", (c) => c.notNull())
    .addColumn("filer_address", "text", (c) => c.notNull())
    .addColumn("credit_coefficient", sql`numeric(3, 2)`, (c) =>
      c.notNull().defaultTo(1).check(sql`credit_coefficient between 0 and 1`),
    )
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The month's documents by issue date, for the journal (the list's indexes lead with other columns).
  await sql`create index if not exists documents_vat_month on documents (company_id, issue_date)
    where type in ('invoice', 'debit_note', 'credit_note') and status in ('issued', 'cancelled')`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists documents_vat_month`.execute(db);
  await db.schema.dropTable("vat_filing_settings").execute();
}
