import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

export async function up(db: Kysely<any>): Promise<void> {
  // The tenant: every business row carries company_id.
  await db.schema
    .createTable("companies")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_en", "text")
    .addColumn("company_type", "text", (c) =>
      c.notNull().check(sql`company_type in ('company', 'freelancer')`),
    )
    .addColumn("eik", "text", (c) => c.notNull())
    .addColumn("is_vat_registered", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("vat_number", "text")
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("address_en", "text")
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("city_en", "text")
    .addColumn("postal_code", "text", (c) => c.notNull())
    .addColumn("country_code", "char(2)", (c) => c.notNull().defaultTo("BG"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("bank_iban", "text")
    .addColumn("bank_name", "text")
    .addColumn("bank_name_en", "text")
    .addColumn("bank_bic", "text")
    .addColumn("use_english_invoices", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("companies_eik_key").on("companies").column("eik").unique().execute();
  await db.schema
    .createIndex("companies_name_key")
    .on("companies")
    .expression(sql`lower(name)`)
    .unique()
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // Admins of the back office belong to no company; every customer belongs to one.
    .addColumn("company_id", "uuid", (c) => c.references("companies.id").onDelete("restrict"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) =>
      c.notNull().defaultTo("user").check(sql`role in ('user', 'admin')`),
    )
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email_verified_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("users_customer_has_company", sql`role = 'admin' or company_id is not null`)
    .execute();
  await db.schema
    .createIndex("users_email_key")
    .on("users")
    .expression(sql`lower(email)`)
    .unique()
    .execute();
  await db.schema.createIndex("users_company_id_idx").on("users").column("company_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("users").execute();
  await db.schema.dropTable("companies").execute();
}
