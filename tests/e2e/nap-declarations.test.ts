import { unzipSync } from "fflate";
import iconv from "iconv-lite";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validEgn } from "../setup/values";
import {
  expectAccessible,
  hasChromium,
  launchBrowser,
  openPage,
  postJson,
  type RunningApp,
  signInContext,
  startApp,
  upgradeByForms,
} from "./harness";

/*
 * Декларации обр. 1 и обр. 6 in Chromium without JavaScript (issue #27, decision 024): from the
 * month's salaries to the declarations page by its link; a failing check named with its link to
 * the employee; once fixed, the page says every check passed, axe finds nothing, and the zip
 * behind the link holds both files in Windows-1251.
 */

describe.skipIf(!hasChromium)("declarations to НАП in Chromium", () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("without JavaScript: a check with its link, the fix, then the files", async () => {
    const { page, context } = await openPage(browser, { javaScriptEnabled: false });
    try {
      await signInContext(app, context);
      await upgradeByForms(page, app, "full");
      const people = [
        { name: "Иван Стоянов Петров", idNumber: validEgn("551231123") },
        { name: "Maria Ivanova", idNumber: validEgn("850101123") },
      ];
      for (const person of people) {
        const { id } = await postJson(
          page.request,
          app,
          "/api/employees",
          {
            ...person,
            startDate: "2020-01-01",
            occupationCode: "24114001",
            position: "Специалист",
            contractType: "labour",
            gross: "2000.00",
          },
          201,
        );
        await postJson(
          page.request,
          app,
          "/api/salaries",
          {
            employeeId: id,
            month: "2026-10",
            workingDays: 22,
            status: "approved",
          },
          201,
        );
      }

      await page.goto(`${app.url}/salaries?month=2026-10`);
      await page.getByRole("link", { name: "Декларации обр. 1 и 6 за НАП" }).click();
      await page
        .getByRole("heading", { level: 1, name: "Декларации към НАП — октомври 2026" })
        .waitFor();
      await page.getByText(/Файловете не са готови: поправете първо изброеното/).waitFor();
      expect(await page.getByRole("link", { name: "Двата файла в ZIP" }).count()).toBe(0);
      await expectAccessible(page);

      // The Latin name's link leads to the employee; the name typed in Cyrillic fixes it.
      const problem = page.getByRole("listitem").filter({ hasText: "Maria Ivanova" });
      await problem.getByRole("link", { name: "Промени служителя" }).click();
      await page.getByLabel("Име, презиме и фамилия").fill("Мария Иванова Петрова");
      await page.getByRole("button", { name: /Запиши|Запази/ }).click();
      // The company's КИД-2008: the check's link leads to the settings' card (issue #41 item 3).
      await page.goto(`${app.url}/salaries/declarations?month=2026-10`);
      await page.getByRole("link", { name: "Въведете КИД в настройките" }).click();
      await page.getByLabel("Код на основната икономическа дейност по КИД-2008").fill("62.01");
      await page.getByRole("button", { name: "Запази кода по КИД" }).click();
      await page.goto(`${app.url}/salaries/declarations?month=2026-10`);
      // What was verified, and plainly what was not (the format is not confirmed).
      await page.getByText(/^Проверено от Сметка:/).waitFor();
      await page.getByText(/Не е проверено:/).waitFor();
      expect(await page.getByText(/Всички проверки са минали/).count()).toBe(0);
      await expectAccessible(page);

      const href = await page.getByRole("link", { name: "Двата файла в ZIP" }).getAttribute("href");
      const zip = await page.request.get(`${app.url}${href}`);
      expect(zip.status()).toBe(200);
      const files = unzipSync(new Uint8Array(await zip.body()));
      expect(Object.keys(files).sort()).toEqual(["EMPL2021.TXT", "NRA62007.TXT"]);
      const form1 = iconv.decode(Buffer.from(files["EMPL2021.TXT"]!), "win1251");
      expect(form1.split("\r\n")).toHaveLength(3);
      expect(form1).toContain('"ПЕТРОВА","МИ"');
    } finally {
      await context.close();
    }
  });
});
