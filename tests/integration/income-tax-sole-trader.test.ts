import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { calendarPage, nextDeadlines } from "~/modules/calendar/calendar.server";
import { amountText } from "~/modules/calendar/constants";
import { issueDocument } from "~/modules/invoices/documents.server";
import { createManualEntry } from "~/modules/ledger/accounts.server";
import AdvancePage, { loader as advanceLoader } from "~/routes/_app.taxes.advance";
import AnnualPage, {
  action as annualAction,
  loader as annualLoader,
} from "~/routes/_app.taxes.annual";
import { loader as annualPdf } from "~/routes/taxes.annual[.]pdf";
import type { Database } from "~db/types";
import { createCompanyWithClient, createTestDraft, createTestExpense } from "../setup/factories";
import { pageOf } from "../setup/page-text";
import { call, formBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

/*
 * Decision 080's worked example, end to end: a sole trader's (ЕТ) year posted to the books by
 * its own invoices and expenses, Приложение № 2 on the page and in the PDF with the figures
 * computed by hand there, the advance instalments by the previous year's net sales, and the
 * calendar's annual-return deadline with the balance.
 */

type Db = Kysely<Database>;
type Me = Awaited<ReturnType<typeof createCompanyWithClient>>;

async function soleTrader(db: Db) {
  const me = await createCompanyWithClient(db, true);
  await db
    .updateTable("companies")
    .set({ name: "ЕТ „Петров – Иван Петров“" })
    .where("id", "=", me.companyId)
    .execute();
  const session = await signInApi(db, me.user);
  return { me, headers: { Cookie: session.cookie } };
}

/** An invoice with 20 % VAT: its net amount posts to 703 (sales revenue). */
async function sell(db: Db, me: Me, issueDate: string, net: string) {
  const lines = [{ description: "Ремонт", quantity: "1", unitPrice: net, vatRate: 20 }];
  await issueDocument(db, me.companyId, await createTestDraft(db, me, { issueDate, lines }));
}

/** Decision 080's year: 2025 sales 400 000,00 лв.; 2026 three invoices and two expenses. */
async function workedYear(db: Db) {
  const made = await soleTrader(db);
  const { me } = made;
  await createManualEntry(
    db,
    me.companyId,
    {
      entryDate: "2025-12-15",
      description: "Продажби през 2025 г.",
      documentRef: "",
      lines: [
        { account: "411", debit: 40_000_000, credit: 0 },
        { account: "703", debit: 0, credit: 40_000_000 },
      ],
    },
    { id: null, name: "Тест" },
  );
  await sell(db, me, "2026-02-10", "10000.00");
  await createTestExpense(db, me.companyId, {
    documentDate: "2026-03-05",
    amounts: [{ vatRate: 20, base: "3000.00" }],
  });
  await sell(db, me, "2026-06-15", "6000.00");
  await createTestExpense(db, me.companyId, {
    documentDate: "2026-09-08",
    amounts: [{ vatRate: 20, base: "1499.67" }],
  });
  await sell(db, me, "2026-10-20", "4000.00");
  return made;
}

function pdfText(bytes: ArrayBuffer) {
  const dir = mkdtempSync(join(tmpdir(), "smetka-sole-trader-"));
  const file = join(dir, "return.pdf");
  writeFileSync(file, Buffer.from(bytes));
  return execFileSync("pdftotext", ["-layout", file, "-"])
    .toString("utf8")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/[ \t]+/g, " ");
}

const ANNUAL = "/taxes/annual?year=2026";

describe("a sole trader's income tax (issue #49, decision 080's worked example)", () => {
  it("gives Приложение № 2 from the books: result, ЗКПО adjustments, 15 % tax, advances, balance — page and PDF", async () => {
    const db = getDb();
    const { headers } = await workedYear(db);
    const saved = await call(
      annualAction,
      db,
      ANNUAL,
      formBody({ increases: "500,00", decreases: "200,00", advancesPaid: "1 000,00" }, headers),
    );
    expect(saved.status).toBe(302);
    const { text, html } = await pageOf(
      AnnualPage,
      await call(annualLoader, db, ANNUAL, { headers }),
      ANNUAL,
    );
    expect(text).toContain("Годишна данъчна декларация на едноличен търговец – Приложение 2");
    expect(text).toContain("Приложение № 2 за 2026 г., в евро");
    // Hand-computed in decision 080.
    for (const row of [
      "1. Нетни приходи от продажби 20 000,00",
      "6. Други разходи 4 499,67",
      "Счетоводна печалба 15 500,33",
      "Увеличения на финансовия резултат по ЗКПО 500,00",
      "Намаления на финансовия резултат по ЗКПО 200,00",
      "Данъчна печалба 15 800,33",
      "Облагаем доход 15 800,33",
      "Данък (15 %) 2 370,05",
      "Внесени авансови вноски за годината 1 000,00",
      "Данък за внасяне до 30.06.2027 1 370,05",
    ]) {
      expect(text).toContain(row);
    }
    expect(text).toContain("Декларацията се подава и данъкът се внася до 30.06.2027 г.");
    expect(html).toMatch(/name="increases"[^>]*value="500,00"/);
    // No freelancer's figures.
    expect(text).not.toContain("Приложение № 3 за 2026");

    const pdf = await call(annualPdf, db, "/taxes/annual.pdf?year=2026", { headers });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Disposition")).toContain("prilozhenie-2-2026.pdf");
    const printed = pdfText(await pdf.arrayBuffer());
    expect(printed).toContain("Годишна данъчна декларация на едноличен търговец – Приложение 2");
    expect(printed).toMatch(/Счетоводна печалба +15 500,33/);
    expect(printed).toMatch(/Данък \(15 %\) +2 370,05/);
    expect(printed).toMatch(/Данък за внасяне до 30.06.2027 +1 370,05/);
  });

  it("says whether advance instalments apply by the previous year's net sales", async () => {
    const db = getDb();
    const { headers } = await workedYear(db);
    // 2025: 400 000,00 лв. = 204 516,75 euro > 153 387,56 → quarterly instalments in 2026.
    const path = "/taxes/advance?year=2026";
    const { text } = await pageOf(
      AdvancePage,
      await call(advanceLoader, db, path, { headers }),
      path,
    );
    expect(text).toContain("За 2026 г. дължите тримесечни авансови вноски по ЗКПО.");
    expect(text).toContain("Нетните приходи от продажби за 2025 г.");
    expect(text).toContain("левовете превалутирани в евро по 1,95583): 204 516,75 EUR");
    expect(text).toContain("153 387,56 EUR");
    expect(text).toContain("Сметка не изчислява размера им");
    // 2025 against 2024 (no books): none, in leva.
    const earlier = "/taxes/advance?year=2025";
    const before = await pageOf(
      AdvancePage,
      await call(advanceLoader, db, earlier, { headers }),
      earlier,
    );
    expect(before.text).toContain("Не дължите авансови вноски за 2025 г.");
    expect(before.text).toContain("300 000,00 BGN");
  });

  it("shows the balance on the calendar's and the dashboard's annual-return deadline", async () => {
    const db = getDb();
    const { me, headers } = await workedYear(db);
    await call(
      annualAction,
      db,
      ANNUAL,
      formBody({ increases: "500,00", decreases: "200,00", advancesPaid: "1000" }, headers),
    );
    const { deadlines } = await calendarPage(db, me.companyId, "2027-06-01");
    const ret = deadlines.find((d) => d.key === "sole-trader-return:2026");
    expect(ret?.href).toBe("/taxes/annual?year=2026");
    expect(ret?.amount && amountText(ret.amount).replace(/[\u00a0\u202f]/g, " ")).toBe(
      "Данък за внасяне: 1 370,05 EUR",
    );
    const next = await nextDeadlines(db, me.companyId, "2027-06-16");
    expect(next.find((d) => d.key === "sole-trader-return:2026")?.amount).toMatchObject({
      cents: 137_005,
      currency: "EUR",
      partial: false,
    });
  });

  it("owes no tax on a loss", async () => {
    const db = getDb();
    const { me, headers } = await soleTrader(db);
    await sell(db, me, "2026-04-01", "1000.00");
    await createTestExpense(db, me.companyId, {
      documentDate: "2026-05-01",
      amounts: [{ vatRate: 20, base: "1500.00" }],
    });
    const { text } = await pageOf(
      AnnualPage,
      await call(annualLoader, db, ANNUAL, { headers }),
      ANNUAL,
    );
    expect(text).toContain("Счетоводна загуба −500,00");
    expect(text).toContain("Данъчна загуба −500,00");
    expect(text).toContain("Облагаем доход 0,00");
    expect(text).toContain("Данък (15 %) 0,00");
    expect(text).toContain("Данък за внасяне до 30.06.2027 0,00");
  });

  it("refuses an amount it cannot read with 400 and the message, keeping what was typed", async () => {
    const db = getDb();
    const { me, headers } = await soleTrader(db);
    const refused = await call(
      annualAction,
      db,
      ANNUAL,
      formBody({ increases: "1.200,00", decreases: "-5" }, headers),
    );
    expect(refused.status).toBe(400);
    const answer = await refused.json();
    expect(answer.formId).toBe("sole-trader-year");
    expect(answer.fieldErrors.increases).toMatch(/^Неясно число/);
    expect(answer.fieldErrors.decreases).toBeTruthy();
    expect(answer.repopulateFields.increases).toBe("1.200,00");
    const row = await db
      .selectFrom("incomeTaxYears")
      .select("zkpoIncreasesCents")
      .where("companyId", "=", me.companyId)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
