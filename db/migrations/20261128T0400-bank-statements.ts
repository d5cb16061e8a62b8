import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Bank statements (issue #30, decision 031): the company's bank accounts (with the column
// mapping of their CSV), the statements imported with their original file, one row per movement
// keyed so a re-import adds nothing, the ranked suggestions, the matches (kept after an unmatch,
// with who did both), the payers' and payees' IBANs remembered once a match is confirmed, and
// the user's rules for debits.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("bank_accounts")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("iban", "text", (c) =>
      c.notNull().check(sql`iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'`),
    )
    .addColumn("currency", "char(3)", (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn("name", "text", (c) => c.check(sql`length(name) <= 100`))
    .addColumn("auto_confirm", "boolean", (c) => c.notNull().defaultTo(false))
    // The CSV export's columns: a header's name or a column's number (1 = the first).
    .addColumn("csv_date", "text", (c) => c.check(sql`length(csv_date) <= 100`))
    .addColumn("csv_amount", "text", (c) => c.check(sql`length(csv_amount) <= 100`))
    .addColumn("csv_debit", "text", (c) => c.check(sql`length(csv_debit) <= 100`))
    .addColumn("csv_credit", "text", (c) => c.check(sql`length(csv_credit) <= 100`))
    .addColumn("csv_counterparty", "text", (c) => c.check(sql`length(csv_counterparty) <= 100`))
    .addColumn("csv_iban", "text", (c) => c.check(sql`length(csv_iban) <= 100`))
    .addColumn("csv_reason", "text", (c) => c.check(sql`length(csv_reason) <= 100`))
    .addColumn("csv_reference", "text", (c) => c.check(sql`length(csv_reference) <= 100`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("bank_accounts_company_iban", ["company_id", "iban"])
    .addUniqueConstraint("bank_accounts_company_id", ["company_id", "id"])
    .execute();
  await sql`comment on column bank_accounts.auto_confirm is
    'Confirm an unambiguous exact match at import, without a person (off unless the company turns it on).'`.execute(
    db,
  );
  await sql`comment on column bank_accounts.csv_amount is
    'One signed amount column; otherwise csv_debit and csv_credit (CSV mapping, set once per account).'`.execute(
    db,
  );
  // The company's IBAN from its settings is its first account (the currency of its documents).
  await sql`insert into bank_accounts (company_id, iban, currency)
    select id, upper(replace(bank_iban, ' ', '')), 'EUR' from companies
    where bank_iban is not null
      and upper(replace(bank_iban, ' ', '')) ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'`.execute(db);

  await db.schema
    .createTable("bank_statements")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("account_id", "uuid", (c) => c.notNull())
    .addColumn("format", "text", (c) =>
      c.notNull().check(sql`format in ('mt940', 'camt053', 'csv')`),
    )
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("file_sha256", "text", (c) => c.notNull())
    .addColumn("file_data", "bytea", (c) => c.notNull())
    .addColumn("statement_number", "text")
    .addColumn("period_from", "date")
    .addColumn("period_to", "date")
    .addColumn("opening_cents", "bigint")
    .addColumn("closing_cents", "bigint")
    .addColumn("line_count", "integer", (c) => c.notNull())
    .addColumn("imported_count", "integer", (c) => c.notNull())
    .addColumn("skipped_count", "integer", (c) => c.notNull())
    .addColumn("imported_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint(
      "bank_statements_account",
      ["company_id", "account_id"],
      "bank_accounts",
      ["company_id", "id"],
      (c) => c.onDelete("cascade"),
    )
    .addUniqueConstraint("bank_statements_company_id", ["company_id", "id"])
    .execute();
  await sql`comment on column bank_statements.file_data is
    'The original file as uploaded (kept; the movements are read from it once).'`.execute(db);
  await sql`create index bank_statements_company_created on bank_statements
    (company_id, created_at desc, id)`.execute(db);

  await db.schema
    .createTable("bank_transactions")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("account_id", "uuid", (c) => c.notNull())
    .addColumn("statement_id", "uuid", (c) => c.notNull())
    .addColumn("line_no", "integer", (c) => c.notNull())
    .addColumn("booked_on", "date", (c) => c.notNull())
    .addColumn("value_on", "date")
    .addColumn("direction", "text", (c) => c.notNull().check(sql`direction in ('credit', 'debit')`))
    .addColumn("amount_cents", "bigint", (c) =>
      c.notNull().check(sql`amount_cents > 0 and amount_cents <= 9999999999999`),
    )
    .addColumn("currency", "char(3)", (c) => c.notNull())
    .addColumn("counterparty_name", "text")
    .addColumn("counterparty_iban", "text")
    .addColumn("counterparty_bic", "text")
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("operation", "text")
    .addColumn("bank_reference", "text")
    .addColumn("import_key", "text", (c) => c.notNull())
    .addColumn("nap_kind", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint(
      "bank_transactions_statement",
      ["company_id", "statement_id"],
      "bank_statements",
      ["company_id", "id"],
      (c) => c.onDelete("cascade"),
    )
    .addForeignKeyConstraint(
      "bank_transactions_account",
      ["company_id", "account_id"],
      "bank_accounts",
      ["company_id", "id"],
      (c) => c.onDelete("cascade"),
    )
    .addUniqueConstraint("bank_transactions_import_key", ["company_id", "account_id", "import_key"])
    .addUniqueConstraint("bank_transactions_company_id", ["company_id", "id"])
    .execute();
  await sql`comment on column bank_transactions.import_key is
    'The movement''s identity in its account: the bank''s reference, else a hash of date, amount, counterparty and reason with its occurrence in the file (a re-import adds nothing).'`.execute(
    db,
  );
  await sql`comment on column bank_transactions.nap_kind is
    'НАП''s account kind (nap_payment_accounts.kind) when the counterparty IBAN is one of НАП''s on the booking day.'`.execute(
    db,
  );
  await sql`comment on column bank_transactions.line_no is
    'The line of the original file where the movement starts.'`.execute(db);
  await sql`create index bank_transactions_statement_line on bank_transactions
    (company_id, statement_id, line_no, id)`.execute(db);
  await sql`create index bank_transactions_company_booked on bank_transactions
    (company_id, booked_on desc, id)`.execute(db);

  await db.schema
    .createTable("bank_suggestions")
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("transaction_id", "uuid", (c) => c.notNull())
    .addColumn("rank", "smallint", (c) => c.notNull().check(sql`rank between 1 and 20`))
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('exact', 'split', 'number', 'client_amount', 'amount', 'proforma', 'expense', 'rule', 'nap')`,
        ),
    )
    .addColumn("score", "smallint", (c) => c.notNull())
    .addColumn("document_ids", sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn("expense_id", "uuid")
    .addColumn("rule_id", "uuid")
    .addColumn("client_id", "uuid")
    .addColumn("amount_cents", "bigint", (c) => c.notNull())
    .addForeignKeyConstraint(
      "bank_suggestions_transaction",
      ["company_id", "transaction_id"],
      "bank_transactions",
      ["company_id", "id"],
      (c) => c.onDelete("cascade"),
    )
    .addPrimaryKeyConstraint("bank_suggestions_pk", ["transaction_id", "rank"])
    .execute();
  await sql`comment on column bank_suggestions.amount_cents is
    'What the suggested documents are due (after their credit notes), to show against the movement.'`.execute(
    db,
  );

  await db.schema
    .createTable("bank_matches")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("transaction_id", "uuid", (c) => c.notNull())
    .addColumn("document_id", "uuid", (c) => c.references("documents.id").onDelete("set null"))
    .addColumn("payment_id", "uuid", (c) =>
      c.references("document_payments.id").onDelete("set null"),
    )
    .addColumn("credit_note_id", "uuid", (c) => c.references("documents.id").onDelete("set null"))
    .addColumn("expense_id", "uuid", (c) => c.references("expenses.id").onDelete("set null"))
    .addColumn("expense_created", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("nap_kind", "text")
    .addColumn("amount_cents", "bigint", (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn("automatic", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_by_name", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("undone_at", "timestamptz")
    .addColumn("undone_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("undone_by_name", "text")
    .addForeignKeyConstraint(
      "bank_matches_transaction",
      ["company_id", "transaction_id"],
      "bank_transactions",
      ["company_id", "id"],
      (c) => c.onDelete("cascade"),
    )
    .execute();
  await sql`comment on column bank_matches.payment_id is
    'The payment recorded on the document through the invoices'' one payments path (removed on unmatch).'`.execute(
    db,
  );
  await sql`comment on column bank_matches.credit_note_id is
    'A credit note of the document settled by this match: its amount was recorded on the invoice as a set-off.'`.execute(
    db,
  );
  await sql`comment on column bank_matches.amount_cents is
    'The part of the movement this row accounts for (0 for a credit note''s set-off).'`.execute(db);
  await sql`comment on column bank_matches.undone_at is
    'When the match was undone (kept, with who did it: the match''s history).'`.execute(db);
  await sql`create index bank_matches_transaction on bank_matches (company_id, transaction_id)
    where undone_at is null`.execute(db);
  await sql`create index bank_matches_document on bank_matches (document_id)`.execute(db);
  await sql`create index bank_matches_payment on bank_matches (payment_id)`.execute(db);
  await sql`create index bank_matches_credit_note on bank_matches (credit_note_id)`.execute(db);
  await sql`create index bank_matches_expense on bank_matches (expense_id)`.execute(db);

  await db.schema
    .createTable("bank_payees")
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("iban", "text", (c) => c.notNull())
    .addColumn("client_id", "uuid")
    .addColumn("supplier_id", "uuid")
    .addColumn("created_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint(
      "bank_payees_client",
      ["company_id", "client_id"],
      "clients",
      ["company_id", "id"],
      (c) => c.onDelete("cascade"),
    )
    .addForeignKeyConstraint(
      "bank_payees_supplier",
      ["company_id", "supplier_id"],
      "suppliers",
      ["company_id", "id"],
      (c) => c.onDelete("cascade"),
    )
    .addPrimaryKeyConstraint("bank_payees_pk", ["company_id", "iban"])
    .execute();
  await sql`comment on table bank_payees is
    'IBANs of payers (clients) and payees (suppliers), remembered when a person confirms a match.'`.execute(
    db,
  );

  await db.schema
    .createTable("bank_rules")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("reason_contains", "text", (c) => c.check(sql`length(reason_contains) <= 100`))
    .addColumn("amount_min_cents", "bigint")
    .addColumn("amount_max_cents", "bigint")
    .addColumn("supplier_name", "text", (c) => c.notNull().check(sql`length(supplier_name) <= 200`))
    .addColumn("supplier_eik", "text")
    .addColumn("category_id", "uuid", (c) => c.notNull())
    .addColumn("vat_rate", "smallint")
    .addColumn("description", "text", (c) => c.notNull().check(sql`length(description) <= 500`))
    .addColumn("created_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_by_name", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("deleted_at", "timestamptz")
    .addColumn("deleted_by_name", "text")
    .addForeignKeyConstraint(
      "bank_rules_category",
      ["company_id", "category_id"],
      "expense_categories",
      ["company_id", "id"],
      (c) => c.onDelete("cascade"),
    )
    .addCheckConstraint(
      "bank_rules_something",
      sql`reason_contains is not null or amount_min_cents is not null or amount_max_cents is not null`,
    )
    .execute();
  await sql`comment on column bank_rules.deleted_at is
    'A deleted rule is kept (with who deleted it) for the history of the expenses it made.'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "bank_rules",
    "bank_payees",
    "bank_matches",
    "bank_suggestions",
    "bank_transactions",
    "bank_statements",
    "bank_accounts",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
