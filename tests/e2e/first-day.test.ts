import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, registrationPayload } from "../setup/factories";
import {
  expectAccessible,
  field,
  hasChromium,
  launchBrowser,
  openPage,
  type RunningApp,
  startApp,
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

describe.skipIf(!hasChromium)("a customer's first day in Chromium (issue #31)", () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
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

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

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
});
