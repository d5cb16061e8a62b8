import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Decision 065: a salary's net is paid in the books once. When a bank movement booked to 421
// paid it (the employee's IBAN, the net to the cent), the salary names that booking: it is then
// marked paid that day and its own payment entry is not made (the booking's Дт 421 / Кт 503 is).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index bank_matches_company_id_key on bank_matches (company_id, id)`.execute(
    db,
  );
  await sql`alter table salaries add column bank_match_id uuid,
    add constraint salaries_bank_match_fkey foreign key (company_id, bank_match_id)
      references bank_matches (company_id, id) on delete set null (bank_match_id)`.execute(db);
  await sql`create unique index salaries_bank_match_key on salaries (bank_match_id)
    where bank_match_id is not null`.execute(db);
  await sql`comment on column salaries.bank_match_id is ${sql.lit(
    "The bank booking to 421 that paid the net (decision 065): the salary's own payment entry is not made while that booking stands.",
  )}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists salaries_bank_match_key`.execute(db);
  await sql`alter table salaries drop column if exists bank_match_id`.execute(db);
  await sql`drop index if exists bank_matches_company_id_key`.execute(db);
}
