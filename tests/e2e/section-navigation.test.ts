import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hasChromium,
  launchBrowser,
  openPage,
  type RunningApp,
  signInContext,
  startApp,
} from "./harness";

/*
 * With JavaScript on, a link from one section to another is followed by the client router: the
 * page it lands on is the section's own, not a "not found" of a router that knows only the routes
 * of the section it started in (the server hands Remix the routes of a page's first segment,
 * decision 021).
 */
describe.skipIf(!hasChromium)("moving between sections with JavaScript", () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("opens «Клиенти» and «Табло» from /invoices through the menu, without loading a new document; marks the section, prefetches on intent, leaves Ctrl+click to the browser", async () => {
    const { page, context } = await openPage(browser);
    try {
      await signInContext(app, context);
      await page.goto(`${app.url}/invoices`);
      await page.waitForFunction(
        () => (window as unknown as { __remixRouter?: unknown }).__remixRouter,
      );
      const documents: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "document") documents.push(request.url());
      });
      const menu = page.getByRole("navigation", { name: "Основна навигация", exact: true });
      // Resting on a section never visited prefetches it too: its route is known before any
      // move (with lazy route discovery it would not be unless the link asks to be discovered;
      // decision 055).
      await menu.getByRole("link", { name: "Клиенти" }).hover();
      await page
        .locator('link[rel="prefetch"][href*="_data=routes%2F_app.clients"]')
        .waitFor({ state: "attached" });
      await page.getByRole("navigation").getByRole("link", { name: "Клиенти" }).first().click();
      await page.waitForURL((url) => url.pathname === "/clients");
      await page.getByRole("heading", { level: 1, name: "Клиенти" }).waitFor();
      await page.getByRole("navigation").getByRole("link", { name: "Табло" }).first().click();
      await page.waitForURL((url) => url.pathname === "/dashboard");
      await page.getByRole("heading", { level: 1, name: /Здравейте/ }).waitFor();
      // The client router made both moves: no new document was loaded.
      expect(documents).toEqual([]);
      // The menu marks where the person is, and follows them.
      await expect
        .poll(() => menu.locator('[aria-current="page"]').allTextContents())
        .toEqual(["Табло"]);
      // Resting on a menu link prefetches its page (its modules and data), as before.
      await menu.getByRole("link", { name: "Фактури" }).hover();
      await page
        .locator('link[rel="prefetch"][href*="_data=routes%2F_app.invoices"]')
        .waitFor({ state: "attached" });
      // A click with a modifier key stays the browser's (a new tab), not the router's.
      const popup = context.waitForEvent("page");
      await menu.getByRole("link", { name: "Клиенти" }).click({ modifiers: ["Control"] });
      await (await popup).close();
      expect(new URL(page.url()).pathname).toBe("/dashboard");
    } finally {
      await context.close();
    }
  });
});
