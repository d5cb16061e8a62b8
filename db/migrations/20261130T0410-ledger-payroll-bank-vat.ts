import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #45 items 2, 3 and 5 (decision 059): the books take salaries (accrued when approved, the
// net paid when marked paid), bank movements booked to an account or to НАП, the month's VAT
// settlement (4532/4531 → 4538/4539) and a company's opening balances. A salary keeps the day it
// was paid (its payment's entry is dated by it, so posting it again says the same); a bank match
// may book a movement to an account of the chart (a fee without a document, a transfer between
// own accounts, a loan).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table ledger_entries drop constraint ledger_entries_source_kind_check`.execute(
    db,
  );
  await sql`alter table ledger_entries add constraint ledger_entries_source_kind_check check (source_kind in
    ('document', 'payment', 'expense', 'expense_payment', 'manual', 'salary', 'salary_payment', 'bank', 'vat_settlement', 'opening'))`.execute(
    db,
  );
  await sql`comment on column ledger_entries.source_kind is ${sql.lit(
    "What posted it: a document, a payment, an expense and its payment, a salary (source_id the salary) and its payment, a bank match (source_id the bank_matches row), the month's VAT settlement (no source id; dated the month's last day), the company's opening balances (source_id the company), or a manual entry.",
  )}`.execute(db);

  await sql`alter table salaries add column paid_on date`.execute(db);
  await sql`comment on column salaries.paid_on is ${sql.lit(
    "The day the salary was marked paid (null unless status = paid): the books' payment of the net is dated by it.",
  )}`.execute(db);
  // Salaries marked paid before: the day they were last changed, in Sofia.
  await sql`update salaries set paid_on = (updated_at at time zone 'Europe/Sofia')::date
    where status = 'paid'`.execute(db);

  await sql`alter table bank_matches add column account_code text`.execute(db);
  await sql`alter table bank_matches add constraint bank_matches_account
    foreign key (company_id, account_code) references ledger_accounts (company_id, code)`.execute(
    db,
  );
  await sql`comment on column bank_matches.account_code is ${sql.lit(
    "A movement booked to an account of the chart (a fee, a transfer between own accounts, a loan): the books post it against 503 (decision 059).",
  )}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table bank_matches drop column account_code`.execute(db);
  await sql`alter table salaries drop column paid_on`.execute(db);
  await sql`alter table ledger_entries drop constraint ledger_entries_source_kind_check`.execute(
    db,
  );
  await sql`alter table ledger_entries add constraint ledger_entries_source_kind_check check (source_kind in
    ('document', 'payment', 'expense', 'expense_payment', 'manual'))`.execute(db);
}
