import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validEik } from "../setup/values";
import {
  expectAccessible,
  fetchJson,
  field,
  hasChromium,
  launchBrowser,
  openPage,
  type RunningApp,
  registerCustomer,
  startApp,
  switchCompany,
} from "./harness";
import { linkIn, startMailbox } from "./mailbox";

/*
 * Issue #41 item 1 «Done when», in Chromium with JavaScript on and off: an accountant (one login,
 * two companies) opens «Нов клиент» and a client's page in company A in one tab, switches to
 * company B in another tab, comes back and submits. Nothing is written into B: the form says
 * which company it was opened for and which one the session works in now, keeps what was typed,
 * and «Превключи към „A“ и запиши» saves it into A. A link to A's record opened while working in
 * B offers to switch instead of a bare 404.
 */

const header = (page: Page) => page.getByRole("banner");

describe.skipIf(!hasChromium)("a form carries its company across tabs (issue #41 item 1)", () => {
  let app: RunningApp;
  let browser: Browser;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  beforeAll(async () => {
    mailbox = await startMailbox();
    [app, browser] = await Promise.all([
      startApp({ env: { SMTP_URL: mailbox.url } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await mailbox?.close();
  });

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

    it(`a form opened in A and sent after a switch to B in another tab writes nothing into B, keeps what was typed and saves into A on «Превключи и запиши» ${mode}`, async () => {
      // A's owner is also the accountant of B: invited by B's owner, accepted over the API.
      const a = await registerCustomer(app);
      const b = await registerCustomer(app);
      await fetchJson(
        app,
        "/api/team/invitations",
        { email: a.email, role: "accountant" },
        b.bearer,
        201,
      );
      const link = linkIn(await mailbox.waitFor(a.email, "Покана за екипа"), "/invite/");
      await fetchJson(
        app,
        "/api/team/invitations/accept",
        { token: new URL(link).pathname.split("/").pop() },
        a.bearer,
        200,
      );

      const { page: tabA, context } = await openPage(browser, { javaScriptEnabled });
      try {
        await context.addCookies([{ name: "__session", value: a.cookie, url: app.url }]);
        const tabB = await context.newPage();

        // Tab A: «Нов клиент» in company A, typed in.
        await tabA.goto(`${app.url}/client/new`);
        await header(tabA).getByText(a.companyName).filter({ visible: true }).first().waitFor();
        await field(tabA, "Име").fill("Делта Трейд ООД");
        await field(tabA, "ЕИК/Булстат").fill(validEik());
        await field(tabA, "Адрес").fill("бул. Мария Луиза 10");
        await field(tabA, "Град").fill("Пловдив");

        // Tab B: the same login switches to company B.
        await tabB.goto(`${app.url}/dashboard`);
        await switchCompany(tabB, b.companyName);

        // Back in tab A: the save is refused, naming both companies; the form keeps its text.
        await tabA.getByRole("button", { name: "Добави клиента" }).click();
        const alert = tabA.getByRole("alert").filter({ hasText: "Нищо не е записано" });
        await alert.waitFor();
        await expect
          .poll(() => alert.textContent())
          .toContain(
            `Формулярът е отворен за фирма „${a.companyName}“, а сега работите във фирма „${b.companyName}“`,
          );
        expect(await field(tabA, "Име").inputValue()).toBe("Делта Трейд ООД");
        expect(await field(tabA, "Адрес").inputValue()).toBe("бул. Мария Луиза 10");
        await expectAccessible(tabA);

        // Nothing was written into B (nor A).
        await tabB.goto(`${app.url}/clients`);
        await tabB.getByText("Все още нямате клиенти").waitFor();

        // «Превключи към „A“ и запиши»: saved into A, the session works in A again.
        await tabA
          .getByRole("button", { name: `Превключи към „${a.companyName}“ и запиши` })
          .click();
        await tabA.waitForURL(`${app.url}/clients`);
        await tabA.getByText("Клиентът е добавен").waitFor();
        await tabA.getByRole("link", { name: "Делта Трейд ООД" }).waitFor();
        await header(tabA).getByText(a.companyName).filter({ visible: true }).first().waitFor();

        // A's client page opened while working in B: the offer to switch, not a bare 404.
        await tabA.getByRole("link", { name: "Делта Трейд ООД" }).click();
        await tabA.waitForURL(/\/client\/edit\//);
        const clientPage = tabA.url();
        await tabB.goto(`${app.url}/dashboard`);
        await switchCompany(tabB, b.companyName);
        await tabB.goto(clientPage);
        await tabB
          .getByRole("heading", { name: `Клиентът е на фирма „${a.companyName}“` })
          .waitFor();
        await expectAccessible(tabB);
        await tabB.getByRole("button", { name: `Превключи към „${a.companyName}“` }).click();
        await tabB.waitForURL(clientPage);
        expect(await field(tabB, "Име").inputValue()).toBe("Делта Трейд ООД");

        // An edit form of A's record, sent from a tab that still shows A after a switch to B:
        // refused on its own page (drawn in A, with what was typed), nothing changed.
        await tabA.goto(clientPage);
        await field(tabA, "Град").fill("Варна");
        await tabB.goto(`${app.url}/dashboard`);
        await switchCompany(tabB, b.companyName);
        await tabA.getByRole("button", { name: "Запази" }).click();
        await tabA.getByRole("alert").filter({ hasText: "Нищо не е записано" }).waitFor();
        expect(await field(tabA, "Град").inputValue()).toBe("Варна");
        await tabB.goto(clientPage);
        await tabB.getByRole("button", { name: `Превключи към „${a.companyName}“` }).click();
        await tabB.waitForURL(clientPage);
        expect(await field(tabB, "Град").inputValue()).toBe("Пловдив");
      } finally {
        await context.close();
      }
    });
  }
});
