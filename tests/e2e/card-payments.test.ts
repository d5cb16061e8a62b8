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
 * Issue #47 item 3 (decision 071), «done when»: the owner connects the local card provider on
 * /settings/card-payments; the client, signed in nowhere, pays the invoice on the portal with a
 * 3-D Secure test card and the portal shows it paid; with JavaScript on and off, axe on every page.
 */

describe.skipIf(!hasChromium)("pay by card in Chromium", () => {
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

    it(`a client pays an invoice by card through the portal and it shows paid ${mode}`, async () => {
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
            name: `Клиент Карта ${javaScriptEnabled ? "1" : "2"} ООД`,
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
            lines: [{ description: "Уебсайт", quantity: "1", unitPrice: "100", vatRate: 20 }],
          },
          201,
        );
        await postJson(page.request, app, `/api/invoices/${invoiceId}/issue`, {}, 200);
        const { url } = await postJson<{ url: string }>(
          page.request,
          app,
          `/api/clients/${clientId}/portal-links`,
          { days: 30 },
          201,
        );

        await page.goto(`${app.url}/settings/card-payments`);
        await expectAccessible(page);
        const local = page.getByRole("button", { name: "Свържи тестовия доставчик" });
        if (await local.count()) {
          await local.click();
          await page.getByRole("button", { name: "Прекъсни връзката" }).waitFor();
          await expectAccessible(page);
        }

        await client.page.goto(url);
        await expectAccessible(client.page);
        await client.page
          .getByRole("button", { name: /Плати с карта/ })
          .first()
          .click();
        await client.page.getByLabel("Номер на картата").waitFor();
        await expectAccessible(client.page);
        await client.page.getByLabel("Номер на картата").fill("4000 0027 6000 3184");
        await client.page.getByLabel("Валидна до (ММ/ГГ)").fill("12/39");
        await client.page.getByLabel("CVC").fill("123");
        await client.page.getByRole("button", { name: /Плати/ }).click();
        await client.page.getByRole("button", { name: "Потвърди плащането" }).waitFor();
        await expectAccessible(client.page);
        await client.page.getByRole("button", { name: "Потвърди плащането" }).click();
        await client.page.getByText("Плащането е получено. Благодарим ви!").waitFor();
        await expectAccessible(client.page);
        expect(await client.page.getByText("Нямате неплатени фактури.").count()).toBe(1);
      } finally {
        await client.context.close();
        await context.close();
      }
    });
  }
});
