import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { ANALYTICS_COST_NOTE } from "~/modules/analytics/figure-notes";
import { addMonths, lastDay } from "~/modules/analytics/period";
import { analyticsSummary } from "~/modules/analytics/summary.server";
import { refreshMonthTotals } from "~/modules/expenses/month-totals.server";
import { expenseFiltersFromSearch, summarizeExpenses } from "~/modules/expenses/queries.server";
import { expenseSchema } from "~/modules/expenses/schema";
import { deleteExpense, updateExpense } from "~/modules/expenses/service.server";
import {
  cancelDocument,
  createDraft,
  deleteDraft,
  getDocument,
  issueDocument,
} from "~/modules/invoices/documents.server";
import { summarizeDocuments } from "~/modules/invoices/list.server";
import { addPayment, deletePayment } from "~/modules/invoices/payments.server";
import { documentSchema } from "~/modules/invoices/schema";
import { createSalary, monthSalaries } from "~/modules/salaries/salaries.server";
import { salarySchema } from "~/modules/salaries/schema";
import { vatReport } from "~/modules/vat/report.server";
import { loader as analyticsLoader } from "~/routes/_app.analytics";
import { loader as csvLoader } from "~/routes/analytics.export[.]csv";
import { loader as summaryApi } from "~/routes/api.analytics.summary";
import { addDays, todayInSofia } from "~/utils/dates";
import * as receiptsWithoutCredit from "~db/migrations/20261125T0410-receipts-without-vat-credit";
import type { Database } from "~db/types";
import { createCompanyOnPlan, createTestEmployee, createTestExpense } from "../setup/factories";
import { call, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

async function fullPlanCompany(db: Kysely<Database>) {
  const me = await createCompanyOnPlan(db, "full");
  return me;
}

function documentMaker(db: Kysely<Database>, me: Awaited<ReturnType<typeof fullPlanCompany>>) {
  return async (fields: Record<string, unknown>, issue = true) => {
    const id = await createDraft(
      db,
      me.companyId,
      me.user.id,
      documentSchema.parse({
        type: "invoice",
        clientId: me.clientId,
        lines: [{ description: "Услуга", quantity: "1", unitPrice: "100.05", vatRate: 20 }],
        ...fields,
      }),
    );
    if (issue) await issueDocument(db, me.companyId, id);
    return id;
  };
}

/** The summaries the trigger keeps, and the same recomputed from the documents. */
async function keptAndRecomputed(db: Kysely<Database>, companyId: string) {
  const kept = await sql<Record<string, unknown>>`
    select to_char(month, 'YYYY-MM') as month, currency, count, net_cents, vat_cents, gross_cents,
      net_eur_cents, vat_eur_cents, gross_eur_cents
    from document_month_totals where company_id = ${companyId} and count <> 0 order by 1, 2`.execute(
    db,
  );
  const recomputed = await sql<Record<string, unknown>>`
    select to_char(date_trunc('month', issue_date), 'YYYY-MM') as month, currency, count(*)::int as count,
      sum(s * subtotal_cents) as net_cents, sum(s * (total_cents - subtotal_cents)) as vat_cents,
      sum(s * total_cents) as gross_cents, sum(s * round(subtotal_cents * f)) as net_eur_cents,
      sum(s * (round(total_cents * f) - round(subtotal_cents * f))) as vat_eur_cents,
      sum(s * round(total_cents * f)) as gross_eur_cents
    from (select *, case when type = 'credit_note' then -1 else 1 end as s,
            case currency when 'EUR' then 1 when 'BGN' then 1 / 1.95583 else eur_rate end as f
          from documents where company_id = ${companyId} and status = 'issued'
            and type <> 'proforma') d
    group by 1, 2 order by 1, 2`.execute(db);
  const open = await sql<Record<string, unknown>>`
    select currency, to_char(due_date, 'YYYY-MM-DD') as due, count, open_cents, open_eur_cents
    from document_open_totals where company_id = ${companyId} order by 1, 2`.execute(db);
  const openRecomputed = await sql<Record<string, unknown>>`
    select currency, to_char(coalesce(due_date, 'infinity'::date), 'YYYY-MM-DD') as due,
      count(*)::int as count, sum(due_cents) as open_cents,
      sum(round(due_cents *
        case currency when 'EUR' then 1 when 'BGN' then 1 / 1.95583 else eur_rate end)) as open_eur_cents
    from documents where company_id = ${companyId} and status = 'issued'
      and type in ('invoice', 'debit_note') and due_cents > 0
    group by 1, 2 order by 1, 2`.execute(db);
  const clients = await sql<Record<string, unknown>>`
    select client_id, count, open_eur_cents from client_open_totals
    where company_id = ${companyId} order by 1`.execute(db);
  const clientsRecomputed = await sql<Record<string, unknown>>`
    select client_id, count(*)::int as count, sum(round(due_cents *
        case currency when 'EUR' then 1 when 'BGN' then 1 / 1.95583 else eur_rate end)) as open_eur_cents
    from documents where company_id = ${companyId} and status = 'issued'
      and type in ('invoice', 'debit_note') and due_cents > 0
    group by 1 order by 1`.execute(db);
  const categories = await sql<Record<string, unknown>>`
    select to_char(month, 'YYYY-MM') as month, category_id, count, subtotal_eur_cents, total_eur_cents,
      creditable_vat_eur_cents
    from expense_month_categories where company_id = ${companyId} order by 1, 2`.execute(db);
  const categoriesRecomputed = await sql<Record<string, unknown>>`
    select to_char(date_trunc('month', document_date), 'YYYY-MM') as month, category_id,
      count(*)::int as count, sum(s * round(subtotal_cents * f)) as subtotal_eur_cents,
      sum(s * round(total_cents * f)) as total_eur_cents,
      sum(s * round(creditable_vat_cents * f)) as creditable_vat_eur_cents
    from (select *, case when document_type = 'credit_note' then -1 else 1 end as s,
            case currency when 'EUR' then 1 when 'BGN' then 1 / 1.95583 else eur_rate end as f
          from expenses where company_id = ${companyId}) e
    group by 1, 2 order by 1, 2`.execute(db);
  const plain = (rows: Record<string, unknown>[]) =>
    rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)])));
  return {
    kept: plain([...kept.rows, ...open.rows, ...clients.rows, ...categories.rows]),
    recomputed: plain([
      ...recomputed.rows,
      ...openRecomputed.rows,
      ...clientsRecomputed.rows,
      ...categoriesRecomputed.rows,
    ]),
  };
}

describe("analytics", () => {
  it("agrees to the cent with /invoices, /expenses and the payroll, on the page, the API and the CSV", async () => {
    const db = getDb();
    const me = await fullPlanCompany(db);
    const make = documentMaker(db, me);
    const today = todayInSofia();
    const month = today.slice(0, 7);
    const before = addMonths(month, -1);
    const earlier = `${before}-15`;

    const first = await make({ issueDate: earlier, dueDate: addDays(earlier, 5) });
    await make({ issueDate: today, dueDate: today });
    await make({
      issueDate: today,
      currency: "USD",
      eurRate: "0.86",
      lines: [{ description: "Консултация", quantity: "3", unitPrice: "33.33", vatRate: 0 }],
      vatGround: "чл. 21, ал. 2 от ЗДДС",
    });
    await make({
      type: "credit_note",
      issueDate: today,
      originalId: first,
      reason: "Отстъпка",
      lines: [{ description: "Отстъпка", quantity: "1", unitPrice: "10.01", vatRate: 20 }],
    });
    await make({ issueDate: today, type: "proforma" });
    await make({ issueDate: today }, false);
    await cancelDocument(db, me.companyId, await make({ issueDate: today }), "Грешка");
    const paid = await getDocument(db, me.companyId, first);
    await addPayment(db, me.companyId, paid!, {
      paidOn: today,
      amount: 2000,
      method: "bank",
      note: null,
    });

    const office = await createTestExpense(db, me.companyId, { documentDate: earlier });
    await createTestExpense(db, me.companyId, {
      documentDate: today,
      amounts: [{ vatRate: 20, base: "50.10" }],
      vatCredit: "none",
    });
    await createTestExpense(db, me.companyId, {
      documentDate: today,
      currency: "USD",
      eurRate: "0.86",
      amounts: [{ vatRate: 9, base: "33.33" }],
    });
    const employeeId = await createTestEmployee(db, me.companyId, { startDate: `${before}-01` });
    for (const m of [before, month]) {
      await createSalary(
        db,
        me.companyId,
        salarySchema.parse({ employeeId, month: m, gross: "2000", workingDays: 21 }),
      );
    }

    const session = await signInApi(db, me.user);
    const query = `period=custom&from=${before}&to=${month}`;
    const response = await call(analyticsLoader, db, `/analytics?${query}`, {
      headers: { Cookie: session.cookie },
    });
    expect(response.status).toBe(200);
    const { summary } = await response.json();
    expect(summary.months.map((m: { month: string }) => m.month)).toEqual([before, month]);

    for (const m of summary.months) {
      const from = `${m.month}-01`;
      const to = lastDay(m.month);
      // Revenue with VAT equals /invoices' totals of invoices, debit and credit notes (EUR
      // documents; the USD one at its rate: 99.99 × 0.86 = 85.99).
      let listed = 0;
      for (const type of ["invoice", "debit_note", "credit_note"] as const) {
        const t = await summarizeDocuments(db, me.companyId, { type, from, to }, today);
        for (const c of t.currencies) {
          listed += c.currency === "EUR" ? c.totalCents : Math.round(c.totalCents * 0.86);
        }
      }
      expect(m.revenueCents + m.outputVatCents, m.month).toBe(listed);
      // Expenses' cost and input VAT equal the expenses list of the month.
      const e = await summarizeExpenses(
        db,
        me.companyId,
        expenseFiltersFromSearch(new URLSearchParams({ period: `month:${m.month}` })),
        today,
      );
      let cost = 0;
      let credit = 0;
      for (const c of e.currencies) {
        const rate = c.currency === "EUR" ? 1 : 0.86;
        cost += Math.round(c.totalCents * rate) - Math.round(c.creditableVatCents * rate);
        credit += Math.round(c.creditableVatCents * rate);
      }
      expect(m.expensesCents, m.month).toBe(cost);
      expect(m.inputVatCents, m.month).toBe(credit);
      // Salaries equal the payroll's employer cost.
      const payroll = await monthSalaries(db, me.companyId, m.month);
      expect(m.salariesCents, m.month).toBe(payroll.totals.totalCostCents);
      expect(m.profitCents).toBe(m.revenueCents - m.expensesCents - m.salariesCents);
      expect(m.vatPositionCents).toBe(m.outputVatCents - m.inputVatCents);
    }
    // The month of «earlier»: one invoice of 100.05 + 20.01, one expense of 100.00 + 20.00.
    expect(summary.months[0]).toMatchObject({
      revenueCents: 10005,
      outputVatCents: 2001,
      expensesCents: 10000,
      inputVatCents: 2000,
    });
    // This month: 100.05 + 85.99 (USD) − 10.01; the credit note's VAT −2.00.
    expect(summary.months[1]).toMatchObject({ revenueCents: 10005 + 8599 - 1001 });
    const sum = (key: string) =>
      summary.months.reduce((s: number, m: Record<string, number>) => s + m[key]!, 0);
    for (const key of ["revenueCents", "expensesCents", "salariesCents", "profitCents"]) {
      expect(summary.total[key], key).toBe(sum(key));
    }
    // Expenses by category add up to the months' expenses.
    expect(
      summary.categories.reduce((s: number, c: { totalCents: number }) => s + c.totalCents, 0),
    ).toBe(summary.total.expensesCents);
    expect(summary.categories[0].id).toBe(office.categoryId);

    // Receivables: the first invoice less its payment is overdue by the ageing; the rest current.
    const open = summary.ageing.reduce((s: number, b: { cents: number }) => s + b.cents, 0);
    expect(open).toBe(summary.openCents);
    const listedOpen = await summarizeDocuments(db, me.companyId, { type: "invoice" }, today);
    expect(open).toBe(
      listedOpen.currencies.reduce(
        (s, c) =>
          s + (c.currency === "EUR" ? c.outstandingCents : Math.round(c.outstandingCents * 0.86)),
        0,
      ),
    );
    expect(summary.topClients[0]).toMatchObject({ name: "Клиент Бета ООД", count: 4 });
    // Overdue: only the first invoice (due five days after the 15th of last month), less its
    // payment and its credit note's 12.01 (issue #41).
    expect(summary.topOverdue).toEqual([
      {
        clientId: me.clientId,
        name: "Клиент Бета ООД",
        overdueCents: 12006 - 2000 - 1201,
        count: 1,
        oldestDueDate: addDays(earlier, 5),
      },
    ]);

    // The API and the CSV say the same.
    const api = await (
      await call(summaryApi, db, `/api/analytics/summary?from=${before}&to=${month}`, {
        headers: session.bearer,
      })
    ).json();
    expect(api.total.revenue).toBe((summary.total.revenueCents / 100).toFixed(2));
    expect(api.total.profit).toBe((summary.total.profitCents / 100).toFixed(2));
    expect(api.months[1].salaries).toBe((summary.months[1].salariesCents / 100).toFixed(2));
    const csv = await (
      await call(csvLoader, db, `/analytics/export.csv?${query}&table=months`, {
        headers: { Cookie: session.cookie },
      })
    ).text();
    const totalLine = csv.split("\r\n").find((line) => line.startsWith("Общо;"));
    const euro = (cents: number) =>
      `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, "0")}`;
    expect(totalLine).toBe(
      `Общо;${euro(summary.total.revenueCents)};${euro(summary.total.expensesCents)};${euro(summary.total.salariesCents)};${euro(summary.total.profitCents)}`,
    );
  });

  it("the kept monthly summaries always equal a recomputation from the rows", async () => {
    const db = getDb();
    const me = await fullPlanCompany(db);
    const make = documentMaker(db, me);
    const today = todayInSofia();
    const check = async (step: string) => {
      const { kept, recomputed } = await keptAndRecomputed(db, me.companyId);
      expect(kept, step).toEqual(recomputed);
    };
    const a = await make({ issueDate: "2026-03-31", dueDate: "2026-04-10" });
    await check("issued");
    const b = await make({
      issueDate: "2026-04-01",
      currency: "GBP",
      eurRate: "1.15",
      lines: [{ description: "Лиценз", quantity: "7", unitPrice: "13.37", vatRate: 9 }],
    });
    await check("a foreign currency without a due date");
    const draft = await make({ issueDate: "2026-04-02" }, false);
    await deleteDraft(db, me.companyId, draft);
    await check("a draft made and deleted");
    const doc = (await getDocument(db, me.companyId, a))!;
    await addPayment(db, me.companyId, doc, {
      paidOn: today,
      amount: 5000,
      method: "bank",
      note: null,
    });
    await check("partly paid");
    const full = (await getDocument(db, me.companyId, a))!;
    await addPayment(db, me.companyId, full, {
      paidOn: today,
      amount: full.totalCents - full.paidCents,
      method: "cash",
      note: null,
    });
    await check("paid in full");
    const payments = await db
      .selectFrom("documentPayments")
      .select("id")
      .where("documentId", "=", a)
      .execute();
    await deletePayment(db, me.companyId, a, payments[1]!.id);
    await check("a payment deleted");
    await make({
      type: "debit_note",
      issueDate: "2026-04-03",
      originalId: a,
      reason: "Допълнителна услуга",
    });
    await make({ type: "credit_note", issueDate: "2026-04-03", originalId: b, reason: "Връщане" });
    await check("notes");
    await cancelDocument(db, me.companyId, b, "Грешен клиент");
    await check("cancelled");

    const e = await createTestExpense(db, me.companyId, { documentDate: "2026-03-05" });
    await createTestExpense(db, me.companyId, {
      documentDate: "2026-03-06",
      documentType: "credit_note",
      currency: "USD",
      eurRate: "0.9",
    });
    await check("expenses");
    await updateExpense(
      db,
      me.companyId,
      e.id,
      expenseSchema.parse({
        supplierName: "Доставчик АД",
        documentType: "invoice",
        documentNumber: "0000000077",
        documentDate: "2026-04-05",
        description: "Преместен",
        categoryId: e.categoryId,
        amounts: [{ vatRate: 9, base: "10.10" }],
        vatCredit: "partial",
        vatCreditCoefficient: "0.5",
      }),
    );
    await check("an expense moved to another month");
    await deleteExpense(db, me.companyId, e.id);
    await check("an expense deleted");
  });

  it("says under «Разходи и заплати» what the figure includes", async () => {
    // Issue #41 item 14: with or without VAT, which expenses, the salaries' cost and statuses.
    const db = getDb();
    const me = await fullPlanCompany(db);
    const session = await signInApi(db, me.user);
    const page = await (
      await call(analyticsLoader, db, "/analytics", { headers: { Cookie: session.cookie } })
    ).json();
    expect(page.costNote).toBe(ANALYTICS_COST_NOTE);
    expect(page.costNote).toMatch(/без ДДС, който ползвате като данъчен кредит/);
    expect(page.costNote).toMatch(/платени и неплатени/);
    expect(page.costNote).toMatch(/общият разход на работодателя.*черновите/);
  });

  it("refuses a bad period with a message per field and keeps the default in the page", async () => {
    const db = getDb();
    const me = await fullPlanCompany(db);
    const session = await signInApi(db, me.user);
    const api = await call(summaryApi, db, "/api/analytics/summary?from=2026-13&to=2020-01", {
      headers: session.bearer,
    });
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({
      message: "Невалидни данни",
      errors: { from: { _errors: ["Въведете месец във формат ГГГГ-ММ"] } },
    });
    const long = await call(summaryApi, db, "/api/analytics/summary?from=2020-01&to=2026-01", {
      headers: session.bearer,
    });
    expect((await long.json()).errors.to._errors).toEqual([
      "Периодът може да е най-много 60 месеца",
    ]);
    const page = await call(
      analyticsLoader,
      db,
      "/analytics?period=custom&from=2026-05&to=2026-02",
      {
        headers: { Cookie: session.cookie },
      },
    );
    expect(page.status).toBe(400);
    const data = await page.json();
    expect(data.errors).toEqual({ to: "Началният месец трябва да е преди крайния" });
    expect(data.asked).toMatchObject({ from: "2026-05", to: "2026-02" });
    expect(data.summary.months).toHaveLength(12);
    const year = await call(summaryApi, db, "/api/analytics/summary?period=year:2025", {
      headers: session.bearer,
    });
    expect(await year.json()).toMatchObject({ from: "2025-01", to: "2025-12" });
  });
});

/*
 * Issue #25, item 4: one month showed two «ДДС за внасяне» — 481,39 on /analytics and 491,39 in
 * the VAT report — because a касов бон claimed «ДДС за приспадане 10,00» by default. A касов бон
 * is not a tax document for credit (ЗДДС чл. 71); both pages compute кл. 50/60 with vatPosition.
 */
describe("the VAT position: /analytics and the VAT report", () => {
  it("a касов бон carries no credit by default, and the month's «ДДС за внасяне» agree to the cent", async () => {
    const db = getDb();
    const me = await fullPlanCompany(db);
    const make = documentMaker(db, me);
    const month = "2026-10";
    // Output VAT: 3 × 20.01 + 0.01 (9 %) − a credit note's 2.00.
    const invoice = await make({ issueDate: `${month}-05` });
    await make({ issueDate: `${month}-12` });
    await make({
      issueDate: `${month}-20`,
      lines: [
        { description: "Услуга", quantity: "1", unitPrice: "100.05", vatRate: 20 },
        { description: "Книга", quantity: "1", unitPrice: "0.10", vatRate: 9 },
      ],
    });
    await make({
      type: "credit_note",
      issueDate: `${month}-25`,
      originalId: invoice,
      reason: "Отстъпка",
      lines: [{ description: "Отстъпка", quantity: "1", unitPrice: "10", vatRate: 20 }],
    });
    // Credit: a supplier's invoice (20.00) and a protocol under чл. 117 (3.21); not the receipt.
    await createTestExpense(db, me.companyId, { documentDate: `${month}-03` });
    await createTestExpense(db, me.companyId, {
      documentType: "protocol_117",
      documentDate: `${month}-09`,
      amounts: [{ vatRate: 20, base: "16.05" }],
    });
    const receipt = await createTestExpense(db, me.companyId, {
      documentType: "receipt",
      documentNumber: "0042",
      documentDate: `${month}-15`,
      amounts: [{ vatRate: 20, base: "50.00" }],
    });
    const stored = await db
      .selectFrom("expenses")
      .select(["vatCredit", "creditableVatCents", "vatCents"])
      .where("id", "=", receipt.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ vatCredit: "none", vatCents: 1000 });
    expect(Number(stored.creditableVatCents)).toBe(0);
    // Even when asked for credit, a receipt keeps none (the report would not take it).
    const asked = await createTestExpense(db, me.companyId, {
      documentType: "receipt",
      documentNumber: "0043",
      documentDate: `${month}-16`,
      vatCredit: "full",
      amounts: [{ vatRate: 20, base: "7.00" }],
    });
    const askedRow = await db
      .selectFrom("expenses")
      .select("creditableVatCents")
      .where("id", "=", asked.id)
      .executeTakeFirstOrThrow();
    expect(Number(askedRow.creditableVatCents)).toBe(0);
    // One stored with credit before the fix (and its month kept with it): the migration clears it
    // and recomputes the kept months.
    await db
      .updateTable("expenses")
      .set({ vatCredit: "full", creditableVatCents: 140 })
      .where("id", "=", asked.id)
      .execute();
    await db.transaction().execute((trx) => refreshMonthTotals(trx, me.companyId, [`${month}-16`]));
    await receiptsWithoutCredit.up(db);
    const cleared = await db
      .selectFrom("expenses")
      .select(["vatCredit", "creditableVatCents"])
      .where("id", "=", asked.id)
      .executeTakeFirstOrThrow();
    expect(cleared.vatCredit).toBe("none");
    expect(Number(cleared.creditableVatCents)).toBe(0);

    const report = await vatReport(db, me.companyId, month, true);
    const analytics = await analyticsSummary(
      db,
      me.companyId,
      { from: month, to: month },
      "2026-11-25",
    );
    const figures = report.figures;
    // The protocol's VAT is charged too (кл. 22, decision 059).
    const output = 2001 * 3 + 1 - 200 + 321;
    const credit = 2000 + 321;
    expect(figures["01-20"]).toBe(output);
    expect(figures["01-40"]).toBe(credit);
    expect(figures["01-50"]).toBe(output - credit);
    const [row] = analytics.months;
    expect(row).toMatchObject({ outputVatCents: output, inputVatCents: credit });
    expect(row?.vatPositionCents).toBe(figures["01-50"] - figures["01-60"]);

    // The page says it with the same number.
    const session = await signInApi(db, me.user);
    const api = await (
      await call(summaryApi, db, `/api/analytics/summary?from=${month}&to=${month}`, {
        headers: session.bearer,
      })
    ).json();
    expect(api.total.vatPosition).toBe(((output - credit) / 100).toFixed(2));
  });
});
