import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { purgeDueAccounts, requestDeletion } from "~/modules/accounts/account.server";
import { deleteExpense, setExpensePaid } from "~/modules/expenses/service.server";
import { cancelDocument, issueDocument } from "~/modules/invoices/documents.server";
import { addPayment, deletePayment } from "~/modules/invoices/payments.server";
import { setRule } from "~/modules/ledger/accounts.server";
import { insertEntry } from "~/modules/ledger/post.server";
import type { Database } from "~db/types";
import { createCompanyWithClient, createTestDraft, createTestExpense } from "../setup/factories";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #45 items 1–2 (decision 057): every company has the chart of accounts; an entry balances
 * or is not written; nothing posted changes; issuing, cancelling, paying and recording an expense
 * post in their own transaction, and a correction is a reversing entry.
 */

const getDb = setupTestDatabase();

/** The company's lines as `account debit/credit` strings, entry by entry in the order written. */
async function booked(db: Kysely<Database>, companyId: string) {
  const rows = await db
    .selectFrom("ledgerLines as l")
    .innerJoin("ledgerEntries as e", "e.id", "l.entryId")
    .select([
      "e.entryDate",
      "e.sourceKind",
      "e.reversesEntryId",
      "e.currency",
      "l.accountCode",
      "l.debitCents",
      "l.creditCents",
      "l.counterpartyName",
    ])
    .where("l.companyId", "=", companyId)
    .orderBy("e.createdAt")
    .orderBy("l.id")
    .execute();
  return rows.map(
    (r) =>
      `${r.entryDate} ${r.sourceKind}${r.reversesEntryId ? " сторно" : ""} ${r.accountCode} ${
        Number(r.debitCents) ? `Д ${r.debitCents}` : `К ${r.creditCents}`
      }${r.counterpartyName ? ` (${r.counterpartyName})` : ""} ${r.currency}`,
  );
}

const balance = async (db: Kysely<Database>, companyId: string, account: string) => {
  const row = await db
    .selectFrom("ledgerLines")
    .select(sql<string>`coalesce(sum(debit_cents - credit_cents), 0)`.as("net"))
    .where("companyId", "=", companyId)
    .where("accountCode", "=", account)
    .executeTakeFirstOrThrow();
  return Number(row.net);
};

describe("the chart of accounts", () => {
  it("a new company has the template's accounts with side, analytics and SAF-T code", async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db);
    const accounts = await db
      .selectFrom("ledgerAccounts")
      .select(["code", "name", "side", "analytics", "saftCode"])
      .where("companyId", "=", me.companyId)
      .orderBy("code")
      .execute();
    const byCode = new Map(accounts.map((a) => [a.code, a]));
    for (const code of ["101", "401", "411", "4531", "4532", "421", "454", "501", "503", "703"]) {
      expect(byCode.has(code), code).toBe(true);
    }
    expect(byCode.get("411")).toEqual({
      code: "411",
      name: "Клиенти",
      side: "active",
      analytics: "counterparty",
      saftCode: "411",
    });
    expect(byCode.get("421")?.analytics).toBe("employee");
    expect(byCode.get("4532")?.side).toBe("passive");
  });
});

describe("entries are balanced and never change", () => {
  it("refuses an unbalanced entry at commit, an update and a delete; the company's deletion takes them", async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db);
    const post = (debit: number, credit: number) =>
      db.transaction().execute((trx) =>
        insertEntry(
          trx,
          me.companyId,
          { kind: "manual", id: null },
          {
            entryDate: "2026-11-02",
            description: "Внесен капитал",
            documentRef: "Протокол 1",
            lines: [
              { accountCode: "503", counterparty: null, debitCents: debit, creditCents: 0 },
              { accountCode: "101", counterparty: null, debitCents: 0, creditCents: credit },
            ],
          },
          null,
        ),
      );
    await expect(post(500_000, 499_999)).rejects.toThrow(/not balanced/);
    const id = await post(500_000, 500_000);
    expect(await balance(db, me.companyId, "503")).toBe(500_000);
    await expect(
      db.updateTable("ledgerEntries").set({ description: "друго" }).where("id", "=", id).execute(),
    ).rejects.toThrow(/never changed/);
    await expect(
      db.updateTable("ledgerLines").set({ debitCents: 1 }).where("entryId", "=", id).execute(),
    ).rejects.toThrow(/never changed/);
    await expect(db.deleteFrom("ledgerEntries").where("id", "=", id).execute()).rejects.toThrow(
      /never changed/,
    );
    await expect(db.deleteFrom("ledgerLines").where("entryId", "=", id).execute()).rejects.toThrow(
      /never changed/,
    );
    // An account with lines cannot be dropped from the chart either.
    await expect(
      db
        .deleteFrom("ledgerAccounts")
        .where("companyId", "=", me.companyId)
        .where("code", "=", "503")
        .execute(),
    ).rejects.toThrow(/never changed/);
    // The account's deletion after its 30 days (decision 033) takes the company's books with it.
    await requestDeletion(db, me.user.id);
    const in31Days = new Date(Date.now() + 31 * 86_400_000);
    expect(await purgeDueAccounts(db, in31Days)).toEqual({ accounts: 1, companies: 1 });
    const left = await db
      .selectFrom("ledgerLines")
      .select("id")
      .where("companyId", "=", me.companyId)
      .execute();
    expect(left).toEqual([]);
  });
});

describe("postings in the business row's transaction", () => {
  it("an invoice, its payment, a credit note, a cancelled invoice and an expense post, and a correction reverses", async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db);
    // 1 000,00 at 20 % and 200,00 without VAT: 1 400,00.
    const invoiceId = await createTestDraft(db, me, {
      issueDate: "2026-11-03",
      vatGround: "чл. 45 от ЗДДС",
      lines: [
        { description: "Уебсайт", quantity: "1", unitPrice: "1000.00", vatRate: 20 },
        { description: "Обучение", quantity: "1", unitPrice: "200.00", vatRate: 0 },
      ],
    });
    const invoice = await issueDocument(db, me.companyId, invoiceId);
    const n = invoice.number;
    expect(await booked(db, me.companyId)).toEqual([
      "2026-11-03 document 411 Д 140000 (Клиент Бета ООД) EUR",
      "2026-11-03 document 703 К 100000 EUR",
      "2026-11-03 document 4532 К 20000 EUR",
      "2026-11-03 document 703 К 20000 EUR",
    ]);
    const entry = await db
      .selectFrom("ledgerEntries")
      .select(["documentRef", "sourceId"])
      .where("companyId", "=", me.companyId)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ documentRef: `Фактура № ${n}`, sourceId: invoiceId });

    await addPayment(db, me.companyId, invoice, {
      paidOn: "2026-11-10",
      amount: 40_000,
      method: "cash",
      note: null,
    });
    const noteId = await createTestDraft(db, me, {
      type: "credit_note",
      issueDate: "2026-11-12",
      originalId: invoiceId,
      reason: "Отстъпка",
      lines: [{ description: "Отстъпка", quantity: "1", unitPrice: "100.00", vatRate: 20 }],
    });
    await issueDocument(db, me.companyId, noteId);
    expect((await booked(db, me.companyId)).slice(4)).toEqual([
      "2026-11-10 payment 501 Д 40000 EUR",
      "2026-11-10 payment 411 К 40000 (Клиент Бета ООД) EUR",
      "2026-11-12 document 411 Д -12000 (Клиент Бета ООД) EUR",
      "2026-11-12 document 703 К -10000 EUR",
      "2026-11-12 document 4532 К -2000 EUR",
    ]);
    // What the client still owes: 1 400 − 400 − 120.
    expect(await balance(db, me.companyId, "411")).toBe(88_000);

    // A payment removed and an invoice cancelled are reversed on their own dates.
    const [payment] = await db
      .selectFrom("documentPayments")
      .select("id")
      .where("documentId", "=", invoiceId)
      .execute();
    await deletePayment(db, me.companyId, invoiceId, payment!.id);
    const secondId = await createTestDraft(db, me, {
      issueDate: "2026-11-14",
      lines: [{ description: "Поддръжка", quantity: "2", unitPrice: "50.00", vatRate: 20 }],
    });
    await issueDocument(db, me.companyId, secondId);
    await cancelDocument(db, me.companyId, secondId, "Издадена по грешка");
    expect((await booked(db, me.companyId)).slice(9)).toEqual([
      "2026-11-10 payment сторно 501 Д -40000 EUR",
      "2026-11-10 payment сторно 411 К -40000 (Клиент Бета ООД) EUR",
      "2026-11-14 document 411 Д 12000 (Клиент Бета ООД) EUR",
      "2026-11-14 document 703 К 10000 EUR",
      "2026-11-14 document 4532 К 2000 EUR",
      "2026-11-14 document сторно 411 Д -12000 (Клиент Бета ООД) EUR",
      "2026-11-14 document сторно 703 К -10000 EUR",
      "2026-11-14 document сторно 4532 К -2000 EUR",
    ]);
    expect(await balance(db, me.companyId, "411")).toBe(128_000);

    // An expense of 100,00 + 20 % with full credit, in the «Наем» category; paid by bank; deleted.
    const startLines = (await booked(db, me.companyId)).length;
    const expense = await createTestExpense(db, me.companyId, { documentDate: "2026-11-05" });
    await db
      .transaction()
      .execute((trx) =>
        setExpensePaid(trx, me.companyId, expense.id, { paidOn: "2026-11-20", method: "bank" }),
      );
    expect((await booked(db, me.companyId)).slice(startLines)).toEqual([
      "2026-11-05 expense 602 Д 10000 EUR",
      "2026-11-05 expense 4531 Д 2000 EUR",
      "2026-11-05 expense 401 К 12000 (Доставчик АД) EUR",
      "2026-11-20 expense_payment 401 Д 12000 (Доставчик АД) EUR",
      "2026-11-20 expense_payment 503 К 12000 EUR",
    ]);
    await deleteExpense(db, me.companyId, expense.id);
    expect(await balance(db, me.companyId, "401")).toBe(0);
    expect(await balance(db, me.companyId, "4531")).toBe(0);
    expect(await balance(db, me.companyId, "503")).toBe(0);
  });

  it("a document in a foreign currency posts in euro by its own rate; one dated 2025 in leva", async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db);
    // Numbers follow dates (decision 058): the 2025 document is issued first.
    const leva = await createTestDraft(db, me, {
      issueDate: "2025-12-15",
      currency: "BGN",
      lines: [{ description: "Консултация", quantity: "1", unitPrice: "195.58", vatRate: 20 }],
    });
    await issueDocument(db, me.companyId, leva);
    const usd = await createTestDraft(db, me, {
      issueDate: "2026-11-03",
      currency: "USD",
      eurRate: "0.9",
      lines: [{ description: "Консултация", quantity: "1", unitPrice: "1000.00", vatRate: 20 }],
    });
    await issueDocument(db, me.companyId, usd);
    expect(await booked(db, me.companyId)).toEqual([
      "2025-12-15 document 411 Д 23470 (Клиент Бета ООД) BGN",
      "2025-12-15 document 703 К 19558 BGN",
      "2025-12-15 document 4532 К 3912 BGN",
      "2026-11-03 document 411 Д 108000 (Клиент Бета ООД) EUR",
      "2026-11-03 document 703 К 90000 EUR",
      "2026-11-03 document 4532 К 18000 EUR",
    ]);
  });

  it("a rule changes the account of postings from its date on; what was posted stays", async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db);
    const line = [{ description: "Стока", quantity: "1", unitPrice: "100.00", vatRate: 20 }];
    const before = await createTestDraft(db, me, { issueDate: "2026-11-02", lines: line });
    await issueDocument(db, me.companyId, before);
    await setRule(
      db,
      me.companyId,
      { key: "revenue", accountCode: "702", validFrom: "2026-11-10" },
      me.user.id,
    );
    await expect(
      setRule(
        db,
        me.companyId,
        { key: "revenue", accountCode: "999", validFrom: "2026-11-11" },
        null,
      ),
    ).rejects.toThrow(/Сметка 999 няма/);
    // A document dated before the rule, issued after the rule was set, keeps the old account.
    const late = await createTestDraft(db, me, { issueDate: "2026-11-05", lines: line });
    await issueDocument(db, me.companyId, late);
    const after = await createTestDraft(db, me, { issueDate: "2026-11-12", lines: line });
    await issueDocument(db, me.companyId, after);
    expect((await booked(db, me.companyId)).filter((l) => / 70[23] /.test(l))).toEqual([
      "2026-11-02 document 703 К 10000 EUR",
      "2026-11-05 document 703 К 10000 EUR",
      "2026-11-12 document 702 К 10000 EUR",
    ]);
  });
});
