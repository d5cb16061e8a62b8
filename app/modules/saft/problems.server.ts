import { type Kysely, sql } from "kysely";
import { isNraAccount } from "~/modules/reference/nra-accounts";
import { unitInEnglish } from "~/modules/reference/units";
import type { Database } from "~db/types";
import { inForce, UNITS } from "./nomenclatures";

/* What keeps a month's SAF-T file from being written, each with where to fix it. */

/** One thing to fix before the file can be written: what, why (Bulgarian) and where. */
export interface SaftProblem {
  what: string;
  message: string;
  href: string;
}

/** The account code pattern of the schema (SAFAccountType): НАП's nomenclature of accounts. */
export const SAFT_ACCOUNT = /^[1-9][0-9]{2,4}$/;

/** The first and last day of a month and the next month's first day. */
export function monthDays(month: string) {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
  return {
    from: `${month}-01`,
    to: `${month}-${String(last).padStart(2, "0")}`,
    next: `${next}-01`,
  };
}

/** The SAF-T unit of a unit as typed on a line, or null when the nomenclature has none. */
export function saftUnit(unit: string, day: string) {
  const units = inForce(UNITS, day);
  const english = unitInEnglish(unit);
  return Object.hasOwn(units, english) ? (units[english] ?? null) : null;
}

/**
 * The month's problems: an account in the books without НАП's code, a document line whose unit
 * has no SAF-T unit, a company without what the Header requires, a section the schema wants at
 * least one row in. Bounded: units are grouped by the database, at most 50 documents are named.
 */
export async function saftProblems(
  db: Kysely<Database>,
  companyId: string,
  month: string,
): Promise<SaftProblem[]> {
  const { from, next } = monthDays(month);
  const problems: SaftProblem[] = [];
  const company = await db
    .selectFrom("companies")
    .select(["eik", "city", "bankIban"])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  if (!company.bankIban) {
    problems.push({
      what: "Данни на фирмата",
      message: "Няма банкова сметка (IBAN): заглавната част на файла изисква поне една.",
      href: "/settings",
    });
  }
  if (!company.city.trim()) {
    problems.push({
      what: "Данни на фирмата",
      message: "Няма населено място в адреса.",
      href: "/settings",
    });
  }
  const accounts = await db
    .selectFrom("ledgerAccounts as a")
    .select(["a.code", "a.name", "a.saftCode"])
    .where("a.companyId", "=", companyId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("ledgerLines as l")
          .select(sql`1`.as("one"))
          .whereRef("l.companyId", "=", "a.companyId")
          .whereRef("l.accountCode", "=", "a.code")
          .where("l.entryDate", "<", next),
      ),
    )
    .orderBy("a.code")
    .execute();
  for (const a of accounts) {
    if (SAFT_ACCOUNT.test(a.saftCode) && isNraAccount(a.saftCode, from)) continue;
    problems.push({
      what: `Сметка ${a.code} ${a.name}`,
      message: !a.saftCode
        ? "Сметката няма код по номенклатурата на сметките на НАП."
        : SAFT_ACCOUNT.test(a.saftCode)
          ? `Код «${a.saftCode}» няма в номенклатурата на сметките на НАП.`
          : `Кодът по номенклатурата на НАП «${a.saftCode}» не е от 3 до 5 цифри.`,
      href: `/ledger/accounts#account-${encodeURIComponent(a.code)}`,
    });
  }
  const units = await db
    .selectFrom("documentLines as l")
    .innerJoin("documents as d", (j) =>
      j.onRef("d.id", "=", "l.documentId").onRef("d.companyId", "=", "l.companyId"),
    )
    .select(["l.unit", sql<string>`(array_agg(d.id order by d.issue_date, d.id))[1:3]`.as("ids")])
    .select(sql<string>`(array_agg(d.number order by d.issue_date, d.id))[1:3]`.as("numbers"))
    .where("l.companyId", "=", companyId)
    .where("d.status", "=", "issued")
    .where("d.type", "in", ["invoice", "debit_note", "credit_note"])
    .where("d.issueDate", ">=", from)
    .where("d.issueDate", "<", next)
    .groupBy("l.unit")
    .execute();
  for (const row of units) {
    if (saftUnit(row.unit, from)) continue;
    const ids = row.ids as unknown as string[];
    const numbers = row.numbers as unknown as string[];
    ids.forEach((id, i) => {
      problems.push({
        what: `Документ № ${numbers[i] ?? ""}`,
        message: `Мярката «${row.unit}» няма мерна единица по номенклатурата на НАП (бр., кг, л, м, час, ден, месец, услуга…).`,
        href: `/invoice/${id}`,
      });
    });
  }
  return problems;
}
