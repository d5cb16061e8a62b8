import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

export async function up(db: Kysely<any>): Promise<void> {
  // An e-mail over its company's hourly limit waits for the next hour instead of being dropped
  // (issue #24): when it may go, shown on its document's page. Null once it is counted.
  await db.schema.alterTable("document_emails").addColumn("send_after", "timestamptz").execute();
  await sql`comment on column document_emails.send_after is 'waiting for the hourly limit until'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("document_emails").dropColumn("send_after").execute();
}
