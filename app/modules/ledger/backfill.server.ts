import { type Kysely, type RawBuilder, sql } from "kysely";
import { monthLabel } from "~/utils/periods";
import type { Database, LedgerEntriesSourceKind } from "~db/types";
import { type Poster, postDocument, postExpense, postPayment } from "./post.server";
import { BOOKABLE_CURRENCIES, postBankMatch } from "./post-bank.server";
import { postSalary } from "./post-payroll.server";

/*
 * Issue #45 item 8: what was issued, paid or recorded before the ledger existed (or by a path that
 * does not post: the demo data, an import) is posted by the job «ledger.backfill», in batches, each
 * in its own transaction, and `unposted` lists what is left for the accountant: documents,
 * payments, expenses (protocols under чл. 117 too), approved and paid salaries, and bank movements
 * booked to НАП or to an account (decision 059).
 */

const BACKFILL: Poster = { id: null, name: "Сметка (начално осчетоводяване)" };
const BATCH = 200;

/*
 * «No entry yet», probed in ledger_entries_source for each source (`offset 0` keeps it a
 * subplan): as a join, a ledger_entries whose statistics still say «empty» — right after the
 * migration, as the backfill starts — was planned as a nested loop over every entry for each
 * document (12 s a batch at 28,000 entries, and slower with each batch).
 */
const noEntry = (kind: LedgerEntriesSourceKind, column: string) =>
  sql<boolean>`not exists (select 1 from ledger_entries e where e.company_id = ${sql.ref(
    `${column.split(".")[0]}.company_id`,
  )} and e.source_kind = ${kind} and e.source_id = ${sql.ref(column)} offset 0)`;

/**
 * The first locked month among a source's posting days (its month, its payment's), or null.
 * Posting there would change a locked period (decision 058): the backfill leaves such a source
 * and the check lists it with the way out (decision 065).
 */
const lockedMonth = (company: string, days: RawBuilder<unknown>[]) =>
  sql<string | null>`(select min(pl.month) from period_locks pl where pl.company_id = ${sql.ref(
    company,
  )} and pl.month in (${sql.join(days)}))`;
const monthOfDay = (column: string) => sql`to_char(${sql.ref(column)}, 'YYYY-MM')`;
/** Sources in open months only, or (for the check) only those in a locked one. */
const inLocked = (month: RawBuilder<string | null>, locked: boolean) =>
  locked ? sql<boolean>`${month} is not null` : sql<boolean>`${month} is null`;

/** Where a kind's walk through its sources stands: the date and id of the last one seen. */
export interface Cursor {
  at: string;
  id: string;
}
export type SourceKind = "documents" | "payments" | "expenses" | "salaries" | "bank";
const KINDS: SourceKind[] = ["documents", "payments", "expenses", "salaries", "bank"];

/** After the cursor in (date, id) order; everything without one. */
const past = (cursor: Cursor | undefined, date: string, id: string) =>
  cursor
    ? sql<boolean>`(${sql.ref(date)}, ${sql.ref(id)}) > (${cursor.at}, ${cursor.id})`
    : sql<boolean>`true`;

/**
 * Sources of any company (or one) with no entry yet: ids with their company and their place in
 * (date, id) order, at most `limit` of each kind, after each kind's cursor (a walk never reads
 * again what it has passed: from the oldest on, each call would otherwise skip every source
 * posted so far, and posting 100,000 documents read ~5·10⁹ rows).
 */
export async function missing(
  db: Kysely<Database>,
  limit: number,
  companyId?: string,
  after: Partial<Record<SourceKind, Cursor>> = {},
  /** Only sources with a posting day in a locked month (the check's second list); else none. */
  locked = false,
) {
  const documentMonth = lockedMonth("documents.companyId", [monthOfDay("documents.issueDate")]);
  const documents = await db
    .selectFrom("documents")
    .select(["id", "companyId", "issueDate as at", documentMonth.as("lockedMonth")])
    .where(inLocked(documentMonth, locked))
    .where("status", "=", "issued")
    .where("type", "in", ["invoice", "debit_note", "credit_note"])
    .$if(companyId !== undefined, (q) => q.where("companyId", "=", companyId as string))
    .where(past(after.documents, "documents.issueDate", "documents.id"))
    .where(noEntry("document", "documents.id"))
    .orderBy("issueDate")
    .orderBy("id")
    .limit(limit)
    .execute();
  const paymentMonth = lockedMonth("documentPayments.companyId", [
    monthOfDay("documentPayments.paidOn"),
  ]);
  const payments = await db
    .selectFrom("documentPayments")
    .select(["id", "companyId", "documentId", "paidOn as at", paymentMonth.as("lockedMonth")])
    .where(inLocked(paymentMonth, locked))
    .$if(companyId !== undefined, (q) => q.where("companyId", "=", companyId as string))
    .where(past(after.payments, "documentPayments.paidOn", "documentPayments.id"))
    .where(noEntry("payment", "document_payments.id"))
    .orderBy("paidOn")
    .orderBy("id")
    .limit(limit)
    .execute();
  const expenseMonth = lockedMonth("expenses.companyId", [
    monthOfDay("expenses.documentDate"),
    monthOfDay("expenses.paidOn"),
  ]);
  const expenses = await db
    .selectFrom("expenses")
    .select(["id", "companyId", "documentDate as at", expenseMonth.as("lockedMonth")])
    .where(inLocked(expenseMonth, locked))
    .$if(companyId !== undefined, (q) => q.where("companyId", "=", companyId as string))
    .where(past(after.expenses, "expenses.documentDate", "expenses.id"))
    .where(noEntry("expense", "expenses.id"))
    .orderBy("documentDate")
    .orderBy("id")
    .limit(limit)
    .execute();
  const salaryMonth = lockedMonth("salaries.companyId", [
    sql`${sql.ref("salaries.month")}::text`,
    monthOfDay("salaries.paidOn"),
  ]);
  const salaries = await db
    .selectFrom("salaries")
    .select(["id", "companyId", "month", "month as at", salaryMonth.as("lockedMonth")])
    .where(inLocked(salaryMonth, locked))
    .where("status", "!=", "draft")
    .$if(companyId !== undefined, (q) => q.where("companyId", "=", companyId as string))
    .where(past(after.salaries, "salaries.month", "salaries.id"))
    .where((eb) =>
      eb.or([
        noEntry("salary", "salaries.id"),
        eb.and([eb("status", "=", "paid"), noEntry("salary_payment", "salaries.id")]),
      ]),
    )
    .orderBy("month")
    .orderBy("id")
    .limit(limit)
    .execute();
  const bankMonth = lockedMonth("bankMatches.companyId", [monthOfDay("t.bookedOn")]);
  const bank = await db
    .selectFrom("bankMatches")
    .innerJoin("bankTransactions as t", "t.id", "bankMatches.transactionId")
    .select([
      "bankMatches.id",
      "bankMatches.companyId",
      "t.statementId",
      "t.bookedOn as at",
      bankMonth.as("lockedMonth"),
    ])
    .where(inLocked(bankMonth, locked))
    .where("bankMatches.undoneAt", "is", null)
    .where((eb) =>
      eb.or([
        eb("bankMatches.napKind", "is not", null),
        eb("bankMatches.accountCode", "is not", null),
      ]),
    )
    .where("t.currency", "in", BOOKABLE_CURRENCIES)
    .$if(companyId !== undefined, (q) => q.where("bankMatches.companyId", "=", companyId as string))
    .where(past(after.bank, "t.bookedOn", "bankMatches.id"))
    .where(noEntry("bank", "bank_matches.id"))
    .orderBy("t.bookedOn")
    .orderBy("bankMatches.id")
    .limit(limit)
    .execute();
  return { documents, payments, expenses, salaries, bank };
}

/**
 * Posts what has no entry, batch by batch, until nothing is left or the budget is spent (the job
 * runs again within the hour). Answers how many sources it posted.
 */
export async function postMissing(
  db: Kysely<Database>,
  options: { companyId?: string; budgetMs?: number; batch?: number } = {},
): Promise<number> {
  const size = options.batch ?? BATCH;
  const until = Date.now() + (options.budgetMs ?? 20_000);
  let posted = 0;
  // Each kind walks its sources once, in (date, id) order: what it could not post (refused, or
  // waiting for something) stays for the next run, and a kind that came back short is done.
  const after: Partial<Record<SourceKind, Cursor>> = {};
  const done = new Set<SourceKind>();
  while (Date.now() < until && done.size < KINDS.length) {
    const found = await missing(db, size, options.companyId, after);
    const batch = Object.fromEntries(
      KINDS.map((kind) => [kind, done.has(kind) ? [] : found[kind]]),
    ) as typeof found;
    const count = KINDS.reduce((sum, kind) => sum + batch[kind].length, 0);
    if (count === 0) break;
    await db.transaction().execute(async (trx) => {
      for (const d of batch.documents) await postDocument(trx, d.companyId, d.id, BACKFILL);
      for (const p of batch.payments) await postPayment(trx, p.companyId, p.id, BACKFILL);
      for (const e of batch.expenses) await postExpense(trx, e.companyId, e.id, BACKFILL);
      for (const s of batch.salaries) await postSalary(trx, s.companyId, s.id, BACKFILL);
      for (const m of batch.bank) await postBankMatch(trx, m.companyId, m.id, BACKFILL);
    });
    posted += count;
    for (const kind of KINDS) {
      const rows = batch[kind];
      const last = rows[rows.length - 1];
      if (rows.length < size || !last) done.add(kind);
      else after[kind] = { at: String(last.at), id: last.id };
    }
  }
  return posted;
}

const LATER = "Още не е в книгите: ще влезе при следващото начално осчетоводяване.";

/** A source the backfill leaves because its month is locked: which month, and the way out. */
export const inLockedMonth = (month: string) =>
  `В заключения период ${monthLabel(month)}: осчетоводяването му би променило заключен месец. Отключете месеца (Настройки → Периоди), за да влезе при следващото начално осчетоводяване, и го заключете отново.`;

export interface Unposted {
  what: string;
  href: string;
  message: string;
}

/** What the books do not hold yet, for the accountant (the check of issue #45 item 8). */
export async function unposted(db: Kysely<Database>, companyId: string): Promise<Unposted[]> {
  return [...(await listed(db, companyId, false)), ...(await listed(db, companyId, true))];
}

/** The sources of one of the check's two lists: to be posted, or waiting for a locked month. */
async function listed(db: Kysely<Database>, companyId: string, locked: boolean) {
  const left = await missing(db, 50, companyId, {}, locked);
  const problems: Unposted[] = [];
  const why = (row: { lockedMonth: string | null }) =>
    row.lockedMonth ? inLockedMonth(row.lockedMonth) : LATER;
  const documents = left.documents.length
    ? await db
        .selectFrom("documents")
        .select(["id", "number", "type"])
        .where("companyId", "=", companyId)
        .where(
          "id",
          "in",
          left.documents.map((d) => d.id),
        )
        .execute()
    : [];
  const documentMonths = new Map(left.documents.map((d) => [d.id, d]));
  for (const d of documents) {
    problems.push({
      what: `Документ № ${d.number}`,
      href: `/invoice/${d.id}`,
      message: why(documentMonths.get(d.id) ?? { lockedMonth: null }),
    });
  }
  for (const p of left.payments) {
    problems.push({
      what: "Плащане по документ",
      href: `/invoice/${p.documentId}`,
      message: why(p),
    });
  }
  for (const e of left.expenses) {
    problems.push({ what: "Разход", href: `/expenses/${e.id}`, message: why(e) });
  }
  for (const salary of left.salaries) {
    problems.push({
      what: `Заплата за ${salary.month}`,
      href: `/salaries/edit/${salary.id}`,
      message: why(salary),
    });
  }
  for (const m of left.bank) {
    problems.push({
      what: "Банково движение",
      href: `/bank/statements/${m.statementId}`,
      message: why(m),
    });
  }
  return problems;
}
