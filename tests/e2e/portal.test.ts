import type { Browser } from "playwright-core";
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
} from "./harness";

/*
 * Issue #47 item 2 (decision 069): the company makes a client's portal link on the client's page,
 * the client opens it without an account and sees the invoice with its PDF, the company sees
 * «отворена на …» and revokes it; with JavaScript on and off, axe on every page.
 */

describe.skipIf(!hasChromium)("the client portal in Chromium", () => {
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

    it(`makes a link, opens the portal as the client, sees «отворена на …» and revokes it ${mode}`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      const client = await openPage(browser, { javaScriptEnabled });
      try {
        await signInContext(app, context);
        const { id: clientId } = await postJson(
          page.request,
          app,
          "/api/clients",
          {
            kind: "company",
            name: "Клиент Портал ООД",
            eik: validEik(),
            address: "ул. Раковски 1",
            city: "София",
            postalCode: "1000",
          },
          201,
        );
        const { id: invoiceId } = await postJson(
          page.request,
          app,
          "/api/invoices",
          {
            type: "invoice",
            clientId,
            issueDate: "2026-11-20",
            currency: "EUR",
            lines: [{ description: "Уебсайт", quantity: "1", unitPrice: "1000", vatRate: 20 }],
          },
          201,
        );
        const issued = await postJson<{ number: string }>(
          page.request,
          app,
          `/api/invoices/${invoiceId}/issue`,
          {},
          200,
        );

        await page.goto(`${app.url}/client/edit/${clientId}`);
        await page.getByRole("heading", { name: "Портал за клиента" }).waitFor();
        await expectAccessible(page);
        await page.getByLabel("Валидна").selectOption("7");
        await page.getByRole("button", { name: "Създай връзка" }).click();
        await page.getByText("Копирайте я сега").waitFor();
        const url = await page.getByLabel("Връзка към портала").inputValue();
        expect(url).toMatch(/\/portal\/[A-Za-z0-9_-]{43}$/);
        await expectAccessible(page);

        // The client: no session, the link only.
        const response = await client.page.goto(url);
        expect(response?.status()).toBe(200);
        expect(response?.headers()["referrer-policy"]).toBe("same-origin");
        await client.page
          .getByRole("heading", { name: "Документи за Клиент Портал ООД" })
          .waitFor();
        await client.page.getByRole("rowheader", { name: `Фактура № ${issued.number}` }).waitFor();
        await client.page.getByText("1 200,00 EUR").first().waitFor();
        await expectAccessible(client.page);
        const pdfHref = await client.page
          .getByRole("link", { name: `PDF на Фактура № ${issued.number}` })
          .getAttribute("href");
        const pdf = await client.page.request.get(`${app.url}${pdfHref}`);
        expect(pdf.status()).toBe(200);
        expect(pdf.headers()["content-type"]).toBe("application/pdf");

        // The company sees it opened, and revokes it.
        await page.goto(`${app.url}/client/edit/${clientId}`);
        await page.getByText(/отворена на/).waitFor();
        await page.getByRole("button", { name: /^Отмени връзката/ }).click();
        await page.getByRole("cell", { name: /^Отменена/ }).waitFor();
        await expectAccessible(page);

        const gone = await client.page.goto(url);
        expect(gone?.status()).toBe(404);
        await client.page.getByText("Връзката не е валидна").waitFor();
        await expectAccessible(client.page);

        // The statement of account and an act of reconciliation (issue #47 item 4, decision 070).
        await page.goto(`${app.url}/clients/${clientId}/statement`);
        await page.getByRole("heading", { name: /^Извлечение по сметка/, level: 1 }).waitFor();
        await page.getByText(issued.number).first().waitFor();
        await expectAccessible(page);
        await page.getByRole("button", { name: /Издай акт за сверка/ }).click();
        await page.getByRole("heading", { name: "Актове за сверка" }).waitFor();
        await page
          .getByText(/№ ?0*1\b/)
          .first()
          .waitFor();
        await expectAccessible(page);
      } finally {
        await context.close();
        await client.context.close();
      }
    });
  }
});
