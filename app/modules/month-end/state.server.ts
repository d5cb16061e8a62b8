import type { Kysely } from "kysely";
import { movementsByMonth } from "~/modules/bank/queries.server";
import { unposted } from "~/modules/ledger/backfill.server";
import { trialBalance } from "~/modules/ledger/reports.server";
import { vatSettlements } from "~/modules/ledger/vat-settlement.server";
import { locksOf } from "~/modules/periods/locks.server";
import { parseSaftMonth } from "~/modules/saft/file.server";
import { saftReadiness } from "~/modules/saft/readiness.server";
import { deliveries } from "~/modules/salaries/nap/corrections.server";
import { monthDeclaration } from "~/modules/salaries/nap/declaration.server";
import { PLAN_RANK } from "~/modules/subscriptions/plans";
import { booksAgreement } from "~/modules/vat/books-agreement.server";
import { buildFiles, vatReport } from "~/modules/vat/report.server";
import { formatDate } from "~/utils/dates";
import { formatCents } from "~/utils/money";
import { lastDayOf, monthLabel } from "~/utils/periods";
import type { Database, Plan } from "~db/types";
import { type MonthSection, type MonthState, type SectionItem, summaryOf } from "./constants";

/*
 * The accountant's month-end (issue #46 item 3): one reading of everything a month needs before
 * it is filed and locked — the drafts, the VAT files, the payroll files, the bank, the books and
 * the lock — each with what is wrong and a link to fix it. The page and the month's ZIP read it.
 */

/** How many of a section's problems are listed (the rest are counted). */
const LISTED = 20;

const listed = (items: SectionItem[]) => items.slice(0, LISTED);

async function documentsSection(
  db: Kysely<Database>,
  companyId: string,
  from: string,
  to: string,
): Promise<MonthSection> {
  const rows = await db
    .selectFrom("documents")
    .select(["id", "number", "type", "status"])
    .where("companyId", "=", companyId)
    .where("issueDate", ">=", from)
    .where("issueDate", "<=", to)
    .where("status", "=", "draft")
    .orderBy("issueDate")
    .orderBy("id")
    .limit(LISTED + 1)
    .execute();
  const issued = await db
    .selectFrom("documents")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("companyId", "=", companyId)
    .where("issueDate", ">=", from)
    .where("issueDate", "<=", to)
    .where("status", "!=", "draft")
    .executeTakeFirstOrThrow();
  const items = rows.map((d) => ({
    what: d.number ? `Чернова № ${d.number}` : "Чернова без номер",
    message: "Издайте я или я изтрийте, преди да заключите месеца.",
    href: `/invoice/${d.id}`,
  }));
  return {
    key: "documents",
    title: "Документи",
    state: items.length ? "attention" : "ready",
    summary: items.length
      ? `${items.length > LISTED ? `Над ${LISTED}` : items.length} чернови с дата в месеца.`
      : `Издадени документи: ${Number(issued.n)}; няма чернови с дата в месеца.`,
    items: listed(items),
    links: [{ label: "Документите", href: "/invoices" }],
  };
}

async function vatSection(
  db: Kysely<Database>,
  companyId: string,
  month: string,
  withExpenses: boolean,
): Promise<MonthSection> {
  const report = await vatReport(db, companyId, month, withExpenses);
  const links = [
    { label: "Дневниците и справката-декларация", href: `/reports/vat?month=${month}` },
  ];
  if (!report.company.isVatRegistered) {
    return {
      key: "vat",
      title: "ДДС",
      state: "none",
      summary: "Без регистрация по ЗДДС: файловете по ДДС не се подават.",
      items: [],
      links,
    };
  }
  const { files, problems } = buildFiles(report);
  const all = [...report.problems, ...problems];
  const settled = await vatSettlements(db, companyId, `${month}-01`, lastDayOf(month));
  const items = all.map((p) => ({ what: p.what, message: p.message, href: p.href }));
  return {
    key: "vat",
    title: "ДДС",
    state: items.length ? "attention" : "ready",
    summary: items.length
      ? `Файловете за НАП не са готови: ${all.length} за поправяне.`
      : `Готови: ${files.map((f) => f.name).join(", ")}. ${
          settled.length
            ? "Приключен в книгите (4538/4539)."
            : "Не е приключен в книгите — формата е на страницата «Счетоводство»."
        }`,
    items: listed(items),
    links,
  };
}

async function payrollSection(
  db: Kysely<Database>,
  companyId: string,
  month: string,
  plan: Plan,
): Promise<MonthSection> {
  const links = [{ label: "Декларациите за НАП", href: `/salaries/declarations?month=${month}` }];
  if (PLAN_RANK[plan] < PLAN_RANK.full) {
    return {
      key: "payroll",
      title: "Заплати",
      state: "none",
      summary: "Заплатите и декларациите обр. 1 и 6 са в план „Пълен“.",
      items: [],
      links: [],
    };
  }
  const [declaration, history] = await Promise.all([
    monthDeclaration(db, companyId, month),
    deliveries(db, companyId, month),
  ]);
  if (!declaration.persons.length && !declaration.problems.length) {
    return {
      key: "payroll",
      title: "Заплати",
      state: "none",
      summary: "Няма одобрени или изплатени заплати за месеца.",
      items: [],
      links,
    };
  }
  const items = declaration.problems.map((p) => ({
    what: p.who,
    message: p.message,
    href: p.href,
  }));
  const last = history.at(-1);
  return {
    key: "payroll",
    title: "Заплати",
    state: items.length ? "attention" : "ready",
    summary: items.length
      ? `Декларациите обр. 1 и 6 не са готови: ${items.length} за поправяне.`
      : `Декларациите обр. 1 и 6 са готови (${declaration.persons.length} лица). ${
          last
            ? `Изтеглени за подаване на ${formatDate(last.createdAt)}`
            : "Още не са изтеглени за подаване."
        }`,
    items: listed(items),
    links,
  };
}

async function bankSection(
  db: Kysely<Database>,
  companyId: string,
  month: string,
): Promise<MonthSection> {
  const [counts] = await movementsByMonth(db, [companyId], `${month}-01`, lastDayOf(month));
  const links = [{ label: "Банката", href: "/bank" }];
  if (!counts) {
    return {
      key: "bank",
      title: "Банка",
      state: "none",
      summary: "Няма внесени банкови движения с дата в месеца.",
      items: [],
      links,
    };
  }
  return {
    key: "bank",
    title: "Банка",
    state: counts.unbooked ? "attention" : "ready",
    summary: counts.unbooked
      ? `${counts.unbooked} от ${counts.total} движения не са разнесени по документ, разход или сметка.`
      : `Всички ${counts.total} движения са разнесени.`,
    items: [],
    links,
  };
}

async function booksSection(
  db: Kysely<Database>,
  companyId: string,
  month: string,
  today: string,
): Promise<MonthSection> {
  const from = `${month}-01`;
  const to = lastDayOf(month);
  const [left, tb, agreement] = await Promise.all([
    unposted(db, companyId),
    trialBalance(db, companyId, from, to),
    booksAgreement(db, companyId, month, today),
  ]);
  const items: SectionItem[] = left.map((u) => ({
    what: u.what,
    message: u.message,
    href: u.href,
  }));
  const { debitCents, creditCents } = tb.totals.turnover;
  if (debitCents !== creditCents) {
    items.push({
      what: "Оборотна ведомост",
      message: `Дебитният и кредитният оборот се различават (${formatCents(debitCents)} и ${formatCents(creditCents)}).`,
      href: `/ledger?from=${from}&to=${to}`,
    });
  }
  for (const row of agreement) {
    if (row.booksCents === row.sourceCents) continue;
    items.push({
      what: `${row.accounts} и ${row.source}`,
      message: `Разлика ${formatCents(row.booksCents - row.sourceCents)} (${row.what}).`,
      href: `/ledger/agreement?month=${month}`,
    });
  }
  return {
    key: "books",
    title: "Книги",
    state: items.length ? "attention" : "ready",
    summary: items.length
      ? `За проверка: ${items.length}.`
      : `Всичко е осчетоводено; оборотът е ${formatCents(debitCents)} ${tb.currency} и съвпада с ДДС, заплатите и банката.`,
    items: listed(items),
    links: [
      { label: "Оборотна ведомост", href: `/ledger?from=${from}&to=${to}` },
      { label: "Хронологичен регистър", href: `/ledger/journal?from=${from}&to=${to}` },
      { label: "Съгласуване", href: `/ledger/agreement?month=${month}` },
    ],
  };
}

async function saftSection(
  db: Kysely<Database>,
  companyId: string,
  month: string,
  today: string,
): Promise<MonthSection> {
  const links = [{ label: "SAF-T за НАП", href: `/ledger/saft?month=${month}` }];
  if (!parseSaftMonth(month, today)) {
    return {
      key: "saft",
      title: "SAF-T",
      state: "none",
      summary: "Файлът SAF-T се съставя за месеците от януари 2026 г. (в евро).",
      items: [],
      links: [],
    };
  }
  // Only whether it can be written: the file itself is written by the ZIP or the download.
  const result = await saftReadiness(db, companyId, month);
  if (!result.problems.length) {
    return {
      key: "saft",
      title: "SAF-T",
      state: "ready",
      summary: `Файлът ${result.fileName} може да бъде съставен (XSD на НАП 1.0.1). Месечно го подават големите предприятия от 2026 г., останалите — по графика на НАП.`,
      items: [],
      links,
    };
  }
  return {
    key: "saft",
    title: "SAF-T",
    state: "attention",
    summary: `Файлът SAF-T не може да бъде съставен: ${result.problems.length} за поправяне.`,
    items: listed(result.problems.map((p) => ({ what: p.what, message: p.message, href: p.href }))),
    links,
  };
}

/** The month's state for a company on its plan; `today` for the receivables of the agreement. */
export async function monthEnd(
  db: Kysely<Database>,
  company: { id: string; plan: Plan },
  month: string,
  today: string,
): Promise<MonthState> {
  const withExpenses = PLAN_RANK[company.plan] >= PLAN_RANK.standard;
  const [documents, vat, payroll, bank, books, saft, locks] = await Promise.all([
    documentsSection(db, company.id, `${month}-01`, lastDayOf(month)),
    vatSection(db, company.id, month, withExpenses),
    payrollSection(db, company.id, month, company.plan),
    bankSection(db, company.id, month),
    booksSection(db, company.id, month, today),
    saftSection(db, company.id, month, today),
    locksOf(db, company.id, [month]),
  ]);
  const lock = locks.get(month) ?? null;
  const sections = [documents, vat, payroll, bank, books, saft];
  return {
    month,
    label: monthLabel(month),
    sections,
    lock: lock
      ? { lockedAt: new Date(lock.lockedAt).toISOString(), lockedByName: lock.lockedByName }
      : null,
    ...summaryOf(sections, lock !== null),
  };
}
