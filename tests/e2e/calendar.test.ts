import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectAccessible,
  hasChromium,
  launchBrowser,
  openPage,
  type RunningApp,
  registerCustomer,
  startApp,
} from "./harness";

/*
 * Issue #49 items 1 and 4 (decision 075): the demo company's tax calendar — its deadlines with the
 * law's articles, the secret iCalendar address made, fetched and stopped, the owner choosing who
 * gets reminders, the dashboard's next three deadlines; with JavaScript on and off, axe on each.
 */

describe.skipIf(!hasChromium)("the tax calendar in Chromium", () => {
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

    it(`lists the deadlines, makes and stops the feed, chooses who is reminded ${mode}`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        const customer = await registerCustomer(app);
        await context.addCookies([{ name: "__session", value: customer.cookie, url: app.url }]);
        const me = page.getByLabel(customer.email, { exact: false });
        await page.goto(`${app.url}/dashboard`);
        await page.getByRole("heading", { name: "Предстоящи срокове" }).waitFor();
        expect(await page.locator("section[aria-labelledby='next-deadlines'] li").count()).toBe(3);
        await expectAccessible(page);

        await page.goto(`${app.url}/calendar`);
        await page.getByRole("heading", { name: "Данъчен календар", level: 1 }).waitFor();
        await page
          .getByRole("link", { name: /^Справка-декларация по ДДС и дневниците за / })
          .first()
          .waitFor();
        await page.getByText("ЗДДС чл. 125, ал. 1 и 5; чл. 89, ал. 1").first().waitFor();
        await expectAccessible(page);

        await page.getByRole("button", { name: /^(Създай адрес|Нов адрес)/ }).click();
        await page.getByText("Адресът на календара е създаден").waitFor();
        const url = await page.getByLabel("Адрес на календара").inputValue();
        expect(url).toMatch(/\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
        await expectAccessible(page);
        const feed = await page.request.get(url);
        expect(feed.status()).toBe(200);
        expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
        expect(await feed.text()).toMatch(/BEGIN:VEVENT\r\nUID:vat-return:/);

        await page.getByRole("button", { name: "Спри адреса" }).click();
        await page.getByText("Нямате действащ адрес на календара.").waitFor();
        expect((await page.request.get(url)).status()).toBe(404);

        await me.check();
        await page.getByRole("button", { name: "Запази" }).click();
        await page.getByText("Напомнянията са запазени").first().waitFor();
        expect(await me.isChecked()).toBe(true);
        await expectAccessible(page);
      } finally {
        await context.close();
      }
    });
  }
});
