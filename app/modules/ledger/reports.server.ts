import { type Kysely, sql } from "kysely";
import type { Database } from "~db/types";
import { JOURNAL_LIMIT } from "./constants";
import { type LedgerCurrency, ledgerCurrency, levaToEuro } from "./postings";

/*
 * The books' reports over ledger_lines: the trial balance (оборотна ведомост), the journal
 * (хронологичен регистър) and an account's card. A period that ends in 2026 or later is in euro:
 * the leva of 2025 are converted per account and column at the fixed rate (the euro act's rule
 * for balances), so a year that spans the change still adds up.
 */

export interface Sides {
  debitCents: number;
  creditCents: number;
}

export interface TrialBalanceRow {
  code: string;
  name: string;
  opening: Sides;
  turnover: Sides;
  closing: Sides;
}

/** A net balance as the side it stands on. */
const asSides = (net: number): Sides =>
  net >= 0 ? { debitCents: net, creditCents: 0 } : { debitCents: 0, creditCents: -net };

const add = (a: Sides, b: Sides): Sides => ({
  debitCents: a.debitCents + b.debitCents,
  creditCents: a.creditCents + b.creditCents,
});
const ZERO: Sides = { debitCents: 0, creditCents: 0 };

/** Cents of a line's currency in the report's (leva of 2025 in a euro report converted). */
const inReport = (cents: number, from: string, to: LedgerCurrency) =>
  from === to || to === "BGN" ? cents : levaToEuro(cents);

/**
 * The trial balance of a period: per account its opening balance (everything before `from`), the
 * period's turnover and the closing balance, and the totals of each column. Accounts with nothing
 * in or before the period are left out.
 */
export async function trialBalance(
  db: Kysely<Database>,
  companyId: string,
  from: string,
  to: string,
) {
  const currency = ledgerCurrency(to);
  const rows = await db
    .selectFrom("ledgerLines")
    .select([
      "accountCode",
      "currency",
      sql<string>`coalesce(sum(debit_cents) filter (where entry_date < ${from}::date), 0)`.as("od"),
      sql<string>`coalesce(sum(credit_cents) filter (where entry_date < ${from}::date), 0)`.as(
        "oc",
      ),
      sql<string>`coalesce(sum(debit_cents) filter (where entry_date >= ${from}::date), 0)`.as(
        "td",
      ),
      sql<string>`coalesce(sum(credit_cents) filter (where entry_date >= ${from}::date), 0)`.as(
        "tc",
      ),
    ])
    .where("companyId", "=", companyId)
    .where("entryDate", "<=", to)
    .groupBy(["accountCode", "currency"])
    .execute();
  const names = new Map(
    (
      await db
        .selectFrom("ledgerAccounts")
        .select(["code", "name"])
        .where("companyId", "=", companyId)
        .execute()
    ).map((a) => [a.code, a.name]),
  );
  const sums = new Map<string, { opening: number; turnover: Sides }>();
  for (const row of rows) {
    const conv = (v: string) => inReport(Number(v), row.currency, currency);
    const sum = sums.get(row.accountCode) ?? { opening: 0, turnover: ZERO };
    sum.opening += conv(row.od) - conv(row.oc);
    sum.turnover = add(sum.turnover, { debitCents: conv(row.td), creditCents: conv(row.tc) });
    sums.set(row.accountCode, sum);
  }
  // Opening balances dated in the period are its opening, not its turnover (decision 059).
  for (const row of await openingWithin(db, companyId, from, to)) {
    const sum = sums.get(row.accountCode);
    if (!sum) continue;
    const d = inReport(Number(row.d), row.currency, currency);
    const c = inReport(Number(row.c), row.currency, currency);
    sum.opening += d - c;
    sum.turnover = add(sum.turnover, { debitCents: -d, creditCents: -c });
  }
  const accounts: TrialBalanceRow[] = [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, s]) => ({
      code,
      name: names.get(code) ?? code,
      opening: asSides(s.opening),
      turnover: s.turnover,
      closing: asSides(s.opening + s.turnover.debitCents - s.turnover.creditCents),
    }))
    .filter(
      (r) =>
        r.opening.debitCents ||
        r.opening.creditCents ||
        r.turnover.debitCents ||
        r.turnover.creditCents,
    );
  const totals = accounts.reduce(
    (t, r) => ({
      opening: add(t.opening, r.opening),
      turnover: add(t.turnover, r.turnover),
      closing: add(t.closing, r.closing),
    }),
    { opening: ZERO, turnover: ZERO, closing: ZERO },
  );
  return { currency, from, to, accounts, totals };
}

/** The journal of a period (optionally the entries that touch an account), oldest first, with lines. */
export async function journal(
  db: Kysely<Database>,
  companyId: string,
  filter: { from: string; to: string; account?: string | null },
) {
  let query = db
    .selectFrom("ledgerEntries as e")
    .select([
      "e.id",
      "e.entryDate",
      "e.currency",
      "e.sourceKind",
      "e.sourceId",
      "e.reversesEntryId",
      "e.description",
      "e.documentRef",
      "e.createdByName",
      "e.createdAt",
    ])
    .where("e.companyId", "=", companyId)
    .where("e.entryDate", ">=", filter.from)
    .where("e.entryDate", "<=", filter.to);
  if (filter.account) {
    const account = filter.account;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("ledgerLines as l")
          .select("l.id")
          .whereRef("l.entryId", "=", "e.id")
          .where("l.companyId", "=", companyId)
          .where("l.accountCode", "=", account),
      ),
    );
  }
  const entries = await query
    .orderBy("e.entryDate")
    .orderBy("e.createdAt")
    .orderBy("e.id")
    .limit(JOURNAL_LIMIT + 1)
    .execute();
  const page = entries.slice(0, JOURNAL_LIMIT);
  const lines = page.length
    ? await db
        .selectFrom("ledgerLines")
        .select([
          "id",
          "entryId",
          "accountCode",
          "counterpartyKind",
          "counterpartyId",
          "counterpartyName",
          "debitCents",
          "creditCents",
        ])
        .where("companyId", "=", companyId)
        .where(
          "entryId",
          "in",
          page.map((e) => e.id),
        )
        .orderBy("id")
        .execute()
    : [];
  const byEntry = new Map<string, typeof lines>();
  for (const line of lines) byEntry.set(line.entryId, [...(byEntry.get(line.entryId) ?? []), line]);
  return {
    entries: page.map((e) => ({
      ...e,
      lines: (byEntry.get(e.id) ?? []).map(({ entryId: _e, ...l }) => ({
        ...l,
        debitCents: Number(l.debitCents),
        creditCents: Number(l.creditCents),
      })),
    })),
    truncated: entries.length > JOURNAL_LIMIT,
  };
}

/** An account's card: its opening balance, each line of the period with the balance after it. */
export async function accountCard(
  db: Kysely<Database>,
  companyId: string,
  code: string,
  from: string,
  to: string,
) {
  const currency = ledgerCurrency(to);
  const account = await db
    .selectFrom("ledgerAccounts")
    .select(["code", "name", "side", "analytics", "saftCode"])
    .where("companyId", "=", companyId)
    .where("code", "=", code)
    .executeTakeFirst();
  if (!account) return undefined;
  const before = await db
    .selectFrom("ledgerLines")
    .select(["currency", sql<string>`coalesce(sum(debit_cents - credit_cents), 0)`.as("net")])
    .where("companyId", "=", companyId)
    .where("accountCode", "=", code)
    .where("entryDate", "<", from)
    .groupBy("currency")
    .execute();
  const opening = before.reduce((s, r) => s + inReport(Number(r.net), r.currency, currency), 0);
  const rows = await db
    .selectFrom("ledgerLines as l")
    .innerJoin("ledgerEntries as e", "e.id", "l.entryId")
    .select([
      "l.id",
      "e.id as entryId",
      "e.entryDate",
      "e.description",
      "e.documentRef",
      "l.currency",
      "l.counterpartyName",
      "l.debitCents",
      "l.creditCents",
    ])
    .where("l.companyId", "=", companyId)
    .where("l.accountCode", "=", code)
    .where("l.entryDate", ">=", from)
    .where("l.entryDate", "<=", to)
    .orderBy("l.entryDate")
    .orderBy("e.createdAt")
    .orderBy("l.id")
    .limit(JOURNAL_LIMIT + 1)
    .execute();
  let running = opening;
  const lines = rows.slice(0, JOURNAL_LIMIT).map((r) => {
    const debitCents = inReport(Number(r.debitCents), r.currency, currency);
    const creditCents = inReport(Number(r.creditCents), r.currency, currency);
    running += debitCents - creditCents;
    return { ...r, debitCents, creditCents, balance: asSides(running) };
  });
  return {
    account,
    currency,
    opening: asSides(opening),
    lines,
    closing: asSides(running),
    truncated: rows.length > JOURNAL_LIMIT,
  };
}

/**
 * The lines of opening balances (source «opening») dated within a period, per account and
 * currency: the trial balance moves them from the turnover to the opening column (decision 059).
 */
export function openingWithin(db: Kysely<Database>, companyId: string, from: string, to: string) {
  return db
    .selectFrom("ledgerLines as l")
    .innerJoin("ledgerEntries as e", "e.id", "l.entryId")
    .select([
      "l.accountCode",
      "l.currency",
      sql<string>`sum(l.debit_cents)`.as("d"),
      sql<string>`sum(l.credit_cents)`.as("c"),
    ])
    .where("e.companyId", "=", companyId)
    .where("e.sourceKind", "=", "opening")
    .where("e.entryDate", ">=", from)
    .where("e.entryDate", "<=", to)
    .groupBy(["l.accountCode", "l.currency"])
    .execute();
}
