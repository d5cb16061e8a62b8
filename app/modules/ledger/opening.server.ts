import type { Kysely } from "kysely";
import { assertPeriodOpen } from "~/modules/periods/locks.server";
import { AppError } from "~/utils/errors";
import type { Database } from "~db/types";
import { type Db, liveEntries, type Poster, syncSource } from "./post.server";
import type { Counterparty, PostingLine } from "./postings";
import { LEDGER_MESSAGES, type OpeningBalancesInput } from "./schema";

/*
 * Opening balances (issue #45 item 3, decision 059): a company that starts keeping its books here
 * mid-year enters what each account (and each client, supplier or employee of an account that
 * keeps them) held on its first day, as one balanced entry dated that day (source «opening»,
 * source id the company). Entering them again reverses the last and posts the new; the trial
 * balance shows them as the opening column, not as the period's turnover.
 */

/** The company's opening balances in force: their date and lines, or null. */
export async function openingBalances(db: Db, companyId: string) {
  const [entry] = await liveEntries(db, companyId, "opening", companyId);
  return entry ? { id: entry.id, date: entry.entryDate, lines: entry.lines } : null;
}

type Analytics = "none" | "counterparty" | "employee";

/** Each line's account known, its analytic allowed by the account and the company's own. */
async function checkedLines(
  db: Db,
  companyId: string,
  input: OpeningBalancesInput,
): Promise<PostingLine[]> {
  const codes = [...new Set(input.lines.map((l) => l.account))];
  const accounts = await db
    .selectFrom("ledgerAccounts")
    .select(["code", "analytics"])
    .where("companyId", "=", companyId)
    .where("code", "in", codes)
    .execute();
  const analyticsOf = new Map(accounts.map((a) => [a.code, a.analytics as Analytics]));
  const ids = (kind: string) =>
    input.lines.flatMap((l) => (l.counterparty?.kind === kind ? [l.counterparty.id] : []));
  const names = new Map<string, string>();
  const read = async (table: "clients" | "suppliers" | "employees", kind: string) => {
    const wanted = ids(kind);
    if (!wanted.length) return;
    const rows = await db
      .selectFrom(table)
      .select(["id", "name"])
      .where("companyId", "=", companyId)
      .where("id", "in", wanted)
      .execute();
    for (const row of rows) names.set(`${kind}:${row.id}`, row.name);
  };
  await Promise.all([
    read("clients", "client"),
    read("suppliers", "supplier"),
    read("employees", "employee"),
  ]);
  const fields: Record<string, string> = {};
  const lines = input.lines.map((line, i): PostingLine => {
    const analytics = analyticsOf.get(line.account);
    const party = line.counterparty;
    let counterparty: Counterparty | null = null;
    if (!analytics) fields[`lines.${i}.account`] = LEDGER_MESSAGES.unknownAccount(line.account);
    else if (party) {
      const name = names.get(`${party.kind}:${party.id}`);
      const fits =
        analytics === "employee" ? party.kind === "employee" : analytics === "counterparty";
      if (analytics === "none") {
        fields[`lines.${i}.counterparty`] = LEDGER_MESSAGES.noAnalytics(line.account);
      } else if (!fits) {
        fields[`lines.${i}.counterparty`] =
          analytics === "employee"
            ? LEDGER_MESSAGES.wrongAnalytics(line.account)
            : LEDGER_MESSAGES.wrongEmployee(line.account);
      } else if (name === undefined) {
        fields[`lines.${i}.counterparty`] = LEDGER_MESSAGES.counterpartyNotFound;
      } else counterparty = { kind: party.kind, id: party.id, name };
    }
    return {
      accountCode: line.account,
      counterparty,
      debitCents: line.debit,
      creditCents: line.credit,
    };
  });
  const first = Object.values(fields)[0];
  if (first) throw new AppError(first, 400, fields);
  return lines;
}

/**
 * Enters (or enters again) the company's opening balances: one balanced entry on their date, in
 * an open month (and the last one's month, whose entry is reversed). Its entry's id.
 */
export async function saveOpeningBalances(
  db: Kysely<Database>,
  companyId: string,
  input: OpeningBalancesInput,
  poster: Poster,
): Promise<string> {
  const lines = await checkedLines(db, companyId, input);
  return db.transaction().execute(async (trx) => {
    const before = await openingBalances(trx, companyId);
    await assertPeriodOpen(trx, companyId, input.date, before?.date);
    await syncSource(
      trx,
      companyId,
      "opening",
      companyId,
      {
        entryDate: input.date,
        description: "Начални салда",
        documentRef: `Начални салда към ${input.date}`,
        lines,
      },
      poster,
    );
    const now = await openingBalances(trx, companyId);
    return now?.id as string;
  });
}

/** The most clients, suppliers and employees the opening balances' page offers of each. */
const CHOICES = 1_000;

/** The analytics the page offers: `kind:id` with a Bulgarian label, clients, suppliers, employees. */
export async function openingChoices(db: Kysely<Database>, companyId: string) {
  const read = (table: "clients" | "suppliers" | "employees") =>
    db
      .selectFrom(table)
      .select(["id", "name"])
      .where("companyId", "=", companyId)
      .orderBy("name")
      .limit(CHOICES)
      .execute();
  const [clients, suppliers, employees] = await Promise.all([
    read("clients"),
    read("suppliers"),
    read("employees"),
  ]);
  return [
    ...clients.map((c) => [`client:${c.id}`, `Клиент: ${c.name}`] as const),
    ...suppliers.map((s) => [`supplier:${s.id}`, `Доставчик: ${s.name}`] as const),
    ...employees.map((e) => [`employee:${e.id}`, `Служител: ${e.name}`] as const),
  ];
}
