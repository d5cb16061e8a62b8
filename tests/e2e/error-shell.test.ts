import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  expectAccessible,
  hasChromium,
  onSeededApp,
  openPage,
  type RunningApp,
  signInAdmin,
  signInContext,
} from "./harness";

/*
 * A page that fails keeps the shell (issue #26 item 3): a document, client or customer that is not
 * there answers 404 with its message in the page's place, the header's navigation still there and
 * working, with JavaScript and without; the back office keeps its own menu.
 */

/** The signed-in header's navigation (desktop). */
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Основна навигация" });

describe.skipIf(!hasChromium)("an error inside the signed-in shell", () => {
  let app: RunningApp;
  let browser: Browser;
  onSeededApp("smetka_e2e_errshell", (started) => {
    ({ app, browser } = started);
  });

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

    it(`keeps the app's navigation on a 404 and a plan gate ${mode}`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      try {
        await signInContext(app, context);
        for (const path of [`/invoice/${randomUUID()}`, `/client/edit/${randomUUID()}`]) {
          const response = await page.goto(`${app.url}${path}`);
          expect(response?.status()).toBe(404);
          await page.getByText("Страницата не е намерена", { exact: true }).waitFor();
          for (const name of ["Табло", "Клиенти", "Фактури"]) {
            await mainNav(page).getByRole("link", { name, exact: true }).waitFor();
          }
          // The other sections are in the menu's «Още» (decision 032).
          for (const name of ["Каталог", "ДДС"]) {
            await mainNav(page)
              .getByRole("link", { name, exact: true, includeHidden: true })
              .waitFor({ state: "attached" });
          }
        }
        await expectAccessible(page);

        // A gated page of a plan the company lacks: the gate, inside the same shell.
        const gate = await page.goto(`${app.url}/expenses/${randomUUID()}`);
        expect(gate?.status()).toBe(403);
        await page.getByRole("heading", { name: "Необходим е стандартен абонамент" }).waitFor();
        await mainNav(page).getByRole("link", { name: "Фактури", exact: true }).waitFor();

        // The navigation of the error page works.
        await page.goto(`${app.url}/invoice/${randomUUID()}`);
        await mainNav(page).getByRole("link", { name: "Клиенти", exact: true }).click();
        await page.waitForURL(`${app.url}/clients`);
        await page.getByRole("heading", { name: "Клиенти", level: 1 }).waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`keeps the back office's menu on a 404 ${mode}`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        await signInAdmin(page, app);

        const response = await page.goto(`${app.url}/hatterscastle/users/${randomUUID()}`);
        expect(response?.status()).toBe(404);
        await page.getByText("Страницата не е намерена", { exact: true }).waitFor();
        for (const name of ["Потребители", "Администратори", "Статистика", "Към приложението"]) {
          await mainNav(page).getByRole("link", { name, exact: true }).waitFor();
        }
        await expectAccessible(page);
        await mainNav(page).getByRole("link", { name: "Потребители", exact: true }).click();
        await page.waitForURL(`${app.url}/hatterscastle/users`);
      } finally {
        await context.close();
      }
    });
  }
});
