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
} from "./harness";

async function addClient(page: Page, app: RunningApp, name: string) {
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
      },
      201,
    )
  ).id;
}

/** A document made over the API (issued unless `draft`): a step starts on its page. */
async function apiDocument(
  page: Page,
  app: RunningApp,
  data: Record<string, unknown>,
  { draft = false } = {},
): Promise<string> {
  const { id } = await postJson(
    page.request,
    app,
    "/api/invoices",
    { issueDate: "2026-11-20", ...data },
    201,
  );
  if (!draft) {
    await postJson(page.request, app, `/api/invoices/${id}/issue`, {}, 200);
  }
  return id;
}

// The invoice the editor step writes: 300.00 + 3 × 12.333 = 37.00 → 337.00 + 67.40 VAT = 404.40.
const TWO_LINES = [
  { description: "Счетоводни услуги", quantity: "2", unitPrice: "150", vatRate: 20 },
  { description: "Консумативи", quantity: "3", unitPrice: "12.333", vatRate: 20 },
];

/** Fills line `n` (1-based) of the editor. */
async function fillLine(
  page: Page,
  n: number,
  description: string,
  quantity: string,
  price: string,
) {
  await page.getByLabel(new RegExp(`^Описание \\(ред ${n}\\)`)).fill(description);
  await page
    .getByLabel(/^Количество/)
    .nth(n - 1)
    .fill(quantity);
  await page
    .getByLabel(/^Ед\. цена/)
    .nth(n - 1)
    .fill(price);
}

/** «Издай» asks first (issuing cannot be undone): the question names the number, «Да, издай» issues. */
async function confirmIssue(page: Page, number: string) {
  await page.getByRole("heading", { name: "Да издам ли документа?" }).waitFor();
  await page.getByText(`ще получи № ${number}`).waitFor();
  await page.getByRole("button", { name: "Да, издай" }).click();
}

const sheetTotal = (page: Page) =>
  page
    .getByRole("article")
    .locator("div", { hasText: /^Сума за плащане \(EUR\)/ })
    .locator("dd");

describe.skipIf(!hasChromium)("invoices in Chromium", () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** A customer of its own, signed in by its session cookie, with the client «Клиент Гама ООД». */
  async function customer(javaScriptEnabled: boolean) {
    const { page, context } = await openPage(browser, { javaScriptEnabled });
    await signInContext(app, context);
    const clientId = await addClient(page, app, "Клиент Гама ООД");
    return { page, context, clientId };
  }

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

    it(`writes and issues an invoice ${mode}: a bad price keeps what was typed, the preview totals it; every page passes axe`, async () => {
      const { page, context } = await customer(javaScriptEnabled);
      try {
        await page.goto(`${app.url}/invoices`);
        await page.getByText("Все още нямате документи").waitFor();
        await expectAccessible(page);

        await page.getByRole("link", { name: "Нова фактура" }).click();
        await page.waitForURL(`${app.url}/invoice/new`);
        await expectAccessible(page);
        await chooseClient(page, "Клиент Гама ООД", javaScriptEnabled);
        await fillLine(page, 1, "Счетоводни услуги", "2", "150,00");
        if (javaScriptEnabled) {
          // Live totals, before anything is sent: 300.00 + 20% = 360.00.
          await page.getByText("360,00 EUR").waitFor();
        }
        await page.getByRole("button", { name: "+ Добави ред" }).click();
        await page.getByLabel(/^Описание \(ред 2\)/).waitFor();
        expect(await page.getByLabel(/^Описание \(ред 1\)/).inputValue()).toBe("Счетоводни услуги");
        // A line with a bad price: the message, and everything typed is kept.
        await fillLine(page, 2, "Консумативи", "3", "abc");
        await page.getByRole("button", { name: "Издай" }).first().click();
        await page
          .getByText(
            "Цената трябва да е число от 0 до 9 999 999 999,9999 с до 4 знака след запетаята",
          )
          .waitFor();
        expect(await page.getByLabel(/^Описание \(ред 2\)/).inputValue()).toBe("Консумативи");
        await expectAccessible(page);
        await page
          .getByLabel(/^Ед\. цена/)
          .nth(1)
          .fill("12,333");
        await page.getByRole("button", { name: "Преглед" }).first().click();
        await page.waitForURL(/\/invoice\/preview\?id=/);
        await page.getByText("ПРОЕКТ — НЕИЗДАДЕН ДОКУМЕНТ").waitFor();
        // 300.00 + 3 × 12.333 = 37.00 → 337.00 + 67.40 VAT = 404.40
        expect(await sheetTotal(page).textContent()).toBe("404,40");
        await expectAccessible(page);
        await page.getByRole("button", { name: "Издай" }).click();
        await page.waitForURL(/\/invoice\/[0-9a-f-]{36}/);
        await expectAccessible(page);
        await confirmIssue(page, "0000000001");
        await page.getByRole("heading", { level: 1, name: /Фактура № 0000000001/ }).waitFor();
        await page.getByText("ОРИГИНАЛ").waitFor();
        expect(await sheetTotal(page).textContent()).toBe("404,40");
        await page.getByText("четиристотин и четири евро и четиридесет цента").waitFor();
        await expectAccessible(page);

        const pdf = await page.request.get(`${page.url()}/pdf`);
        expect(pdf.headers()["content-type"]).toBe("application/pdf");
        expect(pdf.headers()["content-disposition"]).toContain("Invoice-0000000001.pdf");
      } finally {
        await context.close();
      }
    });

    it(`pays part of an issued invoice, credits a line of it and cancels it ${mode}; the credit note page passes axe`, async () => {
      const { page, context, clientId } = await customer(javaScriptEnabled);
      try {
        const id = await apiDocument(page, app, { type: "invoice", clientId, lines: TWO_LINES });
        const invoiceUrl = `${app.url}/invoice/${id}`;
        await page.goto(invoiceUrl);
        expect(await sheetTotal(page).textContent()).toBe("404,40");

        await field(page, "Сума (EUR)").fill("100");
        await field(page, "Бележка").fill("Аванс");
        await page.getByRole("button", { name: "Запиши плащане" }).click();
        await page.getByText("Плащането е записано").waitFor();
        await page.getByRole("heading", { level: 1, name: /Частично платен/ }).waitFor();
        // The form now offers what is still owed and an empty note (issue #25), not the last ones.
        await expect.poll(() => field(page, "Сума (EUR)").inputValue()).toBe("304,40");
        expect(await field(page, "Бележка").inputValue()).toBe("");

        await page.getByRole("link", { name: "Кредитно известие" }).click();
        await page.waitForURL(/type=credit_note/);
        await expectAccessible(page);
        await field(page, "Основание за известието").fill("Върнати консумативи");
        await page.getByRole("button", { name: "Премахни ред 1" }).click();
        await page.getByLabel(/^Описание \(ред 2\)/).waitFor({ state: "detached" });
        expect(await page.getByLabel(/^Описание \(ред 1\)/).inputValue()).toBe("Консумативи");
        await page.getByRole("button", { name: "Издай" }).first().click();
        // A credit note takes the invoices' series: the next number after the invoice.
        await confirmIssue(page, "0000000002");
        await page
          .getByRole("heading", { level: 1, name: /Кредитно известие № 0000000002/ })
          .waitFor();
        await page.getByText("№ 0000000001 от").waitFor();

        await page.goto(invoiceUrl);
        await field(page, "Причина за анулиране").fill("Грешен получател");
        await page.getByRole("button", { name: "Анулирай документа" }).click();
        await page.getByText("АНУЛИРАН", { exact: true }).waitFor();
        await page.getByRole("heading", { level: 1, name: /Фактура № 0000000001/ }).waitFor();
      } finally {
        await context.close();
      }
    });

    it(`issues a proforma in its own series and converts it into the next invoice ${mode}`, async () => {
      const { page, context, clientId } = await customer(javaScriptEnabled);
      try {
        // Two tax documents before it: the converted proforma is invoice 3.
        const first = await apiDocument(page, app, { type: "invoice", clientId, lines: TWO_LINES });
        await apiDocument(page, app, {
          type: "credit_note",
          clientId,
          originalId: first,
          reason: "Върнати консумативи",
          lines: [TWO_LINES[1]],
        });
        await page.goto(`${app.url}/invoice/new?type=proforma`);
        await chooseClient(page, "Клиент Гама ООД", javaScriptEnabled);
        await fillLine(page, 1, "Абонамент", "1", "50");
        await page.getByRole("button", { name: "Издай" }).first().click();
        await confirmIssue(page, "0000000001");
        await page
          .getByRole("heading", { level: 1, name: /Проформа фактура № 0000000001/ })
          .waitFor();
        await page.getByRole("button", { name: "Създай фактура" }).click();
        await page.waitForURL(/\/invoice\/edit\//);
        expect(await page.getByLabel(/^Описание \(ред 1\)/).inputValue()).toBe("Абонамент");
        await page.getByRole("button", { name: "Издай" }).first().click();
        await confirmIssue(page, "0000000003");
        await page.getByRole("heading", { level: 1, name: /Фактура № 0000000003/ }).waitFor();
      } finally {
        await context.close();
      }
    });

    it(`filters the list by state, exports it as CSV and shows the money on the dashboard ${mode}; both pass axe`, async () => {
      const { page, context, clientId } = await customer(javaScriptEnabled);
      try {
        // An invoice credited and cancelled, and a second invoice.
        const first = await apiDocument(page, app, { type: "invoice", clientId, lines: TWO_LINES });
        await apiDocument(page, app, {
          type: "credit_note",
          clientId,
          originalId: first,
          reason: "Върнати консумативи",
          lines: [TWO_LINES[1]],
        });
        const reason = { reason: "Грешен получател" };
        await postJson(page.request, app, `/api/invoices/${first}/cancel`, reason, 200);
        await apiDocument(page, app, {
          type: "invoice",
          clientId,
          lines: [{ description: "Абонамент", quantity: "1", unitPrice: "50", vatRate: 20 }],
        });

        await page.goto(`${app.url}/invoices`);
        await page.getByRole("link", { name: /0000000003/ }).waitFor();
        await expectAccessible(page);
        // A row's link opens its document; with JavaScript in the app, as a <Link> would: the
        // page is not loaded again (decision 021: one click handler for the rows' plain links).
        if (javaScriptEnabled) {
          // Hydrated: React has put its props on the table's body.
          await page.waitForFunction(() => {
            const body = document.querySelector("tbody");
            return !!body && Object.keys(body).some((key) => key.startsWith("__reactProps"));
          });
          await page.evaluate(() => {
            (window as unknown as { stayed: boolean }).stayed = true;
          });
        }
        await page.getByRole("link", { name: /0000000003/ }).click();
        await page.waitForURL(/\/invoice\/[0-9a-f-]{36}$/);
        if (javaScriptEnabled) {
          const stayed = await page.evaluate(() => (window as unknown as { stayed?: true }).stayed);
          expect(stayed).toBe(true);
        }
        await page.goto(`${app.url}/invoices`);
        await page.getByLabel("Състояние").selectOption("cancelled");
        await page.getByRole("button", { name: "Филтрирай" }).click();
        await page.waitForURL(/status=cancelled/);
        // The state is shown once on a wide screen (a phone shows it under the amount).
        await page.getByText("Анулиран", { exact: true }).filter({ visible: true }).waitFor();
        expect(await page.getByRole("row").count()).toBe(2);
        const csv = await page.request.get(`${app.url}/invoices/export.csv`);
        const text = await csv.text();
        expect(text.startsWith("\uFEFFВид;Номер;Дата")).toBe(true);
        expect(text).toContain("Кредитно известие;0000000002");
        expect(text).toContain("\r\n");

        // The dashboard shows the money: revenue, receivables, the newest documents.
        await page.goto(`${app.url}/dashboard`);
        await page.getByRole("heading", { name: "Приходи" }).waitFor();
        await page.getByRole("heading", { name: "Вземания" }).waitFor();
        await page
          .getByRole("link", { name: /Фактура № 0000000003/ })
          .first()
          .waitFor();
        await expectAccessible(page);
      } finally {
        await context.close();
      }
    });
  }

  it("another company's document is 'Page Not Found' on every invoice page", async () => {
    const owner = await openPage(browser);
    const stranger = await openPage(browser);
    try {
      await signInContext(app, owner.context);
      await signInContext(app, stranger.context);
      await addClient(owner.page, app, "Клиент Делта ООД");
      await owner.page.goto(`${app.url}/invoice/new`);
      await chooseClient(owner.page, "Клиент Делта ООД");
      await fillLine(owner.page, 1, "Услуга", "1", "10");
      await owner.page.getByRole("button", { name: "Запази чернова" }).first().click();
      await owner.page.waitForURL(/\/invoice\/[0-9a-f-]{36}$/);
      const id = owner.page.url().split("/").pop();
      for (const path of [
        `/invoice/${id}`,
        `/invoice/edit/${id}`,
        `/invoice/preview?id=${id}`,
        `/invoice/${id}/pdf`,
      ]) {
        const response = await stranger.page.goto(`${app.url}${path}`);
        expect(response?.status(), path).toBe(404);
      }
      const post = await stranger.page.request.post(`${app.url}/invoice/${id}`, {
        form: { intent: "delete", confirm: "on" },
        headers: { Origin: app.url },
      });
      expect(post.status()).toBe(404);
      await owner.page.reload();
      await owner.page.getByText("Черновата няма номер").waitFor();
    } finally {
      await owner.context.close();
      await stranger.context.close();
    }
  });
});
