import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

export async function up(db: Kysely<any>): Promise<void> {
  // One subscription per company. companies.subscription_plan stays the plan every page reads
  // (the session query joins it); it changes only together with this row.
  await db.schema
    .createTable("subscriptions")
    .addColumn("company_id", "uuid", (c) =>
      c.primaryKey().references("companies.id").onDelete("cascade"),
    )
    .addColumn("plan", "text", (c) =>
      c.notNull().defaultTo("basic").check(sql`plan in ('basic', 'standard', 'full')`),
    )
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("active")
        .check(
          sql`status in ('active', 'trialing', 'past_due', 'incomplete', 'incomplete_expired', 'unpaid', 'canceled')`,
        ),
    )
    .addColumn("current_period_start", "timestamptz")
    .addColumn("current_period_end", "timestamptz")
    // A pending downgrade: at the period's end the plan becomes previous_plan (from full) or basic.
    .addColumn("is_canceled", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("previous_plan", "text", (c) =>
      c.check(sql`previous_plan in ('basic', 'standard', 'full')`),
    )
    .addColumn("provider", "text", (c) =>
      c.notNull().defaultTo("local").check(sql`provider in ('local', 'stripe')`),
    )
    .addColumn("customer_id", "text")
    .addColumn("subscription_id", "text")
    // {brand, last4, expMonth, expYear}: never the card number.
    .addColumn("payment_method", "jsonb")
    // A payment waiting for 3-D Secure: {clientSecret, plan, invoiceId, createdAt}.
    .addColumn("pending_action", "jsonb")
    // The provider's own timestamp of the last state applied: older deliveries are ignored.
    .addColumn("provider_updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("subscriptions_subscription_id_key")
    .on("subscriptions")
    .column("subscription_id")
    .unique()
    .where(sql.ref("subscription_id"), "is not", null)
    .execute();
  await db.schema
    .createIndex("subscriptions_customer_id_idx")
    .on("subscriptions")
    .column("customer_id")
    .execute();

  await db.schema
    .createTable("subscription_invoices")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("provider_id", "text", (c) => c.notNull().unique())
    .addColumn("number", "text")
    .addColumn("plan", "text")
    .addColumn("amount_cents", "bigint", (c) => c.notNull())
    .addColumn("currency", "char(3)", (c) => c.notNull().defaultTo("EUR"))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('draft', 'open', 'paid', 'void', 'uncollectible')`),
    )
    .addColumn("description", "text")
    .addColumn("period_start", "timestamptz")
    .addColumn("period_end", "timestamptz")
    .addColumn("hosted_url", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("subscription_invoices_company_idx")
    .on("subscription_invoices")
    .columns(["company_id", "created_at"])
    .execute();

  // Every billing event applied, by the provider's id: a repeated delivery is applied once.
  await db.schema
    .createTable("billing_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("company_id", "uuid", (c) => c.references("companies.id").onDelete("set null"))
    .addColumn("received_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("billing_events").execute();
  await db.schema.dropTable("subscription_invoices").execute();
  await db.schema.dropTable("subscriptions").execute();
}
