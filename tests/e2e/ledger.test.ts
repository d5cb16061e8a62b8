import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previousMonth } from "~/utils/periods";
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
  upgradeByForms,
} from "./harness";

/*
 * The books in the browser (issue #45): the owner on the standard plan reads the trial balance,
 * the journal, the general ledger, an account's card, the rules and the opening balances, posts a
 * journal entry by the form (refused first while it does not balance, with what was typed kept),
 * and downloads a report — with JavaScript and without, every page passing axe.
 */

const today = () => new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Sofia" });

async function sale(app: RunningApp, context: BrowserContext) {
  const client = await postJson(
    context.request,
    app,
    "/api/clients",
    {
      kind: "company",
      name: "Клиент Книги ООД",
      eik: validEik(),
      address: "ул. Раковски 1",
      city: "София",
    },
    201,
  );
  const invoice = await postJson(
    context.request,
    app,
    "/api/invoices",
    {
      type: "invoice",
      clientId: client.id,
      issueDate: today(),
      dueDate: today(),
      lines: [
        { description: "Счетоводна услуга", quantity: "1", unitPrice: "1000.00", vatRate: 20 },
      ],
    },
    201,
  );
  await postJson(context.request, app, `/api/invoices/${invoice.id}/issue`, {}, 200);
  return client.id;
}

async function visit(page: Page, app: RunningApp, path: string, heading: string) {
  await page.goto(`${app.url}${path}`);
  await page.getByRole("heading", { name: heading, level: 2 }).waitFor();
  await expectAccessible(page);
}

describe.skipIf(!hasChromium)("the books in Chromium", () => {
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

    it(`reads the reports, posts a balanced entry and downloads the trial balance ${mode}; axe`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        await signInContext(app, context);
        await page.goto(`${app.url}/dashboard`);
        await upgradeByForms(page, app, "standard");
        const clientId = await sale(app, context);

        await visit(page, app, "/ledger", "Оборотна ведомост");
        const balance = page.getByRole("table", { name: /^Оборотна ведомост от / });
        await balance
          .getByRole("row")
          .filter({ hasText: /^\s*411/ })
          .first()
          .waitFor();

        // A journal entry that does not balance is refused, and what was typed stays.
        await visit(page, app, "/ledger/entry/new", "Нова счетоводна статия");
        await field(page, "Документ").fill("Протокол № 7");
        await field(page, "Основание").fill("Внесена каса");
        const row = (n: number) => page.getByRole("group", { name: `Ред ${n}` });
        await row(1)
          .getByLabel(/^Сметка/)
          .selectOption("501");
        await row(1)
          .getByLabel(/^Дебит/)
          .fill("50,00");
        await row(2)
          .getByLabel(/^Сметка/)
          .selectOption("503");
        await row(2)
          .getByLabel(/^Кредит/)
          .fill("40,00");
        await page.getByRole("button", { name: "Осчетоводи" }).click();
        await page
          .getByRole("alert")
          .filter({ hasText: /Дт|дебит/i })
          .first()
          .waitFor();
        expect(await field(page, "Основание").inputValue()).toBe("Внесена каса");
        await row(2)
          .getByLabel(/^Кредит/)
          .fill("50,00");
        await page.getByRole("button", { name: "Осчетоводи" }).click();
        await page.waitForURL((url) => !url.pathname.endsWith("/entry/new"));

        await visit(page, app, "/ledger/journal", "Хронологичен регистър");
        await page.getByText("Протокол № 7").first().waitFor();
        await visit(page, app, "/ledger/general", "Главна книга");
        await visit(page, app, "/ledger/rules", "Правила за осчетоводяване");
        await visit(page, app, "/ledger/opening", "Начални салда");
        await visit(page, app, "/ledger/agreement", "Съгласуване на книгите");
        await page.getByRole("table", { name: /^Книгите и източниците им за / }).waitFor();
        // The year's statements (issue #46 item 4, decision 067): the draft's tables and its check.
        const year = today().slice(0, 4);
        await visit(page, app, `/ledger/annual?year=${year}`, `Оборотна ведомост за ${year}`);
        await page.getByRole("table", { name: new RegExp(`^Актив към 31.12.${year}`) }).waitFor();
        await page.getByRole("heading", { name: /^Проверка: актив/ }).waitFor();
        // SAF-T (decision 063): the month's problems, each with its link, or the download.
        await visit(page, app, "/ledger/saft", "SAF-T за НАП");
        await page
          .getByRole("region", { name: /^(Какво трябва да се поправи|Файлът за)/ })
          .waitFor();
        await page.goto(
          `${app.url}/ledger/account/411?from=${today().slice(0, 4)}-01-01&to=${today()}&counterparty=${clientId}`,
        );
        await page.getByText("Клиент Книги ООД").first().waitFor();
        expect(await page.locator("main").textContent()).toMatch(/1\s200,00/);
        await expectAccessible(page);

        const csv = await page.request.get(
          `${app.url}/ledger/export/trial-balance.csv?from=${today().slice(0, 4)}-01-01&to=${today()}`,
        );
        expect(csv.status()).toBe(200);
        const text = await csv.text();
        expect(text).toMatch(/^\uFEFF?.*Оборотна ведомост/);
        expect(text).toMatch(/\n"?411"?[;,]/);

        // The month-end (issue #46 item 3): the month's state, its ZIP, «Заключи», the overview.
        // Each mode locks a month of its own, long before today's sale: the other mode's stays open.
        let month = previousMonth(previousMonth(today().slice(0, 7)));
        if (!javaScriptEnabled) month = previousMonth(month);
        await visit(page, app, `/ledger/month?month=${month}`, "Приключване на месеца");
        await page.getByRole("region", { name: /^Документи:/ }).waitFor();
        const zip = await page.request.get(`${app.url}/ledger/month.zip?month=${month}`);
        expect(zip.status()).toBe(200);
        expect(zip.headers()["content-type"]).toBe("application/zip");
        await page.getByRole("button", { name: /^Заключи / }).click();
        await page
          .getByText(/е заключен от /)
          .first()
          .waitFor();
        await expectAccessible(page);
        await page.goto(`${app.url}/companies/months`);
        await page.getByRole("heading", { name: "Фирмите по месеци", level: 1 }).waitFor();
        await page.getByRole("table", { name: "Състоянието на месеците по фирми" }).waitFor();
        await expectAccessible(page);
      } finally {
        await context.close();
      }
    });
  }
});
