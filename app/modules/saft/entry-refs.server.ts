import { sql } from "kysely";

/*
 * What a SAF-T source document says of its posting, as SQL parts of the documents' own queries:
 * the live ledger entry (its TransactionID) and an expense's account. One definition for the
 * sales, purchases, payments and the protocols made from expenses (decision 063, 079).
 */

/** Where the source rows of a query are: the alias of a table with `company_id` and `id`. */
type Alias = "d" | "p" | "x";

/** The id of the source row's live ledger entry: its newest that no reversal has replaced. */
export function liveEntryId(
  sourceKind: "document" | "payment" | "expense" | "expense_payment" | "vat_protocol",
  alias: Alias,
) {
  return sql<string | null>`(select e.id from ledger_entries e where e.company_id = ${sql.ref(
    `${alias}.company_id`,
  )} and e.source_kind = ${sql.lit(sourceKind)} and e.source_id = ${sql.ref(
    `${alias}.id`,
  )} and e.reverses_entry_id is null order by e.created_at desc limit 1)`;
}

/**
 * The account of an expense (alias of `expenses`): the first debit line of its live entry that
 * is not VAT (453…), as a line of its purchase document names it.
 */
export function expenseAccount(alias: "x") {
  return sql<
    string | null
  >`(select l.account_code from ledger_entries e join ledger_lines l on l.entry_id = e.id and l.company_id = e.company_id where e.company_id = ${sql.ref(
    `${alias}.company_id`,
  )} and e.source_kind = 'expense' and e.source_id = ${sql.ref(
    `${alias}.id`,
  )} and e.reverses_entry_id is null and l.debit_cents > 0 and l.account_code not like '453%' order by e.created_at desc, l.id limit 1)`;
}
