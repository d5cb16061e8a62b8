import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

export async function up(db: Kysely<any>): Promise<void> {
  // Documents point at their client through (company_id, client_id): a document can never
  // name another company's client, whatever the application code does.
  await db.schema
    .createIndex("clients_company_id_key")
    .on("clients")
    .columns(["company_id", "id"])
    .unique()
    .execute();

  await db.schema
    .createTable("documents")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("type", "text", (c) =>
      c.notNull().check(sql`type in ('invoice', 'proforma', 'credit_note', 'debit_note')`),
    )
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("draft").check(sql`status in ('draft', 'issued', 'cancelled')`),
    )
    // Exactly 10 digits, given on issue; drafts have none.
    .addColumn("number", "char(10)", (c) => c.check(sql`number ~ '^[0-9]{10}$'`))
    .addColumn("client_id", "uuid", (c) => c.notNull())
    .addColumn("language", "text", (c) =>
      c.notNull().defaultTo("bg").check(sql`language in ('bg', 'en', 'bilingual')`),
    )
    .addColumn("issue_date", "date", (c) => c.notNull())
    .addColumn("tax_event_date", "date")
    .addColumn("due_date", "date")
    .addColumn("place_of_issue", "text")
    .addColumn("currency", "char(3)", (c) => c.notNull().defaultTo("EUR"))
    // EUR for one unit of the currency, for currencies other than EUR and BGN.
    .addColumn("eur_rate", sql`numeric(18, 8)`)
    // The legal ground printed when VAT is 0 or not charged (a code of the list, or free text).
    .addColumn("vat_ground", "text")
    .addColumn("payment_method", "text", (c) =>
      c
        .notNull()
        .defaultTo("bank")
        .check(sql`payment_method in ('bank', 'cash', 'card', 'cod', 'other')`),
    )
    .addColumn("author_name", "text")
    .addColumn("recipient_name", "text")
    .addColumn("notes", "text")
    // Credit/debit notes: the original invoice and the reason; proformas: the invoice made from them.
    .addColumn("original_id", "uuid", (c) => c.references("documents.id").onDelete("restrict"))
    .addColumn("original_number", "char(10)")
    .addColumn("original_date", "date")
    .addColumn("reason", "text")
    .addColumn("proforma_id", "uuid", (c) => c.references("documents.id").onDelete("set null"))
    // Totals in cents by the documented rounding rule, kept with every save for lists and sums.
    .addColumn("subtotal_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("vat_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("total_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("paid_cents", "bigint", (c) => c.notNull().defaultTo(0))
    // Supplier and client as they were when the document was issued.
    .addColumn("supplier_snapshot", "jsonb")
    .addColumn("client_snapshot", "jsonb")
    .addColumn("issued_at", "timestamptz")
    .addColumn("cancelled_at", "timestamptz")
    .addColumn("cancel_reason", "text")
    .addColumn("sent_at", "timestamptz")
    .addColumn("sent_to", "text")
    .addColumn("created_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint(
      "documents_client_fkey",
      ["company_id", "client_id"],
      "clients",
      ["company_id", "id"],
      (fk) => fk.onDelete("restrict"),
    )
    .addCheckConstraint("documents_number_when_issued", sql`(status = 'draft') = (number is null)`)
    .execute();
  // No duplicate number inside a series: invoices and notes share 'tax', proformas are apart.
  await db.schema
    .createIndex("documents_company_series_number_key")
    .on("documents")
    .expression(
      sql`company_id, (case when type = 'proforma' then 'proforma' else 'tax' end), number`,
    )
    .unique()
    .where(sql.ref("number"), "is not", null)
    .execute();
  // The list: newest first inside one company, keyset on (issue_date, created_at, id), with what
  // the filtered totals need in the index itself.
  await sql`create index documents_company_list_idx on documents
    (company_id, issue_date desc, created_at desc, id desc)
    include (type, status, currency, total_cents, paid_cents, due_date)`.execute(db);
  await db.schema
    .createIndex("documents_company_client_idx")
    .on("documents")
    .columns(["company_id", "client_id", "issue_date"])
    .execute();

  await db.schema
    .createTable("document_lines")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("document_id", "uuid", (c) =>
      c.notNull().references("documents.id").onDelete("cascade"),
    )
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
    // 20, 9 or 0; null when VAT is not charged.
    .addColumn("vat_rate", "integer", (c) => c.check(sql`vat_rate in (0, 9, 20)`))
    .addColumn("net_cents", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("document_lines_document_idx")
    .on("document_lines")
    .columns(["document_id", "position"])
    .execute();

  await db.schema
    .createTable("document_payments")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("document_id", "uuid", (c) =>
      c.notNull().references("documents.id").onDelete("cascade"),
    )
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("paid_on", "date", (c) => c.notNull())
    .addColumn("amount_cents", "bigint", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("method", "text", (c) =>
      c.notNull().check(sql`method in ('bank', 'cash', 'card', 'cod', 'other')`),
    )
    .addColumn("note", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("document_payments_document_idx")
    .on("document_payments")
    .columns(["document_id"])
    .execute();

  // The PDF of an issued document, rendered once: every download is the same bytes.
  await db.schema
    .createTable("document_pdfs")
    .addColumn("document_id", "uuid", (c) =>
      c.primaryKey().references("documents.id").onDelete("cascade"),
    )
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("data", "bytea", (c) => c.notNull())
    .addColumn("sha256", "char(64)", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("document_pdfs").execute();
  await db.schema.dropTable("document_payments").execute();
  await db.schema.dropTable("document_lines").execute();
  await db.schema.dropTable("documents").execute();
  await db.schema.dropIndex("clients_company_id_key").execute();
}
