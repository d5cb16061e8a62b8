import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registrationPayload, validEik } from "../setup/values";
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

/*
 * What a first-time customer hit (issue #9, items 14–24), as that customer meets it in Chromium,
 * with JavaScript and without.
 */

async function addClient(page: Page, app: RunningApp) {
  return (
    await postJson(
      page.request,
      app,
      "/api/clients",
      {
        kind: "company",
        name: "Клиент Първи ООД",
        eik: validEik(),
        address: "ул. Раковски 1",
        city: "София",
        postalCode: "1000",
      },
      201,
    )
  ).id;
}

describe.skipIf(!hasChromium)("a first-time customer in Chromium", () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("/settings loads without React errors, says «30 дни», is in the menu; dates carry «г.» once", async () => {
    const { page, context } = await openPage(browser);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    try {
      await signInContext(app, context);
      await page.goto(`${app.url}/dashboard`);
      await page
        .getByText(/^Мария|^Иван/)
        .first()
        .click();
      await page.getByRole("link", { name: "Настройки" }).first().click();
      await page.waitForURL(`${app.url}/settings`);
      await page.getByText("Профилът се изтрива 30 дни след заявката").waitFor();
      await page.waitForLoadState("networkidle");
      expect(errors).toEqual([]);
      await page.getByRole("link", { name: "Към изтриването на профила" }).click();
      await page.waitForURL(`${app.url}/settings/delete`);
      await page
        .getByLabel("Изтеглих експорта на данните си или съзнателно се отказвам от него")
        .check();
      await page.getByLabel("Разбирам и искам профилът ми да бъде изтрит").check();
      await page.getByRole("button", { name: "Заяви изтриване" }).click();
      await page
        .getByText(/Профилът ще бъде изтрит на \d\d\.\d\d\.\d{4} г\./)
        .first()
        .waitFor();
      expect(await page.content()).not.toContain("г. г.");
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

    it(`login: the bot check is explained ${mode}; «Потвърди с код» is hidden until focused`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        await page.goto(`${app.url}/auth`);
        const link = page.getByRole("link", { name: "Потвърди с код" });
        expect(await link.count()).toBe(1);
        if (javaScriptEnabled) {
          const login = page.getByRole("button", { name: "Вход" }).last();
          // The hint appears once the page runs its JavaScript, with the button disabled.
          await page.getByText("Бутонът се включва, когато отбележите «Не съм робот».").waitFor();
          expect(await login.isDisabled()).toBe(true);
          expect(await login.getAttribute("aria-describedby")).toBe("login-why-disabled");
          expect((await link.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
          await link.focus();
          expect((await link.boundingBox())?.width ?? 0).toBeGreaterThan(10);
          await field(page, "Не съм робот").check();
          expect(await login.isDisabled()).toBe(false);
        } else {
          await field(page, "Имейл").fill("someone@example.bg");
          await field(page, "Парола").fill("Wrong123!");
          await page.getByRole("button", { name: "Вход" }).last().click();
          await page.getByText("Моля, отбележете «Не съм робот».").waitFor();
          expect(await page.textContent("main, body")).not.toContain("reCAPTCHA");
        }
      } finally {
        await context.close();
      }
    });

    it(`registration picks the country by Bulgarian name with its flag ${mode}`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      const data = registrationPayload();
      try {
        await page.goto(`${app.url}/auth?tab=register`);
        await field(page, "Имейл").fill(data.username);
        if (javaScriptEnabled) await page.getByText("Имейлът е свободен").waitFor();
        await field(page, "Парола").fill(data.password);
        await field(page, "Потвърдете паролата").fill("Different1!");
        // Enter sends the step (a click can land after the blur's message has moved the button).
        await field(page, "Потвърдете паролата").press("Enter");
        if (javaScriptEnabled) {
          // Spec §8: the mismatch is also a toast, «Грешка» / «Паролите не съвпадат».
          await page
            .getByRole("alert")
            .filter({ hasText: "Грешка" })
            .getByText("Паролите не съвпадат")
            .waitFor();
        } else {
          await page.getByText("Паролите не съвпадат").first().waitFor();
        }
        // A refused step never sends the password back (issue #31 item 7): without JavaScript
        // both fields are typed again.
        if (!javaScriptEnabled) await field(page, "Парола").fill(data.password);
        await field(page, "Потвърдете паролата").fill(data.password);
        await page.getByRole("button", { name: "Напред" }).click();
        await page.getByText("Стъпка 2 от 3").waitFor();
        if (javaScriptEnabled) {
          const country = page.getByRole("combobox", { name: /^Държава/ });
          await country.fill("герм");
          const germany = page.getByRole("option", { name: /Германия/ });
          await germany.waitFor();
          await country.press("ArrowDown");
          // Enter chooses the highlighted option: wait until the arrow has highlighted it.
          await expect.poll(() => germany.getAttribute("aria-selected")).toBe("true");
          await country.press("Enter");
          // The choice is drawn on the next render: wait for it rather than read at once.
          await expect.poll(() => country.inputValue()).toBe("Германия");
          await expect
            .poll(() => page.locator('input[type="hidden"][name="country"]').inputValue())
            .toBe("Германия");
          await expectAccessible(page);
        } else {
          const select = page.getByLabel(/^Държава/);
          expect(await select.locator("option").count()).toBeGreaterThan(240);
          expect(await select.inputValue()).toBe("България");
          await select.selectOption({ label: "🇩🇪 Германия" });
          expect(await select.inputValue()).toBe("Германия");
          await expectAccessible(page);
        }
      } finally {
        await context.close();
      }
    });

    it(`the editor marks an empty line, keeps focus on the first error and reads Bulgarian numbers ${mode}`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        await signInContext(app, context);
        await addClient(page, app);
        await page.goto(`${app.url}/invoice/new`);
        await chooseClient(page, "Клиент Първи ООД", javaScriptEnabled);
        await page.getByRole("button", { name: "Издай" }).first().click();
        await page.getByText("Попълнете поне един ред: описание и единична цена").waitFor();
        const description = page.getByLabel(/^Описание \(ред 1\)/);
        expect(await description.getAttribute("aria-invalid")).toBe("true");
        await page.getByText("Описанието е задължително").waitFor();
        if (javaScriptEnabled) {
          expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe(
            "lines[0][description]",
          );
        }
        await description.fill("Консултация");
        const price = page.getByLabel(/^Ед\. цена/).first();
        if (javaScriptEnabled) {
          await price.fill("1.250,00");
          await page
            .getByText(/Неясно число/)
            .first()
            .waitFor();
          await page
            .getByText("Редове с невалидни числа не са включени в сумите по-долу.")
            .waitFor();
        }
        await price.fill("1 250,50");
        if (javaScriptEnabled) await page.getByText("1 500,60").first().waitFor();
        await page.getByRole("button", { name: "Запази чернова" }).first().click();
        await page.waitForURL(/\/invoice\/[0-9a-f-]{36}$/);
        await page.getByText("1 500,60").first().waitFor();
      } finally {
        await context.close();
      }
    });

    it(`logout ${mode}: ${javaScriptEnabled ? "overlay, goodbye toast, then / after 1 s" : "a redirect to / with the goodbye toast"}`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        await signInContext(app, context);
        await page.goto(`${app.url}/dashboard`);
        // The profile's menu (titled with the whole name; «Още» is a menu too, decision 032).
        await page.locator("header summary[title]").first().click();
        await page.getByRole("button", { name: "Изход" }).first().click();
        if (javaScriptEnabled) {
          await page.getByText("Излизане от системата...").waitFor();
          await page.getByText("До скоро!").waitFor();
          expect(new URL(page.url()).pathname).toBe("/dashboard");
        }
        await page.waitForURL(`${app.url}/`);
        await page.getByText("Успешно излизане").waitFor();
        const dashboard = await page.goto(`${app.url}/dashboard`);
        expect(new URL(dashboard?.url() ?? "").pathname).toBe("/auth");
      } finally {
        await context.close();
      }
    });

    it(`feedback checks in the spec's order ${mode}`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        await signInContext(app, context);
        await page.goto(`${app.url}/feedback?type=feedback`);
        const send = page.getByRole("button", { name: "Изпрати" });
        await send.click();
        await page.getByText("Грешка при изпращане: Моля, въведете съобщение").waitFor();
        await field(page, "Съобщение *").fill("Много добро приложение");
        await send.click();
        await page.getByText("Грешка при изпращане: Моля, изберете категория").waitFor();
        await page.getByLabel(/^Категория/).selectOption("other");
        await page.getByLabel("Отговорете ми на друг имейл адрес").check();
        await send.click();
        // The bot check comes before the other e-mail (spec §5).
        await page.getByText(/Грешка при изпращане: Моля, отбележете «Не съм робот»/).waitFor();
        await field(page, "Не съм робот").check();
        await send.click();
        await page.getByText("Грешка при изпращане: Моля, въведете имейл адрес").waitFor();
        if (javaScriptEnabled) {
          // A file over 5 MB is refused and cleared before it is sent.
          const file = page.getByLabel(/^Прикачен файл/);
          await file.setInputFiles({
            name: "голям.png",
            mimeType: "image/png",
            buffer: Buffer.alloc(5_242_881, 1),
          });
          await page
            .getByText("Файлът е твърде голям. Максималният размер е 5MB")
            .first()
            .waitFor();
          expect(await file.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
        }
      } finally {
        await context.close();
      }
    });
  }

  it("on a 375 px phone the tables scroll in a focusable region, pages pass axe, and «?» covers nothing", async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 375, height: 740 } });
    try {
      await signInContext(app, context);
      const clientId = await addClient(page, app);
      const { id } = await postJson(page.request, app, "/api/invoices", {
        type: "invoice",
        clientId,
        issueDate: "2026-11-20",
        lines: [{ description: "Услуга", quantity: "1", unitPrice: "100", vatRate: 20 }],
      });
      for (const path of ["/invoices", `/invoice/${id}`, "/clients"]) {
        await page.goto(`${app.url}${path}`);
        if (path.startsWith("/invoice/")) {
          // A document's lines are cards on a phone, no table to scroll (issue #41 item 6).
          await page
            .getByRole("list", { name: "Редове на документа" })
            .getByText("Услуга")
            .waitFor();
        } else {
          const region = page.getByRole("region", { name: /Документи|Клиенти/ });
          expect(await region.getAttribute("tabindex"), path).toBe("0");
        }
        await expectAccessible(page);
        const fab = await page
          .locator("summary", { hasText: "Обратна връзка и поддръжка" })
          .boundingBox();
        const main = await page.locator("main").boundingBox();
        expect(fab && main && fab.y >= main.y + main.height - 1, path).toBe(true);
      }
      await page.goto(`${app.url}/settings/subscription?tab=payment`);
      await page.getByRole("heading", { name: "Начин на плащане" }).waitFor();
      expect(await page.getByRole("heading", { name: "Планове" }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
