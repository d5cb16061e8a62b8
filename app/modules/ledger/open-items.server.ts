import { type Kysely, sql } from "kysely";
import type { Database } from "~db/types";
import { OPEN_ITEMS_LIMIT } from "./constants";
import { ledgerCurrency } from "./postings";
import { asSides } from "./sides";

/*
 * Open items (открити позиции) of an account kept per counterparty (411, 401 and their analytic
 * accounts), as the books say on a day (decision 060): its lines grouped by the document they
 * settle — an invoice with its payments and the credit notes against it, an expense with its
 * payment — and the groups whose balance is not zero, with their age. The database groups and
 * sums; a leva sum of 2025 is converted to euro per group and currency as the trial balance does
 * (half up at 1.95583, the formula of postings.ts levaToEuro in whole numbers).
 */

/** Whether an account's card lists open items: accounts kept per counterparty. */
export const keepsOpenItems = (account: { analytics: string }) =>
  account.analytics === "counterparty";

export interface OpenItem {
  /** The document's number as the books name it («Фактура № 0000000001»). */
  documentRef: string;
  /** The day of the document (its first line when it has none of its own). */
  date: string;
  /** Days from that day to the report's end. */
  ageDays: number;
  counterpartyId: string | null;
  counterpartyName: string;
  debitCents: number;
  creditCents: number;
  balance: { debitCents: number; creditCents: number };
}

/**
 * The account's (or one counterparty's) open items on `to`, oldest first: at most
 * OPEN_ITEMS_LIMIT, with how many there are and their balance together.
 */
export async function openItems(
  db: Kysely<Database>,
  companyId: string,
  code: string,
  to: string,
  counterparty: string | null = null,
) {
  const euro = ledgerCurrency(to) === "EUR";
  // A sum of one currency in the report's: leva in a euro report converted half up.
  const conv = (column: string) =>
    euro
      ? sql`case when g.currency = 'BGN' then sign(${sql.ref(column)}) * div(abs(${sql.ref(column)}) * 200000 + 195583, 391166) else ${sql.ref(column)} end`
      : sql.ref(column);
  const party = counterparty
    ? sql`and l.counterparty_kind is not null and l.counterparty_id = ${counterparty}`
    : sql``;
  const result = await sql<{
    documentRef: string;
    date: string;
    ageDays: number;
    counterpartyId: string | null;
    counterpartyName: string | null;
    debitCents: string;
    creditCents: string;
    items: string;
    netCents: string;
  }>`
    with lines as (
      select l.counterparty_id, l.counterparty_name, l.entry_date, l.currency,
        l.debit_cents, l.credit_cents, e.document_ref, e.source_kind, e.source_id,
        case
          when d.id is not null then
            case when d.type = 'credit_note' and d.original_id is not null then d.original_id else d.id end
          when e.source_kind in ('expense', 'expense_payment') then e.source_id
          else e.id
        end as item
      from ledger_lines l
      join ledger_entries e on e.id = l.entry_id
      left join document_payments p
        on e.source_kind = 'payment' and p.id = e.source_id and p.company_id = ${companyId}
      left join documents d on d.company_id = ${companyId} and d.id = case
        when e.source_kind = 'document' then e.source_id
        when e.source_kind = 'payment' then p.document_id end
      where l.company_id = ${companyId} and l.account_code = ${code} and l.entry_date <= ${to}::date
        ${party}
    ),
    g as (
      select item, currency,
        min(document_ref) filter (where source_id = item) as own_ref,
        min(document_ref) as any_ref,
        min(entry_date) filter (where source_id = item) as own_date,
        min(entry_date) as any_date,
        max(counterparty_id::text) as counterparty_id,
        max(counterparty_name) as counterparty_name,
        sum(debit_cents) as d,
        sum(credit_cents) as c
      from lines group by item, currency
    ),
    items as (
      select item,
        coalesce(min(own_ref), min(any_ref)) as document_ref,
        coalesce(min(own_date), min(any_date)) as date,
        max(counterparty_id) as counterparty_id,
        max(counterparty_name) as counterparty_name,
        sum(${conv("d")}) as debit_cents,
        sum(${conv("c")}) as credit_cents
      from g group by item
    )
    select document_ref as "documentRef", date::text as "date",
      (${to}::date - date) as "ageDays",
      counterparty_id as "counterpartyId", counterparty_name as "counterpartyName",
      debit_cents as "debitCents", credit_cents as "creditCents",
      count(*) over () as "items", sum(debit_cents - credit_cents) over () as "netCents"
    from items
    where debit_cents <> credit_cents
    order by date, document_ref
    limit ${OPEN_ITEMS_LIMIT + 1}
  `.execute(db);
  const rows = result.rows;
  const items: OpenItem[] = rows.slice(0, OPEN_ITEMS_LIMIT).map((r) => {
    const debitCents = Number(r.debitCents);
    const creditCents = Number(r.creditCents);
    return {
      documentRef: r.documentRef,
      date: r.date,
      ageDays: Number(r.ageDays),
      counterpartyId: r.counterpartyId,
      counterpartyName: r.counterpartyName ?? "",
      debitCents,
      creditCents,
      balance: asSides(debitCents - creditCents),
    };
  });
  const first = rows[0];
  return {
    items,
    count: first ? Number(first.items) : 0,
    balance: asSides(first ? Number(first.netCents) : 0),
    truncated: rows.length > OPEN_ITEMS_LIMIT,
  };
}
