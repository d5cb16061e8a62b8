import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #48 item 1 (decision 077, amended): an offer is e-mailed to its client with its PDF and a
// link to answer it in the portal; the offer keeps when it was last sent and to whom, as a
// document does (documents.sent_at / sent_to).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("offers")
    .addColumn("sent_at", "timestamptz")
    .addColumn("sent_to", "text", (c) => c.check(sql`length(sent_to) <= 5000`))
    .execute();
  await sql`comment on column offers.sent_at is
    'When the offer was last e-mailed to the client (POST /api/offers/{id}/send or /offer/{id}); null if never.'`.execute(
    db,
  );
  await sql`comment on column offers.sent_to is
    'The addresses the offer was last e-mailed to, comma-separated.'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("offers").dropColumn("sent_to").dropColumn("sent_at").execute();
}
