import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #31 item 7: the password chosen on the sign-up's first step waits here (as its hash)
// while the person fills in steps 2 and 3, instead of riding along in the page's hidden inputs.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("signup_drafts")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("signup_drafts_expires_idx")
    .on("signup_drafts")
    .column("expires_at")
    .execute();
  await sql`comment on table signup_drafts is ${sql.lit(
    "A registration in progress (the wizard without JavaScript too): the password of step 1, hashed, kept until the account is made or it expires. No company yet, so no company_id.",
  )}`.execute(db);
  await sql`comment on column signup_drafts.token_hash is ${sql.lit(
    "SHA-256 of the random token the wizard's form carries between its steps.",
  )}`.execute(db);
  await sql`comment on column signup_drafts.password_hash is ${sql.lit(
    "argon2id of the password typed on step 1; the account gets this hash.",
  )}`.execute(db);
  await sql`comment on column signup_drafts.expires_at is ${sql.lit(
    "An hour after the last step posted; auth.purge deletes it after that.",
  )}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("signup_drafts").execute();
}
