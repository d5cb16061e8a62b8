import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

/** A row's part of the /invoices totals, for `old` or `new` in the trigger. */
const part = (row: string) => ({
  total: `case when ${row}.status <> 'issued' then 0 when ${row}.type = 'credit_note' then -${row}.total_cents else ${row}.total_cents end`,
  paid: `case when ${row}.status = 'issued' and ${row}.type <> 'credit_note' then ${row}.paid_cents else 0 end`,
  outstanding: `case when ${row}.status = 'issued' and ${row}.type <> 'credit_note' then greatest(${row}.total_cents - ${row}.paid_cents, 0) else 0 end`,
});

export async function up(db: Kysely<any>): Promise<void> {
  // The totals /invoices shows above an unfiltered list (issue #17): per company and currency, the
  // number of documents, what was issued (credit notes negative), paid and still open — so the
  // default page reads one row per currency instead of every document the company ever made.
  await db.schema
    .createTable("document_list_totals")
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("currency", "char(3)", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("total_cents", "bigint", (c) => c.notNull())
    .addColumn("paid_cents", "bigint", (c) => c.notNull())
    .addColumn("outstanding_cents", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("document_list_totals_pkey", ["company_id", "currency"])
    .execute();
  const o = part("old");
  const n = part("new");
  // Kept in the transaction that writes the document, whatever writes it: the old row's part out,
  // the new row's part in.
  await sql
    .raw(`create function documents_keep_list_totals() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and (old.company_id, old.currency, old.status, old.type, old.total_cents,
      old.paid_cents) is not distinct from (new.company_id, new.currency, new.status, new.type,
      new.total_cents, new.paid_cents) then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    update document_list_totals t set count = t.count - 1,
      total_cents = t.total_cents - (${o.total}),
      paid_cents = t.paid_cents - (${o.paid}),
      outstanding_cents = t.outstanding_cents - (${o.outstanding})
    where t.company_id = old.company_id and t.currency = old.currency;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into document_list_totals as t values (new.company_id, new.currency, 1, ${n.total},
      ${n.paid}, ${n.outstanding})
    on conflict (company_id, currency) do update set count = t.count + 1,
      total_cents = t.total_cents + excluded.total_cents,
      paid_cents = t.paid_cents + excluded.paid_cents,
      outstanding_cents = t.outstanding_cents + excluded.outstanding_cents;
  end if;
  return null;
end $$`)
    .execute(db);
  await sql`create trigger documents_keep_list_totals after insert or update or delete on documents
    for each row execute function documents_keep_list_totals()`.execute(db);
  const d = part("d");
  await sql
    .raw(`insert into document_list_totals
    select d.company_id, d.currency, count(*), sum(${d.total}), sum(${d.paid}), sum(${d.outstanding})
    from documents d group by 1, 2`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger documents_keep_list_totals on documents`.execute(db);
  await sql`drop function documents_keep_list_totals()`.execute(db);
  await db.schema.dropTable("document_list_totals").execute();
}
