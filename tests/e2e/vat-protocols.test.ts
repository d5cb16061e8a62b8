import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MINUS } from "~/utils/money";
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
 * Decision 073: a Google Ireland–like invoice (IE, no VAT, 100 EUR) leads to its protocol under
 * чл. 117, confirmed with one button, with and without JavaScript; the PDF opens; axe passes.
 */
describe.skipIf(!hasChromium)("protocols under чл. 117 in Chromium", () => {
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

    it(`confirms the proposed protocol ${mode}, then offers its PDF and cancellation`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        await signInContext(app, context);
        await upgradeByForms(page, app, "standard");
        const { categories } = (await (
          await page.request.get(`${app.url}/api/expense-categories`)
        ).json()) as { categories: { id: string; name: string }[] };
        const { id } = await postJson(
          page.request,
          app,
          "/api/expenses",
          {
            supplier: { name: "Google Ireland Limited", vatNumber: "IE6388047V" },
            documentType: "invoice",
            documentNumber: "5329876543",
            documentDate: "2026-11-05",
            description: "Google Ads",
            category: { id: categories[0]!.id },
            amounts: [{ vatRate: null, base: "100.00" }],
          },
          201,
        );
        await page.goto(`${app.url}/expenses/${id}`);
        await page.getByRole("link", { name: "Потвърдете протокола по чл. 117" }).click();
        await page.getByRole("heading", { name: "Предложен протокол № 0000000001" }).waitFor();
        await expect(page.getByText("20,00 EUR").first().isVisible()).resolves.toBe(true);
        await expectAccessible(page);

        await page.getByRole("button", { name: "Издай протокола" }).click();
        await page
          .getByRole("heading", { name: /^Протокол № 0000000001 от 05\.11\.2026/ })
          .waitFor();
        await page.getByRole("button", { name: "Анулирай протокол № 0000000001" }).waitFor();
        await expectAccessible(page);

        const pdf = await page.request.get(
          `${app.url}${await page.getByRole("link", { name: "PDF" }).getAttribute("href")}`,
        );
        expect(pdf.status()).toBe(200);
        expect(pdf.headers()["content-type"]).toBe("application/pdf");
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`confirms a credit note's correcting protocol ${mode} (чл. 117, ал. 4)`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        await signInContext(app, context);
        await upgradeByForms(page, app, "standard");
        const { categories } = (await (
          await page.request.get(`${app.url}/api/expense-categories`)
        ).json()) as { categories: { id: string; name: string }[] };
        const google = (fields: Record<string, unknown>) =>
          postJson(
            page.request,
            app,
            "/api/expenses",
            {
              supplier: { name: "Google Ireland Limited", vatNumber: "IE6388047V" },
              documentType: "invoice",
              documentNumber: "5329876543",
              documentDate: "2026-11-05",
              description: "Google Ads",
              category: { id: categories[0]!.id },
              amounts: [{ vatRate: null, base: "100.00" }],
              ...fields,
            },
            201,
          );
        const invoice = await google({});
        await postJson(page.request, app, `/api/expenses/${invoice.id}/protocols`, {}, 201);
        const note = await google({
          documentType: "credit_note",
          documentNumber: "5329876999",
          documentDate: "2026-11-20",
          amounts: [{ vatRate: null, base: "20.00" }],
        });
        await page.goto(`${app.url}/expenses/${note.id}`);
        await page.getByRole("link", { name: "Потвърдете протокола по чл. 117" }).click();
        await page
          .getByRole("heading", { name: "Предложен коригиращ протокол № 0000000002" })
          .waitFor();
        await expect(page.getByText(`${MINUS}4,00 EUR`).first().isVisible()).resolves.toBe(true);
        await expectAccessible(page);
        await page.getByRole("button", { name: "Издай протокола" }).click();
        await page
          .getByRole("heading", { name: /^Коригиращ протокол № 0000000002 от 20\.11\.2026/ })
          .waitFor();
        await expectAccessible(page);
      } finally {
        await context.close();
      }
    });
  }
});
