import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, hasChromium, launchBrowser, openPage } from "./harness";

// The no-JavaScript pages are scanned in one page per browser that shows their HTML (harness.ts):
// a page with a violation still fails, at its own width and after another page was shown there.
const page = (body: string) =>
  `<!doctype html><html lang="bg"><head><title>Проба</title></head><body><main><h1>Проба</h1>${body}</main></body></html>`;

async function serve(target: Page, url: string, body: string) {
  await target.route(url, (route) => route.fulfill({ contentType: "text/html", body: page(body) }));
  await target.goto(`${url}#част`);
}

describe.skipIf(!hasChromium)("axe on pages without JavaScript", () => {
  it("fails on a violation at each width, and passes a clean page after them", async () => {
    const browser = await launchBrowser();
    try {
      for (const width of [1280, 375]) {
        const { page: shown } = await openPage(browser, {
          javaScriptEnabled: false,
          viewport: { width, height: 700 },
        });
        await serve(shown, "http://127.0.0.1:1/bad", '<img src="/x.png"><a href="/y"></a>');
        await expect(expectAccessible(shown)).rejects.toThrow(/axe violations/);
      }
      const { page: clean } = await openPage(browser, { javaScriptEnabled: false });
      await serve(clean, "http://127.0.0.1:1/good", "<p>Няма нарушения.</p>");
      await expectAccessible(clean);
    } finally {
      await browser.close();
    }
  });

  // axe runs in its legacy mode, which does not scan a frame from another origin: such a frame
  // fails the scan instead of passing unseen.
  it("fails on a frame from another origin, which it could not scan", async () => {
    const browser = await launchBrowser();
    try {
      const { page: framed, context } = await openPage(browser);
      await context.route("http://127.0.0.2:4000/inner", (route) =>
        route.fulfill({ contentType: "text/html", body: page("<p>Вътре.</p>") }),
      );
      await serve(
        framed,
        "http://127.0.0.1:1/framed",
        '<iframe title="Чужда страница" src="http://127.0.0.2:4000/inner"></iframe>',
      );
      await expect
        .poll(() => framed.frames().map((frame) => frame.url()))
        .toContain("http://127.0.0.2:4000/inner");
      await expect(expectAccessible(framed)).rejects.toThrow(/frames from another origin/);
    } finally {
      await browser.close();
    }
  });
});
