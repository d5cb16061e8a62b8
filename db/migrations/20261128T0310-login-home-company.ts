import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Decision 028: what users.company_id means now that access is by membership.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`comment on column users.company_id is ${sql.lit(
    "The login's home company in the back office: registered with it, made for it there, or (a login made from an invitation) the company that invited it. Access to any company is by company_members.",
  )}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`comment on column users.company_id is ${sql.lit(
    "The login's own company (registered with it, or made for it in the back office); access to any company is by company_members.",
  )}`.execute(db);
}
