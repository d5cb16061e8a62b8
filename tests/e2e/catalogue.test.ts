import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validEik } from "../setup/values";
import {
  chooseClient,
  expectAccessible,
  field,
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
 * Issue #15, items 4–6: the catalogue, «Дублирай» and the editor's pickers, with JavaScript on
 * (comboboxes searching the server, by the keyboard only) and off (the form sent by GET with a
 * search field, a catalogue item added by an intent).
 */

async function addClient(page: Page, app: RunningApp, name: string): Promise<string> {
  return (
    await postJson(
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
        mol: "Иван Иванов",
        paymentTermDays: 10,
      },
      201,
    )
  ).id;
}

/** An issued invoice with one line, made over the API. */
async function issuedInvoice(page: Page, app: RunningApp, clientId: string): Promise<string> {
  const { id } = await postJson(
    page.request,
    app,
    "/api/invoices",
    {
      type: "invoice",
      clientId,
      issueDate: "2026-11-20",
      notes: "Благодарим!",
      lines: [{ description: "Счетоводни услуги", quantity: "1", unitPrice: "300", vatRate: 20 }],
    },
    201,
  );
  await postJson(page.request, app, `/api/invoices/${id}/issue`, {}, 200);
  return id;
}

// The input, not the combobox's list (labelled by the same label with JavaScript).
const description = (page: Page, n: number) =>
  page.getByLabel(new RegExp(`^Описание \\(ред ${n}\\)`)).and(page.locator("input, textarea"));

describe.skipIf(!hasChromium)(
  "the catalogue, «Дублирай» and the editor's pickers in Chromium",
  () => {
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

      it(`adds a catalogue item, duplicates an invoice, fills a line from the catalogue and picks a client ${mode}; axe on each page`, async ({
        annotate,
      }) => {
        const step = stepsOf(annotate);
        const { page, context } = await openPage(browser, { javaScriptEnabled });
        try {
          await step("A customer with two clients");
          await signInContext(app, context);
          const clientId = await addClient(page, app, "Клиент Омега ООД");
          await addClient(page, app, "Клиент Сигма ООД");

          // The catalogue: the menu's «Каталог», an empty list, a new item.
          await step("The catalogue: the menu, an empty list, a new item");
          await page.goto(`${app.url}/dashboard`);
          // «Каталог» is in the menu's «Още» (decision 032).
          await page.getByRole("banner").locator("summary", { hasText: "Още" }).click();
          await page.getByRole("link", { name: "Каталог" }).first().click();
          await page.waitForURL(`${app.url}/catalogue`);
          await page.getByText("Каталогът е празен").waitFor();
          await expectAccessible(page);
          await page.getByRole("link", { name: "Нов артикул" }).click();
          await page.waitForURL(`${app.url}/catalogue/new`);
          await field(page, "Наименование").fill("Консултация");
          await field(page, "Наименование на английски").fill("Consultation");
          await field(page, "Мярка").fill("ч.");
          await field(page, "Ед. цена без ДДС").fill("abc");
          await page.getByRole("button", { name: "Добави в каталога" }).click();
          await page
            .getByText(
              "Цената трябва да е число от 0 до 9 999 999 999,9999 с до 4 знака след запетаята",
            )
            .waitFor();
          expect(await field(page, "Наименование").inputValue()).toBe("Консултация");
          await expectAccessible(page);
          await field(page, "Ед. цена без ДДС").fill("80");
          await page.getByRole("button", { name: "Добави в каталога" }).click();
          await page.waitForURL(`${app.url}/catalogue`);
          await page.getByRole("link", { name: "Консултация" }).waitFor();
          await page.getByRole("cell", { name: "80,00" }).waitFor();
          await expectAccessible(page);

          // «Дублирай» an issued invoice: a draft dated today, in the editor.
          await step("«Дублирай» an issued invoice");
          const invoiceId = await issuedInvoice(page, app, clientId);
          await page.goto(`${app.url}/invoice/${invoiceId}`);
          await page.getByRole("button", { name: "Дублирай" }).click();
          await page.waitForURL(/\/invoice\/edit\/[0-9a-f-]{36}$/);
          await page.getByText("Създадено е копие като чернова").waitFor();
          await page.getByRole("heading", { level: 1, name: "Чернова: Фактура" }).waitFor();
          expect(await description(page, 1).inputValue()).toBe("Счетоводни услуги");
          expect(await field(page, "Забележки (отпечатват се)").inputValue()).toBe("Благодарим!");
          await expectAccessible(page);

          // A line from the catalogue; what was typed stays.
          await step("A line from the catalogue; what was typed stays");
          await page.getByRole("button", { name: "+ Добави ред" }).click();
          await description(page, 2).waitFor();
          await page
            .getByLabel(/^Количество/)
            .first()
            .fill("2");
          if (javaScriptEnabled) {
            const box = page.getByRole("combobox", { name: /^Описание \(ред 2\)/ });
            await box.fill("Консулт");
            await page.getByRole("option", { name: /^Консултация/ }).waitFor();
            await expectAccessible(page);
            await box.press("ArrowDown");
            await box.press("Enter");
            // The line is filled and focus moves on to its quantity, its «1» selected: typing 3
            // gives 3, not 13 (issue #25).
            await page.waitForFunction(
              () => document.activeElement?.getAttribute("name") === "lines[1][quantity]",
            );
            await page.keyboard.type("3");
            expect(
              await page
                .getByLabel(/^Количество/)
                .nth(1)
                .inputValue(),
            ).toBe("3");
          } else {
            await field(page, "Търси в каталога").fill("Консулт");
            await page
              .getByRole("search", { name: "Търсене в каталога" })
              .getByRole("button", { name: "Търси" })
              .click();
            await page.getByRole("button", { name: "Добави Консултация" }).waitFor();
            // The search came back with the form as it was typed.
            expect(
              await page
                .getByLabel(/^Количество/)
                .first()
                .inputValue(),
            ).toBe("2");
            await expectAccessible(page);
            await page.getByRole("button", { name: "Добави Консултация" }).click();
          }
          await expect.poll(() => description(page, 2).inputValue()).toBe("Консултация");
          expect(
            await page
              .getByLabel(/^Ед\. цена/)
              .nth(1)
              .inputValue(),
          ).toBe("80,00");
          expect(
            await page
              .getByLabel(/^Мярка/)
              .nth(1)
              .inputValue(),
          ).toBe("ч.");
          expect(
            await page
              .getByLabel(/^Количество/)
              .first()
              .inputValue(),
          ).toBe("2");
          await page.getByRole("button", { name: "Запази чернова" }).first().click();
          await page.waitForURL(/\/invoice\/[0-9a-f-]{36}$/);
          await page.getByText("Черновата е запазена").waitFor();
          await page.getByText("Консултация").first().waitFor();

          // A new invoice: the client picked by searching (keyboard only with JavaScript).
          await step("A new invoice with the client picked by searching");
          await page.goto(`${app.url}/invoice/new`);
          await expectAccessible(page);
          if (javaScriptEnabled) {
            // The text box that replaces the native select once the page is hydrated.
            const box = page.getByRole("combobox", { name: "Клиент" }).and(page.locator("input"));
            await box.waitFor();
            await box.focus();
            await page.keyboard.type("Сигма", { delay: 60 });
            const sigma = page.getByRole("option", { name: /^Клиент Сигма ООД/ });
            await sigma.waitFor();
            await expectAccessible(page);
            await page.keyboard.press("ArrowDown");
            // Enter chooses the highlighted option: wait until the arrow has highlighted it.
            await expect.poll(() => sigma.getAttribute("aria-selected")).toBe("true");
            await page.keyboard.press("Enter");
            await expect.poll(() => box.inputValue()).toBe("Клиент Сигма ООД");
            // Choosing fills the client's МОЛ as the recipient.
            await page.waitForFunction(
              () =>
                (document.querySelector('[name="recipientName"]') as HTMLInputElement | null)
                  ?.value === "Иван Иванов",
            );
          } else {
            await field(page, "Търси клиент").fill("сигма");
            await page
              .getByRole("search", { name: "Търсене на клиент" })
              .getByRole("button", { name: "Търси" })
              .click();
            await page.getByText("Намерени за „сигма“: 1.").waitFor();
            await expectAccessible(page);
            await chooseClient(page, "Клиент Сигма ООД", false);
            await page.getByRole("button", { name: "Избери клиента" }).click();
            await page.getByText("Намерени за „сигма“: 1.").waitFor();
            expect(await field(page, "Получил").inputValue()).toBe("Иван Иванов");
          }
          await description(page, 1).fill("Консултация по телефон");
          await page
            .getByLabel(/^Ед\. цена/)
            .first()
            .fill("50");
          await page.getByRole("button", { name: "Запази чернова" }).first().click();
          await page.waitForURL(/\/invoice\/[0-9a-f-]{36}$/);
          await page.getByRole("link", { name: "Клиент Сигма ООД" }).waitFor();
        } finally {
          await context.close();
        }
      });
    }
  },
);
