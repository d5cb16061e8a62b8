import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #42 item 12: a foreign supplier's registration number (a Norwegian organisasjonsnummer,
// a Companies House number …) kept as it is, apart from the Bulgarian ЕИК, which it is not.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table expenses add column supplier_company_id text
    check (char_length(supplier_company_id) between 1 and 50)`.execute(db);
  await sql`comment on column expenses.supplier_company_id is ${sql.lit(
    "A foreign supplier's registration number (PartyLegalEntity/CompanyID of its e-invoice), as written; a Bulgarian supplier's ЕИК is in supplier_eik.",
  )}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table expenses drop column supplier_company_id`.execute(db);
}
