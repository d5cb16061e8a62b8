import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

/** Cents of a documents row in euro (BGN at the fixed rate), as 20261123T0300 has it. */
const EURO_FACTOR = (row: string) =>
  `case ${row}.currency when 'EUR' then 1 when 'BGN' then 1 / 1.95583 else coalesce(${row}.eur_rate, 0) end`;

/**
 * Issue #41 item 2: a credit note lowers what is owed on its invoice. The one definition of what is
 * still due is the generated column documents.due_cents; everything that shows or sums an open
 * amount (the kept totals below, the list, the dashboard, /analytics, reminders, the bank) reads it.
 */
const DUE = `case when type = 'credit_note' then 0
  else greatest(total_cents - paid_cents - credited_cents, 0) end`;

/** What the list and the open totals take as owed: issued invoices and debit notes. */
const owed = (row: string) =>
  `${row}.status = 'issued' and ${row}.type in ('invoice', 'debit_note')`;

/** The open part of a row for the kept totals: the old one (paid only) or the new (due_cents). */
const openOf = (row: string, settled: boolean) =>
  settled
    ? { open: `${row}.due_cents > 0`, cents: `${row}.due_cents` }
    : {
        open: `${row}.paid_cents < ${row}.total_cents`,
        cents: `(${row}.total_cents - ${row}.paid_cents)`,
      };

/** documents_keep_totals of 20261123T0300, with the open amount given. */
async function keepTotals(db: Kysely<any>, settled: boolean) {
  const o = openOf("old", settled);
  const n = openOf("new", settled);
  const openFields = (row: string) =>
    `${row}.company_id, ${row}.status, ${row}.type, ${row}.due_date, ${row}.currency, ${row}.eur_rate,
      ${row}.total_cents, ${row}.paid_cents, ${row}.client_id${settled ? `, ${row}.due_cents` : ""}`;
  await sql
    .raw(`create or replace function documents_keep_totals() returns trigger language plpgsql as $$
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
    open_changed := (${openFields("old")}) is distinct from (${openFields("new")});
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
    if open_changed and ${owed("old")} and ${o.open} then
      update document_open_totals t set count = t.count - 1,
        open_cents = t.open_cents - ${o.cents},
        open_eur_cents = t.open_eur_cents - round(${o.cents} * factor)
      where t.company_id = old.company_id and t.currency = old.currency
        and t.due_date = coalesce(old.due_date, 'infinity'::date);
      delete from document_open_totals t
      where t.company_id = old.company_id and t.currency = old.currency
        and t.due_date = coalesce(old.due_date, 'infinity'::date) and t.count = 0;
      update client_open_totals t set count = t.count - 1,
        open_eur_cents = t.open_eur_cents - round(${o.cents} * factor)
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
    if open_changed and ${owed("new")} and ${n.open} then
      insert into document_open_totals as t values (new.company_id, new.currency,
        coalesce(new.due_date, 'infinity'::date), 1, ${n.cents}, round(${n.cents} * factor))
      on conflict (company_id, currency, due_date) do update set count = t.count + 1,
        open_cents = t.open_cents + excluded.open_cents,
        open_eur_cents = t.open_eur_cents + excluded.open_eur_cents;
      insert into client_open_totals as t values (new.company_id, new.client_id, 1,
        round(${n.cents} * factor))
      on conflict (company_id, client_id) do update set count = t.count + 1,
        open_eur_cents = t.open_eur_cents + excluded.open_eur_cents;
    end if;
  end if;
  return null;
end $$`)
    .execute(db);
  // The kept open rows recomputed from the documents by the rule, in this same transaction.
  const d = openOf("d", settled);
  await sql`delete from document_open_totals`.execute(db);
  await sql`delete from client_open_totals`.execute(db);
  await sql
    .raw(`insert into document_open_totals
    select company_id, currency, coalesce(due_date, 'infinity'::date), count(*),
      sum(${d.cents}), sum(round(${d.cents} * (${EURO_FACTOR("d")})))
    from documents d where ${owed("d")} and ${d.open}
    group by 1, 2, 3`)
    .execute(db);
  await sql
    .raw(`insert into client_open_totals
    select company_id, client_id, count(*), sum(round(${d.cents} * (${EURO_FACTOR("d")})))
    from documents d where ${owed("d")} and ${d.open}
    group by 1, 2`)
    .execute(db);
}

/** documents_keep_list_totals of 20261125T0400, with the open amount given. */
async function keepListTotals(db: Kysely<any>, settled: boolean) {
  const part = (row: string) => ({
    total: `case when ${row}.status <> 'issued' or ${row}.type = 'proforma' then 0 when ${row}.type = 'credit_note' then -${row}.total_cents else ${row}.total_cents end`,
    paid: `case when ${owed(row)} then ${row}.paid_cents else 0 end`,
    outstanding: settled
      ? `case when ${owed(row)} then ${row}.due_cents else 0 end`
      : `case when ${owed(row)} then greatest(${row}.total_cents - ${row}.paid_cents, 0) else 0 end`,
  });
  const fields = (row: string) =>
    `${row}.company_id, ${row}.currency, ${row}.status, ${row}.type, ${row}.total_cents,
      ${row}.paid_cents${settled ? `, ${row}.due_cents` : ""}`;
  const o = part("old");
  const n = part("new");
  await sql
    .raw(`create or replace function documents_keep_list_totals() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and (${fields("old")}) is not distinct from (${fields("new")}) then
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
  const d = part("d");
  await sql`delete from document_list_totals`.execute(db);
  await sql
    .raw(`insert into document_list_totals
    select d.company_id, d.currency, count(*), sum(${d.total}), sum(${d.paid}), sum(${d.outstanding})
    from documents d group by 1, 2`)
    .execute(db);
}

async function openIndex(db: Kysely<any>, settled: boolean) {
  // The list's filtered totals read the open amount from the list index too.
  await sql`drop index documents_company_list_idx`.execute(db);
  await sql
    .raw(`create index documents_company_list_idx on documents
    (company_id, issue_date desc, created_at desc, id desc)
    include (type, status, currency, total_cents, paid_cents, due_date${settled ? ", due_cents" : ""})`)
    .execute(db);
  await sql`drop index documents_company_open_idx`.execute(db);
  await sql
    .raw(`create index documents_company_open_idx on documents (company_id, due_date, id)
    include (client_id, currency, eur_rate, total_cents, paid_cents${settled ? ", due_cents" : ""})
    where status = 'issued' and type in ('invoice', 'debit_note') and ${
      settled ? "due_cents > 0" : "paid_cents < total_cents"
    }`)
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("documents")
    .addColumn("credited_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  // Until now a credit note lowered its invoice only when a bank movement was matched to it (a
  // set-off «payment» of method 'other' per note). The note itself settles now: those set-off
  // payments go, with their match rows (amount 0), so nothing is subtracted twice.
  await sql`update documents d set paid_cents = d.paid_cents - p.amount_cents
    from (select p.document_id, sum(p.amount_cents) as amount_cents
          from document_payments p
          join bank_matches m on m.payment_id = p.id
          where m.credit_note_id is not null and m.undone_at is null
          group by p.document_id) p
    where d.id = p.document_id`.execute(db);
  await sql`delete from document_payments p using bank_matches m
    where m.payment_id = p.id and m.credit_note_id is not null and m.undone_at is null`.execute(db);
  await sql`delete from bank_matches where credit_note_id is not null`.execute(db);
  // What the issued credit notes of each invoice take off it (same currency only).
  await sql`update documents o set credited_cents = c.cents
    from (select c.original_id, c.currency, sum(c.total_cents) as cents from documents c
          where c.type = 'credit_note' and c.status = 'issued' and c.original_id is not null
          group by 1, 2) c
    where o.id = c.original_id and o.currency = c.currency`.execute(db);
  await sql
    .raw(
      `alter table documents add column due_cents bigint not null generated always as (${DUE}) stored`,
    )
    .execute(db);
  await sql`comment on column documents.credited_cents is
    'What the issued credit notes against this invoice take off it (kept by documents_keep_credited).'`.execute(
    db,
  );
  await sql`comment on column documents.due_cents is
    'What is still due: total less payments less credit notes, never below 0 (0 for a credit note). The one definition.'`.execute(
    db,
  );
  // Kept in the transaction that issues, cancels or deletes a credit note, whatever writes it.
  await sql
    .raw(`create function documents_keep_credited() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and (old.company_id, old.type, old.status, old.original_id, old.currency,
      old.total_cents) is not distinct from (new.company_id, new.type, new.status, new.original_id,
      new.currency, new.total_cents) then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') and old.type = 'credit_note' and old.status = 'issued'
      and old.original_id is not null then
    update documents o set credited_cents = o.credited_cents - old.total_cents
    where o.id = old.original_id and o.company_id = old.company_id and o.currency = old.currency;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.type = 'credit_note' and new.status = 'issued'
      and new.original_id is not null then
    update documents o set credited_cents = o.credited_cents + new.total_cents
    where o.id = new.original_id and o.company_id = new.company_id and o.currency = new.currency;
  end if;
  return null;
end $$`)
    .execute(db);
  await sql`create trigger documents_keep_credited after insert or update or delete on documents
    for each row execute function documents_keep_credited()`.execute(db);
  await sql`create index if not exists documents_original_idx on documents (original_id)
    where original_id is not null`.execute(db);
  await openIndex(db, true);
  await keepTotals(db, true);
  await keepListTotals(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The set-off payments removed by up() are not restored: the notes no longer settle, and the
  // bank's matching would set them off again.
  await sql`drop trigger documents_keep_credited on documents`.execute(db);
  await sql`drop function documents_keep_credited()`.execute(db);
  await sql`drop index if exists documents_original_idx`.execute(db);
  await keepTotals(db, false);
  await keepListTotals(db, false);
  await openIndex(db, false);
  await db.schema.alterTable("documents").dropColumn("due_cents").execute();
  await db.schema.alterTable("documents").dropColumn("credited_cents").execute();
}
