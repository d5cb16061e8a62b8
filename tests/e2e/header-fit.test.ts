import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registrationPayload } from "../setup/values";
import {
  fetchJson,
  field,
  hasChromium,
  launchBrowser,
  openPage,
  type RunningApp,
  registerCustomer,
  registerViaApi,
  seededDatabase,
  startApp,
  upgradeByForms,
} from "./harness";
import { linkIn, startMailbox } from "./mailbox";

/*
 * Issue #31 item 2 (decision 032): the header keeps one line from 1 024 px up — for every plan
 * (the lock icons), the admin's «Админ», a login with two companies (the switcher, #29), «Банка»
 * (#30), an ordinary long name and a long company name — with JavaScript and without. Measured
 * as a person sees it: every item of the bar and of the menu on one row, nothing cut off or
 * overflowing the bar.
 */

const LONG_PERSON = { firstName: "Мария", lastName: "Иванова-Петрова" };
const LONG_COMPANY = "Строително-инвестиционна компания Възраждане и Партньори";

/** Where the header's parts are: the bar, each menu item, and the profile's and more's buttons. */
async function layout(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector("header")!;
    const bar = header.firstElementChild as HTMLElement;
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
    };
    const nav = header.querySelector('nav[aria-label="Основна навигация"]');
    const items = [...(nav?.querySelectorAll(":scope > ul > li") ?? [])].map((li) => ({
      text: (li.textContent ?? "").trim(),
      ...box(li),
    }));
    // The bar's own parts: the brand, the menu, the profile (and whatever else sits in the bar).
    const parts = [...bar.children]
      .filter((el) => getComputedStyle(el).display !== "none")
      .map((el) => ({ text: (el.textContent ?? "").trim().slice(0, 40), ...box(el) }));
    return {
      viewport: window.innerWidth,
      bar: { ...box(bar), scrollWidth: bar.scrollWidth, clientWidth: bar.clientWidth },
      items,
      parts,
      pageScrollWidth: document.documentElement.scrollWidth,
    };
  });
}

function expectOneLine(seen: Awaited<ReturnType<typeof layout>>, label: string) {
  expect(seen.items.length, label).toBeGreaterThan(0);
  const firstTop = seen.items[0]!.top;
  for (const item of seen.items) {
    expect(Math.abs(item.top - firstTop), `${label}: «${item.text}» on another line`).toBeLessThan(
      2,
    );
  }
  // Every part of the bar on the same row, inside the bar, and the bar not scrolling sideways.
  for (const part of seen.parts) {
    expect(part.top, `${label}: «${part.text}» below the row`).toBeLessThan(seen.bar.top + 30);
    expect(part.right, `${label}: «${part.text}» past the bar`).toBeLessThanOrEqual(
      seen.bar.right + 1,
    );
  }
  expect(seen.bar.scrollWidth, `${label}: the bar overflows`).toBeLessThanOrEqual(
    seen.bar.clientWidth + 1,
  );
  expect(seen.pageScrollWidth, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(
    seen.viewport,
  );
  // One row: the profile's button holds two short lines (the person, the company; #29), a
  // wrapped menu would add a row of links under them.
  expect(seen.bar.height, `${label}: the bar is more than one row`).toBeLessThan(96);
}

describe.skipIf(!hasChromium)("the header on one line (issue #31 item 2)", () => {
  let app: RunningApp;
  let browser: Browser;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let drop = async () => {};
  beforeAll(async () => {
    mailbox = await startMailbox();
    // The demo admin comes with the seed (on PostgreSQL a fresh database has none).
    const seeded = await seededDatabase("smetka_e2e_header");
    drop = seeded.drop;
    [app, browser] = await Promise.all([
      startApp({
        env: { SMTP_URL: mailbox.url },
        ...(seeded.databaseUrl ? { databaseUrl: seeded.databaseUrl } : {}),
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await mailbox?.close();
    await drop();
  });

  /** A customer with the long name and company, signed in, on the plan given. */
  async function customer(plan: "basic" | "standard" | "full") {
    const payload = registrationPayload({
      ...LONG_PERSON,
      companyName: `${LONG_COMPANY} ${Date.now() % 100000}`,
    });
    const { page, context } = await openPage(browser);
    const { cookie } = await registerCustomer(app, payload);
    await context.addCookies([{ name: "__session", value: cookie, url: app.url }]);
    if (plan !== "basic") await upgradeByForms(page, app, plan);
    await context.close();
    return { payload, cookie };
  }

  async function measure(cookie: string, label: string, path = "/dashboard") {
    for (const javaScriptEnabled of [true, false]) {
      for (const width of [1024, 1280]) {
        const { page, context } = await openPage(browser, {
          javaScriptEnabled,
          viewport: { width, height: 800 },
        });
        try {
          await context.addCookies([{ name: "__session", value: cookie, url: app.url }]);
          await page.goto(`${app.url}${path}`);
          await page.getByRole("banner").waitFor();
          const what = `${label}, ${width} px, ${javaScriptEnabled ? "JS" : "no JS"}`;
          expectOneLine(await layout(page), what);
          // The person's and the company's whole names are there to read (title, the menu).
          const banner = await page.getByRole("banner").innerHTML();
          expect(banner, what).toContain(`${LONG_PERSON.firstName} ${LONG_PERSON.lastName}`);
          expect(banner, what).toContain(LONG_COMPANY);
        } finally {
          await context.close();
        }
      }
    }
  }

  for (const plan of ["basic", "standard", "full"] as const) {
    it(`the owner on plan ${plan}, a long name and a long company`, async () => {
      const { cookie } = await customer(plan);
      await measure(cookie, `owner, ${plan}`);
    });
  }

  it("a login with two companies (the switcher) on the full plan", async () => {
    const own = await customer("full");
    const other = await registerViaApi(app, registrationPayload());
    await fetchJson(
      app,
      "/api/team/invitations",
      { email: own.payload.username, role: "accountant" },
      { Authorization: `Bearer ${other.token}` },
      201,
    );
    const mail = await mailbox.waitFor(own.payload.username, "Покана за екипа");
    const token = linkIn(mail, "/invite/").split("/invite/")[1]!;
    await fetchJson(
      app,
      "/api/team/invitations/accept",
      { token },
      { Cookie: `__session=${own.cookie}`, Origin: app.url },
      200,
    );
    await measure(own.cookie, "two companies, full");
  });

  it("the admin (every section and «Админ»)", async () => {
    const { page, context } = await openPage(browser);
    try {
      await page.goto(`${app.url}/auth`);
      await field(page, "Имейл").fill("admin@smetka.bg");
      await field(page, "Парола").fill("Admin1234!");
      await field(page, "Не съм робот").check();
      await page.getByRole("button", { name: "Вход", exact: true }).click();
      await page.waitForURL(/\/(dashboard|hatterscastle)/);
      const cookie = (await context.cookies()).find((c) => c.name === "__session")!.value;
      for (const width of [1024, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${app.url}/dashboard`);
        const seen = await layout(page);
        expectOneLine(seen, `admin, ${width} px`);
        expect(seen.items.map((i) => i.text).join(" ")).toContain("Админ");
      }
      expect(cookie).toBeTruthy();
    } finally {
      await context.close();
    }
  });
});
