import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectAccessible,
  hasChromium,
  launchBrowser,
  openPage,
  type RunningApp,
  startApp,
} from "./harness";

describe.skipIf(!hasChromium)("public pages in Chromium", () => {
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

    it(`shows the landing page ${mode}, accessible, linking to /auth`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        const response = await page.goto(`${app.url}/`);
        expect(response?.status()).toBe(200);
        expect(await page.getAttribute("html", "lang")).toBe("bg");
        await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain(
          "Фактурирането и счетоводството",
        );
        const signIn = page.getByRole("link", { name: "Вход в профила" });
        expect(await signIn.getAttribute("href")).toBe("/auth");
        // The brand font is the one the page asked for, served from our own origin.
        const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
        expect(family).toContain("Noto Sans");
        await expectAccessible(page);
      } finally {
        await context.close();
      }
    });

    it(`shows 'Page Not Found' for an unknown path ${mode}`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        const response = await page.goto(`${app.url}/missing-page`);
        expect(response?.status()).toBe(404);
        // Bulgarian first (issue #41 item 13), the spec's English words under it.
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
          "Страницата не е намерена",
        );
        await page.getByText("Page Not Found", { exact: true }).waitFor();
        await page.getByRole("link", { name: "Към началната страница" }).click();
        await page.waitForURL(`${app.url}/`);
        await expectAccessible(page);
      } finally {
        await context.close();
      }
    });

    it(`shows the API's health on /api-test and checks again ${mode}`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        const response = await page.goto(`${app.url}/api-test`);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole("status").textContent()).resolves.toBe("API работи нормално.");
        const before = await page.locator("time").getAttribute("datetime");
        // The check is stamped to the millisecond: once the clock has moved on, a new one differs.
        await expect.poll(() => Date.now()).toBeGreaterThan(Date.parse(before ?? "") + 1);
        await page.getByRole("button", { name: "Провери отново" }).click();
        await page.waitForFunction(
          (previous) => document.querySelector("time")?.getAttribute("datetime") !== previous,
          before,
        );
        expect(await page.locator("dd").nth(1).textContent()).toContain("Достъпна");
        await expectAccessible(page);
      } finally {
        await context.close();
      }
    });
  }

  it("fits a 375 px phone without horizontal scrolling", async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 375, height: 740 } });
    try {
      await page.goto(`${app.url}/`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    } finally {
      await context.close();
    }
  });
});
