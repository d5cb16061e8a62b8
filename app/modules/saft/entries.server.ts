import { type Kysely, sql } from "kysely";
import type { Database, LedgerEntriesSourceKind } from "~db/types";
import type { Chart } from "./master.server";
import { partyId } from "./master.server";
import { ledgerTaxCode } from "./nomenclatures";
import { amount, clip, el, LEN, money, taxElements, wrap } from "./xml";

/*
 * GeneralLedgerEntries: the month's entries with their lines, one Journal per kind of source,
 * read a page of entries at a time (keyset on date and id), never the month in memory. Opening
 * balances are the accounts' opening, not the month's turnover (decision 059), so they are left
 * out: the totals are the trial balance's turnover.
 */

type Db = Kysely<Database>;
type EntryRow = {
  id: string;
  entryDate: string;
  description: string;
  documentRef: string;
  createdByName: string | null;
  created: string;
};
const PAGE = 500;

const JOURNALS: Readonly<Record<LedgerEntriesSourceKind, string>> = {
  document: "Продажби: фактури и известия",
  payment: "Плащания от клиенти",
  expense: "Покупки и разходи",
  expense_payment: "Плащания към доставчици",
  salary: "Заплати",
  salary_payment: "Изплатени заплати",
  bank: "Банка",
  vat_settlement: "Приключване на ДДС",
  vat_protocol: "Протоколи по чл. 117 ЗДДС",
  manual: "Ръчни записвания",
  opening: "Начални салда",
};

export function monthEntries(db: Db, companyId: string, range: { from: string; to: string }) {
  return db
    .selectFrom("ledgerEntries as e")
    .where("e.companyId", "=", companyId)
    .where("e.entryDate", ">=", range.from)
    .where("e.entryDate", "<=", range.to)
    .where("e.sourceKind", "<>", "opening");
}

/** The month's number of entries and its debit and credit totals (cents). */
export async function ledgerTotals(db: Db, companyId: string, range: { from: string; to: string }) {
  const row = await monthEntries(db, companyId, range)
    .innerJoin("ledgerLines as l", (j) =>
      j.onRef("l.entryId", "=", "e.id").onRef("l.companyId", "=", "e.companyId"),
    )
    .select([
      sql<string>`count(distinct e.id)`.as("entries"),
      sql<string>`coalesce(sum(l.debit_cents), 0)`.as("debit"),
      sql<string>`coalesce(sum(l.credit_cents), 0)`.as("credit"),
    ])
    .executeTakeFirstOrThrow();
  return {
    entries: Number(row.entries),
    debitCents: Number(row.debit),
    creditCents: Number(row.credit),
  };
}

/** The XML of GeneralLedgerEntries, a chunk per page of entries. */
export async function* generalLedgerEntries(
  db: Db,
  companyId: string,
  range: { from: string; to: string },
  accounts: Chart,
  totals: { entries: number; debitCents: number; creditCents: number },
) {
  const [year, month] = range.from.split("-").map(Number) as [number, number];
  yield `<GeneralLedgerEntries>${el("NumberOfEntries", totals.entries)}${el("TotalDebit", money(totals.debitCents))}${el("TotalCredit", money(totals.creditCents))}`;
  const kinds = await monthEntries(db, companyId, range)
    .select("e.sourceKind")
    .distinct()
    .orderBy("e.sourceKind")
    .execute();
  for (const { sourceKind } of kinds) {
    yield `<Journal>${el("JournalID", clip(sourceKind, LEN.short))}${el("Description", JOURNALS[sourceKind])}${el("Type", sourceKind)}`;
    let after: { entryDate: string; id: string } | null = null;
    for (;;) {
      const entries: EntryRow[] = await monthEntries(db, companyId, range)
        .where("e.sourceKind", "=", sourceKind)
        .$if(after !== null, (q) =>
          q.where(
            sql<boolean>`(e.entry_date, e.id) > (${after!.entryDate}::date, ${after!.id}::uuid)`,
          ),
        )
        .select([
          "e.id",
          "e.entryDate",
          "e.description",
          "e.documentRef",
          "e.createdByName",
          sql<string>`to_char(e.created_at at time zone 'Europe/Sofia', 'YYYY-MM-DD')`.as(
            "created",
          ),
        ])
        .orderBy("e.entryDate")
        .orderBy("e.id")
        .limit(PAGE)
        .execute();
      if (!entries.length) break;
      const lines = await db
        .selectFrom("ledgerLines as l")
        .leftJoin("clients as c", (j) =>
          j
            .onRef("c.id", "=", "l.counterpartyId")
            .onRef("c.companyId", "=", "l.companyId")
            .on("l.counterpartyKind", "=", "client"),
        )
        .leftJoin("suppliers as s", (j) =>
          j
            .onRef("s.id", "=", "l.counterpartyId")
            .onRef("s.companyId", "=", "l.companyId")
            .on("l.counterpartyKind", "=", "supplier"),
        )
        .select([
          "l.id",
          "l.entryId",
          "l.accountCode",
          "l.debitCents",
          "l.creditCents",
          "l.counterpartyKind",
          "l.counterpartyId",
          "l.counterpartyName",
          "c.eik as clientEik",
          "c.vatNumber as clientVat",
          "s.eik as supplierEik",
          "s.vatNumber as supplierVat",
        ])
        .where("l.companyId", "=", companyId)
        .where(
          "l.entryId",
          "in",
          entries.map((e) => e.id),
        )
        .orderBy("l.entryId")
        .orderBy("l.id")
        .execute();
      const byEntry = new Map<string, typeof lines>();
      for (const line of lines) {
        const list = byEntry.get(line.entryId) ?? [];
        list.push(line);
        byEntry.set(line.entryId, list);
      }
      let chunk = "";
      for (const e of entries) {
        const own = byEntry.get(e.id) ?? [];
        const party = (l: (typeof own)[number], kind: "client" | "supplier") =>
          l.counterpartyKind !== kind
            ? ""
            : kind === "client"
              ? partyId({
                  vatNumber: l.clientVat,
                  eik: l.clientEik,
                  id: l.counterpartyId,
                  name: l.counterpartyName,
                })
              : partyId({
                  vatNumber: l.supplierVat,
                  eik: l.supplierEik,
                  id: l.counterpartyId,
                  name: l.counterpartyName,
                });
        const first = (kind: "client" | "supplier") =>
          own.map((l) => party(l, kind)).find(Boolean) ?? "";
        const description = clip(e.description || JOURNALS[sourceKind], LEN.long);
        chunk += wrap(
          "Transaction",
          el("TransactionID", e.id),
          el("Period", month),
          el("PeriodYear", year),
          el("TransactionDate", e.entryDate),
          e.createdByName ? el("SourceID", clip(e.createdByName, LEN.middle1)) : "",
          el("Description", description),
          el("SystemEntryDate", e.created),
          el("GLPostingDate", e.entryDate),
          el("CustomerID", first("client")),
          el("SupplierID", first("supplier")),
          ...own.map((l) => {
            const debit = Number(l.debitCents);
            const credit = Number(l.creditCents);
            const vat = l.accountCode.startsWith("453");
            const cents = debit !== 0 ? debit : credit;
            return wrap(
              "TransactionLine",
              el("RecordID", String(l.id)),
              el("AccountID", accounts.get(l.accountCode)?.saftCode ?? ""),
              el("TaxpayerAccountID", clip(l.accountCode, LEN.middle1)),
              e.documentRef ? el("SourceDocumentID", clip(e.documentRef, LEN.middle1)) : "",
              el("CustomerID", party(l, "client")),
              el("SupplierID", party(l, "supplier")),
              el("Description", description),
              amount(debit !== 0 ? "DebitAmount" : "CreditAmount", cents),
              wrap(
                "TaxInformation",
                ...taxElements(ledgerTaxCode(range.from, vat)),
                amount("TaxAmount", vat ? cents : 0),
              ),
            );
          }),
        );
      }
      yield chunk;
      const last = entries[entries.length - 1]!;
      after = { entryDate: last.entryDate, id: last.id };
      if (entries.length < PAGE) break;
    }
    yield "</Journal>";
  }
  yield "</GeneralLedgerEntries>";
}
