import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #42 item 8 (decision 046): Bulgarian banks' own exports. A statement may also be an HTML
// table saved with the .xls name (УниКредит Булбанк's and ДСК's «Excel» exports) or a bank's own
// XML of records (ДСК's and УниКредит's «AccountMovements», ОББ's «TRANSACTION»); an account's
// column mapping may name a column that says debit or credit («Тип» ДТ/КТ), the amount then
// being without its sign.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bank_statements drop constraint bank_statements_format_check`.execute(db);
  await sql`alter table bank_statements add constraint bank_statements_format_check
    check (format in ('mt940', 'camt053', 'csv', 'xlsx', 'html', 'xml'))`.execute(db);
  await db.schema
    .alterTable("bank_accounts")
    .addColumn("csv_direction", "text", (c) => c.check(sql`length(csv_direction) <= 100`))
    .execute();
  await sql`comment on column bank_accounts.csv_direction is
    'The column of the account''s table export that says debit or credit (ДТ/КТ, DR/CR, D/C, Дебит/Кредит); with it the amount column has no sign.'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("bank_accounts").dropColumn("csv_direction").execute();
  await sql`delete from bank_statements where format in ('html', 'xml')`.execute(db);
  await sql`alter table bank_statements drop constraint bank_statements_format_check`.execute(db);
  await sql`alter table bank_statements add constraint bank_statements_format_check
    check (format in ('mt940', 'camt053', 'csv', 'xlsx'))`.execute(db);
}
