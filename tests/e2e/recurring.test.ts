import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validEik } from "../setup/values";
import {
  expectAccessible,
  field,
  hasChromium,
  launchBrowser,
  openPage,
  postJson,
  type RunningApp,
  signInContext,
  startApp,
} from "./harness";

/*
 * Recurring invoices and reminders in Chromium (issue #15), with JavaScript on and off: make an
 * invoice periodic from its page, see it listed with its next date, pause it; turn reminders on.
 */

const today = () => new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Sofia" });

async function issuedInvoice(app: RunningApp, context: BrowserContext) {
  const client = await postJson(
    context.request,
    app,
    "/api/clients",
    {
      kind: "company",
      name: "Абонат ООД",
      eik: validEik(),
      address: "ул. Раковски 1",
      city: "София",
      emails: ["abonat@example.bg"],
    },
    201,
  );
  const invoice = await postJson(
    context.request,
    app,
    "/api/invoices",
    {
      type: "invoice",
      clientId: client.id,
      issueDate: today(),
      dueDate: today(),
      lines: [{ description: "Абонамент", quantity: "1", unitPrice: "50.00", vatRate: 20 }],
    },
    201,
  );
  await postJson(context.request, app, `/api/invoices/${invoice.id}/issue`, {}, 200);
  return invoice.id;
}

describe.skipIf(!hasChromium)("recurring invoices and reminders in Chromium", () => {
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

    it(`makes an invoice periodic, lists it with its next date, pauses it, turns reminders on ${mode}; axe`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      try {
        await signInContext(app, context);
        const id = await issuedInvoice(app, context);
        await page.goto(`${app.url}/invoice/${id}`);
        await page.getByRole("link", { name: "Направи периодична" }).click();
        await page.getByRole("heading", { name: "Направи периодична", level: 1 }).waitFor();
        await expectAccessible(page);
        await field(page, "Ден от месеца").fill("40");
        await page.getByRole("button", { name: "Създай периодичната фактура" }).click();
        await page.getByText("Денят е число от 1 до 31").first().waitFor();
        expect(await field(page, "Ден от месеца").inputValue()).toBe("40");
        await field(page, "Ден от месеца").fill("31");
        if (javaScriptEnabled) {
          await page.getByText(/Следващи дати: \d\d\.\d\d\.\d{4}/).waitFor();
        }
        // A period placeholder in a line, filled in the preview (issue #41, item 7); without
        // JavaScript «Преглед» draws it.
        await field(page, "Ред 1: описание").fill("Поддръжка за {месец} {година}");
        if (!javaScriptEnabled) await page.getByRole("button", { name: "Преглед" }).click();
        await page
          .getByTestId("recurring-preview-lines")
          .getByText(/^Поддръжка за [а-я]+ \d{4}$/)
          .waitFor();
        expect(await field(page, "Ред 1: описание").inputValue()).toBe(
          "Поддръжка за {месец} {година}",
        );
        await page.getByLabel("Издай и изпрати по имейл на клиента").check();
        await page.getByRole("button", { name: "Създай периодичната фактура" }).click();
        await page.waitForURL(`${app.url}/invoices/recurring`);
        const table = page.getByRole("table", { name: "Периодични фактури" });
        await table.getByRole("cell", { name: "Абонат ООД", exact: true }).waitFor();
        await table.getByText("Активна").waitFor();
        await expectAccessible(page);
        await page.getByRole("button", { name: /^Спри/ }).click();
        await table.getByText("Спряна").waitFor();

        await page.goto(`${app.url}/settings`);
        await page.getByLabel(/Изпращай напомняния/).check();
        await field(page, "Дни след падежа").fill("5, 15");
        await page.getByRole("button", { name: "Запази напомнянията" }).click();
        await page.getByText("Напомнянията са включени").first().waitFor();
        expect(await field(page, "Дни след падежа").inputValue()).toBe("5, 15");
        await expectAccessible(page);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
