import { type Kysely, sql } from "kysely";
import type { Database } from "~db/types";
import { GENERAL_LEDGER_LIMIT } from "./constants";
import { ledgerCurrency } from "./postings";
import { type TrialBalanceRow, trialBalance } from "./reports.server";
import { inReport } from "./sides";

/*
 * The general ledger (главна книга, decision 060): per account its opening balance, each line of
 * the period with the accounts it corresponds with (the entry's lines on the other side), its
 * turnover and closing balance — the figures of the trial balance, so the two always agree. The
 * lines come in pages by (account, date, line), the order of ledger_lines_account; the database
 * names the corresponding accounts of each line.
 */

/** Where a page of lines ends: the last line's account, date and id. */
export interface GeneralLedgerCursor {
  accountCode: string;
  entryDate: string;
  id: number;
}

export interface GeneralLedgerLine {
  id: number;
  accountCode: string;
  entryDate: string;
  documentRef: string;
  description: string;
  /** The accounts on the entry's other side, «503, 4532». */
  counterAccounts: string;
  debitCents: number;
  creditCents: number;
}

/**
 * The lines of the period (of one account, or all) after `after`, in the order of the accounts:
 * the first `limit`, and whether more follow.
 */
export async function generalLedgerLines(
  db: Kysely<Database>,
  companyId: string,
  filter: { from: string; to: string; account?: string | null },
  after: GeneralLedgerCursor | null,
  limit: number,
) {
  const currency = ledgerCurrency(filter.to);
  let query = db
    .selectFrom("ledgerLines as l")
    .innerJoin("ledgerEntries as e", "e.id", "l.entryId")
    .select([
      "l.id",
      "l.accountCode",
      "l.entryDate",
      "l.currency",
      "l.debitCents",
      "l.creditCents",
      "e.documentRef",
      "e.description",
      // The other side's accounts: a debit line's are the entry's credit lines, and the reverse.
      sql<string>`(select string_agg(distinct o.account_code, ', ') from ledger_lines o
        where o.entry_id = l.entry_id and o.id <> l.id
          and case when l.debit_cents <> 0 then o.credit_cents <> 0 else o.debit_cents <> 0 end)`.as(
        "counterAccounts",
      ),
    ])
    .where("l.companyId", "=", companyId)
    .where("l.entryDate", ">=", filter.from)
    .where("l.entryDate", "<=", filter.to);
  if (filter.account) query = query.where("l.accountCode", "=", filter.account);
  if (after) {
    query = query.where(
      sql<boolean>`(l.account_code, l.entry_date, l.id) > (${after.accountCode}, ${after.entryDate}::date, ${after.id})`,
    );
  }
  const rows = await query
    .orderBy("l.accountCode")
    .orderBy("l.entryDate")
    .orderBy("l.id")
    .limit(limit + 1)
    .execute();
  const lines: GeneralLedgerLine[] = rows.slice(0, limit).map((r) => ({
    id: Number(r.id),
    accountCode: r.accountCode,
    entryDate: r.entryDate,
    documentRef: r.documentRef,
    description: r.description,
    counterAccounts: r.counterAccounts ?? "",
    debitCents: inReport(Number(r.debitCents), r.currency, currency),
    creditCents: inReport(Number(r.creditCents), r.currency, currency),
  }));
  return { lines, more: rows.length > limit };
}

export interface GeneralLedgerAccount extends TrialBalanceRow {
  lines: GeneralLedgerLine[];
  /** Some of the account's lines are past the page's limit. */
  cut: boolean;
}

/**
 * The general ledger of a period for the page: the accounts of the trial balance (or one), each
 * with its lines — the first GENERAL_LEDGER_LIMIT of the period in all.
 */
export async function generalLedger(
  db: Kysely<Database>,
  companyId: string,
  filter: { from: string; to: string; account?: string | null },
) {
  const [tb, page] = await Promise.all([
    trialBalance(db, companyId, filter.from, filter.to),
    generalLedgerLines(db, companyId, filter, null, GENERAL_LEDGER_LIMIT),
  ]);
  const byAccount = new Map<string, GeneralLedgerLine[]>();
  for (const line of page.lines) {
    byAccount.set(line.accountCode, [...(byAccount.get(line.accountCode) ?? []), line]);
  }
  const last = page.lines.at(-1)?.accountCode;
  const accounts: GeneralLedgerAccount[] = tb.accounts
    .filter((a) => !filter.account || a.code === filter.account)
    .map((a) => {
      const lines = byAccount.get(a.code) ?? [];
      const hasTurnover = a.turnover.debitCents !== 0 || a.turnover.creditCents !== 0;
      // Past the limit: the account the page ends in, and those with a turnover but no line read.
      const cut = page.more && hasTurnover && (a.code === last || !byAccount.has(a.code));
      return { ...a, lines, cut };
    });
  return {
    currency: tb.currency,
    from: filter.from,
    to: filter.to,
    accounts,
    truncated: page.more,
  };
}
