import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registrationPayload } from "../setup/values";
import {
  expectAccessible,
  field,
  hasChromium,
  launchBrowser,
  openPage,
  postJson,
  type RunningApp,
  registerCustomer,
  startApp,
} from "./harness";

/*
 * Issue #49 item 2 (decision 076): a freelancer's year of invoices and payments gives the
 * quarterly advance tax and Приложение № 3 of the decision's worked example; the contributions
 * are entered on the page; and (decision 080) a sole trader's Приложение № 2 from its posted
 * invoice with the ЗКПО figures it enters; with JavaScript on and off, axe on every page.
 */

/** The decision's worked example over the API: four clients, six invoices, their payments. */
async function workedExample(app: RunningApp, context: BrowserContext) {
  const client = (fields: Record<string, string>) =>
    postJson(context.request, app, "/api/clients", {
      address: "ул. Шипка 1",
      city: "София",
      postalCode: "1000",
      ...fields,
    });
  const alfa = await client({ kind: "company", name: "Алфа ООД", eik: "175074752" });
  const maria = await client({ kind: "individual", name: "Мария Иванова" });
  const acme = await client({
    kind: "foreign_company",
    name: "Acme GmbH",
    city: "Berlin",
    postalCode: "10115",
    country: "Германия",
  });
  const beta = await client({
    kind: "sole_trader",
    name: "ЕТ Бета – Георги Колев",
    eik: "121000015",
  });
  const invoices: [string, string, string, [string, string][]][] = [
    [alfa.id, "2026-02-10", "2000", [["2026-02-20", "2000.00"]]],
    [maria.id, "2026-03-25", "800", [["2026-04-05", "800.00"]]],
    [
      acme.id,
      "2026-05-15",
      "3000",
      [
        ["2026-05-30", "1000.00"],
        ["2026-07-10", "2000.00"],
      ],
    ],
    [beta.id, "2026-08-01", "1200", [["2026-08-15", "1200.00"]]],
    [maria.id, "2026-11-02", "500", [["2026-11-10", "500.00"]]],
    [alfa.id, "2026-11-20", "1000", []],
  ];
  for (const [clientId, issueDate, amount, payments] of invoices) {
    const invoice = await postJson(context.request, app, "/api/invoices", {
      type: "invoice",
      clientId,
      issueDate,
      currency: "EUR",
      lines: [{ description: "Превод", quantity: "1", unitPrice: amount, vatRate: null }],
    });
    await postJson(context.request, app, `/api/invoices/${invoice.id}/issue`, {});
    for (const [paidOn, paid] of payments) {
      await postJson(context.request, app, `/api/invoices/${invoice.id}/payments`, {
        paidOn,
        amount: paid,
        method: "bank",
      });
    }
  }
}

describe.skipIf(!hasChromium)("a freelancer's and a sole trader's income tax in Chromium", () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

    it(`shows the quarters' advance tax and Приложение № 3, and keeps the contributions ${mode}`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        const customer = await registerCustomer(
          app,
          registrationPayload({ companyType: "freelancer", isVatRegistered: false, vatNumber: "" }),
        );
        await context.addCookies([{ name: "__session", value: customer.cookie, url: app.url }]);
        await workedExample(app, context);

        await page.goto(`${app.url}/taxes/advance?year=2026`);
        await page.getByRole("heading", { name: "Авансов данък върху доходите" }).waitFor();
        const second = page.getByRole("row", { name: /^II тримесечие/ });
        await expect.poll(() => second.innerText()).toMatch(/135,00/);
        expect(await second.innerText()).toMatch(/31\.07\.2026/);
        expect(await page.getByRole("row", { name: /^III тримесечие/ }).innerText()).toMatch(
          /150,00/,
        );
        await expectAccessible(page);

        await page.getByRole("link", { name: /Годишна данъчна декларация – Приложение 3/ }).click();
        await page
          .getByRole("heading", { name: "Годишна данъчна декларация – Приложение 3", level: 1 })
          .waitFor();
        await page.getByRole("row", { name: /Алфа ООД/ }).waitFor();
        expect(await page.getByRole("row", { name: /Алфа ООД/ }).innerText()).toMatch(
          /175074752\s+2\s000,00\s+150,00/,
        );
        await expectAccessible(page);

        // A number it cannot read is refused and kept; then the contributions are saved.
        await field(page, "Задължителни осигурителни вноски, внесени за годината (евро)").fill(
          "1.200,00",
        );
        await page.getByRole("button", { name: "Запази" }).click();
        await page
          .getByText(/^Неясно число/)
          .first()
          .waitFor();
        expect(
          await field(
            page,
            "Задължителни осигурителни вноски, внесени за годината (евро)",
          ).inputValue(),
        ).toBe("1.200,00");
        await expectAccessible(page);
        await field(page, "Задължителни осигурителни вноски, внесени за годината (евро)").fill(
          "1 200,00",
        );
        await page.getByRole("button", { name: "Запази" }).click();
        await page.getByRole("row", { name: /Данък за възстановяване/ }).waitFor();
        expect(
          await page.getByRole("row", { name: /Данък за възстановяване/ }).innerText(),
        ).toMatch(/82,50/);
        expect(await page.getByRole("row", { name: /^Данък \(10 %\)/ }).innerText()).toMatch(
          /442,50/,
        );
        await expectAccessible(page);

        const pdf = await page.request.get(`${app.url}/taxes/annual.pdf?year=2026`);
        expect(pdf.status()).toBe(200);
        expect(pdf.headers()["content-type"]).toBe("application/pdf");
      } finally {
        await context.close();
      }
    });

    it(`gives a sole trader Приложение № 2 from the books and keeps its ЗКПО figures ${mode}`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        const customer = await registerCustomer(
          app,
          registrationPayload({ companyName: `ЕТ „Колев – Георги Колев ${Date.now()}“` }),
        );
        await context.addCookies([{ name: "__session", value: customer.cookie, url: app.url }]);
        const client = await postJson(context.request, app, "/api/clients", {
          kind: "company",
          name: "Алфа ООД",
          eik: "175074752",
          address: "ул. Шипка 1",
          city: "София",
          postalCode: "1000",
        });
        const invoice = await postJson(context.request, app, "/api/invoices", {
          type: "invoice",
          clientId: client.id,
          issueDate: "2026-03-10",
          currency: "EUR",
          lines: [{ description: "Ремонт", quantity: "1", unitPrice: "10000", vatRate: 20 }],
        });
        await postJson(context.request, app, `/api/invoices/${invoice.id}/issue`, {});

        await page.goto(`${app.url}/taxes/annual?year=2026`);
        await page
          .getByRole("heading", {
            name: "Годишна данъчна декларация на едноличен търговец – Приложение 2",
            level: 1,
          })
          .waitFor();
        expect(await page.getByRole("row", { name: /^Счетоводна печалба/ }).innerText()).toMatch(
          /10\s000,00/,
        );
        await expectAccessible(page);

        // A number it cannot read is refused and kept; then the three figures are saved.
        const increases = "Увеличения на финансовия резултат по ЗКПО (в евро)";
        await field(page, increases).fill("1.500,00");
        await field(page, "Намаления на финансовия резултат по ЗКПО (в евро)").fill("200,00");
        await field(page, "Внесени авансови вноски за годината (в евро)").fill("1 000,00");
        await page.getByRole("button", { name: "Запази" }).click();
        await page
          .getByText(/^Неясно число/)
          .first()
          .waitFor();
        expect(await field(page, increases).inputValue()).toBe("1.500,00");
        expect(await field(page, "Внесени авансови вноски за годината (в евро)").inputValue()).toBe(
          "1 000,00",
        );
        await expectAccessible(page);
        await field(page, increases).fill("500,00");
        await page.getByRole("button", { name: "Запази" }).click();
        const due = page.getByRole("row", { name: /^Данък за внасяне до 30\.06\.2027/ });
        // 10 000,00 + 500,00 − 200,00 = 10 300,00; 15 % is 1 545,00; less 1 000,00 paid (the
        // row is there before the save too, with 1 500,00: wait for the saved figures).
        await expect.poll(() => due.innerText()).toMatch(/\s545,00\s*$/);
        expect(await page.getByRole("row", { name: /^Данък \(15 %\)/ }).innerText()).toMatch(
          /1\s545,00/,
        );
        expect(await field(page, increases).inputValue()).toBe("500,00");
        await expectAccessible(page);
      } finally {
        await context.close();
      }
    });
  }
});
