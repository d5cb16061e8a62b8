import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #49 item 2 (decision 076): what a freelancer's annual return (ГДД по чл. 50 ЗДДФЛ,
// Приложение № 3) needs and Сметка cannot read from the documents — the compulsory social and
// health contributions the person paid for the year, and whether the person declared to the
// payers that they are self-insured (ЗДДФЛ чл. 43, ал. 5: then no payer withholds the advance
// tax and the person pays it all). One row per company and year, written from /taxes/annual.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("income_tax_years")
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("year", "integer", (c) => c.notNull().check(sql`year between 2000 and 2100`))
    .addColumn("contributions_cents", "bigint", (c) =>
      c.notNull().defaultTo(0).check(sql`contributions_cents between 0 and 9999999999999`),
    )
    .addColumn("self_insured_declared", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("updated_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("income_tax_years_pkey", ["company_id", "year"])
    .execute();
  await sql`comment on table income_tax_years is
    'A freelancer''s figures for the annual return that the documents do not give (decision 076).'`.execute(
    db,
  );
  await sql`comment on column income_tax_years.contributions_cents is
    'Compulsory social and health contributions the person paid for the year (КСО, ЗЗО), euro cents, as the person states them.'`.execute(
    db,
  );
  await sql`comment on column income_tax_years.self_insured_declared is
    'The person declared to the payers that they are self-insured (ЗДДФЛ чл. 43, ал. 5): no payer withholds the advance tax.'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("income_tax_years").execute();
}
