import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registrationPayload } from "../setup/values";
import {
  expectAccessible,
  hasChromium,
  launchBrowser,
  openPage,
  type RunningApp,
  registerViaApi,
  sessionCookieValue,
  signInContext,
  startApp,
} from "./harness";

describe("guards and cross-site requests", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("sends a guest from a signed-in page to /auth with a safe redirectTo", async () => {
    const response = await fetch(`${app.url}/profile?x=1`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fprofile%3Fx%3D1");
    const dashboard = await fetch(`${app.url}/dashboard`, { redirect: "manual" });
    expect(dashboard.headers.get("Location")).toBe("/auth");
  });

  it("sends a signed-in user from guest-only pages to /dashboard", async () => {
    const cookie = `__session=${await sessionCookieValue(app)}`;
    for (const path of ["/auth", "/forgot-password", "/reset-password/whatever"]) {
      const response = await fetch(`${app.url}${path}`, {
        headers: { Cookie: cookie },
        redirect: "manual",
      });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe("/dashboard");
    }
  });

  it("throttles logins on the running server: the 6th try on an account is 429 with a Bulgarian message", async () => {
    const data = registrationPayload();
    await registerViaApi(app, data);
    const attempt = async (password: string) => {
      const { token } = (await (await fetch(`${app.url}/api/bot-check/challenge`)).json()) as {
        token: string;
      };
      return fetch(`${app.url}/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: data.username, password, recaptchaToken: token }),
      });
    };
    for (let i = 0; i < 5; i++) expect((await attempt("Wrong123!")).status).toBe(401);
    const blocked = await attempt(data.password);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({
      message: "Твърде много неуспешни опити за вход. Опитайте отново след 15 минути.",
    });

    // The login form says the same, with 429, without JavaScript.
    const page = await fetch(`${app.url}/auth`);
    const token = (await page.text()).match(/name="recaptchaToken" value="([^"]+)"/)?.[1] ?? "";
    const form = await fetch(`${app.url}/auth`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: new URLSearchParams({
        intent: "login",
        username: data.username,
        password: data.password,
        recaptchaToken: token,
        notRobot: "on",
      }),
    });
    expect(form.status).toBe(429);
    expect(await form.text()).toContain(
      "Твърде много неуспешни опити за вход. Опитайте отново след 15 минути.",
    );
  });

  it("refuses a cookie-authenticated POST from another site (403) but not a bearer API call", async () => {
    const cookie = `__session=${await sessionCookieValue(app)}`;
    const crossSite = await fetch(`${app.url}/settings`, {
      method: "POST",
      headers: {
        Cookie: cookie,
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "intent=request-deletion&confirm=on",
    });
    // A page's form is answered with a page (HTML), the API with JSON.
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).toContain(
      "Заявката е отказана: изпратена е от друг сайт или без адрес на сайта.",
    );
    const fetchSite = await fetch(`${app.url}/api/logout`, {
      method: "POST",
      headers: { Cookie: cookie, "Sec-Fetch-Site": "cross-site" },
    });
    expect(fetchSite.status).toBe(403);
    expect(await fetchSite.json()).toEqual({
      message: "Заявката е отказана: изпратена е от друг сайт или без адрес на сайта.",
    });
    const { token } = await registerViaApi(app, registrationPayload());
    const bearer = await fetch(`${app.url}/api/logout`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, Origin: "https://other.example" },
    });
    expect(bearer.status).toBe(200);
  });
});

describe.skipIf(!hasChromium)("account pages in Chromium", () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const guestPages = [
    "/auth",
    "/auth?tab=register",
    "/forgot-password",
    "/reset-password/not-a-token",
    "/verify-email/not-a-token",
  ];
  const signedInPages = [
    "/dashboard",
    "/profile",
    "/settings",
    "/verify-code",
    "/feedback?type=feedback",
    "/feedback?type=support",
  ];

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

    it(`has no serious axe violation on the guest pages ${mode}`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        for (const path of guestPages) {
          await page.goto(`${app.url}${path}`);
          await expectAccessible(page);
        }
      } finally {
        await context.close();
      }
    });

    it(`has no serious axe violation on the signed-in pages ${mode}`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        await signInContext(app, context);
        for (const path of signedInPages) {
          const response = await page.goto(`${app.url}${path}`);
          expect(response?.status(), path).toBe(200);
          await expectAccessible(page);
        }
      } finally {
        await context.close();
      }
    });

    it(`opens the side drawer on a 375 px phone ${mode}`, async () => {
      const { page, context } = await openPage(browser, {
        javaScriptEnabled,
        viewport: { width: 375, height: 740 },
      });
      try {
        await signInContext(app, context);
        await page.goto(`${app.url}/dashboard`);
        const desktopNav = page.getByRole("navigation", { name: "Основна навигация", exact: true });
        expect(await desktopNav.isVisible()).toBe(false);
        const drawerNav = page.getByRole("navigation", { name: "Основна навигация (мобилна)" });
        expect(await drawerNav.isVisible()).toBe(false);
        await page.getByText("Меню", { exact: true }).click();
        expect(await drawerNav.isVisible()).toBe(true);
        await drawerNav.getByRole("link", { name: "Клиенти" }).waitFor();
        // Basic plan: Разходи and Заплати carry their lock, named for screen readers.
        expect(
          await drawerNav.getByRole("link", { name: "Разходи (изисква план Стандартен)" }).count(),
        ).toBe(1);
        expect(
          await drawerNav.getByRole("link", { name: "Заплати (изисква план Пълен)" }).count(),
        ).toBe(1);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBe(0);
        await page.getByRole("link", { name: "Профил" }).last().click();
        await page.waitForURL(`${app.url}/profile`);
      } finally {
        await context.close();
      }
    });
  }

  it("sends feedback from the floating button without JavaScript", async () => {
    const { page, context } = await openPage(browser, { javaScriptEnabled: false });
    try {
      await signInContext(app, context);
      await page.goto(`${app.url}/settings`);
      await page.locator("summary", { hasText: "Обратна връзка и поддръжка" }).click();
      await page.getByRole("link", { name: "Поддръжка" }).click();
      await page.getByRole("heading", { name: "Поддръжка" }).waitFor();
      await page.getByRole("button", { name: "Изпрати" }).click();
      await page.getByText("Грешка при изпращане: Моля, въведете съобщение").waitFor();
      await page.getByLabel("Съобщение *").fill("Не мога да кача логото.");
      await page.getByLabel("Категория *").selectOption("technical_bug");
      await page.getByLabel("Не съм робот").check();
      await page.getByRole("button", { name: "Изпрати" }).click();
      await page.waitForURL(`${app.url}/settings`);
      await page.getByText("Заявката за поддръжка е изпратена!").waitFor();
    } finally {
      await context.close();
    }
  });
});
