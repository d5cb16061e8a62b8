import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// A statement that names its account by the bank's own number instead of an IBAN (an MT940
// `:25:517852257`, camt's Acct/Id/Othr/Id, a table export's «Сметка»): the person chooses once
// which of the company's accounts it is, and the choice is kept for that number (decision 046).
// A statement may also be a workbook (.xlsx) read by a known layout or the account's mapping.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("bank_account_numbers")
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("number", "text", (c) =>
      c.notNull().check(sql`length(number) between 1 and 60 and number = upper(number)`),
    )
    .addColumn("account_id", "uuid", (c) => c.notNull())
    .addColumn("chosen_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("bank_account_numbers_pkey", ["company_id", "number"])
    .addForeignKeyConstraint(
      "bank_account_numbers_account",
      ["company_id", "account_id"],
      "bank_accounts",
      ["company_id", "id"],
      (c) => c.onDelete("cascade"),
    )
    .execute();
  await sql`comment on table bank_account_numbers is
    'A bank''s own account number (not an IBAN) as a statement file writes it, and the company''s account the person chose for it.'`.execute(
    db,
  );
  await sql`comment on column bank_account_numbers.number is
    'As the file writes it, without spaces, in capitals («517852257», «1522532201EUR»).'`.execute(
    db,
  );
  await sql`alter table bank_statements drop constraint bank_statements_format_check`.execute(db);
  await sql`alter table bank_statements add constraint bank_statements_format_check
    check (format in ('mt940', 'camt053', 'csv', 'xlsx'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from bank_statements where format = 'xlsx'`.execute(db);
  await sql`alter table bank_statements drop constraint bank_statements_format_check`.execute(db);
  await sql`alter table bank_statements add constraint bank_statements_format_check
    check (format in ('mt940', 'camt053', 'csv'))`.execute(db);
  await db.schema.dropTable("bank_account_numbers").execute();
}
