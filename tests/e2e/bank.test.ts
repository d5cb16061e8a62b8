import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeMt940 } from "../setup/bank-statements";
import { validEik } from "../setup/values";
import {
  expectAccessible,
  hasChromium,
  launchBrowser,
  openPage,
  postJson,
  type RunningApp,
  signInContext,
  startApp,
  stepsOf,
  upgradeByForms,
} from "./harness";

/*
 * Issue #30 without JavaScript: a month's MT940 uploaded on /bank, the statement's page with the
 * suggestion, one click confirms it (the invoice is paid, the dashboard's receivable moves), a
 * re-import adds nothing and says so, «Отмени» gives the invoice its state back; axe on each page.
 */

describe.skipIf(!hasChromium)("bank statements in Chromium without JavaScript", () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("uploads a statement, confirms a match with one click, refuses nothing new, and unmatches", async ({
    annotate,
  }) => {
    const step = stepsOf(annotate);
    const { page, context } = await openPage(browser, { javaScriptEnabled: false });
    try {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await signInContext(app, context);
      await step("A customer on the standard plan with an issued invoice");
      await upgradeByForms(page, app, "standard");
      const client = await postJson(context.request, app, "/api/clients", {
        kind: "company",
        name: "Сила Инвест ООД",
        eik: validEik(),
        address: "ул. Шипка 5",
        city: "София",
        postalCode: "1000",
      });
      const invoice = await postJson(context.request, app, "/api/invoices", {
        type: "invoice",
        clientId: client.id,
        issueDate: "2026-11-02",
        dueDate: "2026-11-16",
        lines: [{ description: "Услуга", quantity: "1", unitPrice: "1000.00", vatRate: 20 }],
      });
      const issued = await postJson<{ number: string; totals: { total: string } }>(
        context.request,
        app,
        `/api/invoices/${invoice.id}/issue`,
        {},
      );
      const total = Math.round(Number(issued.totals.total) * 100);
      const text = writeMt940({
        iban: "BG80BNBG96611020345678",
        openingDay: "2026-11-01",
        movements: [
          {
            day: "2026-11-05",
            direction: "credit",
            cents: total,
            name: "СИЛА ИНВЕСТ ООД",
            iban: "BG92DEMI92401000019723",
            reason: `ПО Ф-РА ${issued.number}/05.11.2026`,
            reference: "E2E1",
          },
          {
            day: "2026-11-06",
            direction: "debit",
            cents: 81234,
            name: "НАП ДОО",
            iban: "BG97BNBG96618000112001",
            reason: "ОСИГУРОВКИ",
            reference: "E2E2",
          },
        ],
      });
      const file = path.join(mkdtempSync(path.join(tmpdir(), "smetka-bank-")), "noemvri.sta");
      writeFileSync(file, text);

      await page.goto(`${app.url}/bank`);
      await page.getByRole("heading", { name: "Банка", level: 1 }).waitFor();
      await expectAccessible(page);
      await page.getByLabel("Файл с извлечение").setInputFiles(file);
      await page.getByRole("button", { name: "Внеси" }).click();
      await page.waitForURL(/\/bank\/statements\//);
      await page.getByText("Внесени движения: 2").waitFor();
      await page.getByText(`Фактура № ${issued.number}, Сила Инвест ООД`).first().waitFor();
      await expectAccessible(page);

      // One click: the invoice is paid, through the invoice's own payments.
      await step("One click pays the invoice through its payments");
      await page.getByRole("button", { name: /^Потвърди: ред \d+, СИЛА ИНВЕСТ ООД/ }).click();
      await page.getByText("Движението е разнесено").waitFor();
      await page
        .getByText(/Разнесено от/)
        .first()
        .waitFor();
      await expectAccessible(page);
      const paid = (await (
        await context.request.get(`${app.url}/api/invoices/${invoice.id}`)
      ).json()) as {
        paymentStatus?: string;
        totals: { paid?: string; due?: string };
      };
      expect(JSON.stringify(paid)).toContain(issued.totals.total);
      await page.goto(`${app.url}/invoice/${invoice.id}`);
      await page.getByText("Банково извлечение, реф. E2E1").waitFor();

      // НАП's debit is recognised as taxes and contributions.
      await step("НАП's debit is recognised as taxes and contributions");
      await page.goBack();
      await page.getByText("Данъци и осигуровки към НАП").waitFor();

      // The same file again: nothing new.
      await step("The same file again");
      await page.goto(`${app.url}/bank`);
      await page.getByLabel("Файл с извлечение").setInputFiles(file);
      await page.getByRole("button", { name: "Внеси" }).click();
      await page.getByText("2 движения вече са внесени").waitFor();
      expect(await page.getByRole("row").count()).toBe(1 + 1 + 1 + 1);

      // A file of another account is refused with the reason, the form shown again.
      await step("A file of another account is refused with the reason, the form shown again");
      const other = path.join(path.dirname(file), "other.sta");
      writeFileSync(other, text.replace("BG80BNBG96611020345678", "BG18RZBB91550123456789"));
      await page.getByLabel("Файл с извлечение").setInputFiles(other);
      await page.getByRole("button", { name: "Внеси" }).click();
      await page
        .getByText(/Сметка BG18RZBB91550123456789 не е сред банковите сметки/)
        .first()
        .waitFor();
      await expectAccessible(page);

      // «Отмени» gives the invoice its state back.
      await step("«Отмени» gives the invoice its state back");
      await page
        .getByRole("link", { name: /05\.11\.2026|01\.11\.2026/ })
        .first()
        .click();
      await page
        .getByRole("button", { name: /^Отмени разнасянето: ред \d+, СИЛА ИНВЕСТ ООД/ })
        .click();
      await page.getByText("Разнасянето е отменено").waitFor();
      await page.getByRole("button", { name: /^Потвърди: ред \d+, СИЛА ИНВЕСТ ООД/ }).waitFor();
      await page.goto(`${app.url}/invoice/${invoice.id}`);
      expect(await page.getByText("Банково извлечение, реф. E2E1").count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
