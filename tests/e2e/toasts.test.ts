import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hasChromium,
  launchBrowser,
  openPage,
  type RunningApp,
  signInContext,
  startApp,
} from "./harness";

/*
 * The toast area is Radix Toast (decision 019): the spec's five at most, F8 to reach it, Escape or
 * a 50 px swipe to dismiss; without JavaScript the server's toast is still in the page.
 */
describe.skipIf(!hasChromium)("toasts in Chromium", () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function withPage(javaScriptEnabled: boolean, run: (page: Page) => Promise<void>) {
    const { page, context } = await openPage(browser, { javaScriptEnabled });
    try {
      await signInContext(app, context);
      await page.goto(`${app.url}/profile`);
      await run(page);
    } finally {
      await context.close();
    }
  }

  const area = (page: Page) => page.getByRole("region", { name: "Известия (F8)" });
  const shown = (page: Page) => area(page).getByRole("listitem");

  /** Saves the profile: the redirect back brings «Профилът е актуализиран» as a new toast. */
  async function save(page: Page, expected: number) {
    await page.getByRole("button", { name: "Запази", exact: true }).first().click();
    // The pointer rests on the area while the page answers: Radix pauses the toasts' timers.
    if ((await shown(page).count()) > 0) await shown(page).first().hover();
    await expect.poll(() => shown(page).count(), { timeout: 30_000 }).toBe(expected);
    await shown(page).first().hover();
  }

  it("keeps at most five toasts", async () => {
    await withPage(true, async (page) => {
      for (let n = 1; n <= 5; n++) await save(page, n);
      await page.getByRole("button", { name: "Запази", exact: true }).first().click();
      await shown(page).first().hover();
      // The sixth answer arrives and the oldest goes: still five.
      await page.waitForLoadState("networkidle");
      await expect.poll(() => shown(page).count()).toBe(5);
      await area(page).getByText("Профилът е актуализиран").first().waitFor();
    });
  });

  it("F8 moves focus to the area and Escape dismisses the newest toast", async () => {
    await withPage(true, async (page) => {
      await save(page, 1);
      await page.mouse.move(0, 0);
      await page.keyboard.press("F8");
      await expect
        .poll(() =>
          page.evaluate(() =>
            Boolean(document.activeElement?.closest('[aria-label="Известия (F8)"]')),
          ),
        )
        .toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => shown(page).count()).toBe(0);
    });
  });

  it("a swipe of 50 px to the right dismisses a toast, a shorter one does not", async () => {
    await withPage(true, async (page) => {
      await save(page, 1);
      const box = (await shown(page).first().boundingBox())!;
      const y = box.y + box.height / 2;
      const x = box.x + box.width / 3;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + 30, y, { steps: 6 });
      await page.mouse.up();
      expect(await shown(page).count()).toBe(1);
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + 80, y, { steps: 8 });
      await page.mouse.up();
      await expect.poll(() => shown(page).count()).toBe(0);
    });
  });

  it("without JavaScript the server's toast is in the page", async () => {
    await withPage(false, async (page) => {
      await page.getByRole("button", { name: "Запази", exact: true }).first().click();
      await page.waitForURL(`${app.url}/profile`);
      await area(page).getByRole("status").getByText("Профилът е актуализиран").waitFor();
      await area(page).getByText("Вашите промени са запазени успешно.").waitFor();
    });
  });
});
