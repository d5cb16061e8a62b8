import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, registrationPayload, validEik } from "../setup/values";
import {
  addCard,
  chooseClient,
  expectAccessible,
  field,
  hasChromium,
  launchBrowser,
  openPage,
  postJson,
  type RunningApp,
  seededDatabase,
  signInContext,
  startApp,
  stepsOf,
  upgradeByForms,
} from "./harness";

/*
 * Issue #31, «A customer's first day, polished», as the new customer meets it in Chromium, with
 * JavaScript and without (the server's side: tests/integration/first-day.test.ts).
 */

/** The element that has focus: its tag and its text. */
const focused = (page: Page) =>
  page.evaluate(() => ({
    tag: document.activeElement?.tagName ?? "",
    text: document.activeElement?.textContent ?? "",
  }));

/** Steps 1 and 2 of the sign-up, filled and sent; the page then shows step 3. */
async function signUpToStep3(page: Page, data: ReturnType<typeof registrationPayload>) {
  await field(page, "Имейл").fill(data.username);
  await field(page, "Парола").fill(PASSWORD);
  await field(page, "Потвърдете паролата").fill(PASSWORD);
  await page.getByRole("button", { name: "Напред" }).click();
  await page.getByRole("heading", { name: /Стъпка 2 от 3/ }).waitFor();
  await field(page, "Име").fill(data.firstName);
  await field(page, "Фамилия").fill(data.lastName);
  await field(page, "Име на фирмата").fill(data.companyName);
  await field(page, "ЕИК/Булстат").fill(data.companyVat);
  await field(page, "Адрес").fill(data.companyAddress);
  await field(page, "Град").fill(data.companyCity);
  await field(page, "Пощенски код").fill(data.postalCode);
  await page.getByRole("button", { name: "Напред" }).click();
  await page.getByRole("heading", { name: /Стъпка 3 от 3/ }).waitFor();
}

async function fillStep3(page: Page, data: ReturnType<typeof registrationPayload>) {
  await field(page, "IBAN").fill(data.companyBankAccount);
  await field(page, "Банка").fill(data.companyBankName);
  await field(page, "BIC").fill(data.companyBankBic);
}

/** The page's text with its spaces (non-breaking ones too) as one kind. */
const pageText = async (page: Page) =>
  (await page.locator("main").innerText()).replace(/[\s\u00a0]+/g, " ");

/** A client, an invoice of 1 250,00 + 20 % paid in full, and a credit note of 93,20 on it (API). */
async function paidInvoiceAndCreditNote(app: RunningApp, context: BrowserContext) {
  const client = await postJson(context.request, app, "/api/clients", {
    kind: "company",
    name: "Купувач Първи ООД",
    eik: validEik(),
    address: "ул. Раковски 1",
    city: "София",
  });
  const day = new Date().toISOString().slice(0, 10);
  const invoice = await postJson(context.request, app, "/api/invoices", {
    type: "invoice",
    clientId: client.id,
    issueDate: day,
    dueDate: day,
    lines: [{ description: "Одит", quantity: "1", unitPrice: "1250.00", vatRate: 20 }],
  });
  await postJson(context.request, app, `/api/invoices/${invoice.id}/issue`, {});
  await postJson(context.request, app, `/api/invoices/${invoice.id}/payments`, {
    paidOn: day,
    amount: "1500.00",
    method: "bank",
  });
  const note = await postJson(context.request, app, "/api/invoices", {
    type: "credit_note",
    clientId: client.id,
    issueDate: day,
    originalId: invoice.id,
    reason: "Отстъпка",
    lines: [{ description: "Отстъпка", quantity: "1", unitPrice: "77.67", vatRate: 20 }],
  });
  await postJson(context.request, app, `/api/invoices/${note.id}/issue`, {});
  await postJson(context.request, app, "/api/catalogue", {
    name: "Годишен одит",
    unit: "бр.",
    unitPrice: "1250",
    vatRate: 20,
  });
  return { invoiceId: invoice.id, noteId: note.id };
}

/*
 * The spec's own English texts (§8: the notices, the 3-D Secure dialog, the fallback page) and
 * the names people write in Latin letters — the only Latin words a new customer's first hour may
 * show (issue #31, «Done when»).
 */
const SPEC_ENGLISH = [
  "Upgrade Complete!",
  "Downgrade Scheduled",
  "Upgrade Required",
  "Real-time Connection Failed",
  "Switched to polling mode...",
  "Loading reCAPTCHA...",
  "Page Not Found",
];
const LATIN_ALLOWED = new Set([
  ...SPEC_ENGLISH.flatMap((text) => text.match(/[A-Za-z]+/g) ?? []),
  // Abbreviations and names Bulgarian writes in Latin letters.
  ...["PDF", "EUR", "IBAN", "BIC", "BG", "VIES", "UBL", "CSV", "Excel", "XML", "API", "F", "D"],
  ...["Visa", "visa", "Mastercard", "mastercard", "Secure", "JPG", "PNG", "JPEG", "MB", "KB"],
  // The e-invoice's standards by their names (decision 048): «EN 16931», «Peppol BIS Billing 3.0».
  ...["EN", "Peppol", "BIS", "Billing"],
  // «QR код», the payment code's standard (decision 068) and НАП's audit file «SAF-T».
  ...["QR", "SEPA", "EPC", "SAF", "T"],
]);

/**
 * The Latin-script words on the page that are not the spec's English or a known abbreviation;
 * text marked as English (`lang="en"`: an example of what an English document prints) is left out.
 */
async function englishOnPage(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const marked = [...document.body.querySelectorAll<HTMLElement>('[lang="en"]')];
    const before = marked.map((element) => element.style.display);
    for (const element of marked) element.style.display = "none";
    const shown = document.body.innerText;
    marked.forEach((element, i) => {
      element.style.display = before[i]!;
    });
    return shown;
  });
  const words = text
    .replace(/\S+@\S+/g, " ")
    .replace(/https?:\/\/\S+/g, " ")
    .match(/\b[A-Za-z][A-Za-z'-]*\b/g);
  return [...new Set(words ?? [])].filter(
    (word) => !LATIN_ALLOWED.has(word) && !CURRENCIES.has(word) && !BIC.test(word),
  );
}

/** ISO 4217 codes (the currency choices) and a bank's BIC are codes, not English. */
const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));
const BIC = /^(?:[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)+$/;

/** Every menu item of the header on one row, the bar not wider than the window. */
async function headerOnOneLine(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const header = document.querySelector("header");
    const nav = header?.querySelector('nav[aria-label="Основна навигация"]');
    if (!header || !nav || getComputedStyle(nav).display === "none") return true;
    const tops = [...nav.querySelectorAll(":scope > ul > li")].map((li) =>
      Math.round(li.getBoundingClientRect().top),
    );
    const bar = header.firstElementChild as HTMLElement;
    return new Set(tops).size <= 1 && bar.scrollWidth <= bar.clientWidth + 1;
  });
}

/** Holds back the page's requests to `pattern` until the returned function is called. */
async function holdBack(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe.skipIf(!hasChromium)("a customer's first day in Chromium (issue #31)", () => {
  let app: RunningApp;
  let browser: Browser;
  let drop = async () => {};
  beforeAll(async () => {
    // The operator's company and requisites come with the seed: the subscription's tax invoice
    // (item 3) needs a seller (on PostgreSQL a fresh database is not seeded by itself).
    const seeded = await seededDatabase("smetka_e2e_first_day");
    drop = seeded.drop;
    [app, browser] = await Promise.all([
      startApp(seeded.databaseUrl ? { databaseUrl: seeded.databaseUrl } : {}),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await drop();
  });

  async function withPage<T>(javaScriptEnabled: boolean, run: (page: Page) => Promise<T>) {
    const { page, context } = await openPage(browser, { javaScriptEnabled });
    try {
      return await run(page);
    } catch (error) {
      const seen = await page
        .locator("body")
        .innerText()
        .catch(() => "(no page)");
      console.error(`Page ${page.url()} showed:\n${seen.slice(0, 3000)}`);
      throw error;
    } finally {
      await context.close();
    }
  }

  it("one money format (item 5): «1 250,00» in the catalogue, the editor and the PDF; EUR, never €; a credit note «−93,20» wherever listed; «Платен» on the dashboard", async () => {
    const { page, context } = await openPage(browser);
    try {
      await signInContext(app, context);
      const { invoiceId } = await paidInvoiceAndCreditNote(app, context);

      await page.goto(`${app.url}/dashboard`);
      const latest = page.locator("section", {
        has: page.getByRole("heading", { name: "Последни документи", exact: true }),
      });
      await latest.waitFor();
      const row = async (amount: string) =>
        (await latest.getByRole("row").filter({ hasText: amount }).innerText()).replace(
          /[\s\u00a0]+/g,
          " ",
        );
      // The paid invoice says so; the credit note is listed negative.
      expect(await row("1 500,00")).toMatch(/1 500,00 EUR.*Платен/);
      expect(await row("93,20")).toContain("−93,20 EUR");
      expect(await pageText(page)).not.toContain("€");

      await page.goto(`${app.url}/invoices`);
      const list = await pageText(page);
      expect(list).toContain("−93,20 EUR");
      expect(list).not.toMatch(/-93,20|€/);

      await page.goto(`${app.url}/catalogue`);
      expect(await pageText(page)).toContain("1 250,00");

      await page.goto(`${app.url}/invoice/new?from=${invoiceId}`);
      const price = page.getByLabel(/^Ед\. цена/).first();
      expect((await price.inputValue()).replace(/\u00a0/g, " ")).toBe("1 250,00");
      expect(await pageText(page)).toContain("1 500,00 EUR");

      const pdf = await context.request.get(`${app.url}/invoice/${invoiceId}/pdf`);
      const file = path.join(os.tmpdir(), `first-day-${invoiceId}.pdf`);
      await writeFile(file, await pdf.body());
      const text = execFileSync("pdftotext", ["-layout", file, "-"])
        .toString("utf8")
        .replace(/[\s\u00a0]+/g, " ");
      expect(text).toContain("1 250,00");
      expect(text).not.toContain("1250,00");
    } finally {
      await context.close();
    }
  });

  it("the dashboard asks once to copy last month's salaries, not twice (item 11)", async () => {
    const { page, context } = await openPage(browser);
    try {
      await signInContext(app, context);
      await upgradeByForms(page, app, "full");
      const employee = await postJson(
        context.request,
        app,
        "/api/employees",
        {
          name: "Петър Петров Иванов",
          idNumber: "8501011234",
          position: "Продавач",
          contractType: "labour",
          startDate: "2025-01-01",
          gross: "1500.00",
        },
        201,
      );
      const now = new Date();
      const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
      await postJson(
        context.request,
        app,
        "/api/salaries",
        {
          employeeId: employee.id,
          month: last.toISOString().slice(0, 7),
        },
        201,
      );
      await page.goto(`${app.url}/dashboard`);
      await page.getByRole("heading", { name: /^Заплатите за/ }).waitFor();
      expect(await page.getByRole("button", { name: /^Копирай заплатите/ }).count()).toBe(1);
      // Elsewhere the banner asks.
      await page.goto(`${app.url}/clients`);
      expect(await page.getByRole("button", { name: /^Копирай заплатите/ }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

    it(`the editor ${mode}: «Издай» on an empty form points at what is missing, focus on the first invalid field (item 4)`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        await signInContext(app, context);
        await page.goto(`${app.url}/invoice/new`);
        await page.getByRole("button", { name: "Издай" }).first().click();
        await page.getByText("Попълнете поне един ред: описание и единична цена").waitFor();
        expect(await page.getByText("Добавете поне един ред").count()).toBe(0);
        expect(await page.getByLabel(/^Описание \(ред 1\)/).getAttribute("aria-invalid")).toBe(
          "true",
        );
        const focusedField = () =>
          page.evaluate(() => document.activeElement?.getAttribute("data-field"));
        if (javaScriptEnabled) {
          // The client comes first and is typed into its combobox: focus is there, not on <body>.
          await expect.poll(focusedField, { timeout: 10_000 }).toBe("clientId");
          // The same when «Издай» was pressed before the scripts ran: the form went without
          // them, and the page it came back as put the focus there once they had run.
          const release = await holdBack(page, "**/build/**/*.js");
          // Module scripts hold back even DOMContentLoaded: the page is used once it has come.
          await page.goto(`${app.url}/invoice/new`, { waitUntil: "commit" });
          await page.getByRole("button", { name: "Издай" }).first().click();
          await page.getByText("Попълнете поне един ред: описание и единична цена").waitFor();
          release();
          await page.waitForFunction(() => document.querySelector('input[data-field="clientId"]'));
          await expect.poll(focusedField, { timeout: 10_000 }).toBe("clientId");

          // And when the combobox's own code comes after the focus was given (a slow phone): the
          // plain input standing in for it had the focus, and the combobox's input takes it over
          // instead of leaving it on <body>.
          const releaseList = await holdBack(page, "**/build/_shared/combobox-list-*.js");
          await page.goto(`${app.url}/invoice/new`);
          const standIn = page.locator('input[data-field="clientId"][readonly]');
          await standIn.waitFor();
          await page.getByRole("button", { name: "Издай" }).first().click();
          await page.getByText("Попълнете поне един ред: описание и единична цена").waitFor();
          await expect.poll(focusedField, { timeout: 10_000 }).toBe("clientId");
          expect(await standIn.count()).toBe(1);
          releaseList();
          await page.locator('input[data-field="clientId"]:not([readonly])').waitFor();
          await expect.poll(focusedField, { timeout: 10_000 }).toBe("clientId");
        }
        await expectAccessible(page);
      } finally {
        await context.close();
      }
    });

    it(`sign-up ${mode}: each step's heading takes focus and says «Стъпка N от 3»; the password is in no page (item 7)`, async () => {
      const data = registrationPayload();
      await withPage(javaScriptEnabled, async (page) => {
        await page.goto(`${app.url}/auth?tab=register`);
        await field(page, "Имейл").fill(data.username);
        await field(page, "Парола").fill(PASSWORD);
        await field(page, "Потвърдете паролата").fill(PASSWORD);
        await page.getByRole("button", { name: "Напред" }).click();
        await page.getByRole("heading", { name: /Стъпка 2 от 3/ }).waitFor();
        await expect
          .poll(() => focused(page))
          .toEqual({
            tag: "H2",
            text: "Стъпка 2 от 3 Фирмена информация",
          });
        expect(await page.content()).not.toContain(PASSWORD);
        await expectAccessible(page);

        // Back to step 1: the password is kept, its fields may stay empty.
        await page.getByRole("button", { name: "Назад" }).click();
        await page.getByRole("heading", { name: /Стъпка 1 от 3/ }).waitFor();
        await expect.poll(() => focused(page)).toEqual({ tag: "H2", text: "Стъпка 1 от 3 Профил" });
        expect(await page.content()).not.toContain(PASSWORD);
        expect(await field(page, "Парола").inputValue()).toBe("");
        await page.getByText(/Паролата, която въведохте, е запазена/).waitFor();
        await page.getByRole("button", { name: "Напред" }).click();
        await page.getByRole("heading", { name: /Стъпка 2 от 3/ }).waitFor();
      });
    });

    it(`sign-up ${mode}: the refused bot check's message does not outlive the registration that then works (item 1)`, async () => {
      const data = registrationPayload();
      await withPage(javaScriptEnabled, async (page) => {
        await page.goto(`${app.url}/auth?tab=register`);
        await signUpToStep3(page, data);
        await expect
          .poll(() => focused(page))
          .toEqual({
            tag: "H2",
            text: "Стъпка 3 от 3 Финансови детайли",
          });
        expect(await page.content()).not.toContain(PASSWORD);
        await fillStep3(page, data);
        await page.getByRole("button", { name: "Регистрация", exact: true }).click();
        await page.getByText("Моля, отбележете «Не съм робот».").first().waitFor();
        const toasts = page.getByRole("region", { name: /Известия/ });
        if (javaScriptEnabled) await toasts.getByText("Регистрацията не беше успешна").waitFor();
        await field(page, "Не съм робот").check();
        await page.getByRole("button", { name: "Регистрация", exact: true }).click();
        await page.waitForURL(`${app.url}/dashboard`);
        await page.getByRole("heading", { name: `Здравейте, ${data.firstName}!` }).waitFor();
        await toasts.getByText("Успешна регистрация!").waitFor();
        expect(await toasts.getByText("Регистрацията не беше успешна").count()).toBe(0);
        expect(await page.getByText("Моля, отбележете «Не съм робот».").count()).toBe(0);
      });
    });
  }
  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

    it(`the first hour ${mode}: sign-up, the first invoice, its payment, a higher plan — no English outside the spec's, no stale message, the header on one line`, async ({
      annotate,
    }) => {
      const step = stepsOf(annotate);
      const data = registrationPayload();
      await withPage(javaScriptEnabled, async (page) => {
        const seen: { url: string; english: string[]; oneLine: boolean; stale: number }[] = [];
        const look = async () => {
          await page.waitForLoadState("load");
          const toasts = page.getByRole("region", { name: /Известия/ });
          seen.push({
            url: new URL(page.url()).pathname,
            english: await englishOnPage(page),
            oneLine: await headerOnOneLine(page),
            // A failure's toast standing beside the success that followed it.
            stale: await toasts.getByText(/не беше успешна|Неуспешно/).count(),
          });
        };

        await step("The price list, then the sign-up in three steps");
        await page.goto(`${app.url}/`);
        await page
          .getByText(/EUR на месец\s*(с ДДС|без ДДС)/)
          .first()
          .waitFor();
        await look();
        await page.goto(`${app.url}/auth?tab=register`);
        await look();
        await signUpToStep3(page, data);
        await look();
        await fillStep3(page, data);
        await field(page, "Не съм робот").check();
        await page.getByRole("button", { name: "Регистрация", exact: true }).click();
        await page.waitForURL(`${app.url}/dashboard`);
        await page.getByRole("heading", { name: `Здравейте, ${data.firstName}!` }).waitFor();
        await look();

        // The first client and the first invoice, through their forms.
        await step("The first client and the first invoice, through their forms");
        await page.goto(`${app.url}/client/new`);
        await look();
        await field(page, "Име").fill("Първи Клиент ООД");
        await field(page, "ЕИК/Булстат").fill(validEik());
        await field(page, "Адрес").fill("ул. Раковски 1");
        await field(page, "Град").fill("София");
        await field(page, "Пощенски код").fill("1000");
        await page.getByRole("button", { name: "Добави клиента" }).click();
        await page.waitForURL(`${app.url}/clients`);
        await look();
        await page.goto(`${app.url}/invoice/new`);
        await look();
        await chooseClient(page, "Първи Клиент ООД", javaScriptEnabled);
        await page.getByLabel(/^Описание \(ред 1\)/).fill("Консултация");
        await page
          .getByLabel(/^Ед\. цена/)
          .first()
          .fill("1250");
        await page.getByRole("button", { name: "Издай" }).first().click();
        await page.getByRole("button", { name: "Да, издай" }).click();
        await page.getByRole("heading", { level: 1, name: /Фактура № 0000000001/ }).waitFor();
        await look();

        // The first payment.
        await step("The first payment");
        await page.getByRole("button", { name: "Запиши плащане" }).click();
        await page.getByText("Плащането е записано").first().waitFor();
        await page.getByRole("heading", { level: 1, name: /Платен/ }).waitFor();
        await look();
        await page.goto(`${app.url}/invoices`);
        await look();

        // A higher plan: the card, «Надгради до Стандартен», the amount today, then the payment.
        await step("A higher plan");
        await addCard(page, "4242 4242 4242 4242");
        await look();
        await page.getByRole("link", { name: "Надгради до Стандартен" }).click();
        await page.getByText(/Днес ще платите/).waitFor();
        await look();
        await page.getByRole("button", { name: "Потвърди и плати" }).click();
        await page.waitForURL(`${app.url}/subscription-success`);
        await look();
        await page.goto(`${app.url}/settings/subscription?tab=invoices`);
        await page
          .getByRole("link", { name: /^\d{10}/ })
          .first()
          .waitFor();
        await look();
        await page.goto(`${app.url}/expenses`);
        await look();
        await page.goto(`${app.url}/dashboard`);
        await look();

        const problems = seen.filter((p) => p.english.length || !p.oneLine || p.stale);
        expect(problems).toEqual([]);
      });
    });
  }
});
