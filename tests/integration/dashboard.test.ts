import { describe, expect, it } from "vitest";
import { DASHBOARD_COST_NOTES } from "~/modules/dashboard/figure-notes";
import { revenue } from "~/modules/dashboard/money.server";
import {
  cancelDocument,
  createDraft,
  getDocument,
  issueDocument,
} from "~/modules/invoices/documents.server";
import { summarizeDocuments } from "~/modules/invoices/list.server";
import { addPayment } from "~/modules/invoices/payments.server";
import { convertProforma } from "~/modules/invoices/proforma.server";
import { documentSchema } from "~/modules/invoices/schema";
import { loader as dashboardLoader } from "~/routes/_app.dashboard";
import { loader as dashboardApi } from "~/routes/api.dashboard";
import { addDays, todayInSofia } from "~/utils/dates";
import {
  createCompanyOnPlan,
  createCompanyWithClient,
  createTestExpense,
} from "../setup/factories";
import { call, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

describe("the dashboard's money", () => {
  it("revenue, receivables and the euro totals agree to the cent with /invoices", async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db);
    const today = todayInSofia();
    const make = async (fields: Record<string, unknown>, issue = true) => {
      const id = await createDraft(
        db,
        me.companyId,
        me.user.id,
        documentSchema.parse({
          type: "invoice",
          clientId: me.clientId,
          issueDate: today,
          dueDate: today,
          lines: [{ description: "Услуга", quantity: "1", unitPrice: "100.05", vatRate: 20 }],
          ...fields,
        }),
      );
      if (issue) await issueDocument(db, me.companyId, id);
      return id;
    };
    const paidHalf = await make({ issueDate: addDays(today, -40), dueDate: addDays(today, -30) });
    const overdue = await make({ issueDate: addDays(today, -20), dueDate: addDays(today, -10) });
    await make({});
    await make({
      currency: "USD",
      eurRate: "0.86",
      lines: [{ description: "Консултация", quantity: "3", unitPrice: "33.33", vatRate: 0 }],
      vatGround: "чл. 21, ал. 2 от ЗДДС",
    });
    await make({
      type: "credit_note",
      originalId: overdue,
      reason: "Отстъпка",
      lines: [{ description: "Отстъпка", quantity: "1", unitPrice: "10.01", vatRate: 20 }],
    });
    await make({ type: "proforma" });
    await make({}, false); // a draft
    const cancelled = await make({});
    await cancelDocument(db, me.companyId, cancelled, "Грешка");
    const half = await getDocument(db, me.companyId, paidHalf);
    await addPayment(db, me.companyId, half!, {
      paidOn: today,
      amount: 6000,
      method: "bank",
      note: null,
    });

    const { user } = me;
    const session = await signInApi(db, user);
    const page = await (
      await call(dashboardLoader, db, "/dashboard", { headers: { Cookie: session.cookie } })
    ).json();
    const money = page.money;

    // The year's revenue equals /invoices' totals of invoices, debit and credit notes.
    const year = `${today.slice(0, 4)}`;
    const from = `${year}-01-01`;
    const to = `${year}-12-31`;
    let listed = 0;
    for (const type of ["invoice", "debit_note", "credit_note"] as const) {
      const t = await summarizeDocuments(db, me.companyId, { type, from, to }, today);
      listed += t.currencies.find((c) => c.currency === "EUR")?.totalCents ?? 0;
    }
    const eur = money.year.revenue.currencies.find(
      (c: { currency: string }) => c.currency === "EUR",
    );
    // Documents dated 40 and 20 days ago may fall in the previous year early in January.
    const direct = await revenue(db, me.companyId, from, to);
    expect(eur?.grossCents ?? 0).toBe(listed);
    expect(money.year.revenue).toEqual(direct);
    // 100.05 + 20.01 per invoice; the credit note −(10.01 + 2.00); USD 99.99 × 0.86 = 85.99.
    const usd = money.year.revenue.currencies.find(
      (c: { currency: string }) => c.currency === "USD",
    );
    expect(usd).toMatchObject({ netCents: 9999, grossCents: 9999, netEurCents: 8599 });

    // Receivables: what is open on issued invoices (the credit note's 12.01 off its invoice,
    // issue #41), the overdue part, the oldest first.
    const open = money.receivables.currencies.find(
      (c: { currency: string }) => c.currency === "EUR",
    );
    expect(open).toMatchObject({
      count: 3,
      unpaidCents: 12006 - 6000 + (12006 - 1201) + 12006,
      overdueCount: 2,
      overdueCents: 12006 - 6000 + (12006 - 1201),
    });
    expect(money.receivables.oldestOverdue.map((d: { id: string }) => d.id)).toEqual([
      paidHalf,
      overdue,
    ]);
    const listedOverdue = await summarizeDocuments(
      db,
      me.companyId,
      { type: "invoice", status: "overdue" },
      today,
    );
    expect(listedOverdue.currencies.find((c) => c.currency === "EUR")?.outstandingCents).toBe(
      open.overdueCents,
    );
    // Ten newest documents, drafts and cancelled ones too.
    expect(money.latest).toHaveLength(8);

    const api = await (
      await call(dashboardApi, db, "/api/dashboard", { headers: session.bearer })
    ).json();
    expect(api.receivables.currencies[0]).toMatchObject({ currency: "EUR", overdueCount: 2 });
    expect(api.year.revenue.net).toBe((direct.netEurCents / 100).toFixed(2));
  });

  it("a company not registered for VAT sees its turnover against the threshold", async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db, false);
    const today = todayInSofia();
    const id = await createDraft(
      db,
      me.companyId,
      me.user.id,
      documentSchema.parse({
        type: "invoice",
        clientId: me.clientId,
        issueDate: today,
        lines: [{ description: "Услуга", quantity: "1", unitPrice: "45000", vatRate: null }],
      }),
    );
    await issueDocument(db, me.companyId, id);
    const session = await signInApi(db, me.user);
    const page = await (
      await call(dashboardLoader, db, "/dashboard", { headers: { Cookie: session.cookie } })
    ).json();
    expect(page.money.vatThreshold).toEqual({
      thresholdCents: 5_113_000,
      turnoverCents: 4_500_000,
      percent: 88,
      applyWithinDays: 7,
      validFrom: "2026-01-01",
      source: expect.stringContaining("ЗДДС чл. 96, ал. 1"),
      euBusinessInvoices: 0,
    });
  });

  it("shows the month's expenses from the standard plan and salaries from the full plan", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    await createTestExpense(db, me.companyId, { documentDate: todayInSofia() });
    const session = await signInApi(db, me.user);
    const page = await (
      await call(dashboardLoader, db, "/dashboard", { headers: { Cookie: session.cookie } })
    ).json();
    expect(page.money.expenses).toMatchObject([{ currency: "EUR", count: 1, totalCents: 12000 }]);
    expect(page.money.salaries).toBeNull();
    // Issue #41 item 14: each cost figure says what it includes (the card shows it under it).
    expect(page.money.costNotes).toEqual(DASHBOARD_COST_NOTES);
    expect(page.money.costNotes.expenses).toMatch(/С ДДС.*платени и неплатени.*Без заплатите/);
    expect(page.money.costNotes.salaries).toMatch(/брутните заплати и осигуровките.*чернови/);
  });

  it("shows a proforma made into an invoice as converted, not as issued or owed", async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db);
    const proformaId = await createDraft(
      db,
      me.companyId,
      me.user.id,
      documentSchema.parse({
        type: "proforma",
        clientId: me.clientId,
        issueDate: todayInSofia(),
        lines: [{ description: "Аванс", quantity: "1", unitPrice: "100", vatRate: 20 }],
      }),
    );
    await issueDocument(db, me.companyId, proformaId);
    const proforma = (await getDocument(db, me.companyId, proformaId))!;
    await convertProforma(db, me.companyId, me.user.id, proforma, todayInSofia());
    const session = await signInApi(db, me.user);
    const page = await (
      await call(dashboardLoader, db, "/dashboard", { headers: { Cookie: session.cookie } })
    ).json();
    const shown = page.latest.find((d: { id: string }) => d.id === proformaId);
    expect(shown).toMatchObject({ type: "proforma", status: "issued", state: "converted" });
  });
});
