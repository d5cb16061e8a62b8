import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validEik } from "../setup/values";
import {
  expectAccessible,
  field,
  hasChromium,
  launchBrowser,
  openPage,
  type RunningApp,
  signInContext,
  startApp,
} from "./harness";

describe.skipIf(!hasChromium)("clients in Chromium", () => {
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

    it(`adds, finds, edits and archives a client ${mode}; every page passes axe`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        await signInContext(app, context);
        await page.goto(`${app.url}/clients`);
        await page.getByText("Все още нямате клиенти").waitFor();
        await expectAccessible(page);

        await page.getByRole("link", { name: "Нов клиент" }).click();
        await page.waitForURL(`${app.url}/client/new`);
        await expectAccessible(page);
        const eik = validEik();
        await field(page, "Име").fill("Делта Трейд ООД");
        await field(page, "ЕИК/Булстат").fill("175074751");
        await field(page, "Адрес").fill("бул. Мария Луиза 10");
        await field(page, "Град").fill("Пловдив");
        await field(page, "Пощенски код").fill("4000");
        await field(page, "Имейли").fill("office@delta.bg, accounting@delta.bg");
        await page.getByRole("button", { name: "Добави клиента" }).click();
        await page.getByText("Невалиден ЕИК/Булстат: контролната цифра не съвпада").waitFor();
        expect(await field(page, "Адрес").inputValue()).toBe("бул. Мария Луиза 10");
        await field(page, "ЕИК/Булстат").fill(eik);
        await page.getByRole("button", { name: "Добави клиента" }).click();
        await page.waitForURL(`${app.url}/clients`);
        await page.getByText("Клиентът е добавен").waitFor();

        await page.getByRole("searchbox").fill("делта");
        await page.getByRole("button", { name: "Търси" }).click();
        await page.waitForURL(/q=/);
        await page.getByRole("link", { name: "Делта Трейд ООД" }).click();
        await page.waitForURL(/\/client\/edit\//);
        await expectAccessible(page);
        await field(page, "Срок за плащане (дни)").fill("30");
        await page.getByRole("button", { name: "Запази" }).click();
        await page.waitForURL(`${app.url}/clients`);
        await page.getByText("Промените са запазени").waitFor();

        await page.getByRole("link", { name: "Делта Трейд ООД" }).click();
        expect(await field(page, "Срок за плащане (дни)").inputValue()).toBe("30");
        await page.getByRole("button", { name: "Архивирай" }).click();
        await page.getByText("Клиентът е архивиран на").waitFor();
        await page.goto(`${app.url}/clients`);
        await page.getByText("Общо клиенти: 0").waitFor();
      } finally {
        await context.close();
      }
    });
  }
});
