import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Decision 069, closed for e-mails: a portal link shows every issued document of the client, so
// staff limited to their own documents may not make one — nor may an e-mail they send carry one
// (an offer's «Отговорете на офертата», a document's «Плати с карта»): they choose its recipients
// and may copy themselves. The e-mail's job is told by this column whether the sender could.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("document_emails")
    .addColumn("portal_link", "boolean", (c) => c.notNull().defaultTo(true))
    .execute();
  await sql`comment on column document_emails.portal_link is
    'Whether the e-mail may carry a link into the client''s portal: false when its sender sees only their own documents.'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("document_emails").dropColumn("portal_link").execute();
}
