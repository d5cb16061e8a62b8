import type { Kysely } from "kysely";
import type { Database } from "~db/types";
import {
  monthRange,
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
 */

async function monthProtocols(db: Kysely<Database>, companyId: string, month: string) {
  const { from, to } = monthRange(month);
  return db
    .selectFrom("vatProtocols as p")
    .innerJoin("expenses as e", (j) =>
      j.onRef("e.id", "=", "p.expenseId").onRef("e.companyId", "=", "p.companyId"),
    )
    .select([
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
    .execute();
}
type Protocol = Awaited<ReturnType<typeof monthProtocols>>[number];

const counterparty = (p: Protocol) =>
  p.supplierVatNumber?.replace(/\s+/g, "").toUpperCase() || p.supplierEik || "";
const cents = (p: Protocol, month: string, value: number | string) =>
  toPeriodCents(Number(value), { currency: p.currency, eurRate: null }, month);
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
      vies: null,
    };
  });
}

/** The month's issued protocols as purchase journal rows, by the expense's right of credit. */
export async function madeProtocolPurchases(
  db: Kysely<Database>,
  companyId: string,
  month: string,
): Promise<PurchaseRow[]> {
  const rows = (await monthProtocols(db, companyId, month)).filter((p) => p.status === "issued");
  return rows.map((p) => {
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
    };
  });
}
