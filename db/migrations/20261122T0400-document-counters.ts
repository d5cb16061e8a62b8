import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

export async function up(db: Kysely<any>): Promise<void> {
  // One row per company and series: 'tax' (invoices, credit and debit notes share it, ППЗДДС
  // чл. 78) and 'proforma'. The issuing transaction increments the row, which locks it, so
  // numbers are consecutive and a rolled-back issue leaves no gap.
  await db.schema
    .createTable("document_counters")
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("series", "text", (c) => c.notNull().check(sql`series in ('tax', 'proforma')`))
    .addColumn("last_number", "bigint", (c) =>
      c.notNull().defaultTo(0).check(sql`last_number between 0 and 9999999999`),
    )
    // When the company set its next number (once, for migrating from another program).
    .addColumn("start_set_at", "timestamptz")
    .addPrimaryKeyConstraint("document_counters_pkey", ["company_id", "series"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("document_counters").execute();
}
