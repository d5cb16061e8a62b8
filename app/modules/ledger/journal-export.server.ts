import type { Kysely } from "kysely";
import { printDate } from "~/utils/dates";
import type { Database } from "~db/types";
import { DELTA_HEAD, DELTA_TAIL, type DeltaEntry, deltaAccounting } from "./delta-pro";
import { entryPairs, isVatAccount, type Pair, splitDocumentRef } from "./pairs";
import type { ReportColumn, ReportFile, ReportRow } from "./report-file";
import { type JournalCursor, journal } from "./reports.server";

/*
 * The journal for accounting programs (issue #46 item 2, decision 064): the period's entries as
 * posting pairs, one row each, with the columns every program's import can map — date, the
 * document's type and number, the counterparty with its ЕИК and VAT number, the debit and the
 * credit account, the amount, its VAT, the description, the currency. A plain ReportFile: the
 * CSV (streamed page by page) and the workbook (bounded) are written by exports.server.ts's
 * one code; no heading and no totals, so a program reads it from its first row.
 */

/** Entries read a page at a time. */
const PAGE = 1000;

export const ACCOUNTING_COLUMNS = [
  "Дата",
  "Вид документ",
  "Номер на документ",
  "Контрагент",
  "ЕИК",
  "ДДС номер",
  "Дебит сметка",
  "Кредит сметка",
  "Сума",
  "ДДС",
  "Основание",
  "Валута",
] as const;

const WIDTHS = [11, 22, 14, 32, 13, 14, 9, 9, 14, 12, 48, 7];

const columns: ReportColumn[] = ACCOUNTING_COLUMNS.map((label, i) => ({
  label,
  pdf: 0,
  xlsx: WIDTHS[i] as number,
  right: label === "Сума" || label === "ДДС",
}));

interface Ids {
  eik: string | null;
  vatNumber: string | null;
}

type Page = Awaited<ReturnType<typeof journal>>["entries"];

/**
 * The ЕИК and VAT number of a page's counterparties: a client's from its card, an expense's
 * supplier as the expense has it (its own document), another supplier's from its card. An
 * employee's ЕГН is personal data a journal does not carry.
 */
async function counterpartyIds(db: Kysely<Database>, companyId: string, entries: Page) {
  const clients = new Set<string>();
  const suppliers = new Set<string>();
  const expenses = new Set<string>();
  for (const e of entries) {
    const ofExpense = e.sourceKind === "expense" || e.sourceKind === "expense_payment";
    if (ofExpense && e.sourceId) expenses.add(e.sourceId);
    for (const l of e.lines) {
      if (!l.counterpartyId) continue;
      if (l.counterpartyKind === "client") clients.add(l.counterpartyId);
      if (l.counterpartyKind === "supplier" && !ofExpense) suppliers.add(l.counterpartyId);
    }
  }
  const [c, s, x] = await Promise.all([
    clients.size
      ? db
          .selectFrom("clients")
          .select(["id", "eik", "vatNumber"])
          .where("companyId", "=", companyId)
          .where("id", "in", [...clients])
          .execute()
      : [],
    suppliers.size
      ? db
          .selectFrom("suppliers")
          .select(["id", "eik", "vatNumber"])
          .where("companyId", "=", companyId)
          .where("id", "in", [...suppliers])
          .execute()
      : [],
    expenses.size
      ? db
          .selectFrom("expenses")
          .select(["id", "supplierEik as eik", "supplierVatNumber as vatNumber"])
          .where("companyId", "=", companyId)
          .where("id", "in", [...expenses])
          .execute()
      : [],
  ]);
  const byId = (rows: ({ id: string } & Ids)[]) =>
    new Map(rows.map((r) => [r.id, { eik: r.eik, vatNumber: r.vatNumber }]));
  return { clients: byId(c), suppliers: byId(s), expenses: byId(x) };
}

/** A pair's counterparty: the pair's line's, else the entry's, with its ЕИК and VAT number. */
export interface PairParty {
  name: string;
  eik: string;
  vatNumber: string;
}

export type JournalPage = { entries: Page; ids: Awaited<ReturnType<typeof counterpartyIds>> };
type Entry = Page[number];

export function pairParty(
  e: Entry,
  pair: Pair<Entry["lines"][number]>,
  ids: JournalPage["ids"],
): PairParty {
  const ofExpense = e.sourceKind === "expense" || e.sourceKind === "expense_payment";
  const who =
    [pair.debit, pair.credit].find((l) => l.counterpartyName) ??
    e.lines.find((l) => l.counterpartyName);
  let known: Ids | undefined;
  if (who?.counterpartyKind === "client" && who.counterpartyId) {
    known = ids.clients.get(who.counterpartyId);
  } else if (who?.counterpartyKind === "supplier") {
    known = ofExpense
      ? ids.expenses.get(e.sourceId ?? "")
      : ids.suppliers.get(who.counterpartyId ?? "");
  }
  return {
    name: who?.counterpartyName ?? "",
    eik: known?.eik ?? "",
    vatNumber: known?.vatNumber ?? "",
  };
}

/** The period's entries a page at a time (in the journal's order), with their counterparties' ids. */
export async function* journalPages(
  db: Kysely<Database>,
  companyId: string,
  period: { from: string; to: string },
): AsyncGenerator<JournalPage> {
  let after: JournalCursor | null = null;
  for (;;) {
    const page = await journal(db, companyId, period, { after, limit: PAGE });
    yield { entries: page.entries, ids: await counterpartyIds(db, companyId, page.entries) };
    const last = page.entries.at(-1);
    if (!page.truncated || !last) return;
    after = { entryDate: last.entryDate, createdAt: last.createdAtKey, id: last.id };
  }
}

/** A page of entries as rows: each entry's pairs, with the pair's (or else the entry's) counterparty. */
function pageRows({ entries, ids }: JournalPage) {
  const rows: ReportRow[] = [];
  for (const e of entries) {
    const { type, number } = splitDocumentRef(e.documentRef);
    for (const pair of entryPairs(e.lines)) {
      const who = pairParty(e, pair, ids);
      const vat = isVatAccount(pair.debit.accountCode) || isVatAccount(pair.credit.accountCode);
      rows.push({
        cells: [
          printDate(e.entryDate),
          type,
          number,
          who.name,
          who.eik,
          who.vatNumber,
          pair.debit.accountCode,
          pair.credit.accountCode,
          { cents: pair.cents },
          vat ? { cents: pair.cents } : null,
          e.description,
          e.currency,
        ],
      });
    }
  }
  return rows;
}

/** The period's journal as posting pairs, for an accounting program to import. */
export function accountingJournalFile(
  db: Kysely<Database>,
  companyId: string,
  period: { from: string; to: string },
): ReportFile {
  async function* rows() {
    for await (const page of journalPages(db, companyId, period)) yield pageRows(page);
  }
  return {
    title: "Дневник за счетоводна програма",
    subject: null,
    company: "",
    period: "",
    name: {
      bg: `Дневник-за-счетоводна-програма-${period.from}-${period.to}`,
      ascii: `dnevnik-schetovodna-programa-${period.from}-${period.to}`,
    },
    columns,
    rows: rows(),
    plain: true,
  };
}

/**
 * The period's journal as Microinvest Делта Pro's XML of operations (decision 064): one
 * <Accounting> per entry, its posting pairs as Дт/Кт details, streamed a page of entries at a time.
 */
export function deltaProFile(
  db: Kysely<Database>,
  companyId: string,
  period: { from: string; to: string },
) {
  async function* chunks() {
    yield DELTA_HEAD;
    let number = 0;
    for await (const { entries, ids } of journalPages(db, companyId, period)) {
      const out: string[] = [];
      for (const e of entries) {
        const pairs = entryPairs(e.lines);
        const first = pairs[0];
        if (!first) continue;
        number += 1;
        const entry: DeltaEntry = {
          date: e.entryDate,
          sourceKind: e.sourceKind,
          documentRef: e.documentRef,
          description: e.description,
          party: pairParty(e, first, ids),
          pairs: pairs.map((p) => ({
            debit: p.debit.accountCode,
            credit: p.credit.accountCode,
            cents: p.cents,
          })),
        };
        out.push(deltaAccounting(entry, number));
      }
      yield out.join("");
    }
    yield DELTA_TAIL;
  }
  return {
    name: {
      bg: `Делта-Про-операции-${period.from}-${period.to}.xml`,
      ascii: `delta-pro-operacii-${period.from}-${period.to}.xml`,
    },
    chunks: chunks(),
  };
}
