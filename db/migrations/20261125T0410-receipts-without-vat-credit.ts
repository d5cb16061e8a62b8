import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

export async function up(db: Kysely<any>): Promise<void> {
  // Issue #25: a касов бон (and any other document outside the purchase journal) is not a tax
  // document that gives a right of credit (ЗДДС чл. 71), yet it was stored with full credit by
  // default: /analytics counted its VAT as credit and the VAT report did not (481,39 against
  // 491,39 «ДДС за внасяне»). Such expenses carry no credit, and the kept months follow.
  await sql`update expenses set vat_credit = 'none', vat_credit_coefficient = null,
      creditable_vat_cents = 0, updated_at = now()
    where document_type not in ('invoice', 'debit_note', 'credit_note', 'protocol_117')
      and (vat_credit <> 'none' or creditable_vat_cents <> 0)`.execute(db);
  // The creditable VAT the month rows keep, recomputed from the expenses (as refreshMonthTotals
  // computes it: credit notes negative; per category in euro, each expense rounded to the cent).
  await sql`update expense_month_totals t set creditable_vat_cents = coalesce((
      select sum(case when e.document_type = 'credit_note' then -1 else 1 end * e.creditable_vat_cents)
      from expenses e
      where e.company_id = t.company_id and e.currency = t.currency
        and e.document_date >= t.month and e.document_date < (t.month + interval '1 month')::date
    ), 0)`.execute(db);
  await sql`update expense_month_categories t set creditable_vat_eur_cents = coalesce((
      select sum(case when e.document_type = 'credit_note' then -1 else 1 end
        * round(e.creditable_vat_cents * case e.currency when 'EUR' then 1
            when 'BGN' then 1 / 1.95583 else coalesce(e.eur_rate, 0) end))
      from expenses e
      where e.company_id = t.company_id and e.category_id = t.category_id
        and e.document_date >= t.month and e.document_date < (t.month + interval '1 month')::date
    ), 0)`.execute(db);
}

export async function down(): Promise<void> {
  // The credit that was taken away is not known any more: nothing to undo.
}
