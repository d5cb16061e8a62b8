import { type Kysely, sql } from "kysely";
import { toPeriodCents } from "~/modules/vat/journals.server";
import { computeTotals } from "~/utils/money";
import type { Database } from "~db/types";
import { liveEntryId } from "./entry-refs.server";
import { type Key, keysetPages, PAGE, tally } from "./keyset.server";
import { type Chart, partyId, productCode } from "./master.server";
import { INVOICE_TYPES, inForce, vatTaxCode } from "./nomenclatures";
import { saftUnit } from "./problems.server";
import { amount, clip, el, LEN, money, taxElements, wrap } from "./xml";

/*
 * SalesInvoices: the month's issued invoices, debit and credit notes (as the sales journal has
 * them), a page at a time. Amounts are in euro per VAT rate as the journal converts them; a
 * line's share of its rate's VAT is its share of the base, the last line taking the remainder,
 * so the lines add up to the document's totals to the cent.
 */

type Db = Kysely<Database>;
type Range = { from: string; to: string; month: string };
/** The month's sales documents as the sales journal has them: one definition for pages and checks. */
export function salesSource(db: Db, companyId: string, range: { from: string; to: string }) {
  return db
    .selectFrom("documents as d")
    .where("d.companyId", "=", companyId)
    .where("d.type", "in", ["invoice", "debit_note", "credit_note"])
    .where("d.status", "=", "issued")
    .where("d.issueDate", ">=", range.from)
    .where("d.issueDate", "<=", range.to);
}

async function salesPage(db: Db, companyId: string, range: Range, after: Key | null) {
  const docs = await salesSource(db, companyId, range)
    .leftJoin("clients as c", (j) =>
      j.onRef("c.id", "=", "d.clientId").onRef("c.companyId", "=", "d.companyId"),
    )
    .select([
      "d.id",
      "d.type",
      "d.number",
      "d.issueDate",
      "d.taxEventDate",
      "d.currency",
      "d.eurRate",
      "d.clientId",
      "d.originalNumber",
      "d.reason",
      "d.issuedBy",
      "c.name as clientName",
      "c.eik",
      "c.vatNumber",
      "c.city",
      "c.countryCode",
      "c.address",
      "c.postalCode",
      liveEntryId("document", "d").as("entryId"),
    ])
    .$if(after !== null, (q) =>
      q.where(sql<boolean>`(d.issue_date, d.id) > (${after!.date}::date, ${after!.id}::uuid)`),
    )
    .orderBy("d.issueDate")
    .orderBy("d.id")
    .limit(PAGE)
    .execute();
  const lines = docs.length
    ? await db
        .selectFrom("documentLines as l")
        .select([
          "l.documentId",
          "l.position",
          "l.description",
          "l.quantity",
          "l.unit",
          "l.netCents",
          "l.vatRate",
        ])
        .where("l.companyId", "=", companyId)
        .where(
          "l.documentId",
          "in",
          docs.map((d) => d.id),
        )
        .orderBy("l.documentId")
        .orderBy("l.position")
        .execute()
    : [];
  const byDoc = new Map<string, typeof lines>();
  for (const l of lines) byDoc.set(l.documentId, [...(byDoc.get(l.documentId) ?? []), l]);
  return docs.map((d) => {
    const own = byDoc.get(d.id) ?? [];
    const conv = (cents: number) => toPeriodCents(cents, d, range.month);
    const groups = computeTotals(
      own.map((l) => ({ netCents: Number(l.netCents), vatRate: l.vatRate })),
    ).groups.map((g) => ({ ...g, eurBase: conv(g.baseCents), eurVat: conv(g.vatCents) }));
    // Each line's euro base and VAT: its share, the group's last line taking what rounding left.
    const shares = new Map<(typeof own)[number], { base: number; vat: number }>();
    for (const g of groups) {
      const members = own.filter((l) => l.vatRate === g.rate);
      let base = 0;
      let vat = 0;
      members.forEach((l, i) => {
        const last = i === members.length - 1;
        const share = g.baseCents ? Number(l.netCents) / g.baseCents : 0;
        const lineBase = last ? g.eurBase - base : conv(Number(l.netCents));
        const lineVat = last ? g.eurVat - vat : Math.round(g.eurVat * share);
        base += lineBase;
        vat += lineVat;
        shares.set(l, { base: lineBase, vat: lineVat });
      });
    }
    const net = groups.reduce((s, g) => s + g.eurBase, 0);
    const vat = groups.reduce((s, g) => s + g.eurVat, 0);
    return { ...d, lines: own, groups, shares, net, vat };
  });
}

/** Pages of the month's sales documents, computed. */
export function salesDocuments(db: Db, companyId: string, range: Range) {
  return keysetPages(
    (after) => salesPage(db, companyId, range, after),
    (d) => ({ date: d.issueDate, id: d.id }),
  );
}

/** The number of sales documents and their debit (credit notes) and credit totals of the bases. */
export function salesTotals(db: Db, companyId: string, range: Range) {
  return tally(salesDocuments(db, companyId, range), (d) =>
    d.type === "credit_note" ? { debit: d.net } : { credit: d.net },
  );
}

/** The XML of SalesInvoices. */
export async function* salesInvoices(
  db: Db,
  companyId: string,
  range: Range,
  accounts: Chart,
  totals: { entries: number; debitCents: number; creditCents: number },
) {
  const types = inForce(INVOICE_TYPES, range.from);
  const [year, month] = range.from.split("-").map(Number) as [number, number];
  const receivable = accounts.get("411")?.saftCode ?? "411";
  const revenue = accounts.get("703")?.saftCode ?? "703";
  yield `<SalesInvoices>${el("NumberOfEntries", totals.entries)}${el("TotalDebit", money(totals.debitCents))}${el("TotalCredit", money(totals.creditCents))}`;
  for await (const page of salesDocuments(db, companyId, range)) {
    let chunk = "";
    for (const d of page) {
      const credit = d.type === "credit_note";
      const indicator = credit ? "D" : "C";
      const own = { currency: d.currency, rate: d.eurRate };
      const taxPoint = d.taxEventDate ?? d.issueDate;
      chunk += wrap(
        "Invoice",
        el("InvoiceNo", clip(d.number, LEN.middle2)),
        wrap(
          "CustomerInfo",
          el(
            "CustomerID",
            partyId({ vatNumber: d.vatNumber, eik: d.eik, id: d.clientId, name: d.clientName }),
          ),
          el("Name", clip(d.clientName, LEN.middle2)),
          wrap(
            "BillingAddress",
            d.address ? el("StreetName", clip(d.address, LEN.middle2)) : "",
            el("City", clip(d.city || "—", LEN.middle1)),
            el("Country", /^[A-Z]{2}$/.test(d.countryCode ?? "") ? d.countryCode : "BG"),
          ),
        ),
        el("AccountID", receivable),
        el("Period", month),
        el("PeriodYear", year),
        el("InvoiceDate", d.issueDate),
        el("InvoiceType", types[d.type] ?? "01"),
        el("SelfBillingIndicator", "N"),
        el("GLPostingDate", d.issueDate),
        el("TransactionID", d.entryId ?? d.id),
        ...d.lines.map((l) => {
          const share = d.shares.get(l) ?? { base: 0, vat: 0 };
          const unit = saftUnit(l.unit, range.from);
          const quantity = Number(l.quantity);
          return wrap(
            "InvoiceLine",
            el("LineNumber", l.position),
            el("AccountID", revenue),
            el("GoodsServicesID", unit?.goods ? "01" : "02"),
            el("ProductCode", productCode(unit?.code ?? "C62")),
            el("ProductDescription", clip(l.description, LEN.long)),
            el("Quantity", l.quantity),
            el("InvoiceUOM", unit?.code ?? "C62"),
            el("UnitPrice", money(quantity ? Math.round(share.base / quantity) : share.base)),
            el("TaxPointDate", taxPoint),
            credit && d.originalNumber
              ? wrap(
                  "References",
                  wrap(
                    "CreditNote",
                    el("Reference", clip(d.originalNumber, LEN.middle1)),
                    d.reason ? el("Reason", clip(d.reason, LEN.long)) : "",
                  ),
                )
              : "",
            el("Description", clip(l.description, LEN.long)),
            amount("InvoiceLineAmount", share.base, {
              currency: d.currency,
              cents: Number(l.netCents),
              rate: own.rate,
            }),
            el("DebitCreditIndicator", indicator),
            wrap(
              "TaxInformation",
              ...taxElements(vatTaxCode(range.from, "sales", l.vatRate)),
              el("TaxPercentage", l.vatRate ?? 0),
              el("TaxBase", money(share.base)),
              amount("TaxAmount", share.vat),
            ),
          );
        }),
        wrap(
          "InvoiceDocumentTotals",
          ...d.groups.map((g) =>
            wrap(
              "TaxInformationTotals",
              ...taxElements(vatTaxCode(range.from, "sales", g.rate)),
              el("TaxPercentage", g.rate ?? 0),
              el("TaxBase", money(g.eurBase)),
              amount("TaxAmount", g.eurVat),
            ),
          ),
          el("NetTotal", money(d.net)),
          el("GrossTotal", money(d.net + d.vat)),
        ),
      );
    }
    yield chunk;
  }
  yield "</SalesInvoices>";
}
