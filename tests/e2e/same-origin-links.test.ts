import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, registrationPayload } from "../setup/values";
import {
  field,
  hasChromium,
  launchBrowser,
  openPage,
  type RunningApp,
  registerViaApi,
  signInContext,
  startApp,
} from "./harness";

/*
 * Issue #24, item 4: a back link or a redirect built from the address never leaves the site, in
 * Chromium with JavaScript on and off. `/.//evil.test` resolved as a path is `//evil.test`, which a
 * browser reads as another host; the server's one check (safeRedirect) must refuse it.
 */
const TRICKS = ["/.//evil.test", "/%2e//evil.test", "/..//evil.test", "/\\evil.test"];

describe.skipIf(!hasChromium)("links and redirects from the address stay on this site", () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** Any request to another host is stopped and remembered: the test fails if one was made. */
  async function watchOtherHosts(page: Page) {
    const left: string[] = [];
    await page.context().route("**/*", (route) => {
      const url = route.request().url();
      if (new URL(url).origin === app.url) return route.continue();
      left.push(url);
      return route.abort();
    });
    return left;
  }

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

    it(`keeps /feedback's «Отказ» on this site ${mode}`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        await signInContext(app, context);
        const left = await watchOtherHosts(page);
        for (const trick of TRICKS) {
          await page.goto(`${app.url}/feedback?from=${encodeURIComponent(trick)}`);
          const cancel = page.getByRole("link", { name: "Отказ" });
          const href = await cancel.evaluate((a) => (a as HTMLAnchorElement).href);
          expect(new URL(href).origin, `${trick} → ${href}`).toBe(app.url);
          await cancel.click();
          await page.waitForURL((url) => url.pathname !== "/feedback");
          expect(new URL(page.url()).origin).toBe(app.url);
        }
        expect(left).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`signs in to a page of this site, not another host, from redirectTo ${mode}`, async () => {
      const data = registrationPayload();
      await registerViaApi(app, data);
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        const left = await watchOtherHosts(page);
        await page.goto(`${app.url}/auth?redirectTo=${encodeURIComponent("/.//evil.test")}`);
        await field(page, "Имейл").fill(data.username);
        await field(page, "Парола").fill(PASSWORD);
        await field(page, "Не съм робот").check();
        await page.getByRole("button", { name: "Вход", exact: true }).click();
        await page.waitForURL(`${app.url}/dashboard`);
        expect(left).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
