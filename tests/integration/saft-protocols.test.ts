import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { listCategories } from "~/modules/expenses/categories.server";
import { booksAgreement } from "~/modules/vat/books-agreement.server";
import { vatReport } from "~/modules/vat/report.server";
import { action as createExpense } from "~/routes/api.expenses";
import { action as protocolsAction } from "~/routes/api.expenses.$id.protocols";
import { action as protocolAction } from "~/routes/api.expenses.$id.protocols.$protocolId";
import { loader } from "~/routes/api.saft.$month";
import { buildLedgerMonth } from "../setup/ledger-month";
import { type AnyAnswer, call, postApi, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Decision 079 (issue #48 item 3, 073's «Left»): the protocols under чл. 117 that Сметка made from
 * expenses are PurchaseInvoices of the monthly SAF-T file as a hand-typed protocol is — type 09,
 * the self-assessed VAT, the same elements — and their expenses are not (the purchase journal has
 * the protocol instead), so the file's purchases agree with the VAT journals to the cent and the
 * file stays valid against НАП's XSD. A cancelled protocol is not in it; its expense is again.
 */

const getDb = setupTestDatabase();
const MONTH = "2026-10";
const XSD = path.resolve(__dirname, "../fixtures/saft/BG_SAFT_Schema_V_1.0.1.xsd");
const cents = (text: string | undefined) => Math.round(Number(text ?? "NaN") * 100);
const section = (xml: string, name: string) =>
  xml.slice(xml.indexOf(`<${name}>`), xml.indexOf(`</${name}>`));
const invoices = (xml: string) =>
  [...section(xml, "PurchaseInvoices").matchAll(/<Invoice>[\s\S]*?<\/Invoice>/g)].map((m) => m[0]);
const invoiceNo = (number: string) => (inv: string) => inv.includes(`<InvoiceNo>${number}<`);
/** The element names of an Invoice in their order: its shape without its texts. */
const shape = (inv: string) => [...inv.matchAll(/<([A-Za-z]+)>/g)].map((m) => m[1]).join(" ");
const TOTAL_TAX =
  /<TaxInformationTotals>(?:(?!<\/TaxInformationTotals>).)*?<TaxAmount><Amount>([^<]*)</g;
const taxOf = (inv: string) => [...inv.matchAll(TOTAL_TAX)].reduce((s, m) => s + cents(m[1]), 0);

describe("SAF-T's PurchaseInvoices with the protocols made from expenses (decision 079)", () => {
  it("writes each issued protocol as a hand-typed one, drops its expense, agrees with the VAT journals and validates", {
    timeout: 180_000,
  }, async () => {
    const db = getDb();
    const { me } = await buildLedgerMonth(db, MONTH);
    const owner = await signInApi(db, me.user);
    const [category] = await listCategories(db, me.companyId);
    const expense = (body: Record<string, unknown>) =>
      postApi<AnyAnswer>(
        createExpense,
        db,
        "/api/expenses",
        { categoryId: category!.id, documentType: "invoice", currency: "EUR", ...body },
        owner.bearer,
      );
    const issue = (id: string) =>
      postApi<AnyAnswer>(
        protocolsAction,
        db,
        `/api/expenses/${id}/protocols`,
        {},
        owner.bearer,
        201,
        { id },
      );
    const ads = await expense({
      supplierName: "Google Ireland Limited",
      supplierVatNumber: "IE6388047V",
      documentNumber: "5329876543",
      documentDate: `${MONTH}-05`,
      description: "Google Ads — реклама",
      amounts: [{ vatRate: null, base: "100.00" }],
    });
    const scrap = await expense({
      supplierName: "Метали ЕООД",
      supplierEik: "175074752",
      documentNumber: "0000000461",
      documentDate: `${MONTH}-10`,
      description: "Отпадъци от черни метали",
      reverseCharge: true,
      reverseChargeAnnexPart: "I",
      amounts: [{ vatRate: null, base: "123.45" }],
    });
    const hosting = await expense({
      supplierName: "Hetzner Online GmbH",
      supplierVatNumber: "DE812871812",
      documentNumber: "R0012345",
      documentDate: `${MONTH}-14`,
      description: "Хостинг",
      amounts: [{ vatRate: null, base: "40.00" }],
    });
    const [adsProtocol, scrapProtocol, hostingProtocol] = [
      await issue(ads.id),
      await issue(scrap.id),
      await issue(hosting.id),
    ];
    // Cancelled in its open month: not a purchase document; its invoice is one again.
    const cancelled = await call(
      protocolAction,
      db,
      `/api/expenses/${hosting.id}/protocols/${hostingProtocol.id}`,
      {
        method: "DELETE",
        headers: owner.bearer,
        params: { id: hosting.id, protocolId: hostingProtocol.id },
      },
    );
    expect(cancelled.status).toBe(200);

    const response = await call(loader, db, `/api/saft/${MONTH}`, {
      params: { month: MONTH },
      headers: { Cookie: owner.cookie },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const xml = await response.text();
    const result = await validateXML({
      xml: [{ fileName: "saft.xml", contents: xml }],
      schema: [{ fileName: "BG_SAFT_Schema_V_1.0.1.xsd", contents: readFileSync(XSD, "utf8") }],
      maxMemoryPages: 16384,
    });
    expect(result.errors.map((e) => e.message)).toEqual([]);
    expect(result.valid).toBe(true);

    const all = invoices(xml);
    // The protocols, not their invoices; the cancelled protocol's invoice, not the protocol.
    expect(all.filter(invoiceNo("5329876543"))).toEqual([]);
    expect(all.filter(invoiceNo("0000000461"))).toEqual([]);
    expect(all.filter(invoiceNo(hostingProtocol.number))).toEqual([]);
    expect(all.filter(invoiceNo("R0012345"))).toHaveLength(1);
    const made = all.find(invoiceNo(adsProtocol.number))!;
    expect(made).toBeDefined();
    expect(made).toContain("<InvoiceType>09</InvoiceType>");
    expect(made).toContain(`<InvoiceDate>${MONTH}-05</InvoiceDate>`);
    expect(made).toContain("<Name>Google Ireland Limited</Name>");
    expect(made).toContain("<DebitCreditIndicator>D</DebitCreditIndicator>");
    expect(made).toContain("<TaxPercentage>20</TaxPercentage><TaxBase>100.00</TaxBase>");
    expect(taxOf(made)).toBe(2_000);
    expect(made).toContain("<NetTotal>100.00</NetTotal><GrossTotal>120.00</GrossTotal>");
    const entry = await db
      .selectFrom("ledgerEntries")
      .select("id")
      .where("companyId", "=", me.companyId)
      .where("sourceKind", "=", "vat_protocol")
      .where("sourceId", "=", adsProtocol.id)
      .executeTakeFirstOrThrow();
    expect(made).toContain(`<TransactionID>${entry.id}</TransactionID>`);
    expect(taxOf(all.find(invoiceNo(scrapProtocol.number))!)).toBe(2_469);

    // The same elements as the protocol typed by hand in buildLedgerMonth (Google Ireland Ltd).
    const typed = all.find((inv) => inv.includes("<Name>Google Ireland Ltd</Name>"))!;
    expect(typed).toContain("<InvoiceType>09</InvoiceType>");
    expect(shape(made)).toBe(shape(typed));

    // The VAT journals' purchases, to the cent: count, bases (debit − credit) and VAT.
    const report = await vatReport(db, me.companyId, MONTH, true);
    const sum = (r: { amounts: Record<string, number | undefined> }, cols: string[]) =>
      cols.reduce((s, c) => s + (r.amounts[c] ?? 0), 0);
    const purchaseBase = report.purchases.reduce((s, r) => s + sum(r, ["03-31", "03-32"]), 0);
    const purchaseVat = report.purchases.reduce((s, r) => s + sum(r, ["03-41", "03-42"]), 0);
    expect(report.purchases.reduce((s, r) => s + sum(r, ["03-30"]), 0)).toBe(0);
    expect(report.purchases.filter((r) => r.type === "09")).toHaveLength(3);
    const purchases = section(xml, "PurchaseInvoices");
    expect(Number(/<NumberOfEntries>(\d+)</.exec(purchases)?.[1])).toBe(report.purchases.length);
    expect(
      cents(/<TotalDebit>([^<]*)</.exec(purchases)?.[1]) -
        cents(/<TotalCredit>([^<]*)</.exec(purchases)?.[1]),
    ).toBe(purchaseBase);
    expect(all.reduce((s, inv) => s + taxOf(inv), 0)).toBe(purchaseVat);
    // And the return's cell 41 (VAT with full credit) is that VAT, as the books' 4531 and 4532
    // are the return's cells on the month-end page.
    expect(report.figures["01-41"]).toBe(purchaseVat);
    const agreement = await booksAgreement(db, me.companyId, MONTH, `${MONTH}-31`);
    for (const code of ["4531", "4532"]) {
      const row = agreement.find((r) => r.accounts === code)!;
      expect(row.booksCents, code).toBe(row.sourceCents);
    }
    expect(agreement.find((r) => r.accounts === "4531")!.sourceCents).toBe(purchaseVat);
  });
});
