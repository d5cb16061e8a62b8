import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

/**
 * A row's part of the /invoices totals, for `old` or `new` in the trigger: `proformas` says
 * whether issued proformas count as sales and as owed (as they did before issue #25) or not.
 */
const part = (row: string, proformas: boolean) => {
  const owed = proformas
    ? `${row}.status = 'issued' and ${row}.type <> 'credit_note'`
    : `${row}.status = 'issued' and ${row}.type in ('invoice', 'debit_note')`;
  const summed = proformas
    ? `${row}.status <> 'issued'`
    : `${row}.status <> 'issued' or ${row}.type = 'proforma'`;
  return {
    total: `case when ${summed} then 0 when ${row}.type = 'credit_note' then -${row}.total_cents else ${row}.total_cents end`,
    paid: `case when ${owed} then ${row}.paid_cents else 0 end`,
    outstanding: `case when ${owed} then greatest(${row}.total_cents - ${row}.paid_cents, 0) else 0 end`,
  };
};

/** The trigger function of 20261124T0900, with the parts given. */
async function keepListTotals(db: Kysely<any>, proformas: boolean) {
  const o = part("old", proformas);
  const n = part("new", proformas);
  await sql
    .raw(`create or replace function documents_keep_list_totals() returns trigger language plpgsql as $$
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
  // The kept rows recomputed from the documents by the new rule, in this same transaction.
  const d = part("d", proformas);
  await sql`delete from document_list_totals`.execute(db);
  await sql
    .raw(`insert into document_list_totals
    select d.company_id, d.currency, count(*), sum(${d.total}), sum(${d.paid}), sum(${d.outstanding})
    from documents d group by 1, 2`)
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  // Issue #25: /invoices said «За получаване 27 500 EUR» where the dashboard said 12 500 — an
  // issued proforma (converted or not) counted as owed. A proforma is never a receivable nor a
  // sale: the list's totals take issued invoices and debit notes as owed (credit notes subtract
  // from «Общо»), the one definition the dashboard's and /analytics' rows already used.
  await keepListTotals(db, false);
}

export async function down(db: Kysely<any>): Promise<void> {
  await keepListTotals(db, true);
}
