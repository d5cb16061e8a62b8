import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #31 item 8: a document's e-mail may carry a short message from the person who sends it
// and a copy to that person.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("document_emails")
    .addColumn("message", "text", (c) => c.check(sql`char_length(message) <= 1000`))
    .addColumn("copy_to", "text", (c) => c.check(sql`char_length(copy_to) <= 254`))
    .execute();
  await sql`comment on column document_emails.message is ${sql.lit(
    "The sender's own short message, put above the standard text of the e-mail (at most 1,000 characters); null for none and for what the app sends by itself.",
  )}`.execute(db);
  await sql`comment on column document_emails.copy_to is ${sql.lit(
    "The address of the person who sent it, when they asked for a copy (sent as Bcc with the e-mail); null for none.",
  )}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("document_emails")
    .dropColumn("message")
    .dropColumn("copy_to")
    .execute();
}
