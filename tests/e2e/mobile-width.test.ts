import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "~db/demo-accounts";
import { writeMt940 } from "../setup/bank-statements";
import { validEgn, validEik } from "../setup/values";
import {
  expectAccessible,
  hasChromium,
  onSeededApp,
  openPage,
  postJson,
  type RunningApp,
  signInAdmin,
  signInContext,
  upgradeByForms,
} from "./harness";

/*
 * Every page fits a phone (issue #25 item 5): at 375 px and at 1 280 px the document is never wider
 * than the window. Tables scroll inside their own frame; the customer's pages carry realistic data
 * (an e-mailed invoice to a long address, payments, a proforma, a credit note, a recurring invoice,
 * expenses, salaries) since that is what made them wide.
 */

const WIDTHS = [375, 1280] as const;
const LONG_EMAIL = "accounting.department.invoices-and-payments@very-long-company-domain-name.bg";
const LONG_NAME =
  "Търговско дружество за консултантски и счетоводни услуги «Дълго име на клиента» ЕООД";

// Pages drawn with a 404: an unknown path, a reset link that is not (or no longer) valid.
const NOT_FOUND = new Set(["/missing-page", "/reset-password/not-a-token"]);

const today = () => new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Sofia" });

/** How far the page is wider than its window, and the elements at its far edge (for the message). */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const excess = root.scrollWidth - root.clientWidth;
    const sticking: string[] = [];
    if (excess > 0) {
      for (const element of document.body.querySelectorAll("*")) {
        const right = element.getBoundingClientRect().right + window.scrollX;
        if (right >= root.scrollWidth - 1 && getComputedStyle(element).position !== "fixed") {
          const name = `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 50);
          sticking.push(`${name} «${(element.textContent ?? "").trim().slice(0, 40)}»`);
        }
      }
    }
    return { excess, sticking: sticking.slice(-3) };
  });
}

/** Opens each path at each width and expects the document to be no wider than the window. */
async function expectFits(page: Page, base: string, paths: string[]) {
  const failures: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    for (const path of paths) {
      const response = await page.goto(`${base}${path}`);
      expect(response?.status(), path).toBe(NOT_FOUND.has(path) ? 404 : 200);
      const { excess, sticking } = await overflow(page);
      if (excess > 0) failures.push(`${path} at ${width} px: ${excess} px too wide: ${sticking}`);
    }
  }
  expect(failures).toEqual([]);
}

/**
 * On a phone the list's key columns are drawn inside the window without scrolling the table:
 * each text (a column's heading or a cell of the first rows) is on screen.
 */
async function expectKeyColumns(
  page: Page,
  path: string,
  region: string | RegExp,
  texts: (string | RegExp)[],
) {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(path);
  const frame = page.getByRole("region", { name: region });
  for (const text of texts) {
    const shown = frame
      .getByText(text, { exact: typeof text === "string" })
      .filter({ visible: true });
    const box = await shown.first().boundingBox();
    expect(box, `${path}: «${text}»`).not.toBeNull();
    expect(box!.x, `${path}: «${text}»`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${path}: «${text}» ends past the screen`).toBeLessThanOrEqual(375);
  }
}

/** Everything a customer on the full plan has after a month of work, made over the JSON API. */
async function realisticData(app: RunningApp, context: BrowserContext) {
  const headers = { Origin: app.url };
  const client = await postJson(context.request, app, "/api/clients", {
    kind: "company",
    name: LONG_NAME,
    eik: validEik(),
    mol: "Иван Иванов",
    address: "бул. Цар Освободител 123, вх. Б, ет. 4, ап. 12",
    city: "Велико Търново",
    postalCode: "5000",
    emails: [LONG_EMAIL, "second.long.address.for.copies@very-long-company-domain-name.bg"],
  });
  const lines = [
    {
      description: "Счетоводно обслужване за месеца, изготвяне на справки и декларации към НАП",
      quantity: "1",
      unitPrice: "1250.00",
      vatRate: 20,
    },
    { description: "Консултация", quantity: "3.5", unitPrice: "80.00", vatRate: 20 },
  ];
  const invoice = await postJson(context.request, app, "/api/invoices", {
    type: "invoice",
    clientId: client.id,
    issueDate: today(),
    dueDate: today(),
    lines,
  });
  await postJson(context.request, app, `/api/invoices/${invoice.id}/issue`, {});
  await postJson(context.request, app, `/api/invoices/${invoice.id}/send`, {});
  await postJson(context.request, app, `/api/invoices/${invoice.id}/payments`, {
    paidOn: today(),
    amount: "100.00",
    method: "bank",
  });
  const credit = await postJson(context.request, app, "/api/invoices", {
    type: "credit_note",
    clientId: client.id,
    issueDate: today(),
    originalId: invoice.id,
    reason: "Отстъпка за забавено изпълнение на договора за счетоводно обслужване",
    lines: [{ description: "Отстъпка", quantity: "1", unitPrice: "50.00", vatRate: 20 }],
  });
  await postJson(context.request, app, `/api/invoices/${credit.id}/issue`, {});
  const proforma = await postJson(context.request, app, "/api/invoices", {
    type: "proforma",
    clientId: client.id,
    issueDate: today(),
    lines,
  });
  const draft = await postJson(context.request, app, "/api/invoices", {
    type: "invoice",
    clientId: client.id,
    issueDate: today(),
    lines,
  });
  const categories = (await (
    await context.request.get(`${app.url}/api/expense-categories`)
  ).json()) as { categories: { id: string }[] };
  const expense = await postJson(context.request, app, "/api/expenses", {
    supplierName: "Доставчик на офис консумативи и канцеларски материали ООД",
    supplierEik: validEik(),
    documentType: "invoice",
    documentNumber: "0000012345",
    documentDate: today(),
    description: "Хартия, тонери и папки за архива на счетоводния отдел",
    categoryId: categories.categories[0]!.id,
    amounts: [
      { vatRate: 20, base: "150.00" },
      { vatRate: 9, base: "40.00" },
    ],
  });
  // A bank account and a statement with long names and reasons (issue #30).
  const account = await context.request.post(`${app.url}/bank`, {
    form: {
      intent: "account",
      iban: "BG18RZBB91550123456789",
      currency: "EUR",
      name: "Разплащателна сметка за плащания по договори",
    },
    headers,
  });
  expect(account.ok(), await account.text()).toBe(true);
  const statementText = writeMt940({
    iban: "BG18RZBB91550123456789",
    openingDay: today(),
    movements: [
      {
        day: today(),
        direction: "credit",
        cents: 150000,
        name: LONG_NAME.toUpperCase(),
        iban: "BG92DEMI92401000019723",
        reason: "ПЛАЩАНЕ ПО ФАКТУРИ 0000000001, 0000000002 И 0000000003 ЗА СЧЕТОВОДНО ОБСЛУЖВАНЕ",
        reference: "W1",
      },
      {
        day: today(),
        direction: "debit",
        cents: 81234,
        name: "НАП ДОО",
        iban: "BG97BNBG96618000112001",
        reason: "ОСИГУРОВКИ",
        reference: "W2",
      },
    ],
  });
  const uploaded = await context.request.post(`${app.url}/api/bank/statements`, {
    multipart: {
      file: { name: "izvlechenie.sta", mimeType: "text/plain", buffer: Buffer.from(statementText) },
    },
    headers,
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const statement = (await uploaded.json()) as { statementId: string };
  const employee = await postJson(context.request, app, "/api/employees", {
    name: "Мария Иванова Петрова-Константинова",
    idNumber: validEgn("850101123"),
    position: "Главен счетоводител",
    contractType: "labour",
    startDate: "2025-01-02",
    gross: "2450.00",
  });
  const salary = await postJson(context.request, app, "/api/salaries", {
    employeeId: employee.id,
    month: today().slice(0, 7),
  });
  const item = await postJson(context.request, app, "/api/catalogue", {
    name: "Счетоводно обслужване — месечен абонамент за фирми с персонал",
    unit: "бр.",
    unitPrice: "1250.00",
    vatRate: 20,
  });
  return { client, invoice, credit, proforma, draft, expense, employee, salary, item, statement };
}

describe.skipIf(!hasChromium)("every page fits a 375 px phone and a 1 280 px window", () => {
  let app: RunningApp;
  let browser: Browser;
  onSeededApp("smetka_e2e_width", (started) => {
    ({ app, browser } = started);
  });

  it("the public pages", async () => {
    const { page, context } = await openPage(browser, { javaScriptEnabled: false });
    try {
      await expectFits(page, app.url, [
        "/",
        "/auth",
        "/auth?tab=register",
        "/forgot-password",
        "/reset-password/not-a-token",
        "/api-test",
        "/hatterscastle/login",
        "/missing-page",
      ]);
    } finally {
      await context.close();
    }
  });

  // One customer's month of data, made once: the steps only read it, each its own pages.
  describe("the customer's pages with a month of data", () => {
    let page: Page;
    let context: BrowserContext;
    let data: Awaited<ReturnType<typeof realisticData>>;
    beforeAll(async () => {
      ({ page, context } = await openPage(browser));
      await signInContext(app, context);
      await upgradeByForms(page, app, "full");
      data = await realisticData(app, context);
      // The recurring invoice is made from the invoice's page, as a customer makes it.
      await page.goto(`${app.url}/invoices/recurring/new?from=${data.invoice.id}`);
      await page.getByRole("button", { name: "Създай периодичната фактура" }).click();
      await page.waitForURL(`${app.url}/invoices/recurring`);
    });
    afterAll(async () => {
      await context?.close();
    });

    it("the bank's pages (issue #30)", async () => {
      await page.goto(`${app.url}/bank`);
      const accountPath = await page
        .getByRole("link", { name: "BG18RZBB91550123456789" })
        .getAttribute("href");
      await expectFits(page, app.url, [
        "/bank",
        "/bank/rules",
        accountPath as string,
        `/bank/statements/${data.statement.statementId}`,
        `/bank/statements/${data.statement.statementId}?status=matched`,
      ]);
    });

    it("the dashboard and the documents' pages", async () => {
      await expectFits(page, app.url, [
        "/dashboard",
        "/invoices",
        "/invoices?type=proforma",
        `/invoice/${data.invoice.id}`,
        `/invoice/${data.credit.id}`,
        `/invoice/${data.proforma.id}`,
        `/invoice/${data.draft.id}`,
        `/invoice/edit/${data.draft.id}`,
        "/invoice/new",
        "/invoices/recurring",
        `/invoices/recurring/new?from=${data.invoice.id}`,
        "/offers",
        "/offers?status=open&q=Клиент",
        "/offer/new",
      ]);
    });

    it("the clients', catalogue's and expenses' pages", async () => {
      await expectFits(page, app.url, [
        "/clients",
        "/client/new",
        `/client/edit/${data.client.id}`,
        "/catalogue",
        "/catalogue/new",
        `/catalogue/edit/${data.item.id}`,
        "/expenses",
        "/expenses/add",
        `/expenses/${data.expense.id}`,
        `/expenses/edit/${data.expense.id}`,
        "/expenses/categories",
      ]);
    });

    it("the salaries', reports' and settings' pages", async () => {
      await expectFits(page, app.url, [
        "/salaries",
        "/salaries/add",
        `/salaries/edit/${data.salary.id}`,
        "/salaries/employees",
        "/salaries/employees/new",
        `/salaries/employees/${data.employee.id}`,
        "/analytics",
        "/reports/vat",
        "/profile",
        "/settings",
        "/settings/subscription",
        "/settings/subscription?tab=payment",
        "/settings/subscription?tab=invoices",
        "/feedback",
      ]);
    });

    it("on a phone /invoices draws its key columns and passes axe", async () => {
      await expectKeyColumns(page, `${app.url}/invoices`, "Документи", [
        "Номер",
        "Клиент",
        "Сума",
        /^0000000001/,
        /^1\s836,00\sEUR/,
        "Частично платен",
      ]);
      await expectAccessible(page);
    });

    it("on a phone an invoice's lines are cards and «Словом» and the VAT journal keep their width: nothing cut off (issue #41 item 6)", async () => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(`${app.url}/invoice/${data.invoice.id}`);
      const onScreen = async (where: ReturnType<Page["locator"]>, text: string | RegExp) => {
        const box = await where
          .getByText(text, { exact: typeof text === "string" })
          .filter({ visible: true })
          .first()
          .boundingBox();
        expect(box, `«${text}»`).not.toBeNull();
        expect(box!.x, `«${text}»`).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, `«${text}» ends past the screen`).toBeLessThanOrEqual(375);
        return box!;
      };
      const lines = page.getByRole("list", { name: "Редове на документа" });
      for (const text of ["Ед. цена", /^Стойност/, "1 250,00", "Количество"]) {
        await onScreen(lines, text);
      }
      // «Словом» stands on its own line, the amount in words under it the width of the sheet.
      const words = page
        .locator("dt", { hasText: "Словом" })
        .locator("xpath=following-sibling::dd[1]");
      expect((await words.boundingBox())!.width).toBeGreaterThan(250);
      await expectAccessible(page);

      await page.goto(`${app.url}/reports/vat?month=${today().slice(0, 7)}`);
      const journal = page.getByRole("list", { name: /^Дневник за продажбите/ });
      await onScreen(journal, /Фактура № 0000000001/);
      await onScreen(journal, "Контрагент");
      await expectAccessible(page);
    });

    it("on a phone /invoices/recurring draws its key columns and passes axe", async () => {
      await expectKeyColumns(page, `${app.url}/invoices/recurring`, "Периодични фактури", [
        "Име",
        "Следваща",
        "Състояние",
        "Активна",
      ]);
      await expectAccessible(page);
    });

    it("on a phone /salaries draws the month's key columns and passes axe", async () => {
      // The month's table (the previous month has none).
      await expectKeyColumns(page, `${app.url}/salaries`, /^[а-я]+ \d{4}$/, [
        "Служител",
        "Брутно",
        "Нето",
        /^2\s450,00$/,
      ]);
      await expectAccessible(page);
    });
  });

  it("the back office", async () => {
    const { page, context } = await openPage(browser);
    try {
      await signInAdmin(page, app);
      await page.goto(`${app.url}/hatterscastle/users`);
      const userHref = await page
        .getByRole("link", { name: DEMO_ACCOUNTS.customer.email })
        .getAttribute("href");
      const userId = userHref!.split("/").at(-1)!;
      await page.goto(`${app.url}${userHref}`);
      const companyHref = await page
        .getByRole("link", { name: "Редактирай фирмата" })
        .getAttribute("href");
      await page.goto(`${app.url}/hatterscastle/administrators`);
      const adminHref = await page
        .getByRole("link", { name: /Редактирай|Промени/ })
        .first()
        .getAttribute("href");
      const adminId = adminHref!.split("/").at(-1)!;
      await expectFits(page, app.url, [
        "/hatterscastle",
        "/hatterscastle/statistics",
        "/hatterscastle/users",
        `/hatterscastle/users/${userId}`,
        `/hatterscastle/users/edit/${userId}`,
        "/hatterscastle/customers/new",
        companyHref!,
        "/hatterscastle/administrators",
        "/hatterscastle/administrators/new",
        `/hatterscastle/administrators/edit/${adminId}`,
        `/hatterscastle/administrators/reset-password/${adminId}`,
        "/hatterscastle/settings",
        "/hatterscastle/vat-update",
        "/hatterscastle/invoice-settings",
      ]);
      // The last page, as a phone has it.
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
});
