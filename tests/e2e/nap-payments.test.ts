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
 * The payments to НАП in Chromium without JavaScript (issue #27 item 3, decision 025): the page's
 * table as a person reads it (caption, НАП's IBAN per obligation, amounts in Bulgarian format),
 * axe, the print media (only the sheet on paper), and the CSV behind the page's link, whose sum is
 * the page's total.
 */

/** «1 234,56» → 123456. */
const bgCents = (text: string) => Number(text.replace(/[\s\u00a0]/g, "").replace(",", ""));

describe.skipIf(!hasChromium)("payments to НАП in Chromium", () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("without JavaScript: the printable sheet with НАП's IBAN per fund, the CSV's sum is the page's total", async () => {
    const { page, context } = await openPage(browser, { javaScriptEnabled: false });
    try {
      await signInContext(app, context);
      await upgradeByForms(page, app, "full");
      const people = [
        { name: "Иван Стоянов Петров", idNumber: validEgn("551231123"), startDate: "2020-01-01" },
        { name: "Мария Иванова Петрова", idNumber: validEgn("850101123"), startDate: "2025-03-01" },
      ];
      // обр. 1 needs the company's КИД-2008 and each person's НКПД (issue #41 item 3).
      const kid = await page.request.put(`${app.url}/api/settings/payroll`, {
        data: { activityCode: "62.01" },
        headers: { Origin: app.url },
      });
      expect(kid.status(), await kid.text()).toBe(200);
      for (const person of people) {
        const { id } = await postJson(
          page.request,
          app,
          "/api/employees",
          {
            ...person,
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

      await page.goto(`${app.url}/salaries/declarations/payments?month=2026-10`);
      await page
        .getByRole("heading", { level: 1, name: "Плащания към НАП — октомври 2026" })
        .waitFor();
      const table = page.getByRole("table", { name: /Плащания за октомври 2026/ });
      await table.waitFor();
      const expected = {
        "Държавно обществено осигуряване (ДОО, с ТЗПБ и ГВРС)": "BG97 BNBG 9661 8000 1120 01",
        "Допълнително задължително пенсионно осигуряване (ДЗПО)": "BG65 BNBG 9661 8000 1118 01",
        "Здравно осигуряване (ЗО)": "BG16 BNBG 9661 8000 1121 01",
        "Данък по чл. 42 ЗДДФЛ": "BG88 BNBG 9661 8000 1950 01",
      };
      let sum = 0;
      for (const [fund, iban] of Object.entries(expected)) {
        const row = table.getByRole("row", {
          name: new RegExp(`^${fund.replace(/[()]/g, "\\$&")}`),
        });
        const cells = await row.getByRole("cell").allInnerTexts();
        expect(cells[0]).toBe(iban);
        expect(cells[1]).toMatch(/ за 10\.2026$/);
        expect(cells[2]).toMatch(/^\d{1,3}([\s\u00a0]\d{3})*,\d{2}$/);
        sum += bgCents(cells[2]!);
      }
      const total = await table.locator("tfoot td").innerText();
      expect(bgCents(total)).toBe(sum);
      await page.getByText("до 25.11.2026 вкл.").waitFor();
      await expectAccessible(page);

      // On paper: the sheet, not the menu or the month's form.
      await page.emulateMedia({ media: "print" });
      expect(await table.isVisible()).toBe(true);
      expect(await page.getByRole("navigation", { name: "Основна навигация" }).isVisible()).toBe(
        false,
      );
      expect(await page.getByRole("button", { name: "Покажи" }).isVisible()).toBe(false);
      await page.emulateMedia({ media: "screen" });

      // The CSV behind the page's link.
      const href = await page
        .getByRole("link", { name: /CSV за импорт в банката/ })
        .getAttribute("href");
      const csv = await page.request.get(`${app.url}${href}`);
      expect(csv.status()).toBe(200);
      const lines = iconv
        .decode(await csv.body(), "win1251")
        .trimEnd()
        .split("\r\n");
      expect(lines).toHaveLength(5);
      const amounts = lines.slice(1).map((line) => line.split('";"')[5]!);
      expect(amounts.reduce((s, a) => s + Math.round(Number(a) * 100), 0)).toBe(sum);
    } finally {
      await context.close();
    }
  });
});
