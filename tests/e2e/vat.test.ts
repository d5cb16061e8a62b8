import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validEik } from "../setup/values";
import {
  expectAccessible,
  field,
  hasChromium,
  launchBrowser,
  openPage,
  postJson,
  type RunningApp,
  signInContext,
  startApp,
} from "./harness";

/*
 * The month's VAT files and the e-invoice in Chromium without JavaScript (issue #16): what is
 * missing is listed first, the filing form fills it, then the files download; an invoice leaves as
 * UBL from its page.
 */

const today = () => new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Sofia" });

async function issuedInvoice(app: RunningApp, context: BrowserContext) {
  const eik = validEik();
  const client = await postJson(context.request, app, "/api/clients", {
    kind: "company",
    name: "Купувач ООД",
    eik,
    vatNumber: `BG${eik}`,
    emails: ["kupuvach@example.bg"],
    address: "ул. Раковски 1",
    city: "София",
    postalCode: "1000",
  });
  const invoice = await postJson(context.request, app, "/api/invoices", {
    type: "invoice",
    clientId: client.id,
    issueDate: today(),
    dueDate: today(),
    lines: [{ description: "Счетоводни услуги", quantity: "1", unitPrice: "500.00", vatRate: 20 }],
  });
  await postJson(context.request, app, `/api/invoices/${invoice.id}/issue`, {});
  return invoice.id;
}

/** A German business client and a services invoice to it under чл. 21, ал. 2, issued. */
async function germanInvoice(app: RunningApp, context: BrowserContext) {
  const client = await postJson(context.request, app, "/api/clients", {
    kind: "foreign_company",
    name: "Müller Maschinenbau GmbH",
    vatNumber: "DE811907980",
    address: "Hauptstraße 5",
    city: "München",
    country: "Германия",
  });
  const invoice = await postJson(context.request, app, "/api/invoices", {
    type: "invoice",
    clientId: client.id,
    issueDate: today(),
    dueDate: today(),
    vatGround: "чл. 21, ал. 2 от ЗДДС",
    lines: [{ description: "Консултации", quantity: "1", unitPrice: "800.00", vatRate: null }],
  });
  await postJson(context.request, app, `/api/invoices/${invoice.id}/issue`, {});
  return { clientId: client.id, invoiceId: invoice.id };
}

describe.skipIf(!hasChromium)("VAT files and e-invoices in Chromium", () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("lists what is missing, takes the filer's data and downloads the files without JavaScript; axe", async () => {
    const { page, context } = await openPage(browser, { javaScriptEnabled: false });
    try {
      await signInContext(app, context);
      const id = await issuedInvoice(app, context);
      const month = today().slice(0, 7);
      await page.goto(`${app.url}/reports/vat?month=${month}`);
      await page.getByRole("heading", { name: /Какво трябва да се поправи/ }).waitFor();
      await expectAccessible(page);
      await field(page, "Име, презиме и фамилия").fill("Иван Петров");
      await field(page, "ЕГН или ЛНЧ").fill("1234567890");
      await field(page, "Населено място").fill("Пловдив");
      await field(page, "Пощенски код").fill("4000");
      await field(page, "Адрес").fill("ул. Шипка 5");
      await page.getByRole("button", { name: "Запази" }).click();
      await page.getByText("Невалидно ЕГН или ЛНЧ").waitFor();
      expect(await field(page, "Име, презиме и фамилия").inputValue()).toBe("Иван Петров");
      await field(page, "ЕГН или ЛНЧ").fill("8501011234");
      await page.getByRole("button", { name: "Запази" }).click();
      await page.getByRole("heading", { name: "Файлове за портала на НАП" }).waitFor();
      const table = page.getByRole("table", { name: /Дневник за продажбите/ });
      await table.getByText("500,00").first().waitFor();
      await expectAccessible(page);

      const direct = await context.request.get(
        `${app.url}/reports/vat/files/PRODAGBI.TXT?month=${month}`,
      );
      expect(direct.status(), await direct.text()).toBe(200);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "PRODAGBI.TXT" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("PRODAGBI.TXT");
      const bytes = await (await download.createReadStream()).toArray();
      const text = Buffer.concat(bytes as Buffer[]).toString("latin1");
      expect(text).toHaveLength(426);
      expect(text.endsWith("\r\n")).toBe(true);

      await page.goto(`${app.url}/invoice/${id}`);
      const [xml] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Електронна фактура (UBL)" }).click(),
      ]);
      expect(xml.suggestedFilename()).toMatch(/\.xml$/);
    } finally {
      await context.close();
    }
  });
  it("a German client «Müller … Hauptstraße»: warned in the client form and the editor, «Обратно начисляване» printed, the month's files download; axe", async () => {
    const { page, context } = await openPage(browser, { javaScriptEnabled: false });
    try {
      await signInContext(app, context);
      const { clientId, invoiceId } = await germanInvoice(app, context);
      const converted =
        "Във файловете за НАП (Windows-1251) ще бъде изписано „Muller Maschinenbau GmbH“ (ü → u).";
      await page.goto(`${app.url}/client/edit/${clientId}`);
      await page.getByText(converted).waitFor();
      await page.goto(`${app.url}/invoice/new?clientId=${clientId}`);
      await page.getByText(converted).waitFor();

      await page.goto(`${app.url}/invoice/${invoiceId}`);
      await page.getByText("Обратно начисляване — чл. 21, ал. 2 от ЗДДС").first().waitFor();

      const month = today().slice(0, 7);
      await page.goto(`${app.url}/reports/vat?month=${month}`);
      await field(page, "Име, презиме и фамилия").fill("Иван Петров");
      await field(page, "ЕГН или ЛНЧ").fill("8501011234");
      await field(page, "Населено място").fill("Пловдив");
      await field(page, "Пощенски код").fill("4000");
      await field(page, "Адрес").fill("ул. Шипка 5");
      await page.getByRole("button", { name: "Запази" }).click();
      await page.getByRole("heading", { name: "Файлове за портала на НАП" }).waitFor();
      await page.getByRole("heading", { name: /Изписано съкратено или без знаци/ }).waitFor();
      await page.getByText("«Müller Maschinenbau GmbH» → «Muller Maschinenbau GmbH»").waitFor();
      await expectAccessible(page);
      const [zip] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Всички в един ZIP" }).click(),
      ]);
      expect(zip.suggestedFilename()).toBe(`DDS-${month}.zip`);
      // With JavaScript the note follows what is typed in «Име».
      const typed = await openPage(browser, { javaScriptEnabled: true });
      try {
        await signInContext(app, typed.context);
        await typed.page.goto(`${app.url}/client/new`);
        // Hydrated: the country list's text box has replaced the native select.
        await typed.page
          .getByRole("combobox", { name: "Държава" })
          .and(typed.page.locator("input"))
          .waitFor();
        await field(typed.page, "Име").fill("Łódź Trading Sp. z o.o.");
        await typed.page.getByText(/ще бъде изписано „Lodz Trading Sp\. z o\.o\.“/).waitFor();
        // The editor's combobox keeps the server's note on the chosen client once hydrated.
        const typedClient = await germanInvoice(app, typed.context);
        await typed.page.goto(`${app.url}/invoice/new?clientId=${typedClient.clientId}`);
        await typed.page.getByRole("combobox", { name: /Клиент/ }).waitFor();
        await typed.page.getByText(converted).waitFor();
      } finally {
        await typed.context.close();
      }
      const vies = await context.request.get(
        `${app.url}/reports/vat/files/VIES.TXT?month=${month}`,
      );
      expect(vies.status(), await vies.text()).toBe(200);
    } finally {
      await context.close();
    }
  });
});
