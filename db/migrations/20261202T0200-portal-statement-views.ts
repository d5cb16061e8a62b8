import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #47 item 4 (decisions 069, 070): the client portal shows the statement of account and the
// acts of reconciliation, with their PDFs; each opening of those files is a view of the link too.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table portal_views drop constraint portal_views_what_check`.execute(db);
  await sql`alter table portal_views add constraint portal_views_what_check
    check (what in ('list', 'pdf', 'ubl', 'statement', 'reconciliation'))`.execute(db);
  await sql`comment on column portal_views.what is ${sql.lit(
    "list, pdf or ubl (a document), statement (the statement's PDF) or reconciliation (an act's PDF).",
  )}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from portal_views where what in ('statement', 'reconciliation')`.execute(db);
  await sql`alter table portal_views drop constraint portal_views_what_check`.execute(db);
  await sql`alter table portal_views add constraint portal_views_what_check
    check (what in ('list', 'pdf', 'ubl'))`.execute(db);
  await sql`comment on column portal_views.what is 'list, pdf or ubl.'`.execute(db);
}
