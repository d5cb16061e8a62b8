import { accountFor, accountsOn, type Db, type Poster, syncSource } from "./post.server";
import { credit, debit, finish, type Posting, toLedgerCents } from "./postings";

/*
 * A protocol under чл. 117 ЗДДС made from an expense (decision 073) in the books: the expense
 * itself is posted as any purchase (the supplier is owed what it invoiced, without VAT); the
 * protocol adds the VAT the company charges itself — Cr 4532 (the sales journal's кл. 22), Dr 4531
 * what it may credit (the purchase journal's кл. 41), the rest to the expense's account. A
 * correcting protocol posts its change; a cancelled one is reversed.
 */

/** The postings of a protocol, pure: its VAT on its date. */
export function vatProtocolPosting(
  protocol: {
    number: string;
    protocolDate: string;
    currency: string;
    vatCents: number;
    creditableVatCents: number;
    supplierName: string;
    corrects: boolean;
  },
  accounts: { expense: string; purchaseVat: string; salesVat: string },
): Posting | null {
  const money = { currency: protocol.currency, eurRate: null };
  const vat = toLedgerCents(protocol.vatCents, money, protocol.protocolDate);
  const credited = toLedgerCents(protocol.creditableVatCents, money, protocol.protocolDate);
  const title = protocol.corrects ? "Коригиращ протокол по чл. 117" : "Протокол по чл. 117";
  const ref = `${title} № ${protocol.number}`;
  return finish({
    entryDate: protocol.protocolDate,
    description: `${ref}, ${protocol.supplierName}: самоначислен ДДС`.slice(0, 500),
    documentRef: ref.slice(0, 100),
    lines: [
      debit(accounts.purchaseVat, credited),
      debit(accounts.expense, vat - credited),
      credit(accounts.salesVat, vat),
    ],
  });
}

/** A protocol posted as it now is (issued), or its entry reversed (cancelled, gone). */
export async function postVatProtocol(
  trx: Db,
  companyId: string,
  protocolId: string,
  poster: Poster | null,
) {
  const row = await trx
    .selectFrom("vatProtocols as p")
    .innerJoin("expenses as e", (j) =>
      j.onRef("e.id", "=", "p.expenseId").onRef("e.companyId", "=", "p.companyId"),
    )
    .innerJoin("expenseCategories as c", "c.id", "e.categoryId")
    .select([
      "p.number",
      "p.protocolDate",
      "p.currency",
      "p.vatCents",
      "p.creditableVatCents",
      "p.status",
      "p.correctsId",
      "e.supplierName",
      "e.categoryId",
      "c.code as categoryCode",
    ])
    .where("p.companyId", "=", companyId)
    .where("p.id", "=", protocolId)
    .executeTakeFirst();
  let wanted: Posting | null = null;
  if (row && row.status === "issued") {
    const expense = await accountFor(trx, companyId, row.protocolDate, [
      `expense.category.${row.categoryId}`,
      `expense.code.${row.categoryCode ?? "none"}`,
      "expense",
    ]);
    const vat = await accountsOn(trx, companyId, row.protocolDate, ["purchase_vat", "sales_vat"]);
    wanted = vatProtocolPosting(
      {
        ...row,
        vatCents: Number(row.vatCents),
        creditableVatCents: Number(row.creditableVatCents),
        corrects: row.correctsId !== null,
      },
      {
        expense,
        purchaseVat: vat.purchase_vat as string,
        salesVat: vat.sales_vat as string,
      },
    );
  }
  return syncSource(trx, companyId, "vat_protocol", protocolId, wanted, poster);
}
