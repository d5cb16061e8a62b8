import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validEgn } from "../setup/values";
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

/** The month before the current one in Sofia, and the current one (yyyy-MM). */
function months() {
  const now = new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Sofia" }).slice(0, 7);
  const [y, m] = now.split("-").map(Number) as [number, number];
  const previous = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
  return { current: now, previous };
}

describe.skipIf(!hasChromium)("salaries in Chromium", () => {
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

    it(`adds an employee and last month's salary, sees the reminder, copies the month and prints the sheet ${mode}; axe on every page`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      const { current, previous } = months();
      try {
        await signInContext(app, context);
        await upgradeByForms(page, app, "full");

        await page.goto(`${app.url}/salaries/employees`);
        await page.getByText("Все още нямате служители").waitFor();
        await expectAccessible(page);
        await page.getByRole("link", { name: "Нов служител" }).click();
        await page.waitForURL(`${app.url}/salaries/employees/new`);
        await expectAccessible(page);
        await field(page, "Име, презиме и фамилия").fill("Мария Иванова Петрова");
        await field(page, "ЕГН или ЛНЧ").fill("8501011235");
        await field(page, "Длъжност").fill("Счетоводител");
        await field(page, "Брутно месечно възнаграждение (EUR)").fill("2000,00");
        await field(page, "Дата на постъпване").fill("2025-01-02");
        await page.getByRole("button", { name: "Добави служителя" }).click();
        await page.getByText("Невалидно ЕГН: проверете цифрите").waitFor();
        expect(await field(page, "Длъжност").inputValue()).toBe("Счетоводител");
        await field(page, "ЕГН или ЛНЧ").fill(validEgn("850101123"));
        await page.getByRole("button", { name: "Добави служителя" }).click();
        await page.waitForURL(`${app.url}/salaries/employees`);
        await page.getByText("Служителят е добавен").first().waitFor();

        // Last month's salary, computed before it is saved.
        await page.goto(`${app.url}/salaries/add?month=${previous}`);
        await expectAccessible(page);
        await field(page, "Служител").selectOption({
          label: "Мария Иванова Петрова — Счетоводител (Трудов договор)",
        });
        if (javaScriptEnabled) {
          // The contract's gross comes with the employee; the figures follow as one types.
          await expect
            .poll(() => field(page, "Брутно възнаграждение по договор (EUR)").inputValue())
            .toBe("2000,00");
        } else {
          await page.getByRole("button", { name: "Изчисли" }).click();
        }
        await page.getByText("1 551,96 EUR").waitFor();
        await page.getByRole("button", { name: "Запиши заплатата" }).click();
        await page.waitForURL(`${app.url}/salaries?month=${previous}`);
        await page.getByText("Заплатата е записана").first().waitFor();
        await page.getByText("1 551,96", { exact: true }).first().waitFor();
        await expectAccessible(page);

        // This month: the red dot on «Заплати», the banner, and copying last month.
        await page.goto(`${app.url}/salaries`);
        await page
          .getByRole("link", { name: /Заплати \(няма заплати за този месец\)/ })
          .first()
          .waitFor();
        await page.getByText(/Няма въведени заплати за/).waitFor();
        await page.getByRole("button", { name: /^Копирай от / }).click();
        await page.getByText("Копирани заплати: 1").first().waitFor();
        await page.getByRole("link", { name: "Мария Иванова Петрова" }).first().waitFor();
        expect(await page.getByText(/Няма въведени заплати за/).count()).toBe(0);

        // The payroll sheet as PDF.
        const pdf = await page.request.get(`${app.url}/salaries/payroll.pdf?month=${current}`);
        expect(pdf.status()).toBe(200);
        expect(pdf.headers()["content-type"]).toBe("application/pdf");
        expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

        // The salary's and the employee's pages.
        await page.getByRole("link", { name: "Мария Иванова Петрова" }).first().click();
        await page.waitForURL(/\/salaries\/edit\//);
        await page.getByRole("heading", { name: /Мария Иванова Петрова/ }).waitFor();
        await expectAccessible(page);
        await page.goto(`${app.url}/salaries/employees`);
        await page.getByRole("link", { name: "Мария Иванова Петрова" }).click();
        await page.waitForURL(/\/salaries\/employees\/[0-9a-f-]{36}$/);
        await expectAccessible(page);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("dismisses the salary reminder for the month", async () => {
    const { page, context } = await openPage(browser);
    const { previous } = months();
    try {
      await signInContext(app, context);
      await upgradeByForms(page, app, "full");
      const employee = await postJson(
        page.request,
        app,
        "/api/employees",
        {
          name: "Иван Колев",
          idNumber: validEgn("900101123"),
          position: "Шофьор",
          contractType: "labour",
          startDate: "2025-01-02",
          gross: "1200.00",
        },
        201,
      );
      const salary = { employeeId: employee.id, month: previous };
      await postJson(page.request, app, "/api/salaries", salary, 201);
      // The duplicate-salary prompt on the dashboard, and the banner.
      await page.goto(`${app.url}/dashboard`);
      await page.getByRole("heading", { name: /^Заплатите за / }).waitFor();
      await page.getByRole("button", { name: "Не сега" }).click();
      await page.getByText("Добре, няма да питаме отново за този месец").first().waitFor();
      await page.getByRole("button", { name: "Скрий за този месец" }).click();
      await page.getByText("Напомнянето е скрито за този месец").first().waitFor();
      expect(await page.getByText(/Няма въведени заплати за/).count()).toBe(0);
      expect(await page.getByRole("link", { name: /няма заплати за този месец/ }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
