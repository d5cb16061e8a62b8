import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

/*
 * VAT rates and the legal grounds for 0 % or no VAT as dated rows (issue #14, /hatterscastle/vat-update):
 * a document may carry a rate valid on its date (the tax event's, else the issue date); issued
 * documents keep the rate they were stored with. And the defaults a new company starts with
 * (payment term, language, notes, footer), each company keeping its own copy.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("vat_rates")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // Whole per cent: every Bulgarian rate is one, and the money code multiplies by integers.
    .addColumn("rate", "integer", (c) => c.notNull().check(sql`rate between 0 and 100`))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("valid_from", "date", (c) => c.notNull())
    .addColumn("valid_to", "date")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("vat_rates_period", sql`valid_to is null or valid_to >= valid_from`)
    .execute();
  await sql`create index vat_rates_valid_idx on vat_rates (valid_from, valid_to)`.execute(db);
  // ЗДДС in force since 1.1.2007; the reduced 9 % (hotel accommodation) since 1.4.2011.
  await sql`insert into vat_rates (rate, name, valid_from) values
    (20, 'Стандартна ставка', '2007-01-01'),
    (9, 'Намалена ставка', '2011-04-01'),
    (0, 'Нулева ставка', '2007-01-01')`.execute(db);

  await db.schema
    .createTable("vat_grounds")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    // What the ground means, so EN 16931 category codes and the НАП journals' columns follow.
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('not_registered', 'reverse_charge', 'intra_community', 'export', 'exempt', 'zero', 'outside_scope')`,
        ),
    )
    .addColumn("valid_from", "date", (c) => c.notNull())
    .addColumn("valid_to", "date")
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("vat_grounds_period", sql`valid_to is null or valid_to >= valid_from`)
    .execute();
  await sql`create index vat_grounds_valid_idx on vat_grounds (valid_from, valid_to)`.execute(db);
  await sql`insert into vat_grounds (text, label, kind, valid_from, sort) values
    ('чл. 113, ал. 9 от ЗДДС', 'Доставчикът не е регистриран по ЗДДС', 'not_registered', '2007-01-01', 10),
    ('чл. 21, ал. 2 от ЗДДС', 'Услуга за лице от друга държава от ЕС (обратно начисляване)', 'reverse_charge', '2007-01-01', 20),
    ('чл. 53, ал. 1 от ЗДДС', 'Вътреобщностна доставка на стоки (ВОД)', 'intra_community', '2007-01-01', 30),
    ('чл. 28 от ЗДДС', 'Износ извън ЕС', 'export', '2007-01-01', 40),
    ('чл. 69, ал. 2 от ЗДДС', 'Място на изпълнение в друга държава членка', 'outside_scope', '2007-01-01', 50),
    ('чл. 82, ал. 2 от ЗДДС', 'Данъкът се дължи от получателя', 'reverse_charge', '2007-01-01', 60),
    ('чл. 163а от ЗДДС', 'Обратно начисляване в страната', 'reverse_charge', '2007-01-01', 70),
    ('чл. 39 от ЗДДС', 'Освободена доставка: здравни услуги', 'exempt', '2007-01-01', 80),
    ('чл. 41 от ЗДДС', 'Освободена доставка: образование, спорт и физическо възпитание', 'exempt', '2007-01-01', 90),
    ('чл. 45 от ЗДДС', 'Освободена доставка: земя и сгради', 'exempt', '2007-01-01', 100),
    ('чл. 46 от ЗДДС', 'Освободена доставка: финансови услуги', 'exempt', '2007-01-01', 110)`.execute(
    db,
  );

  // A line's rate is any whole per cent the rates table allowed on its date (checked by the app);
  // stored rows keep theirs.
  const checks = await sql<{ name: string }>`
    select conname as name from pg_constraint
    where conrelid = 'document_lines'::regclass and contype = 'c'
      and pg_get_constraintdef(oid) like '%vat_rate%'`.execute(db);
  for (const check of checks.rows) {
    await sql`alter table document_lines drop constraint ${sql.id(check.name)}`.execute(db);
  }
  await sql`alter table document_lines add constraint document_lines_vat_rate_check
    check (vat_rate between 0 and 100)`.execute(db);
  await sql`alter table expense_amounts add constraint expense_amounts_vat_rate_check
    check (vat_rate between 0 and 100)`.execute(db);

  // Each company's own copy of the defaults for new documents (filled from the admin's defaults
  // when the company is made).
  await db.schema
    .alterTable("companies")
    .addColumn("default_payment_term_days", "integer", (c) =>
      c.notNull().defaultTo(7).check(sql`default_payment_term_days between 0 and 365`),
    )
    .addColumn("default_language", "text", (c) =>
      c.notNull().defaultTo("bg").check(sql`default_language in ('bg', 'en', 'bilingual')`),
    )
    .addColumn("default_notes", "text", (c) => c.check(sql`char_length(default_notes) <= 1000`))
    .addColumn("document_footer", "text", (c) => c.check(sql`char_length(document_footer) <= 500`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("companies")
    .dropColumn("default_payment_term_days")
    .dropColumn("default_language")
    .dropColumn("default_notes")
    .dropColumn("document_footer")
    .execute();
  await sql`alter table expense_amounts drop constraint if exists expense_amounts_vat_rate_check`.execute(
    db,
  );
  await sql`alter table document_lines drop constraint if exists document_lines_vat_rate_check`.execute(
    db,
  );
  await sql`alter table document_lines add constraint document_lines_vat_rate_check
    check (vat_rate in (0, 9, 20))`.execute(db);
  await db.schema.dropTable("vat_grounds").execute();
  await db.schema.dropTable("vat_rates").execute();
}
