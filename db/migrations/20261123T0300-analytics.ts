import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

/** Cents of a documents/expenses row in euro, rounded half up per row (BGN at the fixed rate). */
const EURO_FACTOR = (row: string) =>
  `case ${row}.currency when 'EUR' then 1 when 'BGN' then 1 / 1.95583 else coalesce(${row}.eur_rate, 0) end`;

export async function up(db: Kysely<any>): Promise<void> {
  // Revenue of a month per currency: issued invoices and debit notes minus credit notes, with the
  // same in euro, so the dashboard and /analytics read a few rows instead of every document.
  await db.schema
    .createTable("document_month_totals")
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("month", "date", (c) => c.notNull())
    .addColumn("currency", "char(3)", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("net_cents", "bigint", (c) => c.notNull())
    .addColumn("vat_cents", "bigint", (c) => c.notNull())
    .addColumn("gross_cents", "bigint", (c) => c.notNull())
    .addColumn("net_eur_cents", "bigint", (c) => c.notNull())
    .addColumn("vat_eur_cents", "bigint", (c) => c.notNull())
    .addColumn("gross_eur_cents", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("document_month_totals_pkey", ["company_id", "month", "currency"])
    .execute();
  // What clients owe per due date ('infinity' when a document has none): open invoices and debit
  // notes, so the receivables, the overdue part and the ageing buckets read a few rows.
  await db.schema
    .createTable("document_open_totals")
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("currency", "char(3)", (c) => c.notNull())
    .addColumn("due_date", "date", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("open_cents", "bigint", (c) => c.notNull())
    .addColumn("open_eur_cents", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("document_open_totals_pkey", ["company_id", "currency", "due_date"])
    .execute();
  // What each client owes in euro (open invoices and debit notes): the top debtors read these rows
  // less what is not yet due, instead of grouping every open document.
  await db.schema
    .createTable("client_open_totals")
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("client_id", "uuid", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("open_eur_cents", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("client_open_totals_pkey", ["company_id", "client_id"])
    .execute();
  // All three kept by a trigger in the very transaction that issues, cancels, pays or deletes a
  // document, whatever writes it: the old row's part out, the new row's part in. Subtracting only
  // updates (a company being deleted takes its rows with it); adding upserts.
  await sql
    .raw(`create function documents_keep_totals() returns trigger language plpgsql as $$
declare
  sign int;
  factor numeric;
  revenue_changed boolean := true;
  open_changed boolean := true;
begin
  if tg_op = 'UPDATE' then
    revenue_changed := (old.company_id, old.status, old.type, old.issue_date, old.currency, old.eur_rate,
      old.subtotal_cents, old.total_cents) is distinct from (new.company_id, new.status, new.type,
      new.issue_date, new.currency, new.eur_rate, new.subtotal_cents, new.total_cents);
    open_changed := (old.company_id, old.status, old.type, old.due_date, old.currency, old.eur_rate,
      old.total_cents, old.paid_cents, old.client_id) is distinct from (new.company_id, new.status,
      new.type, new.due_date, new.currency, new.eur_rate, new.total_cents, new.paid_cents,
      new.client_id);
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    factor := ${EURO_FACTOR("old")};
    if revenue_changed and old.status = 'issued' and old.type in ('invoice', 'debit_note', 'credit_note') then
      sign := case when old.type = 'credit_note' then -1 else 1 end;
      update document_month_totals t set count = t.count - 1,
        net_cents = t.net_cents - sign * old.subtotal_cents,
        vat_cents = t.vat_cents - sign * (old.total_cents - old.subtotal_cents),
        gross_cents = t.gross_cents - sign * old.total_cents,
        net_eur_cents = t.net_eur_cents - sign * round(old.subtotal_cents * factor),
        vat_eur_cents = t.vat_eur_cents - sign * (round(old.total_cents * factor) - round(old.subtotal_cents * factor)),
        gross_eur_cents = t.gross_eur_cents - sign * round(old.total_cents * factor)
      where t.company_id = old.company_id and t.month = date_trunc('month', old.issue_date)::date
        and t.currency = old.currency;
    end if;
    if open_changed and old.status = 'issued' and old.type in ('invoice', 'debit_note')
        and old.paid_cents < old.total_cents then
      update document_open_totals t set count = t.count - 1,
        open_cents = t.open_cents - (old.total_cents - old.paid_cents),
        open_eur_cents = t.open_eur_cents - round((old.total_cents - old.paid_cents) * factor)
      where t.company_id = old.company_id and t.currency = old.currency
        and t.due_date = coalesce(old.due_date, 'infinity'::date);
      delete from document_open_totals t
      where t.company_id = old.company_id and t.currency = old.currency
        and t.due_date = coalesce(old.due_date, 'infinity'::date) and t.count = 0;
      update client_open_totals t set count = t.count - 1,
        open_eur_cents = t.open_eur_cents - round((old.total_cents - old.paid_cents) * factor)
      where t.company_id = old.company_id and t.client_id = old.client_id;
      delete from client_open_totals t
      where t.company_id = old.company_id and t.client_id = old.client_id and t.count = 0;
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    factor := ${EURO_FACTOR("new")};
    if revenue_changed and new.status = 'issued' and new.type in ('invoice', 'debit_note', 'credit_note') then
      sign := case when new.type = 'credit_note' then -1 else 1 end;
      insert into document_month_totals as t values (new.company_id,
        date_trunc('month', new.issue_date)::date, new.currency, 1,
        sign * new.subtotal_cents, sign * (new.total_cents - new.subtotal_cents), sign * new.total_cents,
        sign * round(new.subtotal_cents * factor),
        sign * (round(new.total_cents * factor) - round(new.subtotal_cents * factor)),
        sign * round(new.total_cents * factor))
      on conflict (company_id, month, currency) do update set count = t.count + 1,
        net_cents = t.net_cents + excluded.net_cents, vat_cents = t.vat_cents + excluded.vat_cents,
        gross_cents = t.gross_cents + excluded.gross_cents,
        net_eur_cents = t.net_eur_cents + excluded.net_eur_cents,
        vat_eur_cents = t.vat_eur_cents + excluded.vat_eur_cents,
        gross_eur_cents = t.gross_eur_cents + excluded.gross_eur_cents;
    end if;
    if open_changed and new.status = 'issued' and new.type in ('invoice', 'debit_note')
        and new.paid_cents < new.total_cents then
      insert into document_open_totals as t values (new.company_id, new.currency,
        coalesce(new.due_date, 'infinity'::date), 1, new.total_cents - new.paid_cents,
        round((new.total_cents - new.paid_cents) * factor))
      on conflict (company_id, currency, due_date) do update set count = t.count + 1,
        open_cents = t.open_cents + excluded.open_cents,
        open_eur_cents = t.open_eur_cents + excluded.open_eur_cents;
      insert into client_open_totals as t values (new.company_id, new.client_id, 1,
        round((new.total_cents - new.paid_cents) * factor))
      on conflict (company_id, client_id) do update set count = t.count + 1,
        open_eur_cents = t.open_eur_cents + excluded.open_eur_cents;
    end if;
  end if;
  return null;
end $$`)
    .execute(db);
  await sql`create trigger documents_keep_totals after insert or update or delete on documents
    for each row execute function documents_keep_totals()`.execute(db);
  await sql
    .raw(`insert into document_month_totals
    select company_id, date_trunc('month', issue_date)::date, currency, count(*),
      sum(s * subtotal_cents), sum(s * (total_cents - subtotal_cents)), sum(s * total_cents),
      sum(s * round(subtotal_cents * f)), sum(s * (round(total_cents * f) - round(subtotal_cents * f))),
      sum(s * round(total_cents * f))
    from (select d.*, case when type = 'credit_note' then -1 else 1 end as s, ${EURO_FACTOR("d")} as f
          from documents d
          where status = 'issued' and type in ('invoice', 'debit_note', 'credit_note')) d
    group by 1, 2, 3`)
    .execute(db);
  await sql
    .raw(`insert into document_open_totals
    select company_id, currency, coalesce(due_date, 'infinity'::date), count(*),
      sum(total_cents - paid_cents), sum(round((total_cents - paid_cents) * (${EURO_FACTOR("d")})))
    from documents d
    where status = 'issued' and type in ('invoice', 'debit_note') and paid_cents < total_cents
    group by 1, 2, 3`)
    .execute(db);
  await sql
    .raw(`insert into client_open_totals
    select company_id, client_id, count(*), sum(round((total_cents - paid_cents) * (${EURO_FACTOR("d")})))
    from documents d
    where status = 'issued' and type in ('invoice', 'debit_note') and paid_cents < total_cents
    group by 1, 2`)
    .execute(db);
  // Top clients by revenue of a period and what is not yet due: the documents read from the index.
  await sql`create index documents_company_revenue_idx on documents (company_id, issue_date)
    include (client_id, type, currency, eur_rate, subtotal_cents, total_cents)
    where status = 'issued' and type in ('invoice', 'debit_note', 'credit_note')`.execute(db);
  // The dashboard's newest documents walk this instead of sorting all of a company's documents.
  await sql`create index documents_company_created_idx on documents (company_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`drop index documents_company_open_idx`.execute(db);
  await sql`create index documents_company_open_idx on documents (company_id, due_date, id)
    include (client_id, currency, eur_rate, total_cents, paid_cents)
    where status = 'issued' and type in ('invoice', 'debit_note') and paid_cents < total_cents`.execute(
    db,
  );

  // The salaries' employer cost per month, read from the index alone.
  await sql`create index salaries_company_month_cost_idx on salaries (company_id, month)
    include (total_cost_cents)`.execute(db);

  // The expenses of a month per category in euro (kept with expense_month_totals by the app).
  await db.schema
    .createTable("expense_month_categories")
    .addColumn("company_id", "uuid", (c) => c.notNull())
    .addColumn("month", "date", (c) => c.notNull())
    .addColumn("category_id", "uuid", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("subtotal_eur_cents", "bigint", (c) => c.notNull())
    .addColumn("total_eur_cents", "bigint", (c) => c.notNull())
    .addColumn("creditable_vat_eur_cents", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("expense_month_categories_pkey", [
      "company_id",
      "month",
      "category_id",
    ])
    .addForeignKeyConstraint(
      "expense_month_categories_category_fkey",
      ["company_id", "category_id"],
      "expense_categories",
      ["company_id", "id"],
      (fk) => fk.onDelete("cascade"),
    )
    .execute();
  await sql
    .raw(`insert into expense_month_categories
    select company_id, date_trunc('month', document_date)::date, category_id, count(*),
      sum(s * round(subtotal_cents * f)), sum(s * round(total_cents * f)),
      sum(s * round(creditable_vat_cents * f))
    from (select e.*, case when document_type = 'credit_note' then -1 else 1 end as s,
            ${EURO_FACTOR("e")} as f from expenses e) e
    group by 1, 2, 3`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("expense_month_categories").execute();
  await sql`drop index salaries_company_month_cost_idx`.execute(db);
  await sql`drop index documents_company_open_idx`.execute(db);
  await sql`create index documents_company_open_idx on documents (company_id, due_date, id)
    include (currency, total_cents, paid_cents)
    where status = 'issued' and type in ('invoice', 'debit_note') and paid_cents < total_cents`.execute(
    db,
  );
  await sql`drop index documents_company_revenue_idx`.execute(db);
  await sql`drop index documents_company_created_idx`.execute(db);
  await sql`drop trigger documents_keep_totals on documents`.execute(db);
  await sql`drop function documents_keep_totals()`.execute(db);
  await db.schema.dropTable("client_open_totals").execute();
  await db.schema.dropTable("document_open_totals").execute();
  await db.schema.dropTable("document_month_totals").execute();
}
