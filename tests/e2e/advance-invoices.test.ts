import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
} from "./harness";

/*
 * Issue #48 item 2 (decision 074): an advance invoice made over the API, then the final invoice
 * made in the editor with «Приспадни аванс» ticked, with JavaScript and without: the preview
 * prints the deduction's line with a minus and the total after it; issued, the advance is used up.
 */

async function advanceOf(page: Page, app: RunningApp, name: string) {
  const client = await postJson(
    page.request,
    app,
    "/api/clients",
    {
      kind: "company",
      name,
      eik: validEik(),
      address: "ул. Раковски 1",
      city: "София",
      postalCode: "1000",
    },
    201,
  );
  const { id } = await postJson(
    page.request,
    app,
    "/api/invoices",
    {
      type: "invoice",
      advance: true,
      clientId: client.id,
      issueDate: "2026-11-20",
      lines: [{ description: "Аванс по договор 7", quantity: "1", unitPrice: "500", vatRate: 20 }],
    },
    201,
  );
  const issued = await postJson(page.request, app, `/api/invoices/${id}/issue`, {}, 200);
  return {
    clientId: client.id as string,
    id: id as string,
    number: (issued as unknown as { number: string }).number,
  };
}

describe.skipIf(!hasChromium)("advance invoices in Chromium", () => {
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
    it(`deducts an advance in the final invoice ${mode}; axe on the editor and the preview`, async ({
      annotate,
    }) => {
      const step = stepsOf(annotate);
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        await signInContext(app, context);
        const advance = await advanceOf(page, app, `Клиент Аванс ${mode}`);

        await step("The advance invoice's page and PDF title");
        await page.goto(`${app.url}/invoice/${advance.id}`);
        await page.getByText("Авансово плащане").first().waitFor();

        await step("The final invoice: «Приспадни аванс» lists the client's advance");
        await page.goto(`${app.url}/invoice/new?clientId=${advance.clientId}`);
        await page.getByRole("group", { name: "Аванс" }).waitFor();
        const choice = page.getByLabel(new RegExp(`^Фактура № ${advance.number} от`));
        await choice.waitFor();
        expect(await page.getByText(/остатък 500,00 EUR/).count()).toBeGreaterThan(0);
        await expectAccessible(page);
        await page
          .getByLabel(/^Описание \(ред 1\)/)
          .and(page.locator("input, textarea"))
          .fill("Доставка по договор 7");
        await page
          .getByLabel(/^Ед\. цена/)
          .first()
          .fill("800");
        await choice.check();
        await page.getByLabel(new RegExp(`^Основа за приспадане, № ${advance.number}`)).fill("400");
        await page.getByRole("button", { name: "Преглед" }).first().click();
        await page.waitForURL(/\/invoice\/preview\?id=/);
        await page
          .getByText(`Приспадане на аванс по фактура № ${advance.number}`)
          .first()
          .waitFor();
        await page.getByText("−400,00").first().waitFor();
        // 800.00 − 400.00 = 400.00 + 80.00 VAT.
        await page.getByText("480,00").first().waitFor();
        await expectAccessible(page);

        await step("More than is left is refused, with what was typed kept");
        await page.goto(`${app.url}/invoice/new?clientId=${advance.clientId}`);
        await page
          .getByLabel(/^Описание \(ред 1\)/)
          .and(page.locator("input, textarea"))
          .fill("Още доставка");
        await page
          .getByLabel(/^Ед\. цена/)
          .first()
          .fill("900");
        await page.getByLabel(new RegExp(`^Фактура № ${advance.number} от`)).check();
        await page.getByLabel(new RegExp(`^Основа за приспадане, № ${advance.number}`)).fill("600");
        await page.getByRole("button", { name: "Запази чернова" }).first().click();
        await page.getByText(/Сумата надвишава остатъка на аванса: най-много 500.00/).waitFor();
        expect(
          await page
            .getByLabel(/^Описание \(ред 1\)/)
            .and(page.locator("input, textarea"))
            .inputValue(),
        ).toBe("Още доставка");
        await expectAccessible(page);
      } finally {
        await context.close();
      }
    });
  }
});
