import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, registrationPayload, validEik } from "../setup/values";
import {
  expectAccessible,
  field,
  hasChromium,
  launchBrowser,
  openPage,
  type RunningApp,
  signInContext,
  startApp,
} from "./harness";

/*
 * «Провери» (VIES) on the client form and the registration wizard, and the bank filled from a
 * Bulgarian IBAN on the profile, with JavaScript on and off; axe on the pages they change.
 */

const ALFA = { name: "АЛФА ТРЕЙД ЕООД", address: "гр. София 1000\nул. Шипка № 5" };

// why: the app asks VIES from its own process, where msw cannot reach; this stand-in answers as
// VIES's REST API does (GET /ms/{country}/vat/{number}), so the browser tests never reach the EU.
function viesStandIn(): Promise<Server> {
  const server = createServer((request, response) => {
    const known = request.url === "/ms/BG/vat/175074752";
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(
      JSON.stringify(
        known
          ? { isValid: true, userError: "VALID", ...ALFA }
          : { isValid: false, userError: "INVALID", name: "---", address: "---" },
      ),
    );
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

describe.skipIf(!hasChromium)("VIES and banks in Chromium", () => {
  let app: RunningApp;
  let browser: Browser;
  let vies: Server;
  beforeAll(async () => {
    vies = await viesStandIn();
    const { port } = vies.address() as AddressInfo;
    [app, browser] = await Promise.all([
      startApp({ env: { VIES_ENABLED: "on", VIES_URL: `http://127.0.0.1:${port}` } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await new Promise((resolve) => vies?.close(resolve));
  });

  const check = (page: Page) => page.getByRole("button", { name: "Провери във VIES" }).click();

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

    it(`fills a new client's name and address from VIES ${mode}, keeping what was typed`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        await signInContext(app, context);
        await page.goto(`${app.url}/client/new`);
        await field(page, "Град").fill("София");
        // A wrong check digit is the field's message before VIES is asked, with JavaScript or not.
        await field(page, "ДДС номер").fill("BG999999999");
        await check(page);
        await page.getByText("Невалиден ДДС номер: контролната цифра не съвпада").waitFor();
        await field(page, "ДДС номер").fill("BG999999995");
        await check(page);
        await page.getByText("Номерът не е валиден в VIES").waitFor();
        await field(page, "ДДС номер").fill("BG175074752");
        await check(page);
        await page.getByText(`Валиден ДДС номер: ${ALFA.name}`).waitFor();
        expect(await field(page, "Име").inputValue()).toBe(ALFA.name);
        expect(await field(page, "Адрес").inputValue()).toBe("гр. София 1000, ул. Шипка № 5");
        expect(await field(page, "Град").inputValue()).toBe("София");
        await expectAccessible(page);
        // A company's VAT number is BG + its ЕИК (decision 049): the first run keeps VIES's number
        // with its ЕИК; the other (the same login, an ЕИК is taken once) its own pair.
        if (javaScriptEnabled) {
          await field(page, "ЕИК/Булстат").fill("175074752");
        } else {
          const eik = validEik();
          await field(page, "ЕИК/Булстат").fill(eik);
          await field(page, "ДДС номер").fill(`BG${eik}`);
        }
        await page.getByRole("button", { name: "Добави клиента" }).click();
        // The other mode's run (the same login) added a client with this VAT number already:
        // the page warns and offers to open it or to add this one anyway (issue #41 item 10).
        const anyway = page.getByRole("button", { name: "Добави въпреки това" });
        await Promise.race([
          page.waitForURL(`${app.url}/clients`).catch(() => {}),
          anyway.waitFor().catch(() => {}),
        ]);
        if (await anyway.isVisible()) {
          await page.getByRole("link", { name: `Отвори «${ALFA.name}»` }).waitFor();
          await anyway.click();
        }
        await page.waitForURL(`${app.url}/clients`);
        await page.getByRole("link", { name: ALFA.name }).first().waitFor();
      } finally {
        await context.close();
      }
    });

    it(`fills the company's name and address on the wizard's step 2 ${mode}`, async () => {
      const data = registrationPayload();
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        await page.goto(`${app.url}/auth?tab=register`);
        await field(page, "Имейл").fill(data.username);
        if (javaScriptEnabled) await page.getByText("Имейлът е свободен").waitFor();
        await field(page, "Парола").fill(PASSWORD);
        await field(page, "Потвърдете паролата").fill(PASSWORD);
        await page.getByRole("button", { name: "Напред" }).click();
        await page.getByText("Стъпка 2 от 3").waitFor();
        await field(page, "Име").fill(data.firstName);
        await field(page, "Фамилия").fill(data.lastName);
        await field(page, "ЕИК/Булстат").fill("175074752");
        await field(page, "Град").fill("София");
        await check(page);
        await page.getByText(`Валиден ДДС номер: ${ALFA.name}`).waitFor();
        expect(await field(page, "Име на фирмата").inputValue()).toBe(ALFA.name);
        expect(await field(page, "Адрес").inputValue()).toBe("гр. София 1000, ул. Шипка № 5");
        expect(await field(page, "Фамилия").inputValue()).toBe(data.lastName);
        expect(await page.getByText("Стъпка 2 от 3").count()).toBe(1);
        await expectAccessible(page);
      } finally {
        await context.close();
      }
    });

    it(`fills the bank's name and BIC from a Bulgarian IBAN on the profile ${mode}`, async () => {
      const { page, context } = await openPage(browser, { javaScriptEnabled });
      try {
        await signInContext(app, context);
        await page.goto(`${app.url}/profile`);
        await field(page, "Банка").fill("");
        await field(page, "BIC").fill("");
        await field(page, "IBAN").fill("BG21 UNCR 9661 1020 3456 78");
        if (javaScriptEnabled) {
          // The IBAN rules arrive with the first keystroke (a lazy chunk), so the fill follows.
          await page.getByText("Банка по IBAN: УниКредит Булбанк АД, BIC UNCRBGSF").waitFor();
          expect(await field(page, "Банка").inputValue()).toBe("УниКредит Булбанк АД");
          expect(await field(page, "BIC").inputValue()).toBe("UNCRBGSF");
          await expectAccessible(page);
        }
        await page.getByRole("button", { name: "Запази", exact: true }).click();
        await page.getByText("Профилът е актуализиран").first().waitFor();
        await page.goto(`${app.url}/profile`);
        expect(await field(page, "IBAN").inputValue()).toBe("BG21UNCR96611020345678");
        expect(await field(page, "Банка").inputValue()).toBe("УниКредит Булбанк АД");
        expect(await field(page, "BIC").inputValue()).toBe("UNCRBGSF");
      } finally {
        await context.close();
      }
    });
  }
});
