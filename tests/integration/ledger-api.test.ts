import { describe, expect, it } from "vitest";
import { receivables } from "~/modules/dashboard/money.server";
import { issueDocument } from "~/modules/invoices/documents.server";
import { summarizeDocuments } from "~/modules/invoices/list.server";
import { addPayment } from "~/modules/invoices/payments.server";
import { postMissing, unposted } from "~/modules/ledger/backfill.server";
import { trialBalance } from "~/modules/ledger/reports.server";
import { salesJournal } from "~/modules/vat/journals.server";
import { purchaseJournal } from "~/modules/vat/purchases.server";
import { loader as accountsLoader } from "~/routes/api.ledger.accounts";
import { action as entriesAction, loader as entriesLoader } from "~/routes/api.ledger.entries";
import { loader as balanceLoader } from "~/routes/api.ledger.trial-balance";
import { todayInSofia } from "~/utils/dates";
import {
  createCompanyOnPlan,
  createTestDraft,
  createTestExpense,
  setPlan,
} from "../setup/factories";
import { lockAsOwner } from "../setup/period-locks";
import { type AnyAnswer, call, jsonBody, signInApi } from "../setup/routes";
import { memberOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #45 items 3, 5, 7 and 8 (decision 057): the JSON API of the books with its roles and plan,
 * a manual entry, the trial balance, the books agreeing with the receivables and the VAT
 * journals to the cent, and the backfill of what was issued before the ledger.
 */

const getDb = setupTestDatabase();

const capital = {
  entryDate: "2026-11-02",
  description: "Внесен капитал",
  documentRef: "Протокол № 1",
  lines: [
    { account: "503", debit: "5000.00" },
    { account: "101", credit: "5000.00" },
  ],
};

describe("the ledger's API", () => {
  it("the owner and the accountant post a manual entry and read it back; staff, viewers and the basic plan may not", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const owner = await signInApi(db, me.user);
    const accountant = await memberOf(db, me.companyId, "accountant");

    const created = await call(entriesAction, db, "/api/ledger/entries", {
      ...jsonBody(capital, "POST", owner.bearer),
    });
    expect(created.status).toBe(201);
    const entry = (await created.json()) as AnyAnswer;
    expect(entry).toMatchObject({
      date: "2026-11-02",
      currency: "EUR",
      source: { kind: "manual", id: null },
      documentRef: "Протокол № 1",
      createdBy: "Мария Георгиева",
      lines: [
        { account: "503", debit: "5000.00", credit: "0.00", counterparty: null },
        { account: "101", debit: "0.00", credit: "5000.00", counterparty: null },
      ],
    });

    const unbalanced = await call(entriesAction, db, "/api/ledger/entries", {
      ...jsonBody(
        {
          ...capital,
          lines: [
            { account: "503", debit: "10" },
            { account: "101", credit: "9" },
          ],
        },
        "POST",
        accountant.bearer,
      ),
    });
    expect(unbalanced.status).toBe(400);
    expect(JSON.stringify(await unbalanced.json())).toContain(
      "Статията не е балансирана: дебит 10.00, кредит 9.00",
    );
    const unknown = await call(entriesAction, db, "/api/ledger/entries", {
      ...jsonBody(
        {
          ...capital,
          lines: [
            { account: "999", debit: "1" },
            { account: "101", credit: "1" },
          ],
        },
        "POST",
        accountant.bearer,
      ),
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain("Сметка 999 няма в сметкоплана");

    const journal = await call(
      entriesLoader,
      db,
      "/api/ledger/entries?from=2026-11-01&to=2026-11-30&account=101",
      { headers: accountant.bearer },
    );
    expect(((await journal.json()) as AnyAnswer).entries.map((e: AnyAnswer) => e.id)).toEqual([
      entry.id,
    ]);
    const accounts = (await (
      await call(accountsLoader, db, "/api/ledger/accounts", { headers: owner.bearer })
    ).json()) as AnyAnswer;
    expect(accounts.accounts).toContainEqual({
      code: "4532",
      name: "Начислен ДДС за продажбите",
      side: "passive",
      analytics: "none",
      saftCode: "4532",
      parentCode: null,
    });

    for (const role of ["staff", "viewer"] as const) {
      const member = await memberOf(db, me.companyId, role);
      const refused = await call(entriesAction, db, "/api/ledger/entries", {
        ...jsonBody(capital, "POST", member.bearer),
      });
      expect(refused.status, role).toBe(403);
      const read = await call(balanceLoader, db, "/api/ledger/trial-balance", {
        headers: member.bearer,
      });
      expect(read.status, role).toBe(403);
    }
    await setPlan(db, me.companyId, "basic");
    const basic = await call(balanceLoader, db, "/api/ledger/trial-balance", {
      headers: owner.bearer,
    });
    expect(basic.status).toBe(403);
    expect(((await basic.json()) as AnyAnswer).requiredPlan).toBe("standard");
  });

  it("a manual entry dated in a locked month is refused with the month and who locked it (decision 058)", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const owner = await signInApi(db, me.user);
    await lockAsOwner(db, me, "2026-10");
    const refused = await call(entriesAction, db, "/api/ledger/entries", {
      ...jsonBody({ ...capital, entryDate: "2026-10-15" }, "POST", owner.bearer),
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as AnyAnswer).message).toMatch(
      /^Периодът октомври 2026 е заключен/,
    );
    const journal = await call(
      entriesLoader,
      db,
      "/api/ledger/entries?from=2026-10-01&to=2026-10-31",
      { headers: owner.bearer },
    );
    expect(((await journal.json()) as AnyAnswer).entries).toEqual([]);
    // The same entry in an open month is posted.
    const open = await call(entriesAction, db, "/api/ledger/entries", {
      ...jsonBody(capital, "POST", owner.bearer),
    });
    expect(open.status).toBe(201);
  });

  it("the trial balance: opening, turnover and closing per account, totals that balance, a bad period refused", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const owner = await signInApi(db, me.user);
    await call(entriesAction, db, "/api/ledger/entries", {
      ...jsonBody({ ...capital, entryDate: "2026-10-15" }, "POST", owner.bearer),
    });
    const id = await createTestDraft(db, me, {
      issueDate: "2026-11-03",
      lines: [{ description: "Уебсайт", quantity: "1", unitPrice: "1000.00", vatRate: 20 }],
    });
    const invoice = await issueDocument(db, me.companyId, id);
    await addPayment(db, me.companyId, invoice, {
      paidOn: "2026-11-10",
      amount: 120_000,
      method: "bank",
      note: null,
    });
    const response = await call(
      balanceLoader,
      db,
      "/api/ledger/trial-balance?from=2026-11-01&to=2026-11-30",
      { headers: owner.bearer },
    );
    expect(response.status).toBe(200);
    const tb = (await response.json()) as AnyAnswer;
    const row = (code: string) => tb.accounts.find((a: AnyAnswer) => a.code === code);
    expect(row("503")).toEqual({
      code: "503",
      name: "Разплащателна сметка",
      opening: { debit: "5000.00", credit: "0.00" },
      turnover: { debit: "1200.00", credit: "0.00" },
      closing: { debit: "6200.00", credit: "0.00" },
    });
    expect(row("411")).toMatchObject({
      turnover: { debit: "1200.00", credit: "1200.00" },
      closing: { debit: "0.00", credit: "0.00" },
    });
    expect(row("4532").closing).toEqual({ debit: "0.00", credit: "200.00" });
    expect(tb.totals).toEqual({
      opening: { debit: "5000.00", credit: "5000.00" },
      turnover: { debit: "2400.00", credit: "2400.00" },
      closing: { debit: "6200.00", credit: "6200.00" },
    });
    const bad = await call(
      balanceLoader,
      db,
      "/api/ledger/trial-balance?from=2026-12-01&to=2026-11-01",
      {
        headers: owner.bearer,
      },
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as AnyAnswer).message).toContain("Въведете период");
  });
});

describe("the books agree with the documents and the VAT journals, to the cent", () => {
  it("411 equals the receivables of the list and the dashboard; 4532's credit turnover the sales journal's VAT; 4531's debit the purchase journal's credit", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const today = todayInSofia();
    const month = today.slice(0, 7);
    const day = (d: number) =>
      `${month}-${String(Math.min(d, Number(today.slice(8)))).padStart(2, "0")}`;
    const issue = async (fields: Record<string, unknown>) =>
      issueDocument(
        db,
        me.companyId,
        await createTestDraft(db, me, { issueDate: day(1), ...fields }),
      );
    // Amounts whose rounding differs per line and per rate, a 9 % line, a USD invoice, a credit
    // note, a payment, a cancelled invoice.
    const a = await issue({
      lines: [
        { description: "Услуга", quantity: "3", unitPrice: "33.335", vatRate: 20 },
        { description: "Нощувка", quantity: "1", unitPrice: "70.05", vatRate: 9 },
      ],
    });
    await issue({
      currency: "USD",
      eurRate: "0.86123",
      lines: [{ description: "Консултация", quantity: "7", unitPrice: "13.13", vatRate: 20 }],
    });
    await issue({
      type: "credit_note",
      originalId: a.id,
      reason: "Отстъпка",
      lines: [{ description: "Отстъпка", quantity: "1", unitPrice: "10.01", vatRate: 20 }],
    });
    await addPayment(db, me.companyId, a, {
      paidOn: day(1),
      amount: 5_001,
      method: "cash",
      note: null,
    });
    const cancelled = await issue({
      lines: [{ description: "Грешка", quantity: "1", unitPrice: "99.99", vatRate: 20 }],
    });
    const { cancelDocument } = await import("~/modules/invoices/documents.server");
    await cancelDocument(db, me.companyId, cancelled.id, "Грешка");
    await createTestExpense(db, me.companyId, {
      documentDate: day(1),
      amounts: [
        { vatRate: 20, base: "33.33" },
        { vatRate: 9, base: "10.01" },
      ],
    });

    const tb = await trialBalance(db, me.companyId, `${month}-01`, today);
    const row = (code: string) => tb.accounts.find((r) => r.code === code);

    const dashboard = await receivables(db, me.companyId, today);
    const listed = await summarizeDocuments(db, me.companyId, {}, today);
    const owed = (rows: { currency: string }[], key: string) =>
      rows
        .filter((r) => r.currency === "EUR")
        .reduce((s, r) => s + (r as unknown as Record<string, number>)[key]!, 0);
    // The USD invoice is owed in dollars there; in the books, in euro by its rate.
    const usdOwed = listed.currencies.find((c) => c.currency === "USD")!.outstandingCents;
    const { toLedgerCents } = await import("~/modules/ledger/postings");
    const usdInEuro = toLedgerCents(usdOwed, { currency: "USD", eurRate: "0.86123" }, today);
    expect(row("411")!.closing.debitCents).toBe(
      owed(dashboard.currencies, "unpaidCents") + usdInEuro,
    );
    expect(row("411")!.closing.debitCents).toBe(
      owed(listed.currencies, "outstandingCents") + usdInEuro,
    );

    const sales = await salesJournal(db, me.companyId, month);
    const salesVat = sales.rows.reduce(
      (s, r) => s + (r.amounts["02-21"] ?? 0) + (r.amounts["02-24"] ?? 0),
      0,
    );
    expect(salesVat).not.toBe(0);
    expect(row("4532")!.turnover.creditCents).toBe(salesVat);
    const purchases = await purchaseJournal(db, me.companyId, month);
    const credited = purchases.rows.reduce((s, r) => s + (r.amounts["03-41"] ?? 0), 0);
    expect(row("4531")!.turnover.debitCents).toBe(credited);
    expect(tb.totals.turnover.debitCents).toBe(tb.totals.turnover.creditCents);
    expect(tb.totals.closing.debitCents).toBe(tb.totals.closing.creditCents);
  });
});

describe("the backfill of what was issued before the ledger", () => {
  it("posts an issued document and its payment that have no entry, once; a protocol under чл. 117 is posted when recorded (decision 059)", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    // Issued and paid as before the ledger: straight in the tables, with no entry.
    const id = await createTestDraft(db, me, {
      issueDate: "2025-11-03",
      currency: "BGN",
      lines: [{ description: "Уебсайт", quantity: "1", unitPrice: "100.00", vatRate: 20 }],
    });
    await db
      .updateTable("documents")
      .set({ status: "issued", number: "0000000042", issuedAt: new Date() })
      .where("id", "=", id)
      .execute();
    await db
      .insertInto("documentPayments")
      .values({
        companyId: me.companyId,
        documentId: id,
        paidOn: "2026-01-05",
        amountCents: 12_000,
        method: "bank",
        note: null,
      })
      .execute();
    const protocol = await createTestExpense(db, me.companyId, {
      documentType: "protocol_117",
      documentDate: "2026-11-05",
    });
    const problems = await unposted(db, me.companyId);
    expect(problems.map((p) => p.what)).toEqual(
      expect.arrayContaining(["Документ № 0000000042", "Плащане по документ"]),
    );
    expect(problems.find((p) => p.href === `/expenses/${protocol.id}`)).toBeUndefined();

    expect(await postMissing(db, { companyId: me.companyId })).toBe(2);
    expect(await postMissing(db, { companyId: me.companyId })).toBe(0);
    // 2025 in leva; the payment of 2026 in euro at the fixed rate; 411 carried into 2026 in euro.
    const tb = await trialBalance(db, me.companyId, "2026-01-01", "2026-01-31");
    const row = (code: string) => tb.accounts.find((r) => r.code === code);
    expect(row("411")).toMatchObject({
      opening: { debitCents: 6_136, creditCents: 0 },
      turnover: { debitCents: 0, creditCents: 6_136 },
      closing: { debitCents: 0, creditCents: 0 },
    });
    expect(await unposted(db, me.companyId)).toEqual([]);
  });

  it("walks every source once, batch after batch, whatever the dates: seven documents of two days in batches of two", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const id = await createTestDraft(db, me, {
        issueDate: i % 2 ? "2026-10-02" : "2026-10-01",
        lines: [{ description: "Услуга", quantity: "1", unitPrice: "10.00", vatRate: 20 }],
      });
      await db
        .updateTable("documents")
        .set({ status: "issued", number: String(100 + i).padStart(10, "0"), issuedAt: new Date() })
        .where("id", "=", id)
        .execute();
      ids.push(id);
    }
    expect(await postMissing(db, { companyId: me.companyId, batch: 2 })).toBe(7);
    const posted = await db
      .selectFrom("ledgerEntries")
      .select("sourceId")
      .where("companyId", "=", me.companyId)
      .where("sourceKind", "=", "document")
      .execute();
    expect(posted.map((e) => e.sourceId).sort()).toEqual([...ids].sort());
    expect(await postMissing(db, { companyId: me.companyId, batch: 2 })).toBe(0);
  });
});
