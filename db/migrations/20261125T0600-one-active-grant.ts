import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

export async function up(db: Kysely<any>): Promise<void> {
  // One grant in force per company (issue #24): parallel grants could each leave theirs. Of the
  // grants not ended, the newest is kept, as a new grant replaces the one before it; the others
  // end now. Then the database holds the rule.
  await sql`
    update plan_grants older
    set revoked_at = now(), revoked_by_email = 'заменен'
    where older.revoked_at is null
      and exists (
        select 1 from plan_grants newer
        where newer.company_id = older.company_id
          and newer.revoked_at is null
          and (newer.created_at, newer.id) > (older.created_at, older.id)
      )
  `.execute(db);
  await sql`create unique index plan_grants_one_active on plan_grants (company_id)
    where revoked_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists plan_grants_one_active`.execute(db);
}
