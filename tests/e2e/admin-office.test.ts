import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  expectAccessible,
  field,
  hasChromium,
  onSeededApp,
  openPage,
  type RunningApp,
  registerCustomer,
  signInAdmin,
} from "./harness";

/*
 * The back office as an operator uses it (issue #14), with JavaScript on and off: find a customer,
 * grant a plan, look at their screen, come back, set the banner and see it reach the customer;
 * axe on every admin page.
 */

// The demo admin (db/seed.ts, signInAdmin): the embedded default seeds it on start; on PostgreSQL the test does.

describe.skipIf(!hasChromium)("running the service from /hatterscastle", () => {
  let app: RunningApp;
  let browser: Browser;
  onSeededApp("smetka_e2e_office", (started) => {
    ({ app, browser } = started);
  });

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

    it(`finds a customer, grants a plan, looks as them, returns, and sets the banner ${mode}`, async () => {
      const customer = await registerCustomer(app);
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      const other = await openPage(browser, { javaScriptEnabled });
      try {
        // The customer has a page open before the banner is set.
        await other.context.addCookies([
          { name: "__session", value: customer.cookie, url: app.url },
        ]);
        if (javaScriptEnabled) await other.page.clock.install();
        await other.page.goto(`${app.url}/dashboard`);

        await signInAdmin(page, app);
        await page.getByRole("link", { name: "Потребители" }).first().click();
        await page.waitForURL(`${app.url}/hatterscastle/users`);
        await field(page, "Имейл, фирма или ЕИК").fill(customer.email.slice(0, 12));
        await page.getByRole("button", { name: "Търси" }).click();
        await page.getByRole("link", { name: customer.email }).click();
        await page.waitForURL(/\/hatterscastle\/users\/[0-9a-f-]{36}$/);
        const detailUrl = page.url();
        await page.getByRole("heading", { level: 1 }).waitFor();
        expect(await page.getByText(customer.companyName).count()).toBeGreaterThan(0);

        // A plan without payment, with its reason.
        await page.getByRole("link", { name: "Редактирай фирмата" }).click();
        await page.getByRole("heading", { name: "План без плащане" }).waitFor();
        await field(page, "План").selectOption("full");
        await field(page, "Причина").fill("Партньор: три месеца безплатно");
        await page.getByRole("button", { name: "Предостави плана" }).click();
        await page.getByText("предоставен Пълен").first().waitFor();

        // View as customer, and back.
        await page.goto(detailUrl);
        await page.getByRole("link", { name: "Виж като клиент" }).click();
        await page.getByRole("button", { name: "Отвори клиентския изглед" }).click();
        await page.waitForURL(`${app.url}/dashboard`);
        await page.getByText(`разглеждате приложението като ${customer.email}`).waitFor();
        await page.goto(`${app.url}/analytics`);
        await page.getByRole("heading", { name: "Анализи", level: 1 }).waitFor();
        // The password cannot be changed in this view.
        await page.goto(`${app.url}/profile`);
        await page.getByRole("button", { name: "Върни се в администрацията" }).click();
        await page.waitForURL(detailUrl);
        await page.getByText("Отвори клиентски изглед").first().waitFor();
        await page.getByText("GET /analytics").first().waitFor();

        // The banner reaches the customer.
        const message = `Планирана поддръжка ${javaScriptEnabled ? "в неделя" : "в събота"} 02:00–04:00`;
        await page.goto(`${app.url}/hatterscastle/settings`);
        await field(page, "Текст на съобщението").fill(message);
        await page.getByRole("button", { name: "Запази съобщението" }).click();
        await page.getByText("Съобщението е запазено").first().waitFor();
        if (javaScriptEnabled) {
          // Polled every 60 s: it appears without a reload.
          await other.page.clock.fastForward(61_000);
          await other.page.getByTestId("notification").getByText(message).waitFor();
        } else {
          await other.page.reload();
          await other.page.getByText(message).waitFor();
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
        await other.context.close();
      }
    });
  }

  it("every admin page passes axe", async () => {
    const customer = await registerCustomer(app);
    const { page, context } = await openPage(browser);
    try {
      await signInAdmin(page, app);
      await page.goto(`${app.url}/hatterscastle/users?q=${encodeURIComponent(customer.email)}`);
      await page.getByRole("link", { name: customer.email }).click();
      await page.waitForURL(/\/hatterscastle\/users\/[0-9a-f-]{36}$/);
      const userId = page.url().split("/").at(-1)!;
      const companyHref = await page
        .getByRole("link", { name: "Редактирай фирмата" })
        .getAttribute("href");
      await page.goto(`${app.url}/hatterscastle/administrators`);
      const adminHref = await page
        .getByRole("link", { name: /Редактирай|Промени/ })
        .first()
        .getAttribute("href");
      const adminId = adminHref?.split("/").at(-1) ?? "";
      const pages = [
        "/hatterscastle",
        "/hatterscastle/statistics",
        "/hatterscastle/users",
        `/hatterscastle/users/${userId}`,
        `/hatterscastle/users/edit/${userId}`,
        `/hatterscastle/users/new?customer=${companyHref?.split("/").at(-1)}`,
        "/hatterscastle/customers/new",
        companyHref ?? "",
        `/hatterscastle/impersonate/${userId}`,
        "/hatterscastle/administrators",
        "/hatterscastle/administrators/new",
        `/hatterscastle/administrators/edit/${adminId}`,
        `/hatterscastle/administrators/reset-password/${adminId}`,
        "/hatterscastle/settings",
        "/hatterscastle/vat-update",
        "/hatterscastle/invoice-settings",
      ];
      for (const path of pages) {
        const response = await page.goto(`${app.url}${path}`);
        expect(response?.status(), path).toBe(200);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        await expectAccessible(page);
      }
    } finally {
      await context.close();
    }
  });
});
