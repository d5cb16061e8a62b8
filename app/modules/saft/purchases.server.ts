import { type Kysely, sql } from "kysely";
import { VAT_CREDIT_DOCUMENT_TYPES } from "~/modules/expenses/constants";
import { toPeriodCents } from "~/modules/vat/journals.server";
import type { Database } from "~db/types";
import { expenseAccount, liveEntryId } from "./entry-refs.server";
import { type Key, keysetPages, PAGE, type Totals, tally } from "./keyset.server";
import { type Chart, partyId, productCode } from "./master.server";
import { INVOICE_TYPES, inForce, PAYMENT_METHODS, vatTaxCode } from "./nomenclatures";
import { madeProtocolDocuments } from "./protocols.server";
import { amount, clip, el, LEN, money, shortId, taxElements, wrap } from "./xml";

/*
 * PurchaseInvoices (the purchase journal's documents: invoices, notes, protocols under чл. 117 —
 * typed as expenses, or made from them: `protocols.server.ts`; a line per VAT rate, as the expense
 * keeps its amounts) and Payments (the month's payments on
 * documents and of expenses), each a page at a time on a (date, id) keyset.
 */

type Db = Kysely<Database>;
type Range = { from: string; to: string; month: string };
/**
 * The month's purchase journal documents typed as expenses: one definition for pages and checks.
 * An expense with an issued protocol made from it is that protocol, as in the journal (decision 073).
 */
export function purchaseSource(db: Db, companyId: string, range: { from: string; to: string }) {
  return db
    .selectFrom("expenses as x")
    .where("x.companyId", "=", companyId)
    .where("x.documentType", "in", VAT_CREDIT_DOCUMENT_TYPES)
    .where(
      ({ exists, selectFrom }) =>
        exists(
          selectFrom("vatProtocols as vp")
            .select("vp.id")
            .whereRef("vp.companyId", "=", "x.companyId")
            .whereRef("vp.expenseId", "=", "x.id")
            .where("vp.status", "=", "issued"),
        ),
      "=",
      false,
    )
    .where("x.documentDate", ">=", range.from)
    .where("x.documentDate", "<=", range.to);
}

/** The month's payments received on documents. */
export function clientPaymentSource(
  db: Db,
  companyId: string,
  range: { from: string; to: string },
) {
  return db
    .selectFrom("documentPayments as p")
    .where("p.companyId", "=", companyId)
    .where("p.paidOn", ">=", range.from)
    .where("p.paidOn", "<=", range.to);
}

/** The month's payments of expenses. */
export function supplierPaymentSource(
  db: Db,
  companyId: string,
  range: { from: string; to: string },
) {
  return db
    .selectFrom("expenses as x")
    .where("x.companyId", "=", companyId)
    .where("x.paidOn", ">=", range.from)
    .where("x.paidOn", "<=", range.to);
}

async function purchasePage(db: Db, companyId: string, range: Range, after: Key | null) {
  const rows = await purchaseSource(db, companyId, range)
    .leftJoin("suppliers as s", (j) =>
      j.onRef("s.id", "=", "x.supplierId").onRef("s.companyId", "=", "x.companyId"),
    )
    .select([
      "x.id",
      "x.documentType",
      "x.documentNumber",
      "x.documentDate",
      "x.taxEventDate",
      "x.description",
      "x.currency",
      "x.eurRate",
      "x.supplierId",
      "x.supplierName",
      "x.supplierEik",
      "x.supplierVatNumber",
      "x.supplierAddress",
      "s.countryCode",
      liveEntryId("expense", "x").as("entryId"),
      expenseAccount("x").as("account"),
    ])
    .$if(after !== null, (q) =>
      q.where(sql<boolean>`(x.document_date, x.id) > (${after!.date}::date, ${after!.id}::uuid)`),
    )
    .orderBy("x.documentDate")
    .orderBy("x.id")
    .limit(PAGE)
    .execute();
  const amounts = rows.length
    ? await db
        .selectFrom("expenseAmounts")
        .select(["expenseId", "vatRate", "baseCents", "vatCents"])
        .where("companyId", "=", companyId)
        .where(
          "expenseId",
          "in",
          rows.map((r) => r.id),
        )
        .orderBy("expenseId")
        .orderBy("vatRate", "desc")
        .execute()
    : [];
  return rows.map((r) => {
    const conv = (cents: number) => toPeriodCents(Math.abs(cents), r, range.month);
    const lines = amounts
      .filter((a) => a.expenseId === r.id)
      .map((a) => ({
        rate: a.vatRate,
        base: conv(Number(a.baseCents)),
        vat: conv(Number(a.vatCents)),
        own: Math.abs(Number(a.baseCents)),
      }));
    return {
      ...r,
      credit: r.documentType === "credit_note",
      lines,
      net: lines.reduce((s, l) => s + l.base, 0),
      vat: lines.reduce((s, l) => s + l.vat, 0),
    };
  });
}

/** The typed documents' pages, then the made protocols' (the schema asks no order of them). */
async function* purchaseDocuments(db: Db, companyId: string, range: Range) {
  yield* keysetPages(
    (after) => purchasePage(db, companyId, range, after),
    (x) => ({ date: x.documentDate, id: x.id }),
  );
  yield* madeProtocolDocuments(db, companyId, range);
}

/** The purchase documents' count and debit (credit notes: credit) totals of their bases. */
export function purchaseTotals(db: Db, companyId: string, range: Range): Promise<Totals> {
  return tally(purchaseDocuments(db, companyId, range), (x) =>
    x.credit ? { credit: x.net } : { debit: x.net },
  );
}

/** The XML of PurchaseInvoices. */
export async function* purchaseInvoices(
  db: Db,
  companyId: string,
  range: Range,
  accounts: Chart,
  totals: Totals,
) {
  const types = inForce(INVOICE_TYPES, range.from);
  const [year, month] = range.from.split("-").map(Number) as [number, number];
  const payable = accounts.get("401")?.saftCode ?? "401";
  yield `<PurchaseInvoices>${el("NumberOfEntries", totals.entries)}${el("TotalDebit", money(totals.debitCents))}${el("TotalCredit", money(totals.creditCents))}`;
  for await (const page of purchaseDocuments(db, companyId, range)) {
    let chunk = "";
    for (const x of page) {
      const indicator = x.credit ? "C" : "D";
      const account = (x.account && accounts.get(x.account)?.saftCode) || "602";
      const taxPoint = x.taxEventDate ?? x.documentDate;
      chunk += wrap(
        "Invoice",
        el("InvoiceNo", clip(x.documentNumber, LEN.middle2)),
        wrap(
          "SupplierInfo",
          el(
            "SupplierID",
            partyId({
              vatNumber: x.supplierVatNumber,
              eik: x.supplierEik,
              id: x.supplierId,
              name: x.supplierName,
            }),
          ),
          el("Name", clip(x.supplierName, LEN.middle2)),
          wrap(
            "BillingAddress",
            el("City", clip(x.supplierAddress || "—", LEN.middle1)),
            el("Country", x.countryCode ?? "BG"),
          ),
        ),
        el("AccountID", payable),
        el("Period", month),
        el("PeriodYear", year),
        el("InvoiceDate", x.documentDate),
        el("InvoiceType", types[x.documentType] ?? "01"),
        el("SelfBillingIndicator", "N"),
        el("GLPostingDate", x.documentDate),
        el("TransactionID", x.entryId ?? x.id),
        ...x.lines.map((l, i) =>
          wrap(
            "InvoiceLine",
            el("LineNumber", i + 1),
            el("AccountID", account),
            el("GoodsServicesID", "02"),
            el("ProductCode", productCode("C62")),
            el("ProductDescription", clip(x.description, LEN.long)),
            el("Quantity", "1"),
            el("InvoiceUOM", "C62"),
            el("UnitPrice", money(l.base)),
            el("TaxPointDate", taxPoint),
            el("Description", clip(x.description || x.documentNumber, LEN.long)),
            amount("InvoiceLineAmount", l.base, {
              currency: x.currency,
              cents: l.own,
              rate: x.eurRate,
            }),
            el("DebitCreditIndicator", indicator),
            wrap(
              "TaxInformation",
              ...taxElements(vatTaxCode(range.from, "purchases", l.rate)),
              el("TaxPercentage", l.rate ?? 0),
              el("TaxBase", money(l.base)),
              amount("TaxAmount", l.vat),
            ),
          ),
        ),
        wrap(
          "InvoiceDocumentTotals",
          ...x.lines.map((l) =>
            wrap(
              "TaxInformationTotals",
              ...taxElements(vatTaxCode(range.from, "purchases", l.rate)),
              el("TaxPercentage", l.rate ?? 0),
              el("TaxBase", money(l.base)),
              amount("TaxAmount", l.vat),
            ),
          ),
          el("NetTotal", money(x.net)),
          el("GrossTotal", money(x.net + x.vat)),
        ),
      );
    }
    yield chunk;
  }
  yield "</PurchaseInvoices>";
}

type PaymentRow = {
  id: string;
  kind: "client" | "supplier";
  paidOn: string;
  cents: number;
  method: string;
  number: string;
  partyId: string;
  entryId: string | null;
  proforma: boolean;
  description: string;
};

async function paymentPage(
  db: Db,
  companyId: string,
  range: Range,
  kind: PaymentRow["kind"],
  after: Key | null,
): Promise<PaymentRow[]> {
  if (kind === "client") {
    const rows = await clientPaymentSource(db, companyId, range)
      .innerJoin("documents as d", (j) =>
        j.onRef("d.id", "=", "p.documentId").onRef("d.companyId", "=", "p.companyId"),
      )
      .leftJoin("clients as c", (j) =>
        j.onRef("c.id", "=", "d.clientId").onRef("c.companyId", "=", "d.companyId"),
      )
      .select([
        "p.id",
        "p.paidOn",
        "p.amountCents",
        "p.method",
        "d.number",
        "d.type",
        "d.currency",
        "d.eurRate",
        "d.clientId",
        "c.name",
        "c.eik",
        "c.vatNumber",
        liveEntryId("payment", "p").as("entryId"),
      ])
      .$if(after !== null, (q) =>
        q.where(sql<boolean>`(p.paid_on, p.id) > (${after!.date}::date, ${after!.id}::uuid)`),
      )
      .orderBy("p.paidOn")
      .orderBy("p.id")
      .limit(PAGE)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      kind,
      paidOn: r.paidOn,
      cents: toPeriodCents(Number(r.amountCents), r, range.month),
      method: r.method,
      number: r.number ?? "",
      partyId: partyId({ vatNumber: r.vatNumber, eik: r.eik, id: r.clientId, name: r.name }),
      entryId: r.entryId,
      proforma: r.type === "proforma",
      description: `Плащане по документ № ${r.number ?? ""}`,
    }));
  }
  const rows = await supplierPaymentSource(db, companyId, range)
    .select([
      "x.id",
      "x.paidOn",
      "x.totalCents",
      "x.subtotalCents",
      "x.documentType",
      "x.paymentMethod",
      "x.documentNumber",
      "x.currency",
      "x.eurRate",
      "x.supplierId",
      "x.supplierName",
      "x.supplierEik",
      "x.supplierVatNumber",
      liveEntryId("expense_payment", "x").as("entryId"),
    ])
    .$if(after !== null, (q) =>
      q.where(sql<boolean>`(x.paid_on, x.id) > (${after!.date}::date, ${after!.id}::uuid)`),
    )
    .orderBy("x.paidOn")
    .orderBy("x.id")
    .limit(PAGE)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind,
    paidOn: r.paidOn as string,
    method: r.paymentMethod ?? "bank",
    // A protocol under чл. 117 pays the supplier the base: the VAT is the buyer's own (decision 059).
    cents: toPeriodCents(
      Number(r.documentType === "protocol_117" ? r.subtotalCents : r.totalCents),
      r,
      range.month,
    ),
    number: r.documentNumber,
    entryId: r.entryId,
    proforma: false,
    description: `Плащане на разход № ${r.documentNumber}`,
    partyId: partyId({
      vatNumber: r.supplierVatNumber,
      eik: r.supplierEik,
      id: r.supplierId,
      name: r.supplierName,
    }),
  }));
}

async function* payments(db: Db, companyId: string, range: Range) {
  for (const kind of ["client", "supplier"] as const) {
    yield* keysetPages(
      (after) => paymentPage(db, companyId, range, kind, after),
      (p) => ({ date: p.paidOn, id: p.id }),
    );
  }
}

/** The payments' count; received (credit to the customer) and paid (debit to the supplier). */
export function paymentTotals(db: Db, companyId: string, range: Range): Promise<Totals> {
  return tally(payments(db, companyId, range), (p) =>
    p.kind === "client" ? { credit: p.cents } : { debit: p.cents },
  );
}

/** The XML of Payments. */
export async function* paymentsXml(
  db: Db,
  companyId: string,
  range: Range,
  accounts: Chart,
  totals: Totals,
) {
  const methods = inForce(PAYMENT_METHODS, range.from);
  const [year, month] = range.from.split("-").map(Number) as [number, number];
  const code = (account: string) => accounts.get(account)?.saftCode ?? account;
  yield `<Payments>${el("NumberOfEntries", totals.entries)}${el("TotalDebit", money(totals.debitCents))}${el("TotalCredit", money(totals.creditCents))}`;
  for await (const page of payments(db, companyId, range)) {
    yield page
      .map((p) =>
        wrap(
          "Payment",
          el("PaymentRefNo", shortId(p.id)),
          el("Period", month),
          el("PeriodYear", year),
          el("TransactionID", p.entryId ?? p.id),
          el("TransactionDate", p.paidOn),
          el(
            "PaymentMethod",
            (Object.hasOwn(methods, p.method) ? methods[p.method] : methods.other)?.method ?? "03",
          ),
          el("Description", clip(p.description, LEN.long)),
          wrap(
            "PaymentLine",
            el("LineNumber", 1),
            el("SourceDocumentID", clip(p.number, LEN.middle1)),
            el("AccountID", code(p.kind === "supplier" ? "401" : p.proforma ? "412" : "411")),
            el("CustomerID", p.kind === "client" ? p.partyId : ""),
            el("SupplierID", p.kind === "supplier" ? p.partyId : ""),
            el("Description", clip(p.description, LEN.long)),
            el("DebitCreditIndicator", p.kind === "client" ? "C" : "D"),
            amount("PaymentLineAmount", p.cents),
          ),
        ),
      )
      .join("");
  }
  yield "</Payments>";
}
