import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "~db/demo-accounts";
import {
  expectAccessible,
  field,
  hasChromium,
  onSeededApp,
  openPage,
  type RunningApp,
  signInContext,
} from "./harness";

// The demo admin (db/seed.ts): the embedded default seeds it on start; on PostgreSQL the test does.
const ADMIN = DEMO_ACCOUNTS.admin;

describe.skipIf(!hasChromium)("the back office in Chromium", () => {
  let app: RunningApp;
  let browser: Browser;
  onSeededApp("smetka_e2e_admin", (started) => {
    ({ app, browser } = started);
  });

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

    it(`an admin signs in at /hatterscastle/login, sees the figures and signs out ${mode}; axe`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      try {
        await page.goto(`${app.url}/hatterscastle`);
        await page.waitForURL(`${app.url}/hatterscastle/login`);
        await page.getByRole("heading", { name: "Вход за администратори" }).waitFor();
        await expectAccessible(page);
        await field(page, "Имейл").fill(ADMIN.email);
        await field(page, "Парола").fill("Грешна1!");
        await page.getByRole("button", { name: "Вход" }).click();
        await page.getByText("Невалиден имейл или парола").waitFor();
        expect(await field(page, "Имейл").inputValue()).toBe(ADMIN.email);
        await field(page, "Парола").fill(ADMIN.password);
        await page.getByRole("button", { name: "Вход" }).click();
        await page.waitForURL(`${app.url}/hatterscastle`);
        await page.getByRole("heading", { name: "Админ панел", level: 1 }).waitFor();
        await page.getByRole("table", { name: "Фирми по план" }).waitFor();
        // After this client-side navigation the chart arrives with its code (a lazy chunk).
        const chart = page.getByRole("img", { name: "Нови регистрации за последните 12 седмици" });
        await chart.waitFor();
        expect(await chart.count()).toBe(1);
        await expectAccessible(page);
        await page.goto(`${app.url}/logout`);
        await page.waitForURL(`${app.url}/hatterscastle/login`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("a customer is sent from /hatterscastle to the dashboard with «Достъп отказан»", async () => {
    const { page, context } = await openPage(browser);
    try {
      await signInContext(app, context);
      await page.goto(`${app.url}/hatterscastle`);
      await page.waitForURL(`${app.url}/dashboard`);
      await page.getByText("Нямате достъп до този раздел").waitFor();
    } finally {
      await context.close();
    }
  });
});
