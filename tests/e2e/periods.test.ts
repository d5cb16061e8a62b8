import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthLabel, previousMonth } from "~/utils/periods";
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
 * A locked month in the browser (issue #45 item 6, decision 058): the owner locks last month on
 * /settings/periods, a draft dated in it says so and offers no «Издай», a form posted to it anyway
 * is refused with 409 and the month's name, and unlocking takes a reason — with JavaScript
 * and without, the page passing axe.
 */

const today = () => new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Sofia" });

describe.skipIf(!hasChromium)("locked months in Chromium", () => {
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

    it(`locks last month, refuses to issue a draft dated in it and unlocks with a reason ${mode}; axe`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        await signInContext(app, context);
        await page.goto(`${app.url}/dashboard`);
        const month = previousMonth(today().slice(0, 7));
        const label = monthLabel(month);
        const client = await postJson(
          context.request,
          app,
          "/api/clients",
          {
            kind: "company",
            name: "Клиент Период ООД",
            eik: validEik(),
            address: "ул. Раковски 1",
            city: "София",
          },
          201,
        );
        const draft = await postJson(
          context.request,
          app,
          "/api/invoices",
          {
            type: "invoice",
            clientId: client.id,
            issueDate: `${month}-10`,
            dueDate: `${month}-20`,
            lines: [{ description: "Услуга", quantity: "1", unitPrice: "100.00", vatRate: 20 }],
          },
          201,
        );

        await page.goto(`${app.url}/settings/periods`);
        await page.getByRole("heading", { name: "Заключени периоди", level: 1 }).waitFor();
        await expectAccessible(page);
        await page.getByRole("button", { name: `Заключи ${label}` }).click();
        const row = page.getByRole("row").filter({ hasText: label });
        await row.getByText(new RegExp(`^Периодът ${label} е заключен от `)).waitFor();

        await page.goto(`${app.url}/invoice/${draft.id}`);
        await page
          .getByText(new RegExp(`Периодът ${label} е заключен от `))
          .first()
          .waitFor();
        expect(await page.getByRole("button", { name: "Издай" }).count()).toBe(0);
        const refused = await page.request.post(`${app.url}/invoice/${draft.id}`, {
          form: { intent: "issue", confirm: "yes" },
          headers: { Origin: app.url },
          maxRedirects: 0,
        });
        expect(refused.status()).toBe(409);
        expect(await refused.text()).toContain(`Периодът ${label} е заключен`);

        await page.goto(`${app.url}/settings/periods`);
        await row.getByLabel(/^Причина за отключването/).fill("Корекция на фактура");
        await page.getByRole("button", { name: `Отключи ${label}` }).click();
        await row.getByText("Отворен").waitFor();
      } finally {
        await context.close();
      }
    });
  }
});
