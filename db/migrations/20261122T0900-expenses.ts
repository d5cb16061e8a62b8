import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

export async function up(db: Kysely<any>): Promise<void> {
  // The company's expense categories: the Bulgarian default set (code) is copied to each company
  // on first use, so every company can rename, add and archive its own.
  await db.schema
    .createTable("expense_categories")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("code", "text")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(1000))
    .addColumn("archived_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index expense_categories_company_id_key on expense_categories (company_id, id)`.execute(
    db,
  );
  await sql`create unique index expense_categories_company_code_key on expense_categories (company_id, code) where code is not null`.execute(
    db,
  );
  await sql`create unique index expense_categories_company_name_key on expense_categories (company_id, lower(name))`.execute(
    db,
  );

  // Suppliers the company has bought from, offered again on the next expense.
  await db.schema
    .createTable("suppliers")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("eik", "text")
    .addColumn("vat_number", "text")
    .addColumn("address", "text")
    .addColumn("country_code", "char(2)", (c) => c.notNull().defaultTo("BG"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index suppliers_company_id_key on suppliers (company_id, id)`.execute(db);
  await sql`create unique index suppliers_company_eik_key on suppliers (company_id, eik) where eik is not null`.execute(
    db,
  );
  await sql`create index suppliers_company_name_idx on suppliers (company_id, lower(name))`.execute(
    db,
  );

  // One purchase document. The supplier is kept as the document names it (the name, ЕИК and VAT
  // number the purchase journal needs), with a link to the supplier record.
  await db.schema
    .createTable("expenses")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("supplier_id", "uuid")
    .addColumn("supplier_name", "text", (c) => c.notNull())
    .addColumn("supplier_eik", "text")
    .addColumn("supplier_vat_number", "text")
    .addColumn("supplier_address", "text")
    .addColumn("document_type", "text", (c) =>
      c
        .notNull()
        .check(
          sql`document_type in ('invoice', 'credit_note', 'debit_note', 'receipt', 'protocol_117', 'other')`,
        ),
    )
    .addColumn("document_number", "text", (c) => c.notNull())
    .addColumn("document_date", "date", (c) => c.notNull())
    .addColumn("tax_event_date", "date")
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("category_id", "uuid", (c) => c.notNull())
    .addColumn("currency", "char(3)", (c) => c.notNull().defaultTo("EUR"))
    .addColumn("eur_rate", sql`numeric(18, 8)`)
    // Amounts as on the document (a credit note's are positive; its type gives the sign).
    .addColumn("subtotal_cents", "bigint", (c) => c.notNull())
    .addColumn("vat_cents", "bigint", (c) => c.notNull())
    .addColumn("total_cents", "bigint", (c) => c.notNull())
    .addColumn("vat_credit", "text", (c) =>
      c.notNull().defaultTo("none").check(sql`vat_credit in ('full', 'partial', 'none')`),
    )
    .addColumn("vat_credit_coefficient", sql`numeric(5, 4)`, (c) =>
      c.check(sql`vat_credit_coefficient > 0 and vat_credit_coefficient < 1`),
    )
    .addColumn("creditable_vat_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("payment_method", "text", (c) =>
      c.check(sql`payment_method in ('bank', 'cash', 'card', 'other')`),
    )
    .addColumn("paid_on", "date")
    .addColumn("due_date", "date")
    .addColumn("notes", "text")
    .addColumn("created_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint(
      "expenses_category_fkey",
      ["company_id", "category_id"],
      "expense_categories",
      ["company_id", "id"],
      (fk) => fk.onDelete("restrict"),
    )
    .addCheckConstraint("expenses_total", sql`total_cents = subtotal_cents + vat_cents`)
    .execute();
  await sql`create unique index expenses_company_id_key on expenses (company_id, id)`.execute(db);
  // A supplier removed leaves its expenses with their snapshot (only supplier_id is cleared;
  // a plain SET NULL would clear company_id too).
  await sql`alter table expenses add constraint expenses_supplier_fkey
    foreign key (company_id, supplier_id) references suppliers (company_id, id)
    on delete set null (supplier_id)`.execute(db);
  // The list: newest document first, keyset on (document_date, created_at, id), with what the
  // totals of a period need in the index itself.
  await sql`create index expenses_company_list_idx on expenses
    (company_id, document_date desc, created_at desc, id desc)
    include (currency, document_type, total_cents, subtotal_cents, vat_cents, paid_on, due_date)`.execute(
    db,
  );
  await sql`create index expenses_company_supplier_idx on expenses (company_id, supplier_id, document_date)`.execute(
    db,
  );
  await sql`create index expenses_company_category_idx on expenses (company_id, category_id, document_date)`.execute(
    db,
  );
  // The duplicate rule: the same supplier ЕИК, document type and number.
  await sql`create index expenses_company_duplicate_idx on expenses (company_id, supplier_eik, document_type, document_number)`.execute(
    db,
  );

  // The amounts per VAT rate (20, 9, 0, or null: no VAT), with the columns the totals of a period
  // need, so that they are summed without reading the expenses themselves.
  await db.schema
    .createTable("expense_amounts")
    .addColumn("expense_id", "uuid", (c) => c.notNull())
    .addColumn("company_id", "uuid", (c) => c.notNull())
    .addColumn("vat_rate", "integer")
    .addColumn("base_cents", "bigint", (c) => c.notNull())
    .addColumn("vat_cents", "bigint", (c) => c.notNull())
    .addColumn("document_date", "date", (c) => c.notNull())
    .addColumn("currency", "char(3)", (c) => c.notNull())
    .addColumn("sign", "smallint", (c) => c.notNull().check(sql`sign in (-1, 1)`))
    .addForeignKeyConstraint(
      "expense_amounts_expense_fkey",
      ["company_id", "expense_id"],
      "expenses",
      ["company_id", "id"],
      (fk) => fk.onDelete("cascade"),
    )
    .execute();
  await sql`create unique index expense_amounts_rate_key on expense_amounts (expense_id, coalesce(vat_rate, -1))`.execute(
    db,
  );
  await sql`create index expense_amounts_company_date_idx on expense_amounts
    (company_id, document_date) include (currency, vat_rate, sign, base_cents, vat_cents)`.execute(
    db,
  );

  // Receipts: each file stored once per company by its SHA-256; attachments name them.
  await db.schema
    .createTable("stored_files")
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("sha256", "char(64)", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("data", "bytea", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("stored_files_pkey", ["company_id", "sha256"])
    .execute();
  await db.schema
    .createTable("expense_attachments")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) => c.notNull())
    .addColumn("expense_id", "uuid", (c) => c.notNull())
    .addColumn("sha256", "char(64)", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint(
      "expense_attachments_expense_fkey",
      ["company_id", "expense_id"],
      "expenses",
      ["company_id", "id"],
      (fk) => fk.onDelete("cascade"),
    )
    .addForeignKeyConstraint(
      "expense_attachments_file_fkey",
      ["company_id", "sha256"],
      "stored_files",
      ["company_id", "sha256"],
      (fk) => fk.onDelete("restrict"),
    )
    .execute();
  await db.schema
    .createIndex("expense_attachments_expense_idx")
    .on("expense_attachments")
    .columns(["company_id", "expense_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("expense_attachments").execute();
  await db.schema.dropTable("stored_files").execute();
  await db.schema.dropTable("expense_amounts").execute();
  await db.schema.dropTable("expenses").execute();
  await db.schema.dropTable("suppliers").execute();
  await db.schema.dropTable("expense_categories").execute();
}
