import { type Kysely, sql } from "kysely";
import type { Database } from "~db/types";
import {
  monthRange,
  type Problem,
  type PurchaseColumn,
  type PurchaseRow,
  type SalesRow,
  toPeriodCents,
} from "./journals.server";

/*
 * The protocols under чл. 117 that Сметка made from expenses (decision 073) in the month of their
 * date: a sales journal row (type 09; ВОП's base in кол. 13, every other supply's in кол. 14, the
 * VAT in кол. 15 — a cancelled one with zeros, as a cancelled invoice) and a purchase journal
 * row (type 09, the credit the expense gives). The expense it was made from is not a row of the
 * purchase journal then: the protocol stands for it.
 *
 * A domestic reverse charge (чл. 163а) writes НАП's code of the part of Приложение № 2 in
 * PRODAGBI 02-27 and POKUPKI 03-45 (decision 079): the part its expense records — a correction's,
 * the original's expense's — read at the file's writing, so choosing it on an expense recorded
 * before the choice existed fixes the month's files.
 */

/** НАП's delivery code (PRODAGBI 02-27, POKUPKI 03-45) of each part of Приложение № 2. */
export const ANNEX_PART_CODES = { I: "01", II: "02" } as const;

async function monthProtocols(db: Kysely<Database>, companyId: string, month: string) {
  const { from, to } = monthRange(month);
  return (
    db
      .selectFrom("vatProtocols as p")
      .innerJoin("expenses as e", (j) =>
        j.onRef("e.id", "=", "p.expenseId").onRef("e.companyId", "=", "p.companyId"),
      )
      // A correction (a note's, or after the month was locked) keeps its original's part.
      .leftJoin("vatProtocols as o", (j) =>
        j.onRef("o.id", "=", "p.correctsId").onRef("o.companyId", "=", "p.companyId"),
      )
      .leftJoin("expenses as oe", (j) =>
        j.onRef("oe.id", "=", "o.expenseId").onRef("oe.companyId", "=", "o.companyId"),
      )
      .select([
        sql<
          "I" | "II" | null
        >`coalesce(e.reverse_charge_annex_part, oe.reverse_charge_annex_part)`.as("annexPart"),
        sql<string>`coalesce(oe.id, e.id)`.as("partExpenseId"),
        "p.id",
        "p.expenseId",
        "p.number",
        "p.kind",
        "p.protocolDate",
        "p.currency",
        "p.baseCents",
        "p.vatCents",
        "p.status",
        "p.correctsId",
        "e.supplierName",
        "e.supplierEik",
        "e.supplierVatNumber",
        "e.description",
        "e.vatCredit",
      ])
      .where("p.companyId", "=", companyId)
      .where("p.protocolDate", ">=", from)
      .where("p.protocolDate", "<", to)
      .orderBy("p.protocolDate")
      .orderBy("p.number")
      .execute()
  );
}
type Protocol = Awaited<ReturnType<typeof monthProtocols>>[number];

const counterparty = (p: Protocol) =>
  p.supplierVatNumber?.replace(/\s+/g, "").toUpperCase() || p.supplierEik || "";
const cents = (p: Protocol, month: string, value: number | string) =>
  toPeriodCents(Number(value), { currency: p.currency, eurRate: null }, month);
const deliveryCode = (p: Protocol) =>
  p.kind === "domestic_163a" && p.annexPart ? ANNEX_PART_CODES[p.annexPart] : undefined;
const subject = (p: Protocol) =>
  `${p.correctsId ? "Корекция: " : ""}${p.description}`.slice(0, 500);

/** The month's protocols as sales journal rows. */
export async function madeProtocolSales(
  db: Kysely<Database>,
  companyId: string,
  month: string,
): Promise<SalesRow[]> {
  return (await monthProtocols(db, companyId, month)).map((p) => {
    const cancelled = p.status === "cancelled";
    const base = cancelled ? 0 : cents(p, month, p.baseCents);
    const vat = cancelled ? 0 : cents(p, month, p.vatCents);
    return {
      documentId: null,
      expenseId: p.expenseId,
      type: "09",
      number: p.number,
      date: p.protocolDate,
      counterpartyId: counterparty(p),
      counterpartyName: p.supplierName,
      countryCode:
        p.kind === "domestic_163a" ? "BG" : p.supplierVatNumber?.slice(0, 2).toUpperCase() || "BG",
      subject: subject(p),
      cancelled,
      amounts: { [p.kind === "eu_goods" ? "02-12" : "02-26"]: base, "02-22": vat },
      deliveryCode: deliveryCode(p),
      vies: null,
    };
  });
}

/**
 * The month's issued protocols as purchase journal rows, by the expense's right of credit, and a
 * problem for each чл. 163а protocol whose expense does not say its part of Приложение № 2 (the
 * files need the code; Сметка does not guess it).
 */
export async function madeProtocolPurchases(
  db: Kysely<Database>,
  companyId: string,
  month: string,
): Promise<{ rows: PurchaseRow[]; problems: Problem[] }> {
  const issued = (await monthProtocols(db, companyId, month)).filter((p) => p.status === "issued");
  const problems: Problem[] = issued
    .filter((p) => p.kind === "domestic_163a" && !p.annexPart)
    .map((p) => ({
      what: `Протокол по чл. 117 № ${p.number} от ${p.supplierName}`,
      href: `/expenses/edit/${p.partExpenseId}`,
      message:
        "Обратно начисляване по чл. 163а: изберете в разхода по коя част на Приложение № 2 към ЗДДС е доставката (Част I или Част II). Файловете за НАП изискват кода ѝ (01 или 02).",
    }));
  const rows = issued.map((p): PurchaseRow => {
    const base = cents(p, month, p.baseCents);
    const vat = cents(p, month, p.vatCents);
    const amounts: Partial<Record<PurchaseColumn, number>> =
      p.vatCredit === "full"
        ? { "03-31": base, "03-41": vat }
        : p.vatCredit === "partial"
          ? { "03-32": base, "03-42": vat }
          : { "03-30": base + vat };
    return {
      expenseId: p.expenseId,
      type: "09",
      number: p.number,
      date: p.protocolDate,
      counterpartyId: counterparty(p),
      counterpartyName: p.supplierName,
      subject: subject(p),
      amounts,
      deliveryCode: deliveryCode(p),
    };
  });
  return { rows, problems };
}
