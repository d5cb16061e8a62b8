import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("clients")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('company', 'sole_trader', 'non_profit', 'individual', 'foreign_company')`,
        ),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_en", "text")
    .addColumn("eik", "text")
    .addColumn("vat_number", "text")
    .addColumn("mol", "text")
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("address_en", "text")
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("city_en", "text")
    .addColumn("postal_code", "text")
    .addColumn("country_code", "char(2)", (c) => c.notNull().defaultTo("BG"))
    .addColumn("emails", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn("phone", "text")
    .addColumn("currency", "char(3)", (c) => c.notNull().defaultTo("EUR"))
    .addColumn("language", "text", (c) =>
      c.notNull().defaultTo("bg").check(sql`language in ('bg', 'en')`),
    )
    .addColumn("payment_term_days", "integer", (c) =>
      c.notNull().defaultTo(7).check(sql`payment_term_days between 0 and 365`),
    )
    .addColumn("vat_treatment", "text", (c) =>
      c
        .notNull()
        .defaultTo("standard")
        .check(
          sql`vat_treatment in ('standard', 'reverse_charge', 'intra_community', 'export', 'exempt')`,
        ),
    )
    .addColumn("archived_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The list pages by (name, id) and by (created_at, id) inside one company: keyset indexes.
  await db.schema
    .createIndex("clients_company_name_idx")
    .on("clients")
    .expression(sql`company_id, lower(name), id`)
    .execute();
  await db.schema
    .createIndex("clients_company_created_idx")
    .on("clients")
    .expression(sql`company_id, created_at desc, id`)
    .execute();
  // One client per EIK in a company (archived ones included: restore instead of re-creating).
  await db.schema
    .createIndex("clients_company_eik_key")
    .on("clients")
    .columns(["company_id", "eik"])
    .unique()
    .where(sql.ref("eik"), "is not", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("clients").execute();
}
