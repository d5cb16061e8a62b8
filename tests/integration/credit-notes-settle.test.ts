import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { importStatement } from "~/modules/bank/import.server";
import { loadMatchIndex } from "~/modules/bank/matching.server";
import { getDocument, issueDocument } from "~/modules/invoices/documents.server";
import { reminderFor } from "~/modules/invoices/emails.server";
import { addPayment } from "~/modules/invoices/payments.server";
import { loader as dashboardLoader } from "~/routes/_app.dashboard";
import { action as pageAction, loader as pageLoader } from "~/routes/_app.invoice.$id";
import { loader as listLoader } from "~/routes/_app.invoices";
import { loader as apiInvoice } from "~/routes/api.invoices.$id";
import { addDays, todayInSofia } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import * as settle from "~db/migrations/20261128T1700-credit-notes-settle";
import * as acrossEuro from "~db/migrations/20261128T1800-credit-notes-across-the-euro";
import { actorOf } from "../setup/bank-actor";
import { writeMt940 } from "../setup/bank-statements";
import { createCompanyOnPlan, createCompanyWithClient, createTestDraft } from "../setup/factories";
import { call, formBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

/*
 * Issue #41 item 2: a credited invoice said «остават 1 248,00» while the list's «Общо» said 1 104,
 * and its client could be reminded of the credited amount. What is still due has one definition
 * (documents.due_cents: the total less payments less issued credit notes): the invoice page, the
 * list's «За получаване», the client's balance, the dashboard, the reminder, the API and the
 * bank's matching read it, and agree to the cent.
 */
describe("a credit note lowers what is owed", () => {
  it("the invoice, the list, the client, the dashboard, the reminder, the API and the bank agree; cancelling gives it back; a debit note the other way", async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db);
    const session = await signInApi(db, me.user);
    const cookie = { Cookie: session.cookie };
    const today = todayInSofia();
    // 1 040,00 + 20 % VAT = 1 248,00, overdue (so it is reminded).
    const invoiceId = await createTestDraft(db, me, {
      issueDate: addDays(today, -30),
      dueDate: addDays(today, -15),
      lines: [{ description: "Уебсайт", quantity: "1", unitPrice: "1040.00", vatRate: 20 }],
    });
    const invoice = await issueDocument(db, me.companyId, invoiceId);
    const note = async (type: "credit_note" | "debit_note", unitPrice: string) => {
      const id = await createTestDraft(db, me, {
        type,
        issueDate: today,
        originalId: invoiceId,
        reason: type === "credit_note" ? "Отстъпка" : "Допълнителна услуга",
        lines: [{ description: "Корекция", quantity: "1", unitPrice, vatRate: 20 }],
      });
      return issueDocument(db, me.companyId, id);
    };
    const cancel = async (id: string) => {
      const res = await call(pageAction, db, `/invoice/${id}`, {
        ...formBody({ intent: "cancel", reason: "Издадено по грешка" }, cookie),
        params: { id },
      });
      expect(res.status).toBe(302);
    };

    /** Every figure of what is owed, as the pages, the API and the bank show it. */
    const figures = async () => {
      const page = await (
        await call(pageLoader, db, `/invoice/${invoiceId}`, {
          headers: cookie,
          params: { id: invoiceId },
        })
      ).json();
      const list = await (await call(listLoader, db, "/invoices", { headers: cookie })).json();
      const client = await (
        await call(listLoader, db, `/invoices?clientId=${me.clientId}`, { headers: cookie })
      ).json();
      const dashboard = await (
        await call(dashboardLoader, db, "/dashboard", { headers: cookie })
      ).json();
      const api = await (
        await call(apiInvoice, db, `/api/invoices/${invoiceId}`, {
          headers: session.bearer,
          params: { id: invoiceId },
        })
      ).json();
      type Row = { currency: string; [figure: string]: unknown };
      const eur = (rows: Row[]) => rows.find((r) => r.currency === "EUR");
      const owed = eur(dashboard.money.receivables.currencies);
      return {
        page,
        /** «остават» on the invoice's page. */
        invoiceDue: page.doc.dueCents as number,
        /** The list's «Общо» and «За получаване». */
        listTotal: eur(list.summary.currencies)?.totalCents as number,
        listOwed: eur(list.summary.currencies)?.outstandingCents as number,
        /** The client's balance: the list of its documents. */
        clientOwed: eur(client.summary.currencies)?.outstandingCents as number,
        dashboardOwed: (owed?.unpaidCents as number | undefined) ?? 0,
        oldestOverdue: dashboard.money.receivables.oldestOverdue as {
          id: string;
          openCents: number;
        }[],
        apiDue: api.totals.due as string,
        apiState: api.paymentState as string | null,
      };
    };
    /** What the bank's matching offers for a movement naming the document's number. */
    const bankOffers = async (number: string | null, amountCents: number) => {
      const index = await loadMatchIndex(db, me.companyId, "EUR");
      return index.rank({
        direction: "credit",
        amountCents,
        currency: "EUR",
        bookedOn: today,
        counterpartyName: "Клиент Бета ООД",
        counterpartyIban: null,
        reason: `ПЛАЩАНЕ ПО Ф-РА ${Number(number)}`,
      });
    };

    // Before any note: 1 248,00 everywhere.
    let f = await figures();
    expect(f).toMatchObject({
      invoiceDue: 124800,
      listTotal: 124800,
      listOwed: 124800,
      clientOwed: 124800,
      dashboardOwed: 124800,
      apiDue: "1248.00",
    });

    // A credit note of 120,00 + VAT = 144,00: 1 104,00 everywhere.
    const credit = await note("credit_note", "120.00");
    expect(credit.totalCents).toBe(14400);
    f = await figures();
    expect(f).toMatchObject({
      invoiceDue: 110400,
      listTotal: 110400,
      listOwed: 110400,
      clientOwed: 110400,
      dashboardOwed: 110400,
      apiDue: "1104.00",
      apiState: "overdue",
    });
    expect(f.page.doc.creditedCents).toBe(14400);
    expect(f.oldestOverdue).toEqual([
      expect.objectContaining({ id: invoiceId, openCents: 110400 }),
    ]);
    // The reminder asks for 1 104,00, not 1 248,00.
    expect(f.page.reminder.text).toContain(formatMoney(110400, "EUR"));
    expect(f.page.reminder.text).not.toContain(formatMoney(124800, "EUR"));
    const stored = await getDocument(db, me.companyId, invoiceId);
    expect((await reminderFor(db, stored!)).input.amountDue).toBe(formatMoney(110400, "EUR"));
    // The bank: a line of 1 104,00 naming the invoice is its exact match; a line of 1 248,00 is
    // offered against the 1 104,00 it still owes.
    const exact = await bankOffers(invoice.number, 110400);
    expect(exact[0]).toMatchObject({
      kind: "exact",
      documentIds: [invoiceId],
      amountCents: 110400,
    });
    const asIssued = await bankOffers(invoice.number, 124800);
    expect(asIssued[0]).toMatchObject({ documentIds: [invoiceId], amountCents: 110400 });
    expect(asIssued[0]?.kind).not.toBe("exact");

    // Cancelling the credit note gives the amount back: 1 248,00 again.
    await cancel(credit.id);
    f = await figures();
    expect(f).toMatchObject({
      invoiceDue: 124800,
      listTotal: 124800,
      listOwed: 124800,
      clientOwed: 124800,
      dashboardOwed: 124800,
      apiDue: "1248.00",
    });
    expect(f.page.doc.creditedCents).toBe(0);
    expect(f.page.reminder.text).toContain(formatMoney(124800, "EUR"));
    expect((await bankOffers(invoice.number, 124800))[0]).toMatchObject({
      kind: "exact",
      documentIds: [invoiceId],
      amountCents: 124800,
    });

    // A debit note of 144,00 raises what the client owes to 1 392,00 (it is owed on its own
    // number); cancelling it lowers it again.
    const debit = await note("debit_note", "120.00");
    f = await figures();
    expect(f).toMatchObject({
      invoiceDue: 124800,
      listTotal: 139200,
      listOwed: 139200,
      clientOwed: 139200,
      dashboardOwed: 139200,
    });
    expect((await bankOffers(debit.number, 14400))[0]).toMatchObject({
      kind: "exact",
      documentIds: [debit.id],
      amountCents: 14400,
    });
    await cancel(debit.id);
    f = await figures();
    expect(f).toMatchObject({
      invoiceDue: 124800,
      listTotal: 124800,
      listOwed: 124800,
      clientOwed: 124800,
      dashboardOwed: 124800,
    });
    expect((await bankOffers(debit.number, 14400)).map((s) => s.documentIds)).not.toContainEqual([
      debit.id,
    ]);
  });

  it("an invoice settled by a payment and credit notes is paid, not reminded nor offered to the bank; an over-credit is the client's to get back", async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db);
    const session = await signInApi(db, me.user);
    const cookie = { Cookie: session.cookie };
    const today = todayInSofia();
    const invoiceId = await createTestDraft(db, me, {
      issueDate: addDays(today, -30),
      dueDate: addDays(today, -15),
      lines: [{ description: "Уебсайт", quantity: "1", unitPrice: "1040.00", vatRate: 20 }],
    });
    const invoice = await issueDocument(db, me.companyId, invoiceId);
    await addPayment(db, me.companyId, invoice, {
      paidOn: today,
      amount: 14400,
      method: "bank",
      note: null,
    });
    const credit = async (unitPrice: string) => {
      const id = await createTestDraft(db, me, {
        type: "credit_note",
        issueDate: today,
        originalId: invoiceId,
        reason: "Върната стока",
        lines: [{ description: "Връщане", quantity: "1", unitPrice, vatRate: 20 }],
      });
      await issueDocument(db, me.companyId, id);
    };
    const page = async () =>
      (
        await call(pageLoader, db, `/invoice/${invoiceId}`, {
          headers: cookie,
          params: { id: invoiceId },
        })
      ).json();
    const list = async (query: string) =>
      (await (await call(listLoader, db, `/invoices${query}`, { headers: cookie })).json()).summary
        .currencies[0];

    // 144,00 paid and 1 104,00 credited (920,00 + VAT): nothing is owed.
    await credit("920.00");
    let p = await page();
    expect(p.doc).toMatchObject({
      paidCents: 14400,
      creditedCents: 110400,
      dueCents: 0,
      overpaidCents: 0,
      state: "paid",
    });
    expect(p.reminder).toBeNull();
    expect(await list("")).toMatchObject({ totalCents: 14400, outstandingCents: 0 });
    expect(await list("?status=unpaid")).toBeUndefined();
    expect((await list("?status=paid")).count).toBe(1);
    // The list's row says «Платена».
    const rows = (
      await (await call(listLoader, db, "/invoices?type=invoice", { headers: cookie })).json()
    ).documents;
    expect(rows[0]).toMatchObject({ id: invoiceId, state: "paid" });
    const index = await loadMatchIndex(db, me.companyId, "EUR");
    const offers = index.rank({
      direction: "credit",
      amountCents: 110400,
      currency: "EUR",
      bookedOn: today,
      counterpartyName: null,
      counterpartyIban: null,
      reason: `ПО Ф-РА ${Number(invoice.number)}`,
    });
    expect(offers.flatMap((s) => s.documentIds)).not.toContain(invoiceId);
    // A payment more is refused: nothing is due.
    const refused = await call(pageAction, db, `/invoice/${invoiceId}`, {
      ...formBody(
        { intent: "payment", paidOn: today, amount: "1.00", method: "bank", note: "" },
        cookie,
      ),
      params: { id: invoiceId },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);

    // A further credit note of 144,00: credited beyond what was due. Nothing is owed (never a
    // negative receivable); the page says the 144,00 is the client's to get back.
    await credit("120.00");
    p = await page();
    expect(p.doc).toMatchObject({ dueCents: 0, creditedCents: 124800, overpaidCents: 14400 });
    expect(await list("")).toMatchObject({ totalCents: 0, outstandingCents: 0 });
  });

  it("the migration drops the bank's old set-off payments, so a credit note set off by a match is not subtracted twice", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const invoiceId = await createTestDraft(db, me, {
      lines: [{ description: "Уебсайт", quantity: "1", unitPrice: "1040.00", vatRate: 20 }],
    });
    const invoice = await issueDocument(db, me.companyId, invoiceId);
    const creditId = await createTestDraft(db, me, {
      type: "credit_note",
      originalId: invoiceId,
      reason: "Отстъпка",
      lines: [{ description: "Отстъпка", quantity: "1", unitPrice: "120.00", vatRate: 20 }],
    });
    await issueDocument(db, me.companyId, creditId);
    const actor = actorOf(db, me.user, me.companyId);
    const text = writeMt940({
      iban: "BG80BNBG96611020345678",
      openingDay: "2026-11-21",
      movements: [
        {
          day: "2026-11-22",
          direction: "credit",
          cents: 110400,
          name: "КЛИЕНТ БЕТА ООД",
          reason: `Ф-РА ${Number(invoice.number)}`,
        },
      ],
    });
    await importStatement(
      actor,
      { fileName: "x.sta", bytes: new TextEncoder().encode(text) },
      null,
    );
    const tx = await db
      .selectFrom("bankTransactions")
      .select("id")
      .where("companyId", "=", me.companyId)
      .executeTakeFirstOrThrow();

    // The books as the code before issue #41 left them after matching 1 104,00 to the invoice:
    // a bank payment of 1 104,00 and a set-off «payment» of 144,00 for the credit note.
    await acrossEuro.down(db);
    await settle.down(db);
    const pay = async (cents: number, method: string, creditNoteId: string | null) => {
      const { rows } = await sql<{ id: string }>`insert into document_payments
        (company_id, document_id, paid_on, amount_cents, method, note)
        values (${me.companyId}, ${invoiceId}, '2026-11-22', ${cents}, ${method}, null)
        returning id`.execute(db);
      await sql`update documents set paid_cents = paid_cents + ${cents}
        where id = ${invoiceId}`.execute(db);
      await sql`insert into bank_matches (company_id, transaction_id, document_id, payment_id,
          credit_note_id, amount_cents)
        values (${me.companyId}, ${tx.id}, ${invoiceId}, ${rows[0]!.id}, ${creditNoteId},
          ${creditNoteId ? 0 : cents})`.execute(db);
    };
    await pay(110400, "bank", null);
    await pay(14400, "other", creditId);
    await settle.up(db);
    await acrossEuro.up(db);

    const doc = (await getDocument(db, me.companyId, invoiceId))!;
    expect(doc).toMatchObject({ paidCents: 110400, creditedCents: 14400, dueCents: 0 });
    expect(doc.payments.map((p) => p.amountCents)).toEqual([110400]);
    const matches = await db
      .selectFrom("bankMatches")
      .select(["paymentId", "creditNoteId", "amountCents"])
      .where("companyId", "=", me.companyId)
      .execute();
    expect(matches).toEqual([
      { paymentId: doc.payments[0]!.id, creditNoteId: null, amountCents: 110400 },
    ]);
    // The kept totals were recomputed: nothing is owed.
    const kept = await db
      .selectFrom("documentListTotals")
      .select(["totalCents", "paidCents", "outstandingCents"])
      .where("companyId", "=", me.companyId)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ totalCents: 110400, paidCents: 110400, outstandingCents: 0 });
    const open = await db
      .selectFrom("documentOpenTotals")
      .select("openCents")
      .where("companyId", "=", me.companyId)
      .execute();
    expect(open).toEqual([]);
  });
});

describe("a credit note in euro against an invoice in лева (review of item 2)", () => {
  it("takes off its amount in лева at 1.95583, and gives it back when cancelled", async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db);
    // 100,00 лв. + 20 % = 120,00 лв., issued in 2025.
    const invoiceId = await createTestDraft(db, me, {
      currency: "BGN",
      issueDate: "2025-12-10",
      dueDate: "2025-12-20",
      lines: [{ description: "Уебсайт", quantity: "1", unitPrice: "100.00", vatRate: 20 }],
    });
    await issueDocument(db, me.companyId, invoiceId);
    // Credited in 2026, so in euro: 10,00 € + 20 % = 12,00 € = 23,47 лв. (12 × 1.95583 = 23.46996).
    const noteId = await createTestDraft(db, me, {
      type: "credit_note",
      currency: "EUR",
      issueDate: "2026-01-15",
      originalId: invoiceId,
      reason: "Отстъпка",
      lines: [{ description: "Корекция", quantity: "1", unitPrice: "10.00", vatRate: 20 }],
    });
    await issueDocument(db, me.companyId, noteId);
    const due = async () =>
      (
        await db
          .selectFrom("documents")
          .select(["creditedCents", "dueCents"])
          .where("id", "=", invoiceId)
          .executeTakeFirstOrThrow()
      ).dueCents;
    expect(Number(await due())).toBe(12_000 - 2_347);
    await db
      .updateTable("documents")
      .set({ status: "cancelled" })
      .where("id", "=", noteId)
      .execute();
    expect(Number(await due())).toBe(12_000);
  });
});
