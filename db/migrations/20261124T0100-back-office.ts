import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

/** The operator's own company (admins keep their own books in it); EIK 000000000 passes the check. */
const OPERATOR_EIK = "000000000";

export async function up(db: Kysely<any>): Promise<void> {
  // Locked logins cannot sign in; their sessions end when they are locked.
  await db.schema
    .alterTable("users")
    .addColumn("locked_at", "timestamptz")
    .addColumn("locked_reason", "text")
    .execute();

  // A session opened by an admin "as" a customer (impersonation) names the admin.
  await db.schema
    .alterTable("sessions")
    .addColumn("impersonator_id", "uuid", (c) => c.references("users.id").onDelete("cascade"))
    .execute();

  // The operator's company: admins' own customer pages (clients, invoices, plans) work in it,
  // and it is left out of the customer figures.
  await db.schema
    .alterTable("companies")
    .addColumn("is_operator", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  const orphanAdmins = await sql<{ n: number }>`
    select count(*)::int as n from users where role = 'admin' and company_id is null`.execute(db);
  if ((orphanAdmins.rows[0]?.n ?? 0) > 0) {
    await sql`insert into companies (name, company_type, eik, address, city, postal_code, email,
        is_operator)
      select 'Сметка — администрация', 'company', ${OPERATOR_EIK}, 'бул. Витоша 1', 'София', '1000',
        (select email from users where role = 'admin' order by created_at limit 1), true
      where not exists (select 1 from companies where eik = ${OPERATOR_EIK})`.execute(db);
    await sql`update companies set is_operator = true where eik = ${OPERATOR_EIK}`.execute(db);
    await sql`update users set company_id = (select id from companies where eik = ${OPERATOR_EIK})
      where role = 'admin' and company_id is null`.execute(db);
  }

  // One-time links that open a customer's view (impersonation) without the admin's cookie:
  // short-lived, single use, bound to the admin who made them and to the customer.
  await db.schema
    .createTable("direct_auth_tokens")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("admin_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .execute();

  // What admins did, and every page and action while impersonating: who, as whom, what, when,
  // from where. Rows outlive the admin and the customer (names are kept as text).
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("admin_id", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("admin_email", "text", (c) => c.notNull())
    .addColumn("as_user_id", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("company_id", "uuid", (c) => c.references("companies.id").onDelete("set null"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target", "text")
    .addColumn("ip", "text")
    .addColumn("details", "jsonb")
    .execute();
  await sql`create index audit_log_company on audit_log (company_id, created_at desc, id desc)
    where company_id is not null`.execute(db);
  await sql`create index audit_log_admin on audit_log (admin_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index audit_log_created on audit_log (created_at desc, id desc)`.execute(db);

  // A plan granted by an admin without payment, with a reason; the company's plan is the higher
  // of its subscription's and its live grant's.
  await db.schema
    .createTable("plan_grants")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("plan", "text", (c) => c.notNull().check(sql`plan in ('standard', 'full')`))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("ends_on", "date")
    .addColumn("granted_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("granted_by_email", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("revoked_at", "timestamptz")
    .addColumn("revoked_by_email", "text")
    .execute();
  await sql`create index plan_grants_company on plan_grants (company_id, created_at desc)`.execute(
    db,
  );

  // Search in the back office's lists: e-mail, company name and EIK by prefix or part.
  await sql`create index users_email_lower on users (lower(email) text_pattern_ops)`.execute(db);
  await sql`create index users_created on users (created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists users_created`.execute(db);
  await sql`drop index if exists users_email_lower`.execute(db);
  await db.schema.dropTable("plan_grants").execute();
  await db.schema.dropTable("audit_log").execute();
  await db.schema.dropTable("direct_auth_tokens").execute();
  await db.schema.alterTable("companies").dropColumn("is_operator").execute();
  await db.schema.alterTable("sessions").dropColumn("impersonator_id").execute();
  await db.schema.alterTable("users").dropColumn("locked_at").dropColumn("locked_reason").execute();
}
