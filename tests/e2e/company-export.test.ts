import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import type { Browser, Page } from "playwright-core";
import PostalMime from "postal-mime";
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
 * The company export in Chromium without JavaScript (issue #28 items 3, 4): from /settings a
 * customer asks for the export, sees its progress (the page refreshes itself; «Обнови» at once),
 * downloads the ZIP and finds its invoice's PDF and README.txt in it; the e-mail with the link
 * arrives. The deletion page offers the export before anything is removed, and refuses the request
 * until «downloaded or declined» is ticked. Axe on every state.
 */

const today = () => new Date().toLocaleDateString("en-CA", { timeZone: "Europe/Sofia" });

async function issueAnInvoice(page: Page, app: RunningApp) {
  const client = await postJson(
    page.request,
    app,
    "/api/clients",
    {
      kind: "company",
      name: "Клиент Експорт ООД",
      eik: validEik(),
      address: "ул. Раковски 1",
      city: "София",
    },
    201,
  );
  const invoice = await postJson(
    page.request,
    app,
    "/api/invoices",
    {
      type: "invoice",
      clientId: client.id,
      issueDate: today(),
      dueDate: today(),
      lines: [{ description: "Одит", quantity: "1", unitPrice: "1000.00", vatRate: 20 }],
    },
    201,
  );
  await postJson(page.request, app, `/api/invoices/${invoice.id}/issue`, {}, 200);
}

/**
 * Follows «Обнови» until the export is ready (the build runs in the app's job queue; the page's
 * own refresh may reload it meanwhile, so the link's address is opened rather than clicked).
 */
async function untilReady(page: Page, url: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    await page.goto(url);
    if (await page.getByRole("link", { name: "Изтегли архива (ZIP)" }).count()) return;
    if (Date.now() > deadline) throw new Error(`no export after 90 s: ${await page.content()}`);
    expect(await page.getByRole("link", { name: "Обнови" }).getAttribute("href")).toBe(
      "/settings/export",
    );
  }
}

describe.skipIf(!hasChromium)("the company export in Chromium", () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("without JavaScript: asked from settings, its progress, the ZIP downloaded, the e-mail", async () => {
    const { page, context } = await openPage(browser, { javaScriptEnabled: false });
    try {
      await signInContext(app, context);
      await issueAnInvoice(page, app);
      await page.goto(`${app.url}/settings`);
      await page.getByRole("link", { name: "Към експорта на данните" }).click();
      await page.waitForURL(`${app.url}/settings/export`);
      await page.getByRole("heading", { level: 1, name: "Експорт на данните" }).waitFor();
      await expectAccessible(page);
      await page.getByRole("button", { name: "Подготви експорт на всички данни" }).click();
      await page.waitForURL(`${app.url}/settings/export`);
      // Either still being made (its state and «Обнови») or already done: both are the page's.
      const status = page.locator('p[role="status"]');
      if (await status.count()) {
        expect(await status.textContent()).toMatch(/Чака реда си|Подготвя се/);
        expect(await page.content()).toContain('http-equiv="refresh"');
        await expectAccessible(page);
      }
      await untilReady(page, `${app.url}/settings/export`);
      await expectAccessible(page);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Изтегли архива (ZIP)" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^Сметка-експорт-\d{4}-\d{2}-\d{2}\.zip$/);
      const files = unzipSync(await readFile((await download.path())!));
      const names = Object.keys(files);
      expect(names).toContain("README.txt");
      expect(names).toContain("Документи.csv");
      const pdf = names.find((n) => /^Документи\/\d{4}\/Фактура-0000000001\.pdf$/.test(n));
      expect(pdf).toBeDefined();
      expect(strFromU8(files[pdf!]!.subarray(0, 5))).toBe("%PDF-");
      expect(strFromU8(files["README.txt"]!)).toContain("Документи.csv");

      // The mail is a job of its own, queued once the archive is made: it may come a moment
      // after the page says the archive is ready.
      const mail = path.join(app.dataDir, "mail");
      const readyMail = async () => {
        const names = await readdir(mail).catch(() => [] as string[]);
        const sent = await Promise.all(
          names.map(async (name) => PostalMime.parse(await readFile(path.join(mail, name)))),
        );
        return sent.find((m) => m.subject === "Експортът на данните ви е готов")?.text ?? "";
      };
      await expect.poll(readyMail, { timeout: 30_000 }).toContain(`${app.url}/settings/export`);
    } finally {
      await context.close();
    }
  });

  it("without JavaScript: the deletion page offers the export first and refuses until it is confirmed", async () => {
    const { page, context } = await openPage(browser, { javaScriptEnabled: false });
    try {
      await signInContext(app, context);
      await page.goto(`${app.url}/settings`);
      await page.getByRole("link", { name: "Към изтриването на профила" }).click();
      await page.waitForURL(`${app.url}/settings/delete`);
      // The export comes before the deletion form, and the law's periods are stated.
      const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
      expect(headings).toEqual([
        "1. Първо изтеглете данните си",
        "2. Какво трябва да пазите и колко време",
        "3. Изтриване",
      ]);
      await page.getByRole("button", { name: "Подготви експорт на всички данни" }).waitFor();
      expect(await page.getByText("ведомости за заплати — 50 години").count()).toBe(1);
      await expectAccessible(page);

      await page.getByLabel("Разбирам и искам профилът ми да бъде изтрит").check();
      await page.getByRole("button", { name: "Заяви изтриване" }).click();
      await page
        .getByText("Потвърдете, че сте изтеглили експорта на данните или че се отказвате от него")
        .waitFor();
      expect(await page.getByText(/Профилът ще бъде изтрит на/).count()).toBe(0);
      expect(await page.getByLabel("Разбирам и искам профилът ми да бъде изтрит").isChecked()).toBe(
        true,
      );
      await expectAccessible(page);

      await page
        .getByLabel("Изтеглих експорта на данните си или съзнателно се отказвам от него")
        .check();
      await page.getByRole("button", { name: "Заяви изтриване" }).click();
      await page
        .getByText(/Профилът ще бъде изтрит на \d\d\.\d\d\.\d{4} г\./)
        .first()
        .waitFor();
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
});
