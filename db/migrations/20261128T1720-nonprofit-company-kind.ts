import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #41 item 13: a third kind of customer, a non-profit (сдружение or фондация, ЮЛНЦ) with
// its Булстат/ЕИК, stored like the other kinds.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table companies drop constraint companies_company_type_check`.execute(db);
  await sql`alter table companies add constraint companies_company_type_check
    check (company_type in ('company', 'freelancer', 'nonprofit'))`.execute(db);
  await sql`comment on column companies.company_type is ${sql.lit(
    "The kind of business: company (a trader with an ЕИК), freelancer (свободна професия with a Булстат) or nonprofit (сдружение or фондация, ЮЛНЦ, with its Булстат/ЕИК); the app's wording follows it.",
  )}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table companies drop constraint companies_company_type_check`.execute(db);
  await sql`alter table companies add constraint companies_company_type_check
    check (company_type in ('company', 'freelancer'))`.execute(db);
}
