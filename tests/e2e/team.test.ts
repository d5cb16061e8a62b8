import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chooseClient,
  expectAccessible,
  field,
  hasChromium,
  launchBrowser,
  openPage,
  postJson,
  type RunningApp,
  registerCustomer,
  startApp,
  stepsOf,
  switchCompany,
  upgradeByForms,
} from "./harness";
import { linkIn, startMailbox } from "./mailbox";

/*
 * Issue #29 «Done when», in Chromium with JavaScript on and off, with a real SMTP server: an owner
 * invites an accountant and a staff member by e-mail; the accountant (one login) switches between
 * two client companies and downloads each one's VAT files — and a switch never shows the previous
 * company's data; the staff member issues an invoice but is refused salaries and VAT files;
 * removing the staff member ends their session at once; the audit page shows all of it.
 */

const today = () => new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Sofia" });

interface Owner {
  email: string;
  companyName: string;
  page: Page;
  context: BrowserContext;
}

/** A new customer (registered over the API), signed in in a context of its own. */
async function newOwner(app: RunningApp, browser: Browser, javaScriptEnabled: boolean) {
  const { email, companyName, cookie } = await registerCustomer(app);
  const { page, context } = await openPage(browser, { javaScriptEnabled });
  await context.addCookies([{ name: "__session", value: cookie, url: app.url }]);
  return { email, companyName, page, context };
}

/** «Изпрати покана» on /settings/team, as the owner does it. */
async function inviteByForm(owner: Owner, app: RunningApp, email: string, role: string) {
  await owner.page.goto(`${app.url}/settings/team`);
  await field(owner.page, "Имейл").fill(email);
  await field(owner.page, "Роля").selectOption({ label: role });
  await owner.page.getByRole("button", { name: "Изпрати покана" }).click();
  await owner.page.getByText("Поканата е изпратена").first().waitFor();
  await owner.page.getByRole("table", { name: "Покани" }).getByText(email).first().waitFor();
}

/** A new person's only step from the link: names and a password, no company wizard. */
async function createLoginFromLink(page: Page, link: string, name: [string, string]) {
  await page.goto(link);
  await page.getByRole("heading", { name: "Създайте своя вход" }).waitFor();
  await field(page, "Име").fill(name[0]);
  await field(page, "Фамилия").fill(name[1]);
  await field(page, "Парола").fill("Нова1парола!");
  await field(page, "Потвърдете паролата").fill("Нова1парола!");
  await page.getByRole("button", { name: "Създай вход и приеми поканата" }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** The header's company: its name, and (from two companies) the switch to another. */
const header = (page: Page) => page.getByRole("banner");

/** The month's VAT files as the accountant downloads them: the filer first, then the ZIP. */
async function downloadVatFiles(page: Page, app: RunningApp, companyName: string) {
  const month = today().slice(0, 7);
  await page.goto(`${app.url}/reports/vat?month=${month}`);
  const filer = page.getByRole("button", { name: "Запази" });
  if (await filer.isVisible()) {
    await field(page, "Име, презиме и фамилия").fill("Петя Колева");
    await field(page, "ЕГН или ЛНЧ").fill("8501011234");
    await field(page, "Населено място").fill("Пловдив");
    await field(page, "Пощенски код").fill("4000");
    await field(page, "Адрес").fill("ул. Шипка 5");
    await filer.click();
  }
  await page.getByRole("heading", { name: "Файлове за портала на НАП" }).waitFor();
  // The company's name is said again right before the download.
  await page.getByText(`Файловете са на фирма ${companyName}.`).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Всички в един ZIP" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`DDS-${month}.zip`);
}

describe.skipIf(!hasChromium)("team and accountant access in Chromium (issue #29)", () => {
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

    it(`invites an accountant and a staff member by e-mail, switches companies, refuses and removes, and the audit shows it ${mode}`, {
      timeout: 240_000,
    }, async ({ annotate }) => {
      const step = stepsOf(annotate);
      const contexts: BrowserContext[] = [];
      try {
        await step("Two owners, one on the full plan with a client");
        const ownerA: Owner = await newOwner(app, browser, javaScriptEnabled);
        const ownerB: Owner = await newOwner(app, browser, javaScriptEnabled);
        contexts.push(ownerA.context, ownerB.context);
        await upgradeByForms(ownerA.page, app, "full");
        await postJson(ownerA.context.request, app, "/api/clients", {
          kind: "company",
          name: "Клиент Делта ООД",
          eik: "175074752",
          address: "ул. Шипка 5",
          city: "София",
          postalCode: "1000",
          mol: "Иван Иванов",
        });

        // The owner invites the accountant and the staff member: «Поканен» until they accept.
        await step("The owner invites the accountant and the staff member");
        const suffix = `${javaScriptEnabled ? "js" : "nojs"}.${Date.now()}`;
        const accountantEmail = `accountant.${suffix}@example.bg`;
        const staffEmail = `staff.${suffix}@example.bg`;
        await inviteByForm(ownerA, app, accountantEmail, "Счетоводител");
        await inviteByForm(ownerA, app, staffEmail, "Служител");
        await ownerA.page.getByText("Поканен").first().waitFor();
        await expectAccessible(ownerA.page);

        // The accountant: a new person, only a login from the link.
        await step("The accountant makes a login from the link");
        const accountant = await openPage(browser, { javaScriptEnabled });
        contexts.push(accountant.context);
        const accountantMail = await mailbox.waitFor(
          accountantEmail,
          `Покана за екипа на ${ownerA.companyName}`,
        );
        const accountantLink = linkIn(accountantMail, "/invite/");
        await accountant.page.goto(accountantLink);
        await expectAccessible(accountant.page);
        await createLoginFromLink(accountant.page, accountantLink, ["Петя", "Колева"]);
        await header(accountant.page)
          .getByText(ownerA.companyName)
          .filter({ visible: true })
          .first()
          .waitFor();
        // Used once: the link again says so.
        const again = await accountant.page.goto(accountantLink);
        expect(again?.status()).toBe(410);
        await accountant.page.getByText("Поканата вече е използвана").waitFor();

        // The second client company invites the same accountant, who accepts signed in.
        await step("The second client company invites the same accountant, who accepts signed in");
        const invited = await ownerB.page.request.post(`${app.url}/settings/team`, {
          form: { intent: "invite", email: accountantEmail, role: "accountant" },
          headers: { Origin: app.url },
          maxRedirects: 0,
        });
        expect(invited.status(), await invited.text()).toBe(302);
        const secondMail = await mailbox.waitFor(
          accountantEmail,
          `Покана за екипа на ${ownerB.companyName}`,
        );
        await accountant.page.goto(linkIn(secondMail, "/invite/"));
        await accountant.page.getByRole("button", { name: "Приеми поканата" }).click();
        await accountant.page.waitForURL(/\/dashboard$/);
        await header(accountant.page)
          .getByText(ownerB.companyName)
          .filter({ visible: true })
          .first()
          .waitFor();

        // The staff member: a login from the link, issues an invoice.
        await step(
          "The staff member makes a login and issues an invoice; salaries and VAT are refused",
        );
        const staff = await openPage(browser, { javaScriptEnabled });
        contexts.push(staff.context);
        const staffMail = await mailbox.waitFor(staffEmail, "Покана за екипа");
        await createLoginFromLink(staff.page, linkIn(staffMail, "/invite/"), ["Стоян", "Димов"]);
        // The menu offers no salaries and no VAT to staff.
        await expect
          .poll(() => header(staff.page).getByRole("link", { name: "Заплати" }).count())
          .toBe(0);
        await staff.page.goto(`${app.url}/invoice/new`);
        await chooseClient(staff.page, "Клиент Делта ООД", javaScriptEnabled);
        await staff.page.getByLabel(/^Описание \(ред 1\)/).fill("Счетоводни услуги");
        await staff.page
          .getByLabel(/^Количество/)
          .first()
          .fill("1");
        await staff.page
          .getByLabel(/^Ед\. цена/)
          .first()
          .fill("500,00");
        await staff.page.getByRole("button", { name: "Издай" }).first().click();
        await staff.page.waitForURL(/\/invoice\/[0-9a-f-]{36}/);
        await staff.page.getByRole("heading", { name: "Да издам ли документа?" }).waitFor();
        await staff.page.getByRole("button", { name: "Да, издай" }).click();
        await staff.page.getByRole("heading", { level: 1, name: /Фактура № 0000000001/ }).waitFor();
        const invoiceUrl = staff.page.url();
        // …but salaries and VAT files are refused: 403 from the API, «Достъп отказан» on a page.
        const month = today().slice(0, 7);
        for (const path of ["/api/salaries", `/api/reports/vat/${month}/files`]) {
          const refused = await staff.page.request.get(`${app.url}${path}`);
          expect(refused.status(), path).toBe(403);
          expect(((await refused.json()) as { message: string }).message).toMatch(
            /^Достъп отказан/,
          );
        }
        // A page the role cannot open says why, inside the shell (issue #41 item 14); a file
        // link answers 403 with the same reason.
        await staff.page.goto(`${app.url}/salaries`);
        await staff.page.getByRole("heading", { level: 1, name: "Достъп отказан" }).waitFor();
        await staff.page.getByText("«Служител»").first().waitFor();
        await staff.page.getByText("«Заплати: преглед»").first().waitFor();
        expect(staff.page.url()).toBe(`${app.url}/salaries`);
        await expectAccessible(staff.page);
        const file = await staff.page.request.get(
          `${app.url}/reports/vat/files/all.zip?month=${month}`,
        );
        expect(file.status()).toBe(403);

        // The accountant in B: B's VAT files. Then the switch to A, A's files.
        await step(
          "The accountant downloads B's, then A's VAT files; a switch shows no other company's data",
        );
        await downloadVatFiles(accountant.page, app, ownerB.companyName);
        await switchCompany(accountant.page, ownerA.companyName);
        await downloadVatFiles(accountant.page, app, ownerA.companyName);
        // A switch never shows the previous company's data: from A's invoice to B, then back.
        await accountant.page.goto(invoiceUrl);
        await accountant.page.getByRole("heading", { name: /Фактура № 0000000001/ }).waitFor();
        await switchCompany(accountant.page, ownerB.companyName);
        await accountant.page.goBack();
        // Not A's invoice in B: the offer to switch to A (issue #41 item 1), none of A's data.
        await accountant.page
          .getByRole("heading", { name: `Документът е на фирма „${ownerA.companyName}“` })
          .waitFor();
        expect(await accountant.page.getByText("Счетоводни услуги").count()).toBe(0);
        await accountant.page.goto(`${app.url}/invoices`);
        await accountant.page.getByText("Все още нямате документи").waitFor();
        await header(accountant.page)
          .getByText(ownerB.companyName)
          .filter({ visible: true })
          .first()
          .waitFor();

        // Removing the staff member ends their session at once.
        await step("Removing the staff member ends their session at once");
        await ownerA.page.goto(`${app.url}/settings/team`);
        await ownerA.page.getByRole("button", { name: "Премахни Стоян Димов" }).click();
        // The removal asks first (issue #41 item 14): «Да, премахни» is the second POST.
        await ownerA.page.getByRole("button", { name: "Да, премахни Стоян Димов" }).click();
        await ownerA.page.getByText("Членът е премахнат").first().waitFor();
        await staff.page.goto(`${app.url}/invoices`);
        await staff.page.waitForURL(/\/auth/);

        // The audit page shows all of it.
        await step("The audit page shows all of it");
        await ownerA.page.goto(`${app.url}/settings/audit`);
        const trail = ownerA.page.getByRole("table", {
          name: `Одитна следа на ${ownerA.companyName}`,
        });
        for (const act of [
          "Изпратена покана",
          "Приета покана",
          "Издаден документ",
          "Смяна на фирмата",
          "Изтеглени файлове по ДДС",
          "Премахнат член на екипа",
        ]) {
          await trail.getByText(act, { exact: true }).first().waitFor();
        }
        await trail.getByText("Стоян Димов").first().waitFor();
        await trail.getByText("Петя Колева").first().waitFor();
        await expectAccessible(ownerA.page);
        await field(ownerA.page, "Действия").selectOption({ label: "Документи" });
        await ownerA.page.getByRole("button", { name: "Покажи" }).click();
        await ownerA.page.waitForURL(/group=documents/);
        await trail.getByText("Издаден документ").first().waitFor();
        expect(await trail.getByText("Изпратена покана").count()).toBe(0);
        const [csv] = await Promise.all([
          ownerA.page.waitForEvent("download"),
          ownerA.page.getByRole("link", { name: "Изтегли като CSV" }).click(),
        ]);
        expect(csv.suggestedFilename()).toMatch(/^Одит-\d{4}-\d{2}-\d{2}\.csv$/);
      } finally {
        for (const context of contexts) await context.close();
      }
    });
  }

  it("the header keeps one line at 1 280 px with the company switcher, and fits a 375 px phone", async () => {
    const owner = await newOwner(app, browser, true);
    try {
      // A login with two companies: the switcher shows.
      const other = await newOwner(app, browser, true);
      const invitation = { email: owner.email, role: "accountant" };
      await postJson(other.page.request, app, "/api/team/invitations", invitation);
      await other.context.close();
      const mail = await mailbox.waitFor(owner.email, "Покана за екипа");
      await owner.page.goto(linkIn(mail, "/invite/"));
      await owner.page.getByRole("button", { name: "Приеми поканата" }).click();
      await owner.page.waitForURL(/\/dashboard$/);
      await switchCompany(owner.page, owner.companyName);
      for (const width of [1280, 375]) {
        await owner.page.setViewportSize({ width, height: 800 });
        for (const path of ["/dashboard", "/settings/team", "/settings/audit", "/profile"]) {
          await owner.page.goto(`${app.url}${path}`);
          const fits = await owner.page.evaluate(
            () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
          );
          expect(fits, `${path} at ${width}px`).toBe(true);
        }
        if (width === 1280) {
          // One line: every section of the menu on the same row, beside the profile's menu
          // (which names the company under the person).
          const rows = await header(owner.page)
            .getByRole("navigation", { name: "Основна навигация", exact: true })
            .getByRole("link")
            // Those in «Още» are not drawn until it is opened (decision 032).
            .evaluateAll((links) => [
              ...new Set(
                links
                  .filter((l) => l.getClientRects().length)
                  .map((l) => l.getBoundingClientRect().top),
              ),
            ]);
          expect(rows, "the menu's sections on one line").toHaveLength(1);
          await header(owner.page)
            .getByText(owner.companyName)
            .filter({ visible: true })
            .first()
            .waitFor();
        } else {
          // On a phone the company's name stays in the bar beside «Меню».
          await header(owner.page)
            .getByText(owner.companyName)
            .filter({ visible: true })
            .first()
            .waitFor();
        }
      }
      await owner.page.goto(`${app.url}/settings/team`);
      await expectAccessible(owner.page);
    } finally {
      await owner.context.close();
    }
  });
});
