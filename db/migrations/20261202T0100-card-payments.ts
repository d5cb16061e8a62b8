import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #47 item 3 (decision 071): pay by card. A company connects its own Stripe account with a
// restricted key (kept sealed: AES-256-GCM) or, on a server without Stripe, the local provider; a
// client pays a document's amount due from the portal; each provider event is applied once.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("card_accounts")
    .addColumn("company_id", "uuid", (c) =>
      c.primaryKey().references("companies.id").onDelete("cascade"),
    )
    .addColumn("provider", "text", (c) => c.notNull().check(sql`provider in ('stripe', 'local')`))
    .addColumn("secret_key_sealed", "text")
    .addColumn("webhook_secret_sealed", "text")
    .addColumn("key_hint", "text", (c) => c.check(sql`length(key_hint) <= 40`))
    .addColumn("webhook_endpoint_id", "text", (c) =>
      c.check(sql`length(webhook_endpoint_id) <= 255`),
    )
    .addColumn("connected_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("connected_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      "card_accounts_keys",
      sql`provider = 'local' or (secret_key_sealed is not null and webhook_secret_sealed is not null)`,
    )
    .execute();

  await db.schema
    .createTable("card_payments")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("document_id", "uuid", (c) =>
      c.notNull().references("documents.id").onDelete("cascade"),
    )
    .addColumn("link_id", "uuid", (c) => c.references("portal_links.id").onDelete("set null"))
    .addColumn("provider", "text", (c) => c.notNull().check(sql`provider in ('stripe', 'local')`))
    .addColumn("session_id", "text", (c) => c.notNull().check(sql`length(session_id) <= 255`))
    .addColumn("checkout_url", "text", (c) => c.check(sql`length(checkout_url) <= 2000`))
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("currency", "text", (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("open")
        .check(sql`status in ('open', 'authenticating', 'paid', 'failed', 'expired')`),
    )
    .addColumn("fee_cents", "integer", (c) => c.check(sql`fee_cents >= 0`))
    .addColumn("payment_id", "uuid", (c) =>
      c.references("document_payments.id").onDelete("set null"),
    )
    .addColumn("fee_expense_id", "uuid", (c) => c.references("expenses.id").onDelete("set null"))
    .addColumn("problem", "text", (c) => c.check(sql`length(problem) <= 500`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("paid_at", "timestamptz")
    .addUniqueConstraint("card_payments_session", ["provider", "session_id"])
    .execute();
  await sql`create index card_payments_document on card_payments
    (company_id, document_id, created_at desc)`.execute(db);

  await db.schema
    .createTable("card_events")
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("id", "text", (c) => c.notNull().check(sql`length(id) <= 255`))
    .addColumn("type", "text", (c) => c.notNull().check(sql`length(type) <= 255`))
    .addColumn("received_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("card_events_pkey", ["company_id", "id"])
    .execute();

  const comments: [string, string][] = [
    ["card_accounts", "A company's own card payments provider (issue #47 item 3, decision 071)."],
    ["card_accounts.provider", "stripe (the company's own account) or local (no Stripe: demos)."],
    ["card_accounts.secret_key_sealed", "The restricted key, AES-256-GCM sealed: never plain."],
    ["card_accounts.webhook_secret_sealed", "The webhook's signing secret, sealed the same way."],
    ["card_accounts.key_hint", "What the settings page shows of the key: its prefix and last 4."],
    ["card_accounts.webhook_endpoint_id", "The endpoint Сметка made in the company's Stripe."],
    ["card_payments", "A client's card payment of one document from the portal."],
    ["card_payments.session_id", "The provider's Checkout Session id (cs_…, cs_local_…)."],
    ["card_payments.amount_cents", "The document's amount due when the payment was started."],
    ["card_payments.status", "open, authenticating (3-D Secure), paid, failed or expired."],
    ["card_payments.fee_cents", "The provider's fee, recorded as an expense with expenses."],
    ["card_payments.payment_id", "The document's payment it became (method card)."],
    ["card_payments.problem", "Why a paid card payment could not be recorded on the document."],
    ["card_events", "Provider events applied to card payments: each id once per company."],
  ];
  for (const [target, text] of comments) {
    const kind = target.includes(".") ? "column" : "table";
    await sql`comment on ${sql.raw(kind)} ${sql.raw(target)} is ${sql.lit(text)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("card_events").execute();
  await db.schema.dropTable("card_payments").execute();
  await db.schema.dropTable("card_accounts").execute();
}
