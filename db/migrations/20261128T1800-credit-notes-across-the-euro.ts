import { type Kysely, sql } from "kysely";

/*
 * A credit note settles its invoice in the invoice's currency (decision 042). Since 1 January 2026
 * no document is issued in лева, so a 2025 invoice in лева is credited by a note in euro: that
 * note takes off its amount in лева at the fixed conversion rate, 1.95583 лева for a euro, half up
 * as every conversion (decision 005). Any other pair of currencies still
 * settles nothing: the note must be in the invoice's currency.
 */

const IN_INVOICE_CURRENCY = (note: string, invoice: string) => `(case
    when ${invoice}.currency = ${note}.currency then ${note}.total_cents
    when ${invoice}.currency = 'BGN' and ${note}.currency = 'EUR'
      then round(${note}.total_cents * 1.95583)::bigint
  end)`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`create or replace function documents_keep_credited() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and (old.company_id, old.type, old.status, old.original_id, old.currency,
      old.total_cents) is not distinct from (new.company_id, new.type, new.status, new.original_id,
      new.currency, new.total_cents) then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') and old.type = 'credit_note' and old.status = 'issued'
      and old.original_id is not null then
    update documents o set credited_cents = o.credited_cents - ${IN_INVOICE_CURRENCY("old", "o")}
    where o.id = old.original_id and o.company_id = old.company_id
      and ${IN_INVOICE_CURRENCY("old", "o")} is not null;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.type = 'credit_note' and new.status = 'issued'
      and new.original_id is not null then
    update documents o set credited_cents = o.credited_cents + ${IN_INVOICE_CURRENCY("new", "o")}
    where o.id = new.original_id and o.company_id = new.company_id
      and ${IN_INVOICE_CURRENCY("new", "o")} is not null;
  end if;
  return null;
end $$`)
    .execute(db);
  // The notes already issued in euro against invoices in лева.
  await sql
    .raw(`update documents o set credited_cents = c.cents
    from (select c.original_id, sum(${IN_INVOICE_CURRENCY("c", "i")}) as cents
          from documents c join documents i on i.id = c.original_id
          where c.type = 'credit_note' and c.status = 'issued'
            and ${IN_INVOICE_CURRENCY("c", "i")} is not null
          group by 1) c
    where o.id = c.original_id and o.credited_cents <> c.cents`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`create or replace function documents_keep_credited() returns trigger language plpgsql as $$
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
}
