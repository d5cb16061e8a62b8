import { type Kysely, sql } from "kysely";
import { ledgerCurrency } from "~/modules/ledger/postings";
import { inReport } from "~/modules/ledger/sides";
import type { Database } from "~db/types";
import { type AnnualForm, annualForm, isExpenseRow, rowFor, type StatementRow } from "./statements";

/*
 * The year's micro-enterprise statements from the books (issue #46 item 4, decision 067): the
 * abridged balance sheet at 31 December of the year and of the year before, and the abridged
 * income statement of both years, each row with its accounts. Entries that close the year
 * (source kind `year_close`, posting 6xx/7xx to 123) are left out everywhere, so the income
 * statement reads the year's turnover of 6xx/7xx and the balance sheet the result before closing;
 * opening balances entered within a year are its opening, not its turnover (decision 059).
 */

/** The kind of the entries that close a year (6xx/7xx to 123), left out of the statements. */
export const YEAR_CLOSE_KIND = "year_close";

interface AccountSums {
  /** Net (debit − credit) at 31 December of the year and of the year before. */
  end: number;
  endPrev: number;
  /** Net turnover of the year and of the year before (opening balances and closing left out). */
  turn: number;
  turnPrev: number;
}

export interface StatementAccount {
  code: string;
  name: string;
  current: number;
  previous: number;
}

export interface StatementLine {
  key: string;
  label: string;
  level: 0 | 1;
  isTotal: boolean;
  /** Cents; null for a row the accountant completes by hand. */
  current: number | null;
  previous: number | null;
  manual: string | null;
  unconfirmed: string | null;
  accounts: StatementAccount[];
}

const isResultAccount = (code: string) => code.startsWith("6") || code.startsWith("7");

/** Per account, the nets the statements need, in the year's currency (leva of 2025 in euro after). */
async function accountSums(db: Kysely<Database>, companyId: string, year: number) {
  const to = `${year}-12-31`;
  const from = `${year}-01-01`;
  const prevTo = `${year - 1}-12-31`;
  const prevFrom = `${year - 1}-01-01`;
  const currency = ledgerCurrency(to);
  const side = (column: "debit_cents" | "credit_cents", filter: ReturnType<typeof sql>) =>
    sql<string>`coalesce(sum(${sql.ref(`l.${column}`)}) filter (where ${filter}), 0)`;
  const always = sql`true`;
  const endPrev = sql`l.entry_date <= ${prevTo}::date`;
  const turn = sql`l.entry_date >= ${from}::date and e.source_kind <> 'opening'`;
  const turnPrev = sql`l.entry_date between ${prevFrom}::date and ${prevTo}::date and e.source_kind <> 'opening'`;
  const rows = await db
    .selectFrom("ledgerLines as l")
    .innerJoin("ledgerEntries as e", "e.id", "l.entryId")
    .select([
      "l.accountCode",
      "l.currency",
      side("debit_cents", always).as("ed"),
      side("credit_cents", always).as("ec"),
      side("debit_cents", endPrev).as("pd"),
      side("credit_cents", endPrev).as("pc"),
      side("debit_cents", turn).as("td"),
      side("credit_cents", turn).as("tc"),
      side("debit_cents", turnPrev).as("sd"),
      side("credit_cents", turnPrev).as("sc"),
    ])
    .where("l.companyId", "=", companyId)
    .where("e.companyId", "=", companyId)
    .where("l.entryDate", "<=", to)
    .where(sql<boolean>`e.source_kind::text <> ${YEAR_CLOSE_KIND}`)
    .groupBy(["l.accountCode", "l.currency"])
    .execute();
  const sums = new Map<string, AccountSums>();
  for (const row of rows) {
    const net = (d: string, c: string) =>
      inReport(Number(d), row.currency, currency) - inReport(Number(c), row.currency, currency);
    const s = sums.get(row.accountCode) ?? { end: 0, endPrev: 0, turn: 0, turnPrev: 0 };
    s.end += net(row.ed, row.ec);
    s.endPrev += net(row.pd, row.pc);
    s.turn += net(row.td, row.tc);
    s.turnPrev += net(row.sd, row.sc);
    sums.set(row.accountCode, s);
  }
  return { currency, sums };
}

/** Rows with their accounts' amounts, then the totals (a total may hold another total). */
function fill(
  rows: readonly StatementRow[],
  amounts: Map<string, StatementAccount[]>,
  sign: (row: StatementRow) => number,
  extra: Map<string, { current: number; previous: number }> = new Map(),
): StatementLine[] {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const value = (key: string, column: "current" | "previous"): number => {
    const row = byKey.get(key);
    if (!row || row.manual) return 0;
    if (row.total)
      return row.total.reduce((t, k) => t + sign(byKey.get(k) ?? row) * value(k, column), 0);
    const own = (amounts.get(key) ?? []).reduce((t, a) => t + a[column], 0);
    return own + (extra.get(key)?.[column] ?? 0);
  };
  return rows.map((row) => ({
    key: row.key,
    label: row.label,
    level: row.level,
    isTotal: row.total !== undefined,
    current: row.manual ? null : value(row.key, "current"),
    previous: row.manual ? null : value(row.key, "previous"),
    manual: row.manual ?? null,
    unconfirmed: row.unconfirmed ?? null,
    accounts: (amounts.get(row.key) ?? []).sort((a, b) => a.code.localeCompare(b.code)),
  }));
}

const push = (map: Map<string, StatementAccount[]>, key: string, account: StatementAccount) =>
  map.set(key, [...(map.get(key) ?? []), account]);

/** The year's statements: the balance sheet (both sides), the income statement, what fits no row. */
export async function annualStatements(db: Kysely<Database>, companyId: string, year: number) {
  const form = annualForm(year) as AnnualForm;
  const [{ currency, sums }, accounts] = await Promise.all([
    accountSums(db, companyId, year),
    db
      .selectFrom("ledgerAccounts")
      .select(["code", "name"])
      .where("companyId", "=", companyId)
      .execute(),
  ]);
  const names = new Map(accounts.map((a) => [a.code, a.name]));
  const sheetRows = [...form.assets, ...form.liabilities];
  const liabilityKeys = new Set(form.liabilities.map((r) => r.key));
  const sheet = new Map<string, StatementAccount[]>();
  const income = new Map<string, StatementAccount[]>();
  const unmapped: StatementAccount[] = [];
  let result = { current: 0, previous: 0 };
  let prior = { current: 0, previous: 0 };
  for (const [code, s] of [...sums.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const name = names.get(code) ?? code;
    if (isResultAccount(code)) {
      const row = rowFor(form.income, code, 0);
      const sign = row && isExpenseRow(row) ? 1 : -1;
      if (row && (s.turn || s.turnPrev)) {
        push(income, row.key, { code, name, current: sign * s.turn, previous: sign * s.turnPrev });
      }
      result = { current: result.current - s.turn, previous: result.previous - s.turnPrev };
      prior = {
        current: prior.current - (s.end - s.turn),
        previous: prior.previous - (s.endPrev - s.turnPrev),
      };
      continue;
    }
    if (!s.end && !s.endPrev) continue;
    // Each column on the side of its own balance (a settlement account may change sides).
    for (const column of ["current", "previous"] as const) {
      const net = column === "current" ? s.end : s.endPrev;
      if (!net) continue;
      const row = rowFor(sheetRows, code, net);
      const amount = row && liabilityKeys.has(row.key) ? -net : net;
      const account = { code, name, current: 0, previous: 0, [column]: amount };
      if (!row) {
        const same = unmapped.find((a) => a.code === code);
        if (same) same[column] = net;
        else unmapped.push({ ...account, [column]: net });
      } else {
        const list = sheet.get(row.key) ?? [];
        const same = list.find((a) => a.code === code);
        if (same) same[column] = amount;
        else push(sheet, row.key, account);
      }
    }
  }
  const resultKey = (kind: "year" | "prior") =>
    form.liabilities.find((r) => r.result === kind)?.key ?? "";
  const extra = new Map([
    [resultKey("year"), result],
    [resultKey("prior"), prior],
  ]);
  const assets = fill(form.assets, sheet, () => 1);
  const liabilities = fill(form.liabilities, sheet, () => 1, extra);
  const incomeStatement = fill(form.income, income, (r) => (isExpenseRow(r) ? -1 : 1));
  const total = (lines: StatementLine[]) => lines.at(-1) as StatementLine;
  const difference = {
    current: (total(assets).current ?? 0) - (total(liabilities).current ?? 0),
    previous: (total(assets).previous ?? 0) - (total(liabilities).previous ?? 0),
  };
  return {
    year,
    currency,
    form: { validFrom: form.validFrom, source: form.source },
    assets,
    liabilities,
    income: incomeStatement,
    result,
    unmapped,
    difference,
  };
}

export type AnnualStatements = Awaited<ReturnType<typeof annualStatements>>;
