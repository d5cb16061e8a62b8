import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #48 item 3 (decision 073): the protocols under чл. 117 ЗДДС that Сметка makes from an
// expense — an EU supplier's service or goods, a service from outside the EU, a domestic reverse
// charge (чл. 163а) — numbered in a series of their own per company (10 digits, gapless under the
// counter row's lock, as the documents' series), dated within чл. 117, ал. 3's 15 days, with the
// VAT self-assessed at the rate of the supply. A protocol is never changed: it is cancelled while
// its month is open, or corrected by a new protocol (чл. 117, ал. 4) that refers to it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table expenses add column reverse_charge boolean not null default false`.execute(
    db,
  );
  await sql`comment on column expenses.reverse_charge is ${sql.lit(
    "The supplier charged no VAT because the buyer owes it (чл. 163а ЗДДС, a domestic reverse charge): the expense gets a protocol under чл. 117.",
  )}`.execute(db);

  await db.schema
    .createTable("vat_protocol_counters")
    .addColumn("company_id", "uuid", (c) =>
      c.primaryKey().references("companies.id").onDelete("cascade"),
    )
    .addColumn("last_number", "bigint", (c) =>
      c.notNull().defaultTo(0).check(sql`last_number between 0 and 9999999999`),
    )
    .execute();
  await sql`comment on table vat_protocol_counters is
    'The last number of a company''s series of protocols under чл. 117 (decision 073): updated under its row lock in the transaction that issues one.'`.execute(
    db,
  );

  await db.schema
    .createTable("vat_protocols")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("expense_id", "uuid", (c) => c.notNull())
    .addColumn("number", "text", (c) => c.notNull().check(sql`number ~ '^[0-9]{10}$'`))
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .check(sql`kind in ('eu_services', 'eu_goods', 'import_services', 'domestic_163a')`),
    )
    .addColumn("protocol_date", "date", (c) => c.notNull())
    .addColumn("chargeable_date", "date", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull().check(sql`currency in ('BGN', 'EUR')`))
    .addColumn("source_currency", "text", (c) =>
      c.notNull().check(sql`source_currency ~ '^[A-Z]{3}$'`),
    )
    .addColumn("eur_rate", sql`numeric(18, 8)`)
    .addColumn("rate_note", "text", (c) => c.check(sql`length(rate_note) <= 200`))
    .addColumn("base_cents", "bigint", (c) => c.notNull())
    .addColumn("vat_rate", "integer", (c) => c.notNull().check(sql`vat_rate in (20, 9)`))
    .addColumn("vat_cents", "bigint", (c) => c.notNull())
    .addColumn("creditable_vat_cents", "bigint", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("issued").check(sql`status in ('issued', 'cancelled')`),
    )
    .addColumn("corrects_id", "uuid")
    .addColumn("reason", "text", (c) => c.check(sql`length(reason) <= 500`))
    .addColumn("created_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("cancelled_at", "timestamptz")
    .addForeignKeyConstraint(
      "vat_protocols_expense_fkey",
      ["company_id", "expense_id"],
      "expenses",
      ["company_id", "id"],
      (fk) => fk.onDelete("restrict"),
    )
    .addUniqueConstraint("vat_protocols_number_key", ["company_id", "number"])
    .addCheckConstraint(
      "vat_protocols_cancelled",
      sql`(status = 'cancelled') = (cancelled_at is not null)
        and (corrects_id is null or reason is not null)
        and abs(creditable_vat_cents) <= abs(vat_cents)`,
    )
    .execute();
  await sql`create unique index vat_protocols_company_id_key on vat_protocols (company_id, id)`.execute(
    db,
  );
  await sql`alter table vat_protocols add constraint vat_protocols_corrects_fkey
    foreign key (company_id, corrects_id) references vat_protocols (company_id, id) on delete restrict`.execute(
    db,
  );
  await db.schema
    .createIndex("vat_protocols_date_idx")
    .on("vat_protocols")
    .columns(["company_id", "protocol_date"])
    .execute();
  await db.schema
    .createIndex("vat_protocols_expense_idx")
    .on("vat_protocols")
    .columns(["company_id", "expense_id"])
    .execute();
  await sql`comment on table vat_protocols is
    'Protocols under чл. 117 ЗДДС made from an expense (decision 073): in both VAT journals in the month of protocol_date, posted to the books (Дт 4531 / Кт 4532).'`.execute(
    db,
  );
  await sql`comment on column vat_protocols.kind is
    'eu_services (чл. 21, ал. 2 and чл. 82, ал. 2), eu_goods (чл. 84: кол. 13), import_services (a supplier outside the EU), domestic_163a (чл. 163а).'`.execute(
    db,
  );
  await sql`comment on column vat_protocols.chargeable_date is
    'The day the tax became chargeable (the tax event, an earlier payment, or for goods the 15th of the next month or the invoice''s day): the term of чл. 117, ал. 3 runs from it.'`.execute(
    db,
  );
  await sql`comment on column vat_protocols.base_cents is
    'The tax base in currency (the period''s: EUR from 2026), converted at eur_rate of the chargeable date; a correcting protocol holds the change (negative for a decrease).'`.execute(
    db,
  );
  await sql`comment on column vat_protocols.creditable_vat_cents is
    'The VAT the purchase journal credits (the expense''s right of credit: all, a part by its coefficient, none).'`.execute(
    db,
  );
  await sql`comment on column vat_protocols.corrects_id is
    'A correcting protocol (чл. 117, ал. 4): the protocol it changes; reason says why.'`.execute(
    db,
  );

  await sql`alter table ledger_entries drop constraint ledger_entries_source_kind_check`.execute(
    db,
  );
  await sql`alter table ledger_entries add constraint ledger_entries_source_kind_check check (source_kind in
    ('document', 'payment', 'expense', 'expense_payment', 'manual', 'salary', 'salary_payment', 'bank', 'vat_settlement', 'opening', 'vat_protocol'))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table ledger_entries drop constraint ledger_entries_source_kind_check`.execute(
    db,
  );
  await sql`alter table ledger_entries add constraint ledger_entries_source_kind_check check (source_kind in
    ('document', 'payment', 'expense', 'expense_payment', 'manual', 'salary', 'salary_payment', 'bank', 'vat_settlement', 'opening'))`.execute(
    db,
  );
  await db.schema.dropTable("vat_protocols").execute();
  await db.schema.dropTable("vat_protocol_counters").execute();
  await sql`alter table expenses drop column if exists reverse_charge`.execute(db);
}
