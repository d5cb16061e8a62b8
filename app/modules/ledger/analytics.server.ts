import { type Kysely, sql } from "kysely";
import type { Database } from "~db/types";
import { ledgerCurrency } from "./postings";
import { asSides, inReport, type Sides } from "./sides";

/*
 * The trial balance per analytic (issue #45 item 4, decision 060): for each account, its figures
 * per counterparty (client, supplier) or employee, summed by the database over the lines that
 * name one (the partial index ledger_lines_analytics, amounts included). What an account's lines
 * carry without a counterparty (a manual entry on 411) is its own row, «Без аналитичност»: the
 * account's sums less its analytics', per currency in whole cents before any conversion, so no
 * rounding makes a row appear. Each row is converted per column as the account's row is.
 */

export interface AnalyticParty {
  kind: "client" | "supplier" | "employee";
  /** Null for a supplier typed by name only (it is then told apart by the name). */
  id: string | null;
  name: string;
}

export interface AnalyticRow {
  /** Null: the account's lines without a counterparty. */
  counterparty: AnalyticParty | null;
  opening: Sides;
  turnover: Sides;
  closing: Sides;
}

interface RawSums {
  od: number;
  oc: number;
  td: number;
  tc: number;
}

const sumsSql = (from: string) => ({
  od: sql<string>`coalesce(sum(debit_cents) filter (where entry_date < ${from}::date), 0)`,
  oc: sql<string>`coalesce(sum(credit_cents) filter (where entry_date < ${from}::date), 0)`,
  td: sql<string>`coalesce(sum(debit_cents) filter (where entry_date >= ${from}::date), 0)`,
  tc: sql<string>`coalesce(sum(credit_cents) filter (where entry_date >= ${from}::date), 0)`,
});

const raw = (r: { od: string; oc: string; td: string; tc: string }): RawSums => ({
  od: Number(r.od),
  oc: Number(r.oc),
  td: Number(r.td),
  tc: Number(r.tc),
});

/** A group's sums per currency as one row of the report (each column converted on its own). */
function rowOf(perCurrency: Map<string, RawSums>, to: string): Omit<AnalyticRow, "counterparty"> {
  const currency = ledgerCurrency(to);
  let opening = 0;
  const turnover: Sides = { debitCents: 0, creditCents: 0 };
  for (const [from, s] of perCurrency) {
    const conv = (cents: number) => inReport(cents, from, currency);
    opening += conv(s.od) - conv(s.oc);
    turnover.debitCents += conv(s.td);
    turnover.creditCents += conv(s.tc);
  }
  return {
    opening: asSides(opening),
    turnover,
    closing: asSides(opening + turnover.debitCents - turnover.creditCents),
  };
}

const isEmpty = (r: Omit<AnalyticRow, "counterparty">) =>
  !r.opening.debitCents &&
  !r.opening.creditCents &&
  !r.turnover.debitCents &&
  !r.turnover.creditCents;

/**
 * Per account (by code) the rows of its analytics for the period, by name, the lines without a
 * counterparty last. Accounts whose lines name no counterparty are not in the map.
 */
export async function trialBalanceAnalytics(
  db: Kysely<Database>,
  companyId: string,
  from: string,
  to: string,
  account?: string,
): Promise<Map<string, AnalyticRow[]>> {
  const sums = sumsSql(from);
  const nameKey = sql<string | null>`case when counterparty_id is null then counterparty_name end`;
  let parties = db
    .selectFrom("ledgerLines")
    .select([
      "accountCode",
      "counterpartyKind",
      "counterpartyId",
      nameKey.as("nameKey"),
      "currency",
      // The name as the latest line gives it (a client renamed keeps one row).
      sql<string>`(array_agg(counterparty_name order by entry_date desc))[1]`.as("name"),
      sums.od.as("od"),
      sums.oc.as("oc"),
      sums.td.as("td"),
      sums.tc.as("tc"),
    ])
    .where("companyId", "=", companyId)
    .where("counterpartyKind", "is not", null)
    .where("entryDate", "<=", to);
  if (account) parties = parties.where("accountCode", "=", account);
  const partyRows = await parties
    .groupBy(["accountCode", "counterpartyId", "counterpartyKind", nameKey, "currency"])
    .execute();
  if (!partyRows.length) return new Map();

  const codes = [...new Set(partyRows.map((r) => r.accountCode))];
  const accountRows = await db
    .selectFrom("ledgerLines")
    .select([
      "accountCode",
      "currency",
      sums.od.as("od"),
      sums.oc.as("oc"),
      sums.td.as("td"),
      sums.tc.as("tc"),
    ])
    .where("companyId", "=", companyId)
    .where("accountCode", "in", codes)
    .where("entryDate", "<=", to)
    .groupBy(["accountCode", "currency"])
    .execute();

  // What the account's lines without a counterparty hold, per currency: all less the analytics'.
  const rest = new Map<string, Map<string, RawSums>>();
  for (const r of accountRows) {
    const byCurrency = rest.get(r.accountCode) ?? new Map<string, RawSums>();
    byCurrency.set(r.currency, raw(r));
    rest.set(r.accountCode, byCurrency);
  }
  const groups = new Map<string, { party: AnalyticParty; sums: Map<string, RawSums> }>();
  for (const r of partyRows) {
    const left = rest.get(r.accountCode)?.get(r.currency);
    const s = raw(r);
    if (left) {
      left.od -= s.od;
      left.oc -= s.oc;
      left.td -= s.td;
      left.tc -= s.tc;
    }
    const key = [r.accountCode, r.counterpartyKind, r.counterpartyId ?? "", r.nameKey ?? ""].join(
      "\u0000",
    );
    const group = groups.get(key) ?? {
      party: {
        kind: r.counterpartyKind as AnalyticParty["kind"],
        id: r.counterpartyId,
        name: r.name,
      },
      sums: new Map<string, RawSums>(),
    };
    // The name of the latest lines: the euro's (2026 on) over the leva's.
    if (r.currency === "EUR") group.party.name = r.name;
    group.sums.set(r.currency, s);
    groups.set(key, group);
  }

  const result = new Map<string, AnalyticRow[]>();
  for (const [key, group] of groups) {
    const code = key.split("\u0000")[0] as string;
    const row = rowOf(group.sums, to);
    if (isEmpty(row)) continue;
    result.set(code, [...(result.get(code) ?? []), { counterparty: group.party, ...row }]);
  }
  const collator = new Intl.Collator("bg");
  for (const [code, rows] of result) {
    rows.sort((a, b) => collator.compare(a.counterparty?.name ?? "", b.counterparty?.name ?? ""));
    const left = rest.get(code);
    const hasRest =
      left && [...left.values()].some((s) => s.od !== 0 || s.oc !== 0 || s.td !== 0 || s.tc !== 0);
    if (hasRest) {
      const row = rowOf(left, to);
      if (!isEmpty(row)) rows.push({ counterparty: null, ...row });
    }
  }
  return result;
}

/** The counterparties an account's lines name up to a day (latest name), by name; at most `limit`. */
export async function accountParties(
  db: Kysely<Database>,
  companyId: string,
  code: string,
  to: string,
  limit = 1000,
) {
  const rows = await db
    .selectFrom("ledgerLines")
    .select([
      "counterpartyId as id",
      sql<string>`(array_agg(counterparty_name order by entry_date desc))[1]`.as("name"),
    ])
    .where("companyId", "=", companyId)
    .where("accountCode", "=", code)
    .where("counterpartyKind", "is not", null)
    .where("counterpartyId", "is not", null)
    .where("entryDate", "<=", to)
    .groupBy("counterpartyId")
    .execute();
  const collator = new Intl.Collator("bg");
  return rows
    .map((r) => ({ id: r.id as string, name: r.name }))
    .sort((a, b) => collator.compare(a.name, b.name))
    .slice(0, limit);
}
