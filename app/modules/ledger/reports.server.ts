import { type Kysely, sql } from "kysely";
import type { Database } from "~db/types";
import { JOURNAL_LIMIT } from "./constants";
import { ledgerCurrency } from "./postings";
import { addSides as add, asSides, inReport, type Sides, ZERO_SIDES as ZERO } from "./sides";

/*
 * The books' reports over ledger_lines: the trial balance (оборотна ведомост), the journal
 * (хронологичен регистър) and an account's card. A period that ends in 2026 or later is in euro:
 * the leva of 2025 are converted per account and column at the fixed rate (the euro act's rule
 * for balances), so a year that spans the change still adds up. The trial balance per analytic is
 * analytics.server.ts; the general ledger general-ledger.server.ts; the files exports.server.ts.
 */

export type { Sides } from "./sides";

export interface TrialBalanceRow {
  code: string;
  name: string;
  opening: Sides;
  turnover: Sides;
  closing: Sides;
}

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

/** Where a page of the journal ends: the last entry's date, time of posting and id. */
export interface JournalCursor {
  entryDate: string;
  /** The entry's created_at as the database writes it (microseconds a Date would lose). */
  createdAt: string;
  id: string;
}

/**
 * The journal of a period (optionally the entries that touch an account), oldest first, with
 * lines: the first `limit` entries (500) after `after`, and whether more follow.
 */
export async function journal(
  db: Kysely<Database>,
  companyId: string,
  filter: { from: string; to: string; account?: string | null },
  page: { after?: JournalCursor | null; limit?: number } = {},
) {
  const limit = page.limit ?? JOURNAL_LIMIT;
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
      sql<string>`e.created_at::text`.as("createdAtKey"),
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
  const after = page.after;
  if (after) {
    query = query.where(
      sql<boolean>`(e.entry_date, e.created_at, e.id) > (${after.entryDate}::date, ${after.createdAt}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const entries = await query
    .orderBy("e.entryDate")
    .orderBy("e.createdAt")
    .orderBy("e.id")
    .limit(limit + 1)
    .execute();
  const shown = entries.slice(0, limit);
  const lines = shown.length
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
          shown.map((e) => e.id),
        )
        .orderBy("id")
        .execute()
    : [];
  const byEntry = new Map<string, typeof lines>();
  for (const line of lines) byEntry.set(line.entryId, [...(byEntry.get(line.entryId) ?? []), line]);
  return {
    entries: shown.map((e) => ({
      ...e,
      lines: (byEntry.get(e.id) ?? []).map(({ entryId: _e, ...l }) => ({
        ...l,
        debitCents: Number(l.debitCents),
        creditCents: Number(l.creditCents),
      })),
    })),
    truncated: entries.length > limit,
  };
}

/** What an account's card shows: the period, and optionally one counterparty's lines only. */
export interface CardFilter {
  from: string;
  to: string;
  /** A counterparty's id: its lines on the account only (its analytic card). */
  counterparty?: string | null;
}

/** Where a page of a card ends: the last line's date, its entry's time of posting, its id. */
export interface CardCursor {
  entryDate: string;
  /** The entry's created_at as the database writes it (microseconds a Date would lose). */
  createdAt: string;
  id: number;
}

/**
 * An account's (or one counterparty's) opening, turnover and closing, each column converted as
 * the trial balance converts it, so the card closes where the trial balance does.
 */
export async function cardSums(
  db: Kysely<Database>,
  companyId: string,
  code: string,
  f: CardFilter,
) {
  const currency = ledgerCurrency(f.to);
  let query = db
    .selectFrom("ledgerLines")
    .select([
      "currency",
      sql<string>`coalesce(sum(debit_cents) filter (where entry_date < ${f.from}::date), 0)`.as(
        "od",
      ),
      sql<string>`coalesce(sum(credit_cents) filter (where entry_date < ${f.from}::date), 0)`.as(
        "oc",
      ),
      sql<string>`coalesce(sum(debit_cents) filter (where entry_date >= ${f.from}::date), 0)`.as(
        "td",
      ),
      sql<string>`coalesce(sum(credit_cents) filter (where entry_date >= ${f.from}::date), 0)`.as(
        "tc",
      ),
    ])
    .where("companyId", "=", companyId)
    .where("accountCode", "=", code)
    .where("entryDate", "<=", f.to);
  if (f.counterparty) {
    query = query
      .where("counterpartyKind", "is not", null)
      .where("counterpartyId", "=", f.counterparty);
  }
  let opening = 0;
  let turnover = ZERO;
  for (const r of await query.groupBy("currency").execute()) {
    const conv = (v: string) => inReport(Number(v), r.currency, currency);
    opening += conv(r.od) - conv(r.oc);
    turnover = add(turnover, { debitCents: conv(r.td), creditCents: conv(r.tc) });
  }
  return {
    openingNet: opening,
    opening: asSides(opening),
    turnover,
    closing: asSides(opening + turnover.debitCents - turnover.creditCents),
  };
}

/**
 * A card's lines of the period in order (date, posting, line), amounts in the report's currency:
 * the first `limit` after `after`, and whether more follow.
 */
export async function cardLines(
  db: Kysely<Database>,
  companyId: string,
  code: string,
  f: CardFilter,
  after: CardCursor | null,
  limit: number,
) {
  const currency = ledgerCurrency(f.to);
  let query = db
    .selectFrom("ledgerLines as l")
    .innerJoin("ledgerEntries as e", "e.id", "l.entryId")
    .select([
      "l.id",
      "e.id as entryId",
      "e.entryDate",
      sql<string>`e.created_at::text`.as("createdAtKey"),
      "e.description",
      "e.documentRef",
      "l.currency",
      "l.counterpartyId",
      "l.counterpartyName",
      "l.debitCents",
      "l.creditCents",
    ])
    .where("l.companyId", "=", companyId)
    .where("l.accountCode", "=", code)
    .where("l.entryDate", ">=", f.from)
    .where("l.entryDate", "<=", f.to);
  if (f.counterparty) {
    query = query
      .where("l.counterpartyKind", "is not", null)
      .where("l.counterpartyId", "=", f.counterparty);
  }
  if (after) {
    query = query.where(
      sql<boolean>`(l.entry_date, e.created_at, l.id) > (${after.entryDate}::date, ${after.createdAt}::timestamptz, ${after.id})`,
    );
  }
  const rows = await query
    .orderBy("l.entryDate")
    .orderBy("e.createdAt")
    .orderBy("l.id")
    .limit(limit + 1)
    .execute();
  return {
    lines: rows.slice(0, limit).map((r) => ({
      ...r,
      debitCents: inReport(Number(r.debitCents), r.currency, currency),
      creditCents: inReport(Number(r.creditCents), r.currency, currency),
    })),
    more: rows.length > limit,
  };
}

/**
 * The account a card is of, and its counterparty's latest name on it (null when none of the
 * account's lines names it). Undefined when the company has no such account.
 */
export async function cardSubject(
  db: Kysely<Database>,
  companyId: string,
  code: string,
  counterparty: string | null | undefined,
) {
  const account = await db
    .selectFrom("ledgerAccounts")
    .select(["code", "name", "side", "analytics", "saftCode"])
    .where("companyId", "=", companyId)
    .where("code", "=", code)
    .executeTakeFirst();
  if (!account) return undefined;
  if (!counterparty) return { account, counterparty: null };
  const named = await db
    .selectFrom("ledgerLines")
    .select("counterpartyName")
    .where("companyId", "=", companyId)
    .where("accountCode", "=", code)
    .where("counterpartyKind", "is not", null)
    .where("counterpartyId", "=", counterparty)
    .orderBy("entryDate", "desc")
    .limit(1)
    .executeTakeFirst();
  return { account, counterparty: { id: counterparty, name: named?.counterpartyName ?? null } };
}

/**
 * An account's card (optionally one counterparty's): the account, the counterparty's latest
 * name, the opening, each line of the period (the first 500) with the balance after it, the
 * turnover and the closing balance. Undefined when the company has no such account.
 */
export async function accountCard(
  db: Kysely<Database>,
  companyId: string,
  code: string,
  filter: CardFilter,
) {
  const subject = await cardSubject(db, companyId, code, filter.counterparty);
  if (!subject) return undefined;
  const [sums, page] = await Promise.all([
    cardSums(db, companyId, code, filter),
    cardLines(db, companyId, code, filter, null, JOURNAL_LIMIT),
  ]);
  let running = sums.openingNet;
  const lines = page.lines.map(({ createdAtKey: _c, ...r }) => {
    running += r.debitCents - r.creditCents;
    return { ...r, balance: asSides(running) };
  });
  return {
    ...subject,
    currency: ledgerCurrency(filter.to),
    opening: sums.opening,
    lines,
    turnover: sums.turnover,
    closing: sums.closing,
    truncated: page.more,
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
