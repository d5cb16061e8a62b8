import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("companies")
    .addColumn("subscription_plan", "text", (c) =>
      c.notNull().defaultTo("basic").check(sql`subscription_plan in ('basic', 'standard', 'full')`),
    )
    .execute();

  await db.schema
    .alterTable("users")
    .addColumn("deletion_requested_at", "timestamptz")
    .addColumn("deletion_scheduled_at", "timestamptz")
    .addColumn("anonymized_at", "timestamptz")
    .execute();

  // The cookie (or bearer token) carries a random token; only its SHA-256 is stored.
  await db.schema
    .createTable("sessions")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('browser', 'api')`))
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();
  await db.schema
    .createIndex("sessions_expires_at_idx")
    .on("sessions")
    .column("expires_at")
    .execute();

  // One-time tokens sent by e-mail: verification (link + 6-digit code) and password reset.
  await db.schema
    .createTable("user_tokens")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) =>
      c.notNull().check(sql`purpose in ('verify_email', 'reset_password')`),
    )
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("code_hash", "text")
    .addColumn("failed_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("user_tokens_user_purpose_idx")
    .on("user_tokens")
    .columns(["user_id", "purpose"])
    .execute();

  // Login throttling must hold across instances, so attempts live in the database.
  await db.schema
    .createTable("login_attempts")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("succeeded", "boolean", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("login_attempts_email_idx")
    .on("login_attempts")
    .columns(["email", "created_at"])
    .execute();
  await db.schema
    .createIndex("login_attempts_ip_idx")
    .on("login_attempts")
    .columns(["ip", "created_at"])
    .execute();

  // Spent tokens of the local bot check (each may be used once until it expires).
  await db.schema
    .createTable("bot_check_nonces")
    .addColumn("nonce", "text", (c) => c.primaryKey())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("company_logos")
    .addColumn("company_id", "uuid", (c) =>
      c.primaryKey().references("companies.id").onDelete("cascade"),
    )
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("data", "bytea", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Settings of the whole installation set by admins (e.g. the notification banner).
  await db.schema
    .createTable("app_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "jsonb", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("feedback")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) => c.references("companies.id").onDelete("set null"))
    .addColumn("user_id", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('feedback', 'support')`))
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("severity", "text", (c) => c.check(sql`severity in ('low', 'medium', 'high')`))
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("contact_email", "text", (c) => c.notNull())
    .addColumn("attachment_name", "text")
    .addColumn("attachment_type", "text")
    .addColumn("attachment", "bytea")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("emailed_at", "timestamptz")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "feedback",
    "app_settings",
    "company_logos",
    "bot_check_nonces",
    "login_attempts",
    "user_tokens",
    "sessions",
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema
    .alterTable("users")
    .dropColumn("deletion_requested_at")
    .dropColumn("deletion_scheduled_at")
    .dropColumn("anonymized_at")
    .execute();
  await db.schema.alterTable("companies").dropColumn("subscription_plan").execute();
}
