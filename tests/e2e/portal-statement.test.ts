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
 * Issue #47 item 4 in the client portal (decisions 069, 070): the client reads its statement of
 * account, picks a period, downloads the PDF, answers an act of reconciliation (a refused dispute
 * keeps what was typed, then a dispute is sent), switches to English; the company sees the
 * answer. With JavaScript on and off, axe on every page.
 */

describe.skipIf(!hasChromium)("the statement and the acts in the client portal", () => {
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

    it(`reads the statement, disputes an act and switches to English ${mode}`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      const client = await openPage(browser, { javaScriptEnabled });
      try {
        await signInContext(app, context);
        const name = `Client Statement ${javaScriptEnabled ? "JS" : "HTML"} Ltd`;
        const { id: clientId } = await postJson(
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
            language: "en",
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
        const { url } = await postJson<{ url: string }>(
          page.request,
          app,
          `/api/clients/${clientId}/portal-links`,
          { days: 30 },
          201,
        );

        // The company issues an act of reconciliation.
        await page.goto(`${app.url}/clients/${clientId}/statement`);
        await page.getByRole("button", { name: /Издай акт за сверка/ }).click();
        await page.getByText("Очаква отговор").waitFor();

        // The client: the statement, a period, the PDF.
        await client.page.goto(url);
        await client.page.getByRole("heading", { name: "Извлечение по сметка" }).waitFor();
        await client.page
          .getByText(/Крайно салдо към/)
          .first()
          .waitFor();
        await expectAccessible(client.page);
        await client.page.getByLabel("От дата").fill("2026-11-21");
        await client.page.getByRole("button", { name: "Покажи" }).click();
        await client.page.getByText("Начално салдо към 21.11.2026").waitFor();
        expect(client.page.url()).toContain("from=2026-11-21");
        const pdfHref = await client.page
          .getByRole("link", { name: "Извлечение по сметка на български" })
          .getAttribute("href");
        const pdf = await client.page.request.get(new URL(pdfHref!, url).toString());
        expect(pdf.status()).toBe(200);
        expect(pdf.headers()["content-type"]).toBe("application/pdf");

        // The act: a dispute without the differences is refused, what was typed stays.
        await client.page.getByRole("heading", { name: "Актове за сверка" }).waitFor();
        await client.page.getByText("Очаква вашия отговор").waitFor();
        await client.page.getByLabel("Салдо по нашите книги").fill("1000,00");
        await client.page.getByRole("button", { name: "Изпрати несъгласието" }).click();
        await client.page
          .getByText(/Опишете разликите/)
          .first()
          .waitFor();
        expect(await client.page.getByLabel("Салдо по нашите книги").inputValue()).toBe("1000,00");
        await expectAccessible(client.page);
        await client.page.getByLabel("Разлики").fill("Платихме 200,00 EUR на 25.11.2026");
        await client.page.getByRole("button", { name: "Изпрати несъгласието" }).click();
        await client.page.getByText(/Оспорихте на .*1\s000,00\sEUR/).waitFor();
        await expectAccessible(client.page);

        // English labels: a plain link, the Bulgarian back the same way.
        await client.page.goto(url);
        await client.page.getByRole("link", { name: "English" }).click();
        await client.page.getByRole("heading", { name: `Documents for ${name}` }).waitFor();
        await client.page.getByRole("heading", { name: "Statement of account" }).waitFor();
        await client.page.getByText(`Invoice No. ${issued.number}`).first().waitFor();
        await client.page.getByText(/You disputed it on/).waitFor();
        await expectAccessible(client.page);
        await client.page.getByRole("link", { name: "Български" }).click();
        await client.page.getByRole("heading", { name: `Документи за ${name}` }).waitFor();

        // The company sees the client's answer.
        await page.goto(`${app.url}/clients/${clientId}/statement`);
        await page
          .getByText(/Оспорен от клиента на .*по данни на клиента 1\s000,00\sEUR/)
          .waitFor();
        await expectAccessible(page);
      } finally {
        await context.close();
        await client.context.close();
      }
    });
  }
});
