import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

export async function up(db: Kysely<any>): Promise<void> {
  // The expenses of a month per currency, kept in the transaction that writes an expense, so the
  // totals of a month, a quarter, a year or everything read a few rows instead of every expense.
  await db.schema
    .createTable("expense_month_totals")
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("month", "date", (c) => c.notNull())
    .addColumn("currency", "char(3)", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("subtotal_cents", "bigint", (c) => c.notNull())
    .addColumn("vat_cents", "bigint", (c) => c.notNull())
    .addColumn("total_cents", "bigint", (c) => c.notNull())
    .addColumn("creditable_vat_cents", "bigint", (c) => c.notNull())
    .addColumn("unpaid_cents", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("expense_month_totals_pkey", ["company_id", "month", "currency"])
    .execute();
  // The same per VAT rate (-1: no VAT), base and VAT apart.
  await db.schema
    .createTable("expense_month_rates")
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("month", "date", (c) => c.notNull())
    .addColumn("currency", "char(3)", (c) => c.notNull())
    .addColumn("vat_rate_key", "smallint", (c) => c.notNull())
    .addColumn("base_cents", "bigint", (c) => c.notNull())
    .addColumn("vat_cents", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("expense_month_rates_pkey", [
      "company_id",
      "month",
      "currency",
      "vat_rate_key",
    ])
    .execute();
  // The list's other orders and its most common filter walk an index instead of sorting everything.
  await sql`create index expenses_company_amount_idx on expenses (company_id, total_cents, id)`.execute(
    db,
  );
  await sql`create index expenses_company_supplier_name_idx on expenses
    (company_id, lower(supplier_name), id)`.execute(db);
  await sql`create index expenses_company_unpaid_idx on expenses
    (company_id, document_date desc, created_at desc, id desc)
    include (currency, document_type, total_cents, subtotal_cents, vat_cents, creditable_vat_cents, due_date)
    where paid_on is null`.execute(db);
  await sql`insert into expense_month_totals
    select company_id, date_trunc('month', document_date)::date, currency, count(*),
      sum(s * subtotal_cents), sum(s * vat_cents), sum(s * total_cents), sum(s * creditable_vat_cents),
      coalesce(sum(s * total_cents) filter (where paid_on is null), 0)
    from (select *, case when document_type = 'credit_note' then -1 else 1 end as s from expenses) e
    group by 1, 2, 3`.execute(db);
  await sql`insert into expense_month_rates
    select company_id, date_trunc('month', document_date)::date, currency, coalesce(vat_rate, -1),
      sum(sign * base_cents), sum(sign * vat_cents)
    from expense_amounts group by 1, 2, 3, 4`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index expenses_company_unpaid_idx`.execute(db);
  await sql`drop index expenses_company_supplier_name_idx`.execute(db);
  await sql`drop index expenses_company_amount_idx`.execute(db);
  await db.schema.dropTable("expense_month_rates").execute();
  await db.schema.dropTable("expense_month_totals").execute();
}
