import { type Kysely, sql } from "kysely";
import { toPeriodCents } from "~/modules/vat/journals.server";
import type { Database } from "~db/types";
import { expenseAccount, liveEntryId } from "./entry-refs.server";
import { type Key, keysetPages, PAGE } from "./keyset.server";

/*
 * The protocols under чл. 117 that Сметка made from expenses (decision 073) as PurchaseInvoices
 * (decision 079): the month's issued ones — a cancelled one is not a purchase document any more,
 * and its entry is reversed — each as a hand-typed `protocol_117` expense is written: type 09, the
 * supplier of its expense, one line at its rate with the self-assessed VAT, in the period's
 * currency as the VAT journals convert it. A correcting protocol that lowers the base is a credit
 * (its amounts as a credit note's, positive with indicator C). Their expenses are not purchase
 * documents of SAF-T then, as they are not rows of the purchase journal (`purchaseSource`).
 */

type Db = Kysely<Database>;

/** The month's issued protocols made from expenses: one definition for pages and the probe. */
export function madeProtocolSource(db: Db, companyId: string, range: { from: string; to: string }) {
  return db
    .selectFrom("vatProtocols as p")
    .innerJoin("expenses as x", (j) =>
      j.onRef("x.id", "=", "p.expenseId").onRef("x.companyId", "=", "p.companyId"),
    )
    .where("p.companyId", "=", companyId)
    .where("p.status", "=", "issued")
    .where("p.protocolDate", ">=", range.from)
    .where("p.protocolDate", "<=", range.to);
}

async function protocolPage(
  db: Db,
  companyId: string,
  range: { from: string; to: string; month: string },
  after: Key | null,
) {
  const rows = await madeProtocolSource(db, companyId, range)
    .leftJoin("suppliers as s", (j) =>
      j.onRef("s.id", "=", "x.supplierId").onRef("s.companyId", "=", "x.companyId"),
    )
    .select([
      "p.id",
      "p.number as documentNumber",
      "p.protocolDate as documentDate",
      "p.correctsId",
      "p.currency",
      "p.baseCents",
      "p.vatCents",
      "p.vatRate",
      "x.description",
      "x.supplierId",
      "x.supplierName",
      "x.supplierEik",
      "x.supplierVatNumber",
      "x.supplierAddress",
      "s.countryCode",
      liveEntryId("vat_protocol", "p").as("entryId"),
      // The expense's account, as the line of a hand-typed protocol names its expense's.
      expenseAccount("x").as("account"),
    ])
    .$if(after !== null, (q) =>
      q.where(sql<boolean>`(p.protocol_date, p.id) > (${after!.date}::date, ${after!.id}::uuid)`),
    )
    .orderBy("p.protocolDate")
    .orderBy("p.id")
    .limit(PAGE)
    .execute();
  return rows.map((p) => {
    const conv = (cents: number) =>
      toPeriodCents(Math.abs(cents), { currency: p.currency, eurRate: null }, range.month);
    const line = {
      rate: p.vatRate,
      base: conv(Number(p.baseCents)),
      vat: conv(Number(p.vatCents)),
      own: Math.abs(Number(p.baseCents)),
    };
    return {
      id: p.id,
      documentType: "protocol_117" as const,
      documentNumber: p.documentNumber,
      documentDate: p.documentDate,
      taxEventDate: null as string | null,
      description: `${p.correctsId ? "Корекция: " : ""}${p.description}`,
      currency: p.currency as string,
      eurRate: null as string | null,
      supplierId: p.supplierId,
      supplierName: p.supplierName,
      supplierEik: p.supplierEik,
      supplierVatNumber: p.supplierVatNumber,
      supplierAddress: p.supplierAddress,
      countryCode: p.countryCode,
      entryId: p.entryId,
      account: p.account,
      credit: Number(p.baseCents) < 0,
      lines: [line],
      net: line.base,
      vat: line.vat,
    };
  });
}

/** The month's made protocols, a page at a time on a (date, id) keyset. */
export function madeProtocolDocuments(
  db: Db,
  companyId: string,
  range: { from: string; to: string; month: string },
) {
  return keysetPages(
    (after) => protocolPage(db, companyId, range, after),
    (x) => ({ date: x.documentDate, id: x.id }),
  );
}
