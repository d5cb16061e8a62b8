import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Decision 033: after an account's 30 days the companies its login owned alone are deleted with
// every row (the spec: nothing can be restored). A login whose home company that was (the owner,
// kept anonymised, or someone it once invited) keeps no home company: access is by membership.
// The operator's tax invoices for the subscription (#31 item 3) are the operator's own books, not
// the company's: they stay, numbered, with the buyer's requisites in their snapshot.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop constraint users_customer_has_company`.execute(db);
  await sql`comment on column users.company_id is ${sql.lit(
    "The login's home company in the back office: registered with it, made for it there, or (a login made from an invitation) the company that invited it; null once that company was deleted (decision 033). Access to any company is by company_members.",
  )}`.execute(db);
  await sql`alter table subscription_invoices
    drop constraint subscription_invoices_company_id_fkey,
    alter column company_id drop not null,
    add constraint subscription_invoices_company_id_fkey
      foreign key (company_id) references companies (id) on delete set null`.execute(db);
  await sql`comment on column subscription_invoices.company_id is ${sql.lit(
    "The buyer company; null once it was deleted (decision 033) — the operator's issued invoice stays, its buyer in the buyer snapshot.",
  )}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from subscription_invoices where company_id is null`.execute(db);
  await sql`alter table subscription_invoices
    drop constraint subscription_invoices_company_id_fkey,
    alter column company_id set not null,
    add constraint subscription_invoices_company_id_fkey
      foreign key (company_id) references companies (id) on delete cascade`.execute(db);
  await sql`alter table users add constraint users_customer_has_company
    check (role = 'admin' or company_id is not null) not valid`.execute(db);
}
