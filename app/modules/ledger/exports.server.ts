import type { Kysely } from "kysely";
import { excelNumber } from "~/utils/csv.server";
import { printDate } from "~/utils/dates";
import { AppError, NotFoundError } from "~/utils/errors";
import type { XlsxSheet } from "~/utils/xlsx-writer.server";
import type { Database } from "~db/types";
import { trialBalanceAnalytics } from "./analytics.server";
import { FILE_ROW_LIMITS } from "./constants";
import { generalLedgerLines } from "./general-ledger.server";
import { keepsOpenItems, openItems } from "./open-items.server";
import { ledgerCurrency } from "./postings";
import {
  headingLines,
  periodLine,
  type ReportCell,
  type ReportColumn,
  type ReportFile,
  type ReportRow,
} from "./report-file";
import {
  type CardCursor,
  cardLines,
  cardSubject,
  cardSums,
  type JournalCursor,
  journal,
  trialBalance,
} from "./reports.server";
import type { Sides } from "./sides";

/*
 * The books' reports as files (issue #45 item 4, decision 060): the journal, the trial balance
 * (with its analytics), an account's card (with its open items) and the general ledger, each as
 * one ReportFile whose rows are read page by page. The CSV streams every row; the Excel workbook
 * and the PDF are read whole, so they are bounded (`readRows`): past the bound the person is told
 * to choose a shorter period or an account, or to take the CSV.
 */

export const EXPORT_MESSAGES = {
  tooMany: (format: "pdf" | "xlsx", limit: number) =>
    `Отчетът има повече от ${limit} реда — повече, отколкото ${
      format === "pdf" ? "PDF файлът" : "Excel файлът"
    } побира. Изберете по-кратък период или една сметка, или изтеглете CSV (целият период).`,
} as const;

/** Rows read a page at a time from the database. */
const PAGE = 1000;

const money = (cents: number): ReportCell => ({ cents });
const sides = (s: Sides): ReportCell[] => [money(s.debitCents), money(s.creditCents)];
const text = (label: string, pdf: number, xlsx: number): ReportColumn => ({ label, pdf, xlsx });
const amount = (label: string, pdf = 64): ReportColumn => ({ label, pdf, xlsx: 14, right: true });

/** «Фирма ООД, ЕИК 123456789». */
export async function companyLine(db: Kysely<Database>, companyId: string) {
  const company = await db
    .selectFrom("companies")
    .select(["name", "eik"])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  return `${company.name}, ЕИК ${company.eik}`;
}

const fileName = (bg: string, ascii: string, from: string, to: string) => ({
  bg: `${bg}-${from}-${to}`,
  ascii: `${ascii}-${from}-${to}`,
});

/** The journal (хронологичен регистър): one row per line, entries numbered, totals per currency. */
export async function journalFile(
  db: Kysely<Database>,
  companyId: string,
  filter: { from: string; to: string; account?: string | null },
): Promise<ReportFile> {
  async function* rows() {
    let after: JournalCursor | null = null;
    let number = 0;
    const totals = new Map<string, Sides>();
    for (;;) {
      const page = await journal(db, companyId, filter, { after, limit: PAGE });
      const out: ReportRow[] = [];
      for (const e of page.entries) {
        number += 1;
        for (const l of e.lines) {
          const t = totals.get(e.currency) ?? { debitCents: 0, creditCents: 0 };
          t.debitCents += l.debitCents;
          t.creditCents += l.creditCents;
          totals.set(e.currency, t);
          out.push({
            cells: [
              { number },
              printDate(e.entryDate),
              e.documentRef,
              e.description,
              l.accountCode,
              l.counterpartyName ?? "",
              money(l.debitCents),
              money(l.creditCents),
              e.currency,
            ],
          });
        }
      }
      const last = page.entries.at(-1);
      if (!page.truncated || !last) {
        for (const [currency, t] of totals) {
          out.push({
            cells: [null, "", "", `Общо (${currency})`, "", "", ...sides(t), currency],
            strong: true,
          });
        }
        yield out;
        return;
      }
      yield out;
      after = { entryDate: last.entryDate, createdAt: last.createdAtKey, id: last.id };
    }
  }
  return {
    title: "Хронологичен регистър",
    subject: filter.account ? `Статиите по сметка ${filter.account}` : null,
    company: await companyLine(db, companyId),
    period: `Период: ${printDate(filter.from)} – ${printDate(filter.to)} · всяка статия във валутата на датата си`,
    name: fileName("Хронологичен-регистър", "hronologichen-registar", filter.from, filter.to),
    columns: [
      { label: "№", pdf: 28, xlsx: 7, right: true },
      text("Дата", 52, 11),
      text("Документ", 100, 24),
      text("Основание", 0, 48),
      text("Сметка", 44, 9),
      text("Контрагент", 110, 28),
      amount("Дебит"),
      amount("Кредит"),
      text("Валута", 34, 7),
    ],
    rows: rows(),
  };
}

/** The trial balance (оборотна ведомост), with each account's analytics under it when asked. */
export async function trialBalanceFile(
  db: Kysely<Database>,
  companyId: string,
  filter: { from: string; to: string; analytics: boolean },
): Promise<ReportFile> {
  const [tb, analytics] = await Promise.all([
    trialBalance(db, companyId, filter.from, filter.to),
    filter.analytics
      ? trialBalanceAnalytics(db, companyId, filter.from, filter.to)
      : Promise.resolve(new Map()),
  ]);
  const out: ReportRow[] = [];
  for (const a of tb.accounts) {
    out.push({
      cells: [a.code, a.name, ...sides(a.opening), ...sides(a.turnover), ...sides(a.closing)],
      strong: filter.analytics,
    });
    for (const r of analytics.get(a.code) ?? []) {
      out.push({
        cells: [
          a.code,
          `— ${r.counterparty?.name ?? "Без аналитичност"}`,
          ...sides(r.opening),
          ...sides(r.turnover),
          ...sides(r.closing),
        ],
      });
    }
  }
  const t = tb.totals;
  out.push({
    cells: ["", "Общо", ...sides(t.opening), ...sides(t.turnover), ...sides(t.closing)],
    strong: true,
  });
  return {
    title: filter.analytics ? "Оборотна ведомост по аналитични сметки" : "Оборотна ведомост",
    subject: null,
    company: await companyLine(db, companyId),
    period: periodLine(filter.from, filter.to, tb.currency),
    name: fileName("Оборотна-ведомост", "oborotna-vedomost", filter.from, filter.to),
    columns: [
      text("Сметка", 44, 9),
      text(filter.analytics ? "Наименование / контрагент" : "Наименование", 0, 44),
      amount("Начално салдо Дт"),
      amount("Начално салдо Кт"),
      amount("Оборот Дт"),
      amount("Оборот Кт"),
      amount("Крайно салдо Дт"),
      amount("Крайно салдо Кт"),
    ],
    rows: (async function* () {
      yield out;
    })(),
  };
}

/** An account's (or one counterparty's) card: opening, every line with its balance, closing; its open items. */
export async function accountCardFile(
  db: Kysely<Database>,
  companyId: string,
  code: string,
  filter: { from: string; to: string; counterparty: string | null },
): Promise<ReportFile> {
  const card = await cardSubject(db, companyId, code, filter.counterparty);
  if (!card) throw new NotFoundError();
  const { account } = card;
  async function* rows() {
    const sums = await cardSums(db, companyId, code, filter);
    yield [{ cells: ["", "", "Начално салдо", "", "", "", ...sides(sums.opening)], strong: true }];
    let running = sums.openingNet;
    let after: CardCursor | null = null;
    for (;;) {
      const page = await cardLines(db, companyId, code, filter, after, PAGE);
      yield page.lines.map((l): ReportRow => {
        running += l.debitCents - l.creditCents;
        const balance = running >= 0 ? [running, 0] : [0, -running];
        return {
          cells: [
            printDate(l.entryDate),
            l.documentRef,
            l.description,
            l.counterpartyName ?? "",
            money(l.debitCents),
            money(l.creditCents),
            money(balance[0] as number),
            money(balance[1] as number),
          ],
        };
      });
      const last = page.lines.at(-1);
      if (!page.more || !last) break;
      after = { entryDate: last.entryDate, createdAt: last.createdAtKey, id: Number(last.id) };
    }
    yield [
      { cells: ["", "", "Оборот", "", ...sides(sums.turnover), "", ""], strong: true },
      { cells: ["", "", "Крайно салдо", "", "", "", ...sides(sums.closing)], strong: true },
    ];
    if (keepsOpenItems(account)) {
      const open = await openItems(db, companyId, code, filter.to, filter.counterparty);
      yield [
        { cells: [] },
        {
          cells: ["", "", `Отворени позиции към ${printDate(filter.to)}: ${open.count}`],
          strong: true,
        },
        ...open.items.map(
          (i): ReportRow => ({
            cells: [
              printDate(i.date),
              i.documentRef,
              `Възраст: ${i.ageDays} дни`,
              i.counterpartyName,
              money(i.debitCents),
              money(i.creditCents),
              ...sides(i.balance),
            ],
          }),
        ),
        ...(open.truncated
          ? [{ cells: ["", "", `Показани са първите ${open.items.length} позиции`] }]
          : []),
        { cells: ["", "", "Общо отворени", "", "", "", ...sides(open.balance)], strong: true },
      ];
    }
  }
  const who = card.counterparty ? ` — ${card.counterparty.name ?? "контрагент"}` : "";
  return {
    title: "Карта на сметка",
    subject: `Сметка ${account.code} ${account.name}${who}`,
    company: await companyLine(db, companyId),
    period: periodLine(filter.from, filter.to, ledgerCurrency(filter.to)),
    name: fileName(`Карта-${account.code}`, `karta-${account.code}`, filter.from, filter.to),
    columns: [
      text("Дата", 52, 11),
      text("Документ", 100, 24),
      text("Основание", 0, 44),
      text("Контрагент", 110, 28),
      amount("Дебит"),
      amount("Кредит"),
      amount("Салдо Дт"),
      amount("Салдо Кт"),
    ],
    rows: rows(),
  };
}

/** The general ledger (главна книга): per account its opening, lines with counter-accounts, turnover, closing. */
export async function generalLedgerFile(
  db: Kysely<Database>,
  companyId: string,
  filter: { from: string; to: string; account?: string | null },
): Promise<ReportFile> {
  const tb = await trialBalance(db, companyId, filter.from, filter.to);
  const accounts = tb.accounts.filter((a) => !filter.account || a.code === filter.account);
  async function* rows() {
    for (const a of accounts) {
      yield [
        {
          cells: [a.code, "", "", `${a.name}: начално салдо`, "", ...sides(a.opening)],
          strong: true,
        },
      ];
      let after = null as { accountCode: string; entryDate: string; id: number } | null;
      const hasTurnover = a.turnover.debitCents !== 0 || a.turnover.creditCents !== 0;
      while (hasTurnover) {
        const page = await generalLedgerLines(
          db,
          companyId,
          { ...filter, account: a.code },
          after,
          PAGE,
        );
        yield page.lines.map(
          (l): ReportRow => ({
            cells: [
              l.accountCode,
              printDate(l.entryDate),
              l.documentRef,
              l.description,
              l.counterAccounts,
              money(l.debitCents),
              money(l.creditCents),
            ],
          }),
        );
        const last = page.lines.at(-1);
        if (!page.more || !last) break;
        after = { accountCode: last.accountCode, entryDate: last.entryDate, id: last.id };
      }
      yield [
        { cells: [a.code, "", "", "Оборот", "", ...sides(a.turnover)], strong: true },
        { cells: [a.code, "", "", "Крайно салдо", "", ...sides(a.closing)], strong: true },
      ];
    }
  }
  return {
    title: "Главна книга",
    subject: filter.account ? `Сметка ${filter.account}` : null,
    company: await companyLine(db, companyId),
    period: periodLine(filter.from, filter.to, ledgerCurrency(filter.to)),
    name: fileName("Главна-книга", "glavna-kniga", filter.from, filter.to),
    columns: [
      text("Сметка", 44, 9),
      text("Дата", 52, 11),
      text("Документ", 100, 24),
      text("Основание", 0, 44),
      text("Кор. сметка", 70, 14),
      amount("Дебит"),
      amount("Кредит"),
    ],
    rows: rows(),
  };
}

/** Every row of a file for a PDF or a workbook; AppError 413 past the format's bound. */
export async function readRows(file: ReportFile, format: "pdf" | "xlsx"): Promise<ReportRow[]> {
  const limit = FILE_ROW_LIMITS[format];
  const all: ReportRow[] = [];
  for await (const page of file.rows) {
    all.push(...page);
    if (all.length > limit) throw new AppError(EXPORT_MESSAGES.tooMany(format, limit), 413);
  }
  return all;
}

const csvCell = (cell: ReportCell): string => {
  if (cell === null) return "";
  if (typeof cell === "string") return cell;
  if ("cents" in cell) return excelNumber(cell.cents);
  return String(cell.number);
};

/** The CSV's first rows: the heading lines and an empty row (not in a plain file), the columns' labels. */
export const csvHead = (file: ReportFile): string[][] => [
  ...(file.plain ? [] : [...headingLines(file).map((line) => [line]), []]),
  file.columns.map((c) => c.label),
];

/** A page of rows as CSV cells (amounts with a decimal comma, two decimals). */
export const csvPage = (rows: ReportRow[]): string[][] => rows.map((r) => r.cells.map(csvCell));

/** The workbook's sheet: the heading lines (the title bold), the columns' labels, the rows. */
export function xlsxSheet(file: ReportFile, rows: ReportRow[]): XlsxSheet {
  const heading = headingLines(file);
  return {
    name: file.title,
    widths: file.columns.map((c) => c.xlsx),
    rows: [
      ...heading.map((line, i) => ({ cells: [line], bold: i === 0 })),
      ...(file.plain ? [] : [{ cells: [] }]),
      { cells: file.columns.map((c) => c.label), bold: true },
      ...rows.map((r) => ({ cells: r.cells, bold: r.strong === true })),
    ],
  };
}
