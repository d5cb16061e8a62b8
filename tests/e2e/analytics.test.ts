import os from "node:os";
import path from "node:path";
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
  upgradeByForms,
} from "./harness";

const today = () => new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Sofia" });

/** A client, an issued invoice of 1 000.00 + 20 % and an expense of 300.00 + 20 %, over the API. */
async function someBusiness(app: RunningApp, context: BrowserContext) {
  const client = await postJson(
    context.request,
    app,
    "/api/clients",
    {
      kind: "company",
      name: "Клиент Анализ ООД",
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
      lines: [{ description: "Одит", quantity: "1", unitPrice: "1000.00", vatRate: 20 }],
    },
    201,
  );
  await postJson(context.request, app, `/api/invoices/${invoice.id}/issue`, {}, 200);
  const { categories } = (await (
    await context.request.get(`${app.url}/api/expense-categories`)
  ).json()) as { categories: { id: string; name: string }[] };
  await postJson(
    context.request,
    app,
    "/api/expenses",
    {
      categoryId: categories.find((c) => c.name === "Наеми")?.id ?? categories[0]!.id,
      supplierName: "Наем ЕООД",
      documentType: "invoice",
      documentNumber: "0000000042",
      documentDate: today(),
      description: "Наем на офис",
      amounts: [{ vatRate: 20, base: "300.00" }],
    },
    201,
  );
}

describe.skipIf(!hasChromium)("analytics in Chromium", () => {
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

    it(`shows the charts and their tables, picks a period by a GET form and downloads a table ${mode}; axe`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      try {
        await signInContext(app, context);
        await page.goto(`${app.url}/analytics`);
        await page.getByRole("link", { name: "Надградете плана" }).waitFor();
        await upgradeByForms(page, app, "full");
        await someBusiness(app, context);

        // The dashboard: the month's revenue, what is owed, the month's costs, the newest document.
        await page.goto(`${app.url}/dashboard`);
        const card = (name: string) => page.getByRole("region", { name, exact: true });
        const text = async (name: string) => (await card(name).textContent())?.replace(/\s/g, " ");
        expect(await text("Приходи")).toContain("1 000,00 EUR без ДДС");
        expect(await text("Вземания")).toContain("1 200,00");
        expect(await text("Разходи за месеца")).toContain("360,00");
        await card("Последни документи").getByText("Клиент Анализ ООД").waitFor();
        await expectAccessible(page);
        await page.screenshot({
          path: path.join(os.tmpdir(), `dashboard-${javaScriptEnabled ? "js" : "nojs"}.png`),
          fullPage: true,
        });

        await page.goto(`${app.url}/analytics`);
        await page.getByRole("heading", { name: "Анализи", level: 1 }).waitFor();
        const chart = page.getByRole("img", { name: /^Приходи, разходи и печалба по месеци/ });
        await chart.waitFor();
        for (const name of [
          /^Разходи по категории и месеци/,
          /^ДДС за внасяне/,
          /^Неплатени вземания/,
        ]) {
          expect(await page.getByRole("img", { name }).count(), String(name)).toBe(1);
        }
        const months = page.getByRole("table", { name: "Приходи, разходи и печалба по месеци" });
        // 12 months and the total; this month's row has the revenue, the expense and the profit.
        expect(await months.getByRole("row").count()).toBe(14);
        const total = months.getByRole("row", { name: /^Общо/ });
        expect((await total.textContent())?.replace(/\s/g, " ")).toContain("1 000,00 EUR");
        expect((await total.textContent())?.replace(/\s/g, " ")).toContain("700,00 EUR");
        const vat = page.getByRole("table", { name: "ДДС по месеци" });
        expect(
          (await vat.getByRole("row", { name: /^Общо/ }).textContent())?.replace(/\s/g, " "),
        ).toContain("140,00 EUR");
        await page
          .getByRole("table", { name: "Най-големи клиенти по приходи" })
          .getByText("Клиент Анализ ООД")
          .waitFor();
        await expectAccessible(page);
        await page.screenshot({
          path: path.join(os.tmpdir(), `analytics-${javaScriptEnabled ? "js" : "nojs"}.png`),
          fullPage: true,
        });

        if (javaScriptEnabled) {
          await chart.screenshot({ path: path.join(os.tmpdir(), "analytics-chart.png") });
          // The chart takes focus; → reads the first month out, End the last one.
          await chart.focus();
          await page.keyboard.press("ArrowRight");
          await page.getByText(/^[а-я]{3} \d{4}: приходи .*\sEUR, разходи и заплати/).waitFor();
          await page.keyboard.press("End");
          await page.getByText(/: приходи 1\s000,00\sEUR/).waitFor();
        }

        // The period picker is a GET form: a custom range of three months.
        const now = today().slice(0, 7);
        const [y, m] = now.split("-").map(Number) as [number, number];
        const serial = y * 12 + m - 1 - 2;
        const from = `${Math.floor(serial / 12)}-${String((serial % 12) + 1).padStart(2, "0")}`;
        await field(page, "Период").selectOption("custom");
        await field(page, "От месец (при избран период)").fill(from);
        await field(page, "До месец (при избран период)").fill(now);
        await page.getByRole("button", { name: "Покажи" }).click();
        await page.waitForURL(/period=custom/);
        expect(new URL(page.url()).searchParams.get("from")).toBe(from);
        await expect.poll(() => months.getByRole("row").count()).toBe(5);

        // A reversed range is refused with the reason, the typed months kept.
        await field(page, "От месец (при избран период)").fill(now);
        await field(page, "До месец (при избран период)").fill(from);
        await page.getByRole("button", { name: "Покажи" }).click();
        await page.getByText("Началният месец трябва да е преди крайния").waitFor();
        expect(await field(page, "До месец (при избран период)").inputValue()).toBe(from);
        await expectAccessible(page);

        const href = await page
          .getByRole("link", { name: "Изтегли «ДДС по месеци» като CSV" })
          .getAttribute("href");
        const csv = await context.request.get(`${app.url}${href}`);
        expect(csv.headers()["content-type"]).toContain("text/csv");
        expect(await csv.text()).toContain("Общо;200,00;60,00;140,00");
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
