import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

export async function up(db: Kysely<any>): Promise<void> {
  // Counters of rate limits (login throttling, availability checks, mails), shared by every
  // instance: one row per key and window, counted up atomically with INSERT … ON CONFLICT.
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addColumn("window_ends_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("rate_limits_window_ends_at_idx")
    .on("rate_limits")
    .column("window_ends_at")
    .execute();

  // A proforma converts into one invoice only. Parallel conversions made several drafts before
  // this index; the oldest keeps the link, the later ones stay as plain drafts.
  await sql`
    update documents set proforma_id = null
    where proforma_id is not null and id not in (
      select distinct on (proforma_id) id from documents
      where proforma_id is not null order by proforma_id, created_at, id
    )`.execute(db);
  await db.schema
    .createIndex("documents_proforma_id_key")
    .on("documents")
    .column("proforma_id")
    .unique()
    .where(sql.ref("proforma_id"), "is not", null)
    .execute();

  // The provider's time of the last event applied to a subscription invoice (ms): a late,
  // older event (payment_action_required after invoice.paid) never moves it back.
  await db.schema
    .alterTable("subscription_invoices")
    .addColumn("provider_updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("subscription_invoices").dropColumn("provider_updated_at").execute();
  await db.schema.dropIndex("documents_proforma_id_key").execute();
  await db.schema.dropTable("rate_limits").execute();
}
