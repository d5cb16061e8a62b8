import { readFileSync } from "node:fs";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { listCategories } from "~/modules/expenses/categories.server";
import { loader as viewLoader } from "~/routes/_app.expenses_.$id";
import { action as addExpense } from "~/routes/_app.expenses_.add";
import { action as expensesPost } from "~/routes/api.expenses";
import { loader as expenseGet } from "~/routes/api.expenses.$id";
import { action as importApi } from "~/routes/api.expenses.import-ubl";
import { bodyLimitFor } from "~/utils/body-limit.server";
import type { Database } from "~db/types";
import { createCompanyOnPlan } from "../setup/factories";
import { type AnyAnswer, call, jsonBody, postApi, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #42 items 9–13: suppliers' e-invoices from the world read into expenses — a negative VAT
 * category on a positive invoice, a negative invoice, a file with its PDF inside (over 1 MB), a
 * foreign company's registration number, and a VAT number from outside the EU.
 */

const getDb = setupTestDatabase();
const CORPUS = new URL("../fixtures/einvoice/corpus/", import.meta.url);
const corpus = (file: string) => new Uint8Array(readFileSync(new URL(file, CORPUS)));

async function company(db: Kysely<Database>) {
  const me = await createCompanyOnPlan(db, "standard");
  const session = await signInApi(db, me.user);
  const [category] = await listCategories(db, me.companyId);
  return {
    companyId: me.companyId,
    categoryId: category!.id,
    page: { Cookie: session.cookie },
    api: session.bearer,
  };
}

function fileForm(
  field: string,
  name: string,
  bytes: Uint8Array,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append(field, new File([new Uint8Array(bytes)], name, { type: "application/xml" }));
  return form;
}

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
};

/** A Bulgarian supplier's invoice: 100.00 at 20 % and a returned deposit of −10.00 (exempt). */
const DEPOSIT_RETURNED = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>
  <cbc:ID>0000000123</cbc:ID>
  <cbc:IssueDate>2026-11-10</cbc:IssueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party>
    <cac:PostalAddress><cbc:CityName>София</cbc:CityName><cac:Country><cbc:IdentificationCode>BG</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
    <cac:PartyTaxScheme><cbc:CompanyID>BG175074752</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>Бутилки ООД</cbc:RegistrationName><cbc:CompanyID>175074752</cbc:CompanyID></cac:PartyLegalEntity>
  </cac:Party></cac:AccountingSupplierParty>
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="EUR">20.00</cbc:TaxAmount>
    <cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">100.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">20.00</cbc:TaxAmount>
      <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>20</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>
    <cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">-10.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">0.00</cbc:TaxAmount>
      <cac:TaxCategory><cbc:ID>E</cbc:ID><cbc:Percent>0</cbc:Percent><cbc:TaxExemptionReason>Върната гаранция за амбалаж</cbc:TaxExemptionReason><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="EUR">90.00</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="EUR">90.00</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">110.00</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="EUR">110.00</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="C62">1</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Минерална вода</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>20</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">100.00</cbc:PriceAmount></cac:Price></cac:InvoiceLine>
  <cac:InvoiceLine><cbc:ID>2</cbc:ID><cbc:InvoicedQuantity unitCode="C62">-1</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">-10.00</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Върната гаранция</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>E</cbc:ID><cbc:Percent>0</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">10.00</cbc:PriceAmount></cac:Price></cac:InvoiceLine>
</Invoice>`;

describe("suppliers' e-invoices from the world (issue #42 items 9–13)", () => {
  it("item 9: a positive invoice with a negative VAT category is read and saved, its row negative", {
    timeout: 60_000,
  }, async () => {
    const db = getDb();
    const me = await company(db);
    const bytes = new TextEncoder().encode(DEPOSIT_RETURNED);
    const api = await call(importApi, db, "/api/expenses/import-ubl", {
      method: "POST",
      headers: me.api,
      body: fileForm("file", "deposit.xml", bytes),
    });
    expect(api.status).toBe(200);
    expect((await api.json()).expense).toMatchObject({
      documentType: "invoice",
      supplierEik: "175074752",
      amounts: [
        { vatRate: 20, base: "100.00", vat: "20.00" },
        { vatRate: null, base: "-10.00", vat: "0.00" },
      ],
    });

    // The page reads it into the form and saves it as it is.
    const read = await call(addExpense, db, "/expenses/add", {
      method: "POST",
      headers: me.page,
      body: fileForm("ubl", "deposit.xml", bytes, { intent: "import-ubl" }),
    });
    expect(read.status).toBe(200);
    const fields = (await read.json()).repopulateFields as Record<string, string>;
    expect(fields["amounts[none][base]"]).toBe("-10,00");
    const saved = await call(addExpense, db, "/expenses/add", {
      method: "POST",
      headers: me.page,
      body: formOf({ ...fields, categoryId: me.categoryId, paid: "no" }),
    });
    expect(saved.status).toBe(302);
    const expense = await db
      .selectFrom("expenses")
      .select(["id", "subtotalCents", "vatCents", "totalCents"])
      .where("companyId", "=", me.companyId)
      .executeTakeFirstOrThrow();
    expect(expense).toMatchObject({ subtotalCents: 9_000, vatCents: 2_000, totalCents: 11_000 });
    const rows = await db
      .selectFrom("expenseAmounts")
      .select(["vatRate", "baseCents", "vatCents"])
      .where("expenseId", "=", expense.id)
      .orderBy("baseCents", "desc")
      .execute();
    expect(rows).toEqual([
      { vatRate: 20, baseCents: 10_000, vatCents: 2_000 },
      { vatRate: null, baseCents: -1_000, vatCents: 0 },
    ]);

    // A document whose total is negative is still refused as an invoice: it is a credit note.
    const negative = await postApi<AnyAnswer>(
      expensesPost,
      db,
      "/api/expenses",
      {
        supplierName: "Бутилки ООД",
        documentType: "invoice",
        documentNumber: "0000000124",
        documentDate: "2026-11-10",
        description: "Само върната гаранция",
        categoryId: me.categoryId,
        amounts: [{ vatRate: null, base: "-10.00" }],
      },
      me.api,
      400,
    );
    expect(JSON.stringify(negative)).toContain("запишете го като кредитно известие");
  });

  it("item 10: a negative invoice (a correction) is read as a credit note with positive amounts and saves", {
    timeout: 60_000,
  }, async () => {
    const db = getDb();
    const me = await company(db);
    const api = await call(importApi, db, "/api/expenses/import-ubl", {
      method: "POST",
      headers: me.api,
      body: fileForm(
        "file",
        "correction.xml",
        corpus("peppol-bis3/base-negative-inv-correction.xml"),
      ),
    });
    expect(api.status).toBe(200);
    const { expense, warnings } = await api.json();
    expect(expense).toMatchObject({
      documentType: "credit_note",
      documentNumber: "Correction1",
      currency: "EUR",
      amounts: [{ vatRate: null, base: "1656.25", vat: "0.00" }],
    });
    expect(warnings).toContain(
      "Фактурата е с отрицателна сума (корекция): записва се като кредитно известие с положителни суми.",
    );
    const { eurRate: _rate, eurRateNote: _note, warnings: _w, ...fields } = expense;
    const created = await postApi<AnyAnswer>(
      expensesPost,
      db,
      "/api/expenses",
      { ...fields, categoryId: me.categoryId },
      me.api,
    );
    expect(created).toMatchObject({
      documentType: "credit_note",
      total: "1656.25",
      supplier: { vatNumber: "GB1232434", companyId: "GB983294", eik: null },
    });
  });

  it("item 11: a 3.3 MB Peppol invoice with its PDF inside is read (API and page) and its PDF kept as an attachment", {
    timeout: 60_000,
  }, async () => {
    const db = getDb();
    const me = await company(db);
    const bytes = corpus("en16931/FT-G2G-TD01-con-Allegato-Bonifico-e-Split-Payment.xml");
    expect(bytes.byteLength).toBeGreaterThan(3_000_000);
    const api = await call(importApi, db, "/api/expenses/import-ubl", {
      method: "POST",
      headers: me.api,
      body: fileForm("file", "italia.xml", bytes),
    });
    expect(api.status).toBe(200);
    const answer = await api.json();
    expect(answer.expense).toMatchObject({
      documentNumber: "1316/85",
      supplierVatNumber: "IT01598570354",
    });
    expect(answer.attachment).toMatchObject({
      fileName: "mappatura_ubl_sdi.pdf",
      contentType: "application/pdf",
      size: 2_464_230,
    });
    // The raw XML body is allowed the same 10 MB at the server's edge.
    const limits = { body: 1_048_576, upload: 26_214_400 };
    expect(bodyLimitFor("application/xml", "/api/expenses/import-ubl", limits)).toBeGreaterThan(
      10_485_760,
    );
    expect(
      bodyLimitFor("multipart/form-data; boundary=x", "/api/expenses/import-ubl", limits),
    ).toBeGreaterThan(10_485_760);

    const read = await call(addExpense, db, "/expenses/add", {
      method: "POST",
      headers: me.page,
      body: fileForm("ubl", "italia.xml", bytes, { intent: "import-ubl" }),
    });
    expect(read.status).toBe(200);
    const fields = (await read.json()).repopulateFields as Record<string, string>;
    expect(fields.ublPdf).toMatch(/^[0-9a-f]{64}$/);
    expect(fields.ublPdfName).toBe("mappatura_ubl_sdi.pdf");
    const saved = await call(addExpense, db, "/expenses/add", {
      method: "POST",
      headers: me.page,
      body: formOf({ ...fields, categoryId: me.categoryId, paid: "no" }),
    });
    expect(saved.status).toBe(302);
    const id = /\/expenses\/([0-9a-f-]{36})/.exec(saved.headers.get("Location")!)![1]!;
    const got = await (
      await call(expenseGet, db, `/api/expenses/${id}`, { headers: me.api, params: { id } })
    ).json();
    expect(
      (got.attachments as { fileName: string; contentType: string; size: number }[])
        .map(({ fileName, contentType, size }) => ({ fileName, contentType, size }))
        .sort((a, b) => a.fileName.localeCompare(b.fileName)),
    ).toEqual([
      { fileName: "italia.xml", contentType: "application/xml", size: bytes.byteLength },
      { fileName: "mappatura_ubl_sdi.pdf", contentType: "application/pdf", size: 2_464_230 },
    ]);

    // Past 10 MB: 413 with the limit named.
    const big = new TextEncoder().encode(`<?xml version="1.0"?><x>${"a".repeat(10_485_761)}</x>`);
    const over = await call(importApi, db, "/api/expenses/import-ubl", {
      method: "POST",
      headers: me.api,
      body: fileForm("file", "big.xml", big),
    });
    expect(over.status).toBe(413);
    expect((await over.json()).message).toBe(
      "Файлът е твърде голям: електронната фактура е до 10 MB",
    );
  });

  it("item 12: a Norwegian company's 9-digit number is its registration number, not an ЕИК, and the expense saves and shows it", {
    timeout: 60_000,
  }, async () => {
    const db = getDb();
    const me = await company(db);
    const bytes = corpus("en16931/guide-example2.xml");
    const read = await call(addExpense, db, "/expenses/add", {
      method: "POST",
      headers: me.page,
      body: fileForm("ubl", "norge.xml", bytes, { intent: "import-ubl" }),
    });
    expect(read.status).toBe(200);
    const fields = (await read.json()).repopulateFields as Record<string, string>;
    expect(fields).toMatchObject({
      supplierName: "Salescompany ltd.",
      supplierEik: "",
      supplierCompanyId: "123456789",
      supplierVatNumber: "NO123456789MVA",
      documentNumber: "TOSL108",
    });
    const saved = await call(addExpense, db, "/expenses/add", {
      method: "POST",
      headers: me.page,
      body: formOf({ ...fields, eurRate: "0,085", categoryId: me.categoryId, paid: "no" }),
    });
    expect(saved.status).toBe(302);
    const id = /\/expenses\/([0-9a-f-]{36})/.exec(saved.headers.get("Location")!)![1]!;
    const page = await (
      await call(viewLoader, db, `/expenses/${id}`, { headers: me.page, params: { id } })
    ).json();
    expect(page.expense).toMatchObject({ supplierEik: null, supplierCompanyId: "123456789" });
    const got = await (
      await call(expenseGet, db, `/api/expenses/${id}`, { headers: me.api, params: { id } })
    ).json();
    expect(got.supplier).toMatchObject({
      eik: null,
      companyId: "123456789",
      vatNumber: "NO123456789MVA",
    });
  });

  it("item 13: a foreign supplier's VAT number from outside the EU is accepted; Greece is EL; nonsense is refused", async () => {
    const db = getDb();
    const me = await company(db);
    const post = (supplierVatNumber: string, documentNumber: string) =>
      call(expensesPost, db, "/api/expenses", {
        ...jsonBody(
          {
            supplierName: "Foreign AS",
            supplierVatNumber,
            documentType: "invoice",
            documentNumber,
            documentDate: "2026-11-10",
            description: "Лиценз",
            categoryId: me.categoryId,
            amounts: [{ vatRate: null, base: "100.00" }],
          },
          "POST",
          me.api,
        ),
      });
    for (const [vat, stored] of [
      ["NO999888777MVA", "NO999888777MVA"],
      ["GB 123 4567 89", "GB123456789"],
      ["CHE-123.456.789 MWST", "CHE123456789MWST"],
      ["GR094014201", "EL094014201"],
    ] as const) {
      const created = await post(vat, `F-${stored}`);
      expect(created.status, vat).toBe(201);
      expect((await created.json()).supplier.vatNumber, vat).toBe(stored);
    }
    for (const vat of ["N1234", "NO1234567890123456", "DE1"]) {
      const refused = await post(vat, `X-${vat}`);
      expect(refused.status, vat).toBe(400);
      expect(JSON.stringify(await refused.json()), vat).toContain("кодът на държавата");
    }
  });
});
