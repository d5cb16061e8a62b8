import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #48 item 1 (decision 077): «оферта», a company's offer to a client. Not a tax document:
// its own tables, so no query over `documents` (the VAT journals, the books, receivables, bank
// matching, SAF-T) can ever count one. Numbered in its own series per company; the client accepts
// or declines it in the portal, and an accepted offer becomes one draft (invoice or proforma).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("offer_counters")
    .addColumn("company_id", "uuid", (c) =>
      c.primaryKey().references("companies.id").onDelete("cascade"),
    )
    .addColumn("last_number", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("offers")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("number", "text", (c) => c.notNull().check(sql`number ~ '^[0-9]{10}$'`))
    .addColumn("client_id", "uuid", (c) => c.notNull())
    .addColumn("issue_date", "date", (c) => c.notNull())
    .addColumn("valid_until", "date", (c) => c.notNull())
    .addColumn("language", "text", (c) =>
      c.notNull().defaultTo("bg").check(sql`language in ('bg', 'en', 'bilingual')`),
    )
    .addColumn("currency", "text", (c) =>
      c.notNull().defaultTo("EUR").check(sql`currency ~ '^[A-Z]{3}$'`),
    )
    .addColumn("eur_rate", sql`numeric(18, 8)`)
    .addColumn("becomes", "text", (c) =>
      c.notNull().defaultTo("invoice").check(sql`becomes in ('invoice', 'proforma')`),
    )
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("open")
        .check(sql`status in ('open', 'accepted', 'declined', 'withdrawn')`),
    )
    .addColumn("vat_ground", "text", (c) => c.check(sql`length(vat_ground) <= 200`))
    .addColumn("notes", "text", (c) => c.check(sql`length(notes) <= 2000`))
    .addColumn("author_name", "text", (c) => c.check(sql`length(author_name) <= 100`))
    .addColumn("net_cents", "bigint", (c) => c.notNull())
    .addColumn("vat_cents", "bigint", (c) => c.notNull())
    .addColumn("total_cents", "bigint", (c) => c.notNull())
    .addColumn("document_id", "uuid", (c) => c.references("documents.id").onDelete("set null"))
    .addColumn("answered_at", "timestamptz")
    .addColumn("answer_note", "text", (c) => c.check(sql`length(answer_note) <= 500`))
    .addColumn("created_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint(
      "offers_client_fkey",
      ["company_id", "client_id"],
      "clients",
      ["company_id", "id"],
      (fk) => fk.onDelete("restrict"),
    )
    .addUniqueConstraint("offers_number_key", ["company_id", "number"])
    .addUniqueConstraint("offers_document_key", ["document_id"])
    .addCheckConstraint("offers_valid_after_issue", sql`valid_until >= issue_date`)
    .addCheckConstraint(
      "offers_answer",
      sql`(status in ('accepted', 'declined')) = (answered_at is not null)`,
    )
    .execute();
  await db.schema
    .createIndex("offers_client_idx")
    .on("offers")
    .columns(["company_id", "client_id", "issue_date"])
    .execute();
  await db.schema
    .createIndex("offers_list_idx")
    .on("offers")
    .columns(["company_id", "issue_date", "number"])
    .execute();
  await db.schema
    .createTable("offer_lines")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("offer_id", "uuid", (c) => c.notNull().references("offers.id").onDelete("cascade"))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("quantity", sql`numeric(14, 3)`, (c) => c.notNull())
    .addColumn("unit", "text", (c) => c.notNull().defaultTo("бр."))
    .addColumn("unit_price", sql`numeric(16, 4)`, (c) => c.notNull())
    .addColumn("discount_percent", sql`numeric(5, 2)`, (c) =>
      c.notNull().defaultTo(0).check(sql`discount_percent between 0 and 100`),
    )
    .addColumn("vat_rate", "integer", (c) => c.check(sql`vat_rate between 0 and 100`))
    .addColumn("net_cents", "bigint", (c) => c.notNull())
    .addColumn("catalogue_item_id", "uuid", (c) =>
      c.references("catalogue_items.id").onDelete("set null"),
    )
    .execute();
  await db.schema
    .createIndex("offer_lines_offer_idx")
    .on("offer_lines")
    .columns(["offer_id", "position"])
    .execute();
  await sql`comment on table offers is
    'Offers (оферта, decision 077): not tax documents; never in the VAT journals, the books or receivables.'`.execute(
    db,
  );
  await sql`comment on column offers.number is
    'The offer series'' number, 10 digits, per company (offer_counters), apart from the invoices'' and proformas'' series.'`.execute(
    db,
  );
  await sql`comment on column offers.valid_until is
    '«Валидна до»: the last day the client may accept the offer.'`.execute(db);
  await sql`comment on column offers.becomes is
    'What the offer becomes when accepted: an invoice or a proforma draft.'`.execute(db);
  await sql`comment on column offers.document_id is
    'The draft the accepted offer became (unique: once); null while not accepted or after the draft was deleted.'`.execute(
    db,
  );
  await sql`comment on column offers.answered_at is
    'When the offer was accepted or declined (through the portal or by the company); null otherwise.'`.execute(
    db,
  );
  await sql`comment on column offer_lines.catalogue_item_id is
    'The company''s catalogue item the line was filled from; null: typed by hand, or the item is gone.'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("offer_lines").execute();
  await db.schema.dropTable("offers").execute();
  await db.schema.dropTable("offer_counters").execute();
}
