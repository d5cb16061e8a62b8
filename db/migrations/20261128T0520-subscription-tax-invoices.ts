import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #31 item 3: each paid subscription invoice becomes the operator's tax invoice — its own
// number in the operator's own series, the seller's and the buyer's requisites as they were on the
// day, the tax base and the VAT — so a VAT-registered customer can book what it paid.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("subscription_invoices")
    .addColumn("tax_number", "text", (c) => c.unique().check(sql`tax_number ~ '^[0-9]{10}$'`))
    .addColumn("issued_on", "date")
    .addColumn("seller", "jsonb")
    .addColumn("buyer", "jsonb")
    .addColumn("net_cents", "bigint")
    .addColumn("vat_cents", "bigint")
    .addColumn("vat_rate", "integer")
    .addColumn("vat_ground", "text")
    .execute();
  // The operator's numbering of its own invoices (ППЗДДС чл. 78: consecutive, no gaps): one row
  // per series, incremented in the transaction that records the payment, which locks it.
  await db.schema
    .createTable("operator_counters")
    .addColumn("series", "text", (c) => c.primaryKey().check(sql`series in ('subscription')`))
    .addColumn("last_number", "bigint", (c) =>
      c.notNull().defaultTo(0).check(sql`last_number between 0 and 9999999999`),
    )
    .execute();
  for (const [column, note] of [
    [
      "tax_number",
      "The operator's invoice number for this payment (10 digits, the operator's own series 'subscription' in operator_counters); null while the payment is not made.",
    ],
    ["issued_on", "The day the operator's invoice was issued: the day of the payment (Sofia)."],
    [
      "seller",
      "The operator's requisites on that day (the back office's settings): name, ЕИК, VAT number, address, bank.",
    ],
    ["buyer", "The customer company's requisites on that day: name, ЕИК, VAT number, address."],
    ["net_cents", "The tax base in cents: the plan's price with VAT, less the VAT."],
    ["vat_cents", "The VAT in cents (0 when the operator charges none)."],
    [
      "vat_rate",
      "The VAT rate in per cent in force on the day; null when not charged (the operator not registered).",
    ],
    ["vat_ground", "The legal ground printed when no VAT is charged (чл. 113, ал. 9 от ЗДДС)."],
  ] as const) {
    await sql`comment on column ${sql.ref(`subscription_invoices.${column}`)} is ${sql.lit(note)}`.execute(
      db,
    );
  }
  await sql`comment on table operator_counters is ${sql.lit(
    "The operator's (Сметка's own) invoice numbers per series; the installation's record, no company_id.",
  )}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("operator_counters").execute();
  await db.schema
    .alterTable("subscription_invoices")
    .dropColumn("tax_number")
    .dropColumn("issued_on")
    .dropColumn("seller")
    .dropColumn("buyer")
    .dropColumn("net_cents")
    .dropColumn("vat_cents")
    .dropColumn("vat_rate")
    .dropColumn("vat_ground")
    .execute();
}
