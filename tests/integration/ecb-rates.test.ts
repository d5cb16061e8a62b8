import { readFileSync } from "node:fs";
import { join } from "node:path";
import { delay, HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { JOBS } from "~/composition.server";
import { listCategories } from "~/modules/expenses/categories.server";
import { getDocument } from "~/modules/invoices/documents.server";
import {
  ECB_MAX_BYTES,
  ECB_RATES_URL,
  EcbFormatError,
  ecbRateNote,
  eurPerUnit,
  parseEcbXml,
} from "~/modules/reference/ecb-rates";
import { ecbRateOn, fetchEcbRates, saveEcbRates } from "~/modules/reference/ecb-rates.server";
import { loader as editInvoice } from "~/routes/_app.invoice.edit.$id";
import { action as newInvoice } from "~/routes/_app.invoice.new";
import { action as expensesPost } from "~/routes/api.expenses";
import { action as importApi } from "~/routes/api.expenses.import-ubl";
import { action as invoicesPost } from "~/routes/api.invoices";
import { action as vatUpdate, loader as vatUpdateLoader } from "~/routes/hatterscastle.vat-update";
import { readToast } from "~/utils/toast.server";
import { createCompanyOnPlan, createUser } from "../setup/factories";
import {
  type AnyAnswer,
  call,
  cookiesFrom,
  formBody,
  jsonBody,
  postApi,
  signInApi,
} from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #42 item 14 (decision 051): the ECB's euro reference rates kept as data, the one lookup
 * (the date's rate or the last one before it), the daily job against a mocked ECB, and the forms
 * that fill a foreign currency's rate in: a supplier's e-invoice in DKK imported through the API,
 * the expense form, the invoice editor. The rates are the ECB's own (the migration's seed and
 * tests/fixtures/ecb-rates); nothing here reaches the network.
 */

const getDb = setupTestDatabase();
const FIXTURES = join(__dirname, "../fixtures/ecb-rates");
const DAILY = readFileSync(join(FIXTURES, "eurofxref-daily-2025-05-09.xml"), "utf8");
const HIST_90D = readFileSync(join(FIXTURES, "eurofxref-hist-90d-excerpt.xml"), "utf8");
const DAILY_URL = `${ECB_RATES_URL}/eurofxref-daily.xml`;
const HIST_URL = `${ECB_RATES_URL}/eurofxref-hist-90d.xml`;

// why: the ECB's files are the job's only outside source; each test answers as the ECB would
// (or would not) and nothing else may be asked.
const ecb = setupServer();
beforeAll(async () => {
  ecb.listen({ onUnhandledRequest: "error" });
  // These tests describe the first seed's end (09.05.2025) and the job after it: the second
  // seed's days (to 13.04.2026, tests/integration/ecb-rates-seed.test.ts) are left out here.
  await getDb().deleteFrom("ecbRates").where("rateDate", ">", "2025-05-09").execute();
});
afterAll(() => ecb.close());
afterEach(async () => {
  ecb.resetHandlers();
  // ecb_rates is reference data kept between tests: the seed's last days back as the seed had them.
  await saveEcbRates(getDb(), parseEcbXml(HIST_90D), "eurofxref-hist.csv");
  await getDb().deleteFrom("ecbRates").where("rateDate", ">", "2025-05-09").execute();
});

const rowsOf = (currency: string, from: string) =>
  getDb()
    .selectFrom("ecbRates")
    .select(["rateDate", "unitsPerEur", "source"])
    .where("currency", "=", currency)
    .where("rateDate", ">=", from)
    .orderBy("rateDate")
    .execute();

describe("the ECB's rates: reading and converting", () => {
  it("reads the ECB's daily file as published, and refuses what is not it", () => {
    const [day, ...more] = parseEcbXml(DAILY);
    expect(more).toEqual([]);
    expect(day?.date).toBe("2025-05-09");
    expect(day?.rates).toHaveLength(30);
    expect(day?.rates).toContainEqual({ currency: "DKK", unitsPerEur: "7.4604" });
    expect(day?.rates).toContainEqual({ currency: "GBP", unitsPerEur: "0.84770" });
    expect(parseEcbXml(HIST_90D).map((d) => d.date)).toEqual([
      "2025-05-09",
      "2025-05-08",
      "2025-05-07",
    ]);
    const bad = [
      "<html><body>Maintenance</body></html>",
      DAILY.replace("rate='7.4604'", "rate='7,4604'"),
      DAILY.replace("rate='7.4604'", "rate='0'"),
      DAILY.replace("time='2025-05-09'", "time='2025-13-09'"),
      DAILY.replace("currency='DKK'", "currency='dkk'"),
      DAILY.replace("<Cube time='2025-05-09'>", ""),
      DAILY.replace("<?xml", '<!DOCTYPE x [<!ENTITY a "b">]><?xml'),
      DAILY.replace(/<Cube currency[^>]*>/g, ""),
      `${DAILY}${" ".repeat(ECB_MAX_BYTES)}`,
    ];
    for (const text of bad)
      expect(() => parseEcbXml(text), text.slice(0, 80)).toThrow(EcbFormatError);
    const manyDays = DAILY.replace(
      "<Cube time='2025-05-09'>",
      `${"<Cube time='2025-05-09'></Cube>".repeat(101)}<Cube time='2025-05-09'>`,
    );
    expect(() => parseEcbXml(manyDays)).toThrow("too many days");
  });

  it("turns units for 1 EUR into EUR per unit exactly, rounded half up to 8 decimals", () => {
    expect(eurPerUnit("7.4672")).toBe("0.13391901");
    expect(eurPerUnit("1.136")).toBe("0.88028169");
    expect(eurPerUnit("0.84770")).toBe("1.17966262");
    expect(eurPerUnit("1")).toBe("1");
    expect(eurPerUnit("163.36")).toBe("0.00612145");
    expect(eurPerUnit("0")).toBeNull();
    expect(eurPerUnit("300000000")).toBeNull();
    expect(ecbRateNote({ currency: "DKK", date: "2026-11-27", unitsPerEur: "7.45820" })).toBe(
      "Курс на ЕЦБ от 27.11.2026: 1 EUR = 7,4582 DKK",
    );
  });
});

describe("the ECB's rate on a date", () => {
  it("is the date's rate, or the last one before it within a week; none before the first or for EUR, BGN, RSD", async () => {
    const db = getDb();
    const on = async (currency: string, date: string) => {
      const rate = await ecbRateOn(db, currency, date);
      return rate && { date: rate.date, unitsPerEur: rate.unitsPerEur, eurRate: rate.eurRate };
    };
    // A working day: its own rate.
    expect(await on("DKK", "2025-05-09")).toEqual({
      date: "2025-05-09",
      unitsPerEur: "7.4604",
      eurRate: "0.13404107",
    });
    // A weekend: Friday's.
    expect((await on("DKK", "2025-05-11"))?.date).toBe("2025-05-09");
    // Good Friday and Easter Monday (TARGET holidays): Thursday's.
    expect(await on("usd", "2025-04-18")).toEqual({
      date: "2025-04-17",
      unitsPerEur: "1.136",
      eurRate: "0.88028169",
    });
    expect((await on("USD", "2025-04-21"))?.date).toBe("2025-04-17");
    // 1 May: the day before.
    expect((await on("SEK", "2025-05-01"))?.date).toBe("2025-04-30");
    // After the last stored day: that day for a week, then nothing (the job has not run).
    expect((await on("NOK", "2025-05-16"))?.date).toBe("2025-05-09");
    expect(await on("NOK", "2025-05-17")).toBeNull();
    // Before the first stored day, the euro, the lev and a currency the ECB does not quote.
    expect(await on("DKK", "2025-01-01")).toBeNull();
    expect(await on("EUR", "2025-05-09")).toBeNull();
    expect(await on("BGN", "2025-05-09")).toBeNull();
    expect(await on("RSD", "2025-05-09")).toBeNull();
    expect(await on("DKK", "9.5.2025")).toBeNull();
    const note = await ecbRateOn(db, "DKK", "2025-04-20");
    expect(note).toMatchObject({
      source: "ЕЦБ",
      note: "Курс на ЕЦБ от 17.04.2025: 1 EUR = 7,4672 DKK",
    });
  });
});

describe("the daily job", () => {
  const log = () => vi.fn<(message: string) => void>();

  it("is declared with a daily schedule and adds the day's rates from the daily file", async () => {
    expect(JOBS["ecb-rates.fetch"].cron).toBe("30 17 * * *");
    const db = getDb();
    await db.deleteFrom("ecbRates").where("rateDate", "=", "2025-05-09").execute();
    const asked: string[] = [];
    ecb.use(
      http.get(DAILY_URL, ({ request }) => {
        asked.push(request.url);
        return new HttpResponse(DAILY, { headers: { "Content-Type": "text/xml" } });
      }),
    );
    const outcome = await fetchEcbRates(db, { today: "2025-05-12", log: log() });
    expect(outcome).toEqual({
      ok: true,
      file: "eurofxref-daily.xml",
      days: 1,
      rows: 29,
      latest: "2025-05-09",
    });
    expect(asked).toEqual([DAILY_URL]);
    expect(await rowsOf("DKK", "2025-05-08")).toEqual([
      { rateDate: "2025-05-08", unitsPerEur: "7.46030000", source: "eurofxref-hist.csv" },
      { rateDate: "2025-05-09", unitsPerEur: "7.46040000", source: "eurofxref-daily.xml" },
    ]);
    // Run twice, the same rows.
    await fetchEcbRates(db, { today: "2025-05-12", log: log() });
    expect(await rowsOf("DKK", "2025-05-08")).toHaveLength(2);
    // BGN's rate is the fixed 1.95583, never the ECB's rounded 1.9558.
    expect(await rowsOf("BGN", "2025-01-01")).toEqual([]);
  });

  it("after missed days reads the 90-day file and fills the gap", async () => {
    const db = getDb();
    await db.deleteFrom("ecbRates").where("rateDate", ">=", "2025-05-07").execute();
    ecb.use(http.get(HIST_URL, () => HttpResponse.text(HIST_90D)));
    const outcome = await fetchEcbRates(db, { today: "2025-05-12", log: log() });
    expect(outcome).toMatchObject({ ok: true, file: "eurofxref-hist-90d.xml", days: 3, rows: 87 });
    expect((await rowsOf("GBP", "2025-05-07")).map((r) => [r.rateDate, r.source])).toEqual([
      ["2025-05-07", "eurofxref-hist-90d.xml"],
      ["2025-05-08", "eurofxref-hist-90d.xml"],
      ["2025-05-09", "eurofxref-hist-90d.xml"],
    ]);
  });

  it("logs a slow, unreachable, failing, oversized or malformed answer, stores nothing and never throws", async () => {
    const db = getDb();
    const before = await rowsOf("DKK", "2025-05-01");
    const cases: [string, Parameters<typeof http.get>[1], RegExp][] = [
      [
        "slow",
        async () => {
          await delay(2_000);
          return HttpResponse.text(DAILY);
        },
        /timed out/,
      ],
      ["unreachable", () => HttpResponse.error(), /unreachable/],
      ["503", () => new HttpResponse("busy", { status: 503 }), /HTTP 503/],
      [
        "declared too large",
        () =>
          new HttpResponse(`${DAILY}${" ".repeat(ECB_MAX_BYTES)}`, {
            headers: { "Content-Type": "text/xml" },
          }),
        /too large/,
      ],
      [
        "streamed too large",
        () =>
          new HttpResponse(
            new ReadableStream({
              start(controller) {
                const chunk = new TextEncoder().encode("<Cube>".repeat(10_000));
                for (let i = 0; i < 10; i++) controller.enqueue(chunk);
                controller.close();
              },
            }),
          ),
        /too large/,
      ],
      ["an HTML page", () => HttpResponse.text("<html>Maintenance</html>"), /not the ECB's rates/],
      [
        "a bad rate",
        () => HttpResponse.text(DAILY.replace("rate='7.4604'", "rate='n/a'")),
        /not the ECB's rates \(bad rate\)/,
      ],
    ];
    for (const [what, answer, reason] of cases) {
      ecb.resetHandlers(http.get(DAILY_URL, answer));
      const logged = log();
      const outcome = await fetchEcbRates(db, { today: "2025-05-12", timeoutMs: 300, log: logged });
      expect(outcome, what).toMatchObject({ ok: false, file: "eurofxref-daily.xml" });
      expect(outcome.ok ? "" : outcome.reason, what).toMatch(reason);
      expect(logged, what).toHaveBeenCalledWith(expect.stringMatching(/the next run tries again/));
    }
    expect(await rowsOf("DKK", "2025-05-01")).toEqual(before);
  });
});

/** A supplier's e-invoice from Denmark in DKK, reverse charged, issued on Good Friday 2025. */
const DKK_INVOICE = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
  <cbc:ID>DK-2025-118</cbc:ID>
  <cbc:IssueDate>2025-04-18</cbc:IssueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>DKK</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party>
    <cac:PartyName><cbc:Name>Nordisk Design ApS</cbc:Name></cac:PartyName>
    <cac:PostalAddress><cbc:StreetName>Vesterbrogade 1</cbc:StreetName><cbc:CityName>København</cbc:CityName><cbc:PostalZone>1620</cbc:PostalZone><cac:Country><cbc:IdentificationCode>DK</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
    <cac:PartyTaxScheme><cbc:CompanyID>DK13585628</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>Nordisk Design ApS</cbc:RegistrationName></cac:PartyLegalEntity>
  </cac:Party></cac:AccountingSupplierParty>
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="DKK">0.00</cbc:TaxAmount>
    <cac:TaxSubtotal>
      <cbc:TaxableAmount currencyID="DKK">7467.20</cbc:TaxableAmount>
      <cbc:TaxAmount currencyID="DKK">0.00</cbc:TaxAmount>
      <cac:TaxCategory><cbc:ID>AE</cbc:ID><cbc:Percent>0</cbc:Percent><cbc:TaxExemptionReason>Reverse charge</cbc:TaxExemptionReason><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>
    </cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="DKK">7467.20</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="DKK">7467.20</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="DKK">7467.20</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="DKK">7467.20</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cac:InvoiceLine>
    <cbc:ID>1</cbc:ID>
    <cbc:InvoicedQuantity unitCode="C62">1</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="DKK">7467.20</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Logo design</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>AE</cbc:ID><cbc:Percent>0</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="DKK">7467.20</cbc:PriceAmount></cac:Price>
  </cac:InvoiceLine>
</Invoice>`;

async function standardCompany() {
  const db = getDb();
  const me = await createCompanyOnPlan(db, "standard");
  const session = await signInApi(db, me.user);
  const [category] = await listCategories(db, me.companyId);
  return { ...me, categoryId: category!.id, cookie: session.cookie, bearer: session.bearer };
}

describe("forms fill a foreign currency's rate in from the ECB", () => {
  it("a supplier's e-invoice in DKK imported through the API comes with the ECB's rate and saves", async () => {
    const db = getDb();
    const me = await standardCompany();
    const imported = await call(importApi, db, "/api/expenses/import-ubl", {
      method: "POST",
      headers: { ...me.bearer, "Content-Type": "application/xml" },
      body: DKK_INVOICE,
    });
    expect(imported.status).toBe(200);
    const { expense } = await imported.json();
    expect(expense).toMatchObject({
      currency: "DKK",
      documentDate: "2025-04-18",
      eurRate: "0.13391901",
      eurRateNote: "Курс на ЕЦБ от 17.04.2025: 1 EUR = 7,4672 DKK",
    });

    // The import's fields, as a client sends them on, save as they are.
    const saved = await call(expensesPost, db, "/api/expenses", {
      ...jsonBody(
        {
          ...expense,
          categoryId: me.categoryId,
          paid: true,
          paidOn: "2025-04-25",
          paymentMethod: "bank",
        },
        "POST",
        me.bearer,
      ),
    });
    const body = await saved.json();
    expect(saved.status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ currency: "DKK", eurRate: "0.13391901", total: "7467.20" });

    // A rate the person typed stays theirs.
    const typed = await postApi<AnyAnswer>(
      expensesPost,
      db,
      "/api/expenses",
      {
        ...expense,
        documentNumber: "DK-2025-119",
        eurRate: "0.134",
        categoryId: me.categoryId,
        paid: true,
        paidOn: "2025-04-25",
        paymentMethod: "bank",
      },
      me.bearer,
    );
    expect(typed.eurRate).toBe("0.13400000");

    // Sent without a rate, the API fills the ECB's in as the form does.
    const { eurRate: _, eurRateNote: __, ...withoutRate } = expense;
    const filled = await postApi<AnyAnswer>(
      expensesPost,
      db,
      "/api/expenses",
      {
        ...withoutRate,
        documentNumber: "DK-2025-120",
        categoryId: me.categoryId,
        paid: true,
        paidOn: "2025-04-25",
        paymentMethod: "bank",
      },
      me.bearer,
    );
    expect(filled.eurRate).toBe("0.13391901");
  });

  it("POST /api/invoices in USD without a rate takes the ECB's of its date; none known is still refused", async () => {
    const db = getDb();
    const me = await standardCompany();
    const body = (issueDate: string) => ({
      type: "invoice",
      clientId: me.clientId,
      issueDate,
      currency: "USD",
      lines: [{ description: "Консултация", quantity: "1", unitPrice: "100", vatRate: 20 }],
    });
    const made = await postApi<AnyAnswer>(
      invoicesPost,
      db,
      "/api/invoices",
      body("2025-05-03"),
      me.bearer,
    );
    // Saturday 03.05.2025: Friday's rate, 1 EUR = 1.1343 USD.
    expect(made).toMatchObject({ currency: "USD", eurRate: "0.88160099" });
    const unknown = await postApi<AnyAnswer>(
      invoicesPost,
      db,
      "/api/invoices",
      body("2026-11-27"),
      me.bearer,
      400,
    );
    expect(unknown.errors).toHaveProperty("eurRate");
  });

  it("/expenses/add reads the DKK e-invoice into the form with the ECB's rate and its note", async () => {
    const db = getDb();
    const me = await standardCompany();
    const { action: addExpense } = await import("~/routes/_app.expenses_.add");
    const form = new FormData();
    form.append("intent", "import-ubl");
    form.append("ubl", new File([DKK_INVOICE], "DK-2025-118.xml", { type: "application/xml" }));
    const read = await call(addExpense, db, "/expenses/add", {
      method: "POST",
      body: form,
      headers: { Cookie: me.cookie },
    });
    expect(read.status).toBe(200);
    expect((await read.json()).repopulateFields).toMatchObject({
      currency: "DKK",
      eurRate: "0,13391901",
      eurRateNote: "Курс на ЕЦБ от 17.04.2025: 1 EUR = 7,4672 DKK",
    });
  });

  it("the expense form saves a USD expense with the rate left empty at the ECB's rate of its date", async () => {
    const db = getDb();
    const me = await standardCompany();
    const { action: addExpense } = await import("~/routes/_app.expenses_.add");
    const form = new FormData();
    for (const [key, value] of Object.entries({
      supplierName: "Google Ireland Limited",
      supplierVatNumber: "IE6388047V",
      documentType: "invoice",
      documentNumber: "US-77",
      documentDate: "2025-04-21",
      description: "Software licence",
      categoryId: me.categoryId,
      currency: "USD",
      eurRate: "",
      "amounts[none][base]": "113,60",
      paid: "yes",
      paidOn: "2025-04-22",
      paymentMethod: "bank",
    })) {
      form.append(key, value);
    }
    const saved = await call(addExpense, db, "/expenses/add", {
      method: "POST",
      body: form,
      headers: { Cookie: me.cookie },
    });
    expect(saved.status, await saved.clone().text()).toBe(302);
    const row = await db
      .selectFrom("expenses")
      .select(["currency", "eurRate"])
      .where("companyId", "=", me.companyId)
      .executeTakeFirstOrThrow();
    // Easter Monday: the rate of Thursday 17.04.2025, 1 EUR = 1.136 USD.
    expect(row).toEqual({ currency: "USD", eurRate: "0.88028169" });
  });

  it("the invoice editor saves an invoice in GBP with the rate left empty at the ECB's rate of its tax event", async () => {
    const db = getDb();
    const me = await standardCompany();
    const fields = {
      intent: "save",
      type: "invoice",
      clientId: me.clientId,
      issueDate: "2025-05-12",
      taxEventDate: "2025-05-10",
      currency: "GBP",
      eurRate: "",
      "lines[0][description]": "Консултация",
      "lines[0][quantity]": "1",
      "lines[0][unitPrice]": "100",
      "lines[0][vatRate]": "20",
    };
    const saved = await call(
      newInvoice,
      db,
      "/invoice/new",
      formBody(fields, { Cookie: me.cookie }),
    );
    expect(saved.status, await saved.clone().text()).toBe(302);
    const id = saved.headers.get("Location")!.split("/").pop()!;
    // The tax event (Saturday 10.05.2025) takes Friday's rate: 1 EUR = 0.84770 GBP.
    expect((await getDocument(db, me.companyId, id))?.eurRate).toBe("1.17966262");
    // The editor says where the rate came from, beside the field.
    const edit = await call(editInvoice, db, `/invoice/edit/${id}`, {
      headers: { Cookie: me.cookie },
      params: { id },
    });
    expect(edit.status).toBe(200);
    expect(await edit.json()).toMatchObject({
      values: { currency: "GBP", eurRate: "1.17966262" },
      rateNote: "Курс на ЕЦБ от 09.05.2025: 1 EUR = 0,8477 GBP",
    });
    // A form that comes back with the rate still empty says it will be filled in.
    const line = await call(
      newInvoice,
      db,
      "/invoice/new",
      formBody({ ...fields, intent: "addLine" }, { Cookie: me.cookie }),
    );
    expect(await line.json()).toMatchObject({
      formId: "document",
      repopulateFields: { eurRate: "" },
      rateNote: "Курс на ЕЦБ от 09.05.2025: 1 EUR = 0,8477 GBP (попълва се при запис)",
    });

    // Typed, it stays.
    const typed = await call(
      newInvoice,
      db,
      "/invoice/new",
      formBody({ ...fields, eurRate: "1,18" }, { Cookie: me.cookie }),
    );
    expect(typed.status).toBe(302);
    const other = typed.headers.get("Location")!.split("/").pop()!;
    expect((await getDocument(db, me.companyId, other))?.eurRate).toBe("1.18000000");
  });
});

const toastOf = async (response: Response) =>
  (
    await readToast(
      new Request("http://localhost/", { headers: { Cookie: cookiesFrom(response) } }),
    )
  ).toast;

describe("the back office's VAT page shows the ECB's rates", () => {
  it("lists the newest day kept and downloads the rates on demand, audited", async () => {
    const db = getDb();
    const user = await createUser(db, { role: "admin" });
    const { cookie } = await signInApi(db, user);
    const page = await call(vatUpdateLoader, db, "/hatterscastle/vat-update", {
      headers: { Cookie: cookie },
    });
    const { ecb: shown } = await page.json();
    expect(shown).toMatchObject({ date: "2025-05-09", source: "eurofxref-hist.csv" });
    expect(shown.rates).toContainEqual({
      currency: "DKK",
      unitsPerEur: "7.4604",
      eurRate: "0.13404107",
    });
    // Only the currencies documents may be in (no IDR, no BRL).
    expect(shown.rates.map((r: { currency: string }) => r.currency)).not.toContain("IDR");

    // Today is far past the newest day kept: the 90-day file is asked for.
    ecb.use(http.get(HIST_URL, () => HttpResponse.text(HIST_90D)));
    const fetched = await call(
      vatUpdate,
      db,
      "/hatterscastle/vat-update",
      formBody({ intent: "fetch-ecb" }, { Cookie: cookie }),
    );
    expect(fetched.status).toBe(302);
    expect(await toastOf(fetched)).toMatchObject({
      type: "success",
      title: "Курсовете на ЕЦБ са изтеглени",
      description: "Последен ден: 09.05.2025",
    });
    expect((await rowsOf("DKK", "2025-05-09"))[0]?.source).toBe("eurofxref-hist-90d.xml");
    const audit = await db
      .selectFrom("auditLog")
      .select(["action", "target"])
      .where("adminId", "=", user.id)
      .where("action", "=", "ecb.fetch")
      .execute();
    expect(audit).toEqual([{ action: "ecb.fetch", target: "eurofxref-hist-90d.xml" }]);

    // The ECB unreachable: said so, nothing breaks.
    ecb.resetHandlers(http.get(HIST_URL, () => HttpResponse.error()));
    const failed = await call(
      vatUpdate,
      db,
      "/hatterscastle/vat-update",
      formBody({ intent: "fetch-ecb" }, { Cookie: cookie }),
    );
    expect(failed.status).toBe(302);
    expect(await toastOf(failed)).toMatchObject({
      type: "error",
      title: "ЕЦБ не отговори",
      description: "Файлът eurofxref-hist-90d.xml не е прочетен; задачата ще опита отново утре.",
    });
  });
});
