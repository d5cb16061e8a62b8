import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { createClient } from "~/modules/clients/queries.server";
import { clientSchema } from "~/modules/clients/schema";
import { advanceTaxForQuarter } from "~/modules/income-tax/advance.server";
import { getDocument, issueDocument } from "~/modules/invoices/documents.server";
import { addPayment } from "~/modules/invoices/payments.server";
import AdvancePage, { loader as advanceLoader } from "~/routes/_app.taxes.advance";
import AnnualPage, {
  action as annualAction,
  loader as annualLoader,
} from "~/routes/_app.taxes.annual";
import { loader as annualPdf } from "~/routes/taxes.annual[.]pdf";
import type { Database } from "~db/types";
import { createCompanyWithClient, createTestDraft } from "../setup/factories";
import { pageOf } from "../setup/page-text";
import { call, formBody, signInApi } from "../setup/routes";
import { memberOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

/*
 * The worked example of decision 076, end to end: a freelancer's year of invoices and payments,
 * the quarterly advance tax and Приложение № 3 as the pages show them, computed by hand there.
 */

type Me = Awaited<ReturnType<typeof createCompanyWithClient>>;

const ALFA_EIK = "175074752";
const BETA_EIK = "121000015";

async function client(db: Kysely<Database>, me: Me, fields: Record<string, string>) {
  const made = await createClient(
    db,
    me.companyId,
    clientSchema.parse({ address: "ул. Шипка 1", city: "София", postalCode: "1000", ...fields }),
  );
  return made.id;
}

/** Issues an invoice without VAT (the freelancer is not registered) and records its payments. */
async function invoice(
  db: Kysely<Database>,
  me: Me,
  clientId: string,
  issueDate: string,
  amount: string,
  payments: [string, number][],
) {
  const id = await createTestDraft(db, me, {
    clientId,
    issueDate,
    lines: [{ description: "Превод", quantity: "1", unitPrice: amount, vatRate: null }],
  });
  await issueDocument(db, me.companyId, id);
  for (const [paidOn, cents] of payments) {
    const doc = await getDocument(db, me.companyId, id);
    await addPayment(db, me.companyId, doc!, { paidOn, amount: cents, method: "bank", note: null });
  }
  return id;
}

/** Decision 076's freelancer and their year 2026. */
async function freelancerYear(db: Kysely<Database>) {
  const me = await createCompanyWithClient(db, false);
  await db
    .updateTable("companies")
    .set({ companyType: "freelancer", name: "Иван Петров" })
    .where("id", "=", me.companyId)
    .execute();
  const alfa = await client(db, me, { kind: "company", name: "Алфа ООД", eik: ALFA_EIK });
  const maria = await client(db, me, { kind: "individual", name: "Мария Иванова" });
  const acme = await client(db, me, {
    kind: "foreign_company",
    name: "Acme GmbH",
    city: "Berlin",
    postalCode: "10115",
    country: "Германия",
  });
  const beta = await client(db, me, {
    kind: "sole_trader",
    name: "ЕТ Бета – Георги Колев",
    eik: BETA_EIK,
  });
  await invoice(db, me, alfa, "2026-02-10", "2000", [["2026-02-20", 200_000]]);
  await invoice(db, me, maria, "2026-03-25", "800", [["2026-04-05", 80_000]]);
  await invoice(db, me, acme, "2026-05-15", "3000", [
    ["2026-05-30", 100_000],
    ["2026-07-10", 200_000],
  ]);
  await invoice(db, me, beta, "2026-08-01", "1200", [["2026-08-15", 120_000]]);
  await invoice(db, me, maria, "2026-11-02", "500", [["2026-11-10", 50_000]]);
  // Invoiced, never paid: no income.
  await invoice(db, me, alfa, "2026-11-20", "1000", []);
  const session = await signInApi(db, me.user);
  return { me, headers: { Cookie: session.cookie } };
}

function pdfText(bytes: ArrayBuffer) {
  const dir = mkdtempSync(join(tmpdir(), "smetka-income-tax-"));
  const file = join(dir, "return.pdf");
  writeFileSync(file, Buffer.from(bytes));
  return execFileSync("pdftotext", ["-layout", file, "-"])
    .toString("utf8")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/[ \t]+/g, " ");
}

describe("a freelancer's income tax (issue #49 item 2, decision 076's worked example)", () => {
  it("gives each quarter's advance tax on what individuals and foreign clients paid, none for the fourth", async () => {
    const db = getDb();
    const { me, headers } = await freelancerYear(db);
    // I: only Алфа ООД paid (it withholds); II: 800 + 1 000 → 1 800 − 25 % = 1 350 → 135,00;
    // III: 2 000 from Acme (Бета withholds) → 1 500 → 150,00; IV: none.
    expect(await advanceTaxForQuarter(db, me.companyId, 2026, 1)).toEqual({ dueCents: 0 });
    expect(await advanceTaxForQuarter(db, me.companyId, 2026, 2)).toEqual({ dueCents: 13_500 });
    expect(await advanceTaxForQuarter(db, me.companyId, 2026, 3)).toEqual({ dueCents: 15_000 });
    expect(await advanceTaxForQuarter(db, me.companyId, 2026, 4)).toEqual({ dueCents: 0 });

    const path = "/taxes/advance?year=2026";
    const { text } = await pageOf(
      AdvancePage,
      await call(advanceLoader, db, path, { headers }),
      path,
    );
    expect(text).toContain("Авансов данък по тримесечия за 2026 г., в евро");
    expect(text).toContain(
      "II тримесечие 1 800,00 0,00 1 800,00 450,00 1 350,00 135,00 31.07.2026",
    );
    expect(text).toContain(
      "III тримесечие 3 200,00 1 200,00 2 000,00 500,00 1 500,00 150,00 31.10.2026",
    );
    expect(text).toContain("I тримесечие 2 000,00 2 000,00 0,00 0,00 0,00 0,00 30.04.2026");
    expect(text).toContain(
      "IV тримесечие 500,00 0,00 500,00 125,00 375,00 0,00 не се внася (с годишната декларация до 30 април)",
    );
    expect(text).toContain("Общо авансов данък за внасяне от Вас за 2026 г.: 285,00 евро");
    expect(text).toContain("Източник: ЗДДФЛ");
  });

  it("gives Приложение № 3 by payer with its ЕИК, the contributions the person enters, and the balance — on the page and in the PDF", async () => {
    const db = getDb();
    const { headers } = await freelancerYear(db);
    const saved = await call(
      annualAction,
      db,
      "/taxes/annual?year=2026",
      formBody({ contributions: "1 200,00" }, headers),
    );
    expect(saved.status).toBe(302);
    const path = "/taxes/annual?year=2026";
    const { text } = await pageOf(
      AnnualPage,
      await call(annualLoader, db, path, { headers }),
      path,
    );
    expect(text).toContain("Приложение № 3 за 2026 г., в евро");
    expect(text).toContain(`1.1. Алфа ООД ${ALFA_EIK} 2 000,00 150,00`);
    expect(text).toContain(`1.2. ЕТ Бета – Георги Колев ${BETA_EIK} 1 200,00 90,00`);
    expect(text).toContain(
      "2. Доходи от платци, които не са предприятия (физически лица, чуждестранни клиенти) 4 300,00",
    );
    for (const row of [
      "Общ размер на доходите 7 500,00",
      "Нормативно признати разходи (25 %) 1 875,00",
      "Облагаем доход 5 625,00",
      "Задължителни осигурителни вноски, внесени от лицето 1 200,00",
      "Годишна данъчна основа 4 425,00",
      "Данък (10 %) 442,50",
      "Удържан авансов данък от платците 240,00",
      "Внесен от лицето авансов данък (I–III тримесечие) 285,00",
      "Данък за възстановяване 82,50",
    ]) {
      expect(text).toContain(row);
    }
    expect(text).toContain("Декларацията се подава до 30.04.2027 г.");

    const pdf = await call(annualPdf, db, "/taxes/annual.pdf?year=2026", { headers });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const printed = pdfText(await pdf.arrayBuffer());
    expect(printed).toContain("Годишна данъчна декларация – Приложение 3");
    expect(printed).toMatch(/Алфа ООД +175074752 +2 000,00 +150,00/);
    expect(printed).toMatch(/Данък за възстановяване +82,50/);
  });

  it("once the person declared to be self-insured (чл. 43, ал. 5), pays the advance on every payer's income", async () => {
    const db = getDb();
    const { me, headers } = await freelancerYear(db);
    await call(
      annualAction,
      db,
      "/taxes/annual?year=2026",
      formBody({ contributions: "0", selfInsuredDeclared: "on" }, headers),
    );
    // I: 2 000 → 150,00; III: 2 000 + 1 200 = 3 200 → 2 400 → 240,00.
    expect(await advanceTaxForQuarter(db, me.companyId, 2026, 1)).toEqual({ dueCents: 15_000 });
    expect(await advanceTaxForQuarter(db, me.companyId, 2026, 3)).toEqual({ dueCents: 24_000 });
    const path = "/taxes/annual?year=2026";
    const { text, html } = await pageOf(
      AnnualPage,
      await call(annualLoader, db, path, { headers }),
      path,
    );
    expect(text).toContain("Удържан авансов данък от платците 0,00");
    expect(text).toContain("Внесен от лицето авансов данък (I–III тримесечие) 525,00");
    expect(html).toMatch(/name="selfInsuredDeclared"[^>]*checked/);
  });

  it("refuses contributions it cannot read with 400 and the message, keeping what was typed", async () => {
    const db = getDb();
    const { headers } = await freelancerYear(db);
    const refused = await call(
      annualAction,
      db,
      "/taxes/annual?year=2026",
      formBody({ contributions: "1.200,00" }, headers),
    );
    expect(refused.status).toBe(400);
    const answer = await refused.json();
    expect(answer.fieldErrors.contributions).toMatch(/^Неясно число/);
    expect(answer.repopulateFields.contributions).toBe("1.200,00");
    const badYear = await call(
      annualAction,
      db,
      "/taxes/annual?year=abc",
      formBody({ contributions: "1" }, headers),
    );
    expect(badYear.status).toBe(400);
    expect((await badYear.json()).formError).toBe(
      "Въведете година с четири цифри (ГГГГ), не по-късна от текущата",
    );
  });

  it("owes nothing as a company, gives a sole trader its own pages (decision 080), and is not the staff's to see", async () => {
    const db = getDb();
    const company = await createCompanyWithClient(db, false);
    expect(await advanceTaxForQuarter(db, company.companyId, 2026, 2)).toBeUndefined();
    await db
      .updateTable("companies")
      .set({ name: "ЕТ Петров – Иван Петров" })
      .where("id", "=", company.companyId)
      .execute();
    expect(await advanceTaxForQuarter(db, company.companyId, 2026, 2)).toBeUndefined();
    const session = await signInApi(db, company.user);
    const path = "/taxes/advance?year=2026";
    const { text } = await pageOf(
      AdvancePage,
      await call(advanceLoader, db, path, { headers: { Cookie: session.cookie } }),
      path,
    );
    // No books for 2025: no advance instalments under ЗКПО; no freelancer's quarters.
    expect(text).toContain("Не дължите авансови вноски за 2026 г.");
    expect(text).not.toContain("Общо авансов данък");
    // Named on a Latin keyboard, the annual page tells the same sole trader.
    await db
      .updateTable("companies")
      .set({ name: "ET Petrov - Ivan Petrov" })
      .where("id", "=", company.companyId)
      .execute();
    const annualPath = "/taxes/annual?year=2026";
    const annual = await pageOf(
      AnnualPage,
      await call(annualLoader, db, annualPath, { headers: { Cookie: session.cookie } }),
      annualPath,
    );
    expect(annual.text).toContain("Едноличният търговец се облага по чл. 26, ал. 7 ЗДДФЛ");
    // The same deadline as the calendar's (ЗДДФЛ чл. 53, ал. 2), not a freelancer's 30 April.
    expect(annual.text).toContain("подадена от 1 март до 30 юни");
    expect(annual.text).toContain(
      "Годишна данъчна декларация на едноличен търговец – Приложение 2",
    );
    // Приложение № 2 as PDF (decision 080); a company has none.
    const pdf = await call(annualPdf, db, "/taxes/annual.pdf?year=2026", {
      headers: { Cookie: session.cookie },
    });
    expect(pdf.status).toBe(200);
    const other = await createCompanyWithClient(db, false);
    const otherSession = await signInApi(db, other.user);
    const none = await call(annualPdf, db, "/taxes/annual.pdf?year=2026", {
      headers: { Cookie: otherSession.cookie },
    });
    expect(none.status).toBe(404);

    const staff = await memberOf(db, company.companyId, "staff");
    const refused = await call(advanceLoader, db, path, { headers: { Cookie: staff.cookie } });
    expect([302, 403]).toContain(refused.status);
  });
});
