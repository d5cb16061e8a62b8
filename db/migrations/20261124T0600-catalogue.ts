import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

export async function up(db: Kysely<any>): Promise<void> {
  // A company's goods and services with their price without VAT: the editor fills a line from one.
  // The price has the scale of a document line's unit price (numeric(16, 4)).
  await db.schema
    .createTable("catalogue_items")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_en", "text")
    .addColumn("unit", "text", (c) => c.notNull().defaultTo("бр."))
    .addColumn("unit_price", sql`numeric(16, 4)`, (c) => c.notNull().check(sql`unit_price >= 0`))
    .addColumn("vat_rate", "integer", (c) => c.check(sql`vat_rate between 0 and 100`))
    .addColumn("vat_ground", "text")
    .addColumn("archived_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One item of a name (in any case) among those still offered; an archived one keeps its name.
  await sql`create unique index catalogue_items_company_name_key
    on catalogue_items (company_id, lower(name)) where archived_at is null`.execute(db);
  // The list pages by (name, id) inside one company (keyset).
  await sql`create index catalogue_items_company_sort_idx
    on catalogue_items (company_id, lower(name), id)`.execute(db);
  // Search by the start of a name ("like 'каф%'") whatever the database's collation.
  await sql`create index catalogue_items_company_prefix_idx
    on catalogue_items (company_id, lower(name) text_pattern_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("catalogue_items").execute();
}
