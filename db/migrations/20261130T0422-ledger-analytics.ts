import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// The books' reports per analytic (issue #45 item 4, decision 060): the trial balance per
// counterparty or employee, an account's card per counterparty and its open items read the lines
// that name a counterparty from one index, with the amounts in it (an index-only scan). It takes
// the place of ledger_lines_counterparty (the same key without the amounts, and only the lines
// with an id: a supplier typed by name has none, and is an analytic too).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index ledger_lines_analytics on ledger_lines
    (company_id, account_code, counterparty_id, entry_date)
    include (counterparty_kind, counterparty_name, debit_cents, credit_cents, currency)
    where counterparty_kind is not null`.execute(db);
  await sql`drop index if exists ledger_lines_counterparty`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists ledger_lines_counterparty on ledger_lines
    (company_id, account_code, counterparty_id, entry_date) where counterparty_id is not null`.execute(
    db,
  );
  await sql`drop index if exists ledger_lines_analytics`.execute(db);
}
