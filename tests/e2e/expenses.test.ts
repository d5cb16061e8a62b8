import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TINY_PNG } from "../setup/values";
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

describe.skipIf(!hasChromium)("expenses in Chromium", () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /**
   * A customer of its own on the standard plan with the expense the first step records (made over
   * the API, «Хартия, тонер и папки» so the search finds it), its page open.
   */
  async function customerWithExpense(javaScriptEnabled: boolean) {
    const { page, context } = await openPage(browser, { javaScriptEnabled });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await signInContext(app, context);
    await upgradeByForms(page, app, "standard");
    const { categories } = (await (
      await page.request.get(`${app.url}/api/expense-categories`)
    ).json()) as { categories: { id: string; name: string }[] };
    const category = categories.find((c) => c.name === "Офис материали");
    expect(category).toBeDefined();
    const { id } = await postJson(
      page.request,
      app,
      "/api/expenses",
      {
        supplier: { name: "Офис Доставки ЕООД", eik: "175074752", vatNumber: "BG175074752" },
        documentType: "invoice",
        documentNumber: "0000000777",
        documentDate: "2026-11-05",
        description: "Хартия, тонер и папки",
        category: { id: category!.id },
        amounts: [
          { vatRate: 20, base: "100.00" },
          { vatRate: 9, base: "10" },
        ],
      },
      201,
    );
    await page.goto(`${app.url}/expenses/${id}`);
    await page.getByRole("heading", { name: /Фактура № 0000000777/ }).waitFor();
    return { page, context, errors };
  }

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

    it(`records an expense with a receipt ${mode}: a refused number keeps what was typed; every page passes axe`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        await signInContext(app, context);
        await upgradeByForms(page, app, "standard");
        await page.goto(`${app.url}/expenses`);
        await page.getByText("Все още нямате разходи").waitFor();
        await expectAccessible(page);

        await page.getByRole("link", { name: "Нов разход" }).first().click();
        await page.waitForURL(`${app.url}/expenses/add`);
        await expectAccessible(page);
        await field(page, "Име на доставчика").fill("Офис Доставки ЕООД");
        await field(page, "ЕИК/Булстат").fill("175074752");
        await field(page, "ДДС номер").fill("BG175074752");
        await field(page, "Вид документ").selectOption({ label: "Фактура" });
        await field(page, "Номер").fill("123");
        await field(page, "Дата на документа").fill("2026-11-05");
        await field(page, "Описание").fill("Хартия и тонер");
        await field(page, "Категория").selectOption({ label: "Офис материали" });
        await field(page, "Основа 20 %").fill("100,00");
        await field(page, "Основа 9 %").fill("10");
        await page.getByRole("radio", { name: "Неплатен" }).check();
        await field(page, "Документи (JPG, PNG или PDF, до 5 MB всеки)").setInputFiles({
          name: "фактура.png",
          mimeType: "image/png",
          buffer: TINY_PNG,
        });
        await page.getByRole("button", { name: "Запиши разхода" }).click();
        // Refused: the typed values stay, the message names the rule, focus goes to the field.
        await page
          .getByText("Номерът на фактура или известие от български доставчик е точно 10 цифри")
          .waitFor();
        expect(await field(page, "Описание").inputValue()).toBe("Хартия и тонер");
        expect(await field(page, "Основа 20 %").inputValue()).toBe("100,00");
        if (javaScriptEnabled) {
          // With JavaScript the form was never sent: the chosen file is still chosen.
          expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe(
            "documentNumber",
          );
        } else {
          await page
            .getByText(/изберете файловете отново/)
            .first()
            .waitFor();
          await field(page, "Документи (JPG, PNG или PDF, до 5 MB всеки)").setInputFiles({
            name: "фактура.png",
            mimeType: "image/png",
            buffer: TINY_PNG,
          });
        }
        await field(page, "Номер").fill("0000000777");
        await page.getByRole("button", { name: "Запиши разхода" }).click();
        await page.waitForURL(/\/expenses\/[0-9a-f-]{36}$/);
        await page.getByText("Разходът е записан").first().waitFor();
        await page.getByRole("heading", { name: /Фактура № 0000000777/ }).waitFor();
        await page.getByRole("img", { name: "Документ фактура.png" }).waitFor();
        await page.getByText("130,90").first().waitFor();
        await expectAccessible(page);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`adds a receipt to an expense and edits it ${mode}; the edit page passes axe`, async () => {
      const { page, context, errors } = await customerWithExpense(javaScriptEnabled);
      try {
        const expenseUrl = page.url();
        // Another receipt on the expense's page (the dropzone uploads at once with JavaScript).
        await page.getByLabel("Добави документи (JPG, PNG или PDF, до 5 MB всеки)").setInputFiles({
          name: "бон.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
        });
        if (!javaScriptEnabled) await page.getByRole("button", { name: "Качи" }).click();
        await page.getByRole("link", { name: "PDF: бон.pdf" }).waitFor();

        await page.getByRole("link", { name: "Редактирай" }).click();
        await page.waitForURL(/\/expenses\/edit\//);
        await expectAccessible(page);
        expect(await field(page, "Основа 20 %").inputValue()).toBe("100,00");
        await field(page, "Описание").fill("Хартия, тонер и папки");
        await page.getByRole("button", { name: /Запиши/ }).click();
        await page.waitForURL(expenseUrl);
        await page.getByText("Промените са записани").first().waitFor();
        await page.getByText("Хартия, тонер и папки").first().waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`finds an expense, exports the list as CSV and deletes the expense ${mode}; the list passes axe`, async () => {
      const { page, context, errors } = await customerWithExpense(javaScriptEnabled);
      try {
        const expenseUrl = page.url();
        await page.goto(`${app.url}/expenses`);
        await page.getByRole("searchbox").fill("тонер");
        await page.getByRole("button", { name: "Филтрирай" }).click();
        await page.waitForURL(/q=/);
        await page
          .getByRole("link", { name: /Офис Доставки ЕООД/ })
          .first()
          .waitFor();
        await expectAccessible(page);
        const csvLink = page.getByRole("link", { name: /CSV/ });
        const csv = await (
          await page.request.get(new URL((await csvLink.getAttribute("href"))!, app.url).toString())
        ).text();
        expect(csv).toContain("Офис Доставки ЕООД;175074752;BG175074752;Хартия, тонер и папки");
        expect(csv).toContain("Офис материали;EUR;110,00;20,90;130,90;");

        await page.goto(expenseUrl);
        await page.getByRole("button", { name: "Изтрий разхода" }).click();
        await page.getByText("Потвърдете изтриването").first().waitFor();
        await page
          .getByLabel("Потвърждавам изтриването на разхода и прикачените документи")
          .check();
        await page.getByRole("button", { name: "Изтрий разхода" }).click();
        await page.waitForURL(`${app.url}/expenses`);
        await page.getByText("Разходът е изтрит").first().waitFor();
        await page.getByText("Все още нямате разходи").waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("adds an expense with the keyboard alone; the categories page passes axe", async () => {
    const { page, context } = await openPage(browser);
    try {
      await signInContext(app, context);
      await upgradeByForms(page, app, "standard");
      await page.goto(`${app.url}/expenses/categories`);
      await page.getByRole("cell", { name: "Представителни разходи" }).first().waitFor();
      await expectAccessible(page);

      await page.goto(`${app.url}/expenses/add`);
      await page.locator("body").focus();
      /** Tabs forward until the control named `name` has focus (fails if never). */
      const tabTo = async (name: string) => {
        for (let i = 0; i < 120; i++) {
          await page.keyboard.press("Tab");
          const focused = await page.evaluate(() => {
            const element = document.activeElement;
            return [element?.getAttribute("name"), element?.textContent?.trim()];
          });
          if (focused.includes(name)) return;
        }
        throw new Error(`${name} cannot be reached with Tab`);
      };
      await tabTo("supplierName");
      await page.keyboard.type("Бензиностанция ООД");
      // Arrows choose in a closed select (typed Cyrillic would be inserted as text elsewhere).
      const down = async (times: number) => {
        for (let i = 0; i < times; i++) await page.keyboard.press("ArrowDown");
      };
      await tabTo("documentType");
      await down(3); // Фактура → Кредитно известие → Дебитно известие → Касов бон
      await tabTo("documentNumber");
      await page.keyboard.type("000123");
      await tabTo("description");
      await page.keyboard.type("Гориво за служебния автомобил");
      await tabTo("categoryId");
      await down(4); // — Изберете — → Наем → Комунални услуги → Телефон и интернет → Гориво
      await tabTo("amounts[20][base]");
      await page.keyboard.type("50,00");
      await tabTo("paid");
      await page.keyboard.press("ArrowRight");
      await tabTo("Запиши разхода");
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/expenses\/[0-9a-f-]{36}$/);
      await page.getByText("Разходът е записан").first().waitFor();
      await page.getByText("Касов бон № 000123").first().waitFor();
      await page.getByText("60,00").first().waitFor();
      await page.getByText("Гориво", { exact: true }).first().waitFor();
    } finally {
      await context.close();
    }
  });
});
