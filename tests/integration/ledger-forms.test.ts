import { describe, expect, it } from "vitest";
import type { CompanyUser } from "~/modules/auth/session.server";
import { importStatement } from "~/modules/bank/import.server";
import { listTransactions } from "~/modules/bank/queries.server";
import { issueDocument } from "~/modules/invoices/documents.server";
import {
  action as statementAction,
  loader as statementLoader,
} from "~/routes/_app.bank_.statements.$id";
import { action as balanceAction, loader as balancePage } from "~/routes/_app.ledger";
import { action as openingAction, loader as openingPage } from "~/routes/_app.ledger_.opening";
import { action as matchApi } from "~/routes/api.bank.transactions.$id.match";
import { action as openingApi, loader as openingGet } from "~/routes/api.ledger.opening-balances";
import { loader as balanceApi } from "~/routes/api.ledger.trial-balance";
import { action as settlementApi } from "~/routes/api.ledger.vat-settlement.$month";
import { writeMt940 } from "../setup/bank-statements";
import { createCompanyOnPlan, createTestDraft, createTestExpense } from "../setup/factories";
import { lockAsOwner } from "../setup/period-locks";
import { type AnyAnswer, call, formBody, jsonBody, signInApi } from "../setup/routes";
import { memberOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #45 items 2, 3 and 5 as a client sees them (decision 059): the VAT settlement by the API
 * and by the /ledger page's form (without JavaScript), once per month, reversed by its storno;
 * the opening balances by the API and by /ledger/opening, in the trial balance's opening column;
 * a bank movement booked to an account from the statement's page and by the API. Staff and
 * viewers are refused.
 */

const getDb = setupTestDatabase();
const MONTH = "2026-10";
const IBAN = "BG80BNBG96611020345678";

/** A VAT-registered company on the standard plan with an October invoice and expense. */
async function octoberCompany() {
  const db = getDb();
  const me = await createCompanyOnPlan(db, "standard");
  await issueDocument(
    db,
    me.companyId,
    await createTestDraft(db, me, {
      issueDate: `${MONTH}-05`,
      lines: [{ description: "Уебсайт", quantity: "1", unitPrice: "1000.00", vatRate: 20 }],
    }),
  );
  await createTestExpense(db, me.companyId, { documentDate: `${MONTH}-08` });
  const session = await signInApi(db, me.user);
  return { db, me, session };
}

const settlement = (method: string, month: string, headers: Record<string, string>) =>
  call(settlementApi, getDb(), `/api/ledger/vat-settlement/${month}`, {
    method,
    headers,
    params: { month },
  });

describe("the VAT settlement", () => {
  it("POST /api/ledger/vat-settlement/{month} posts it once; DELETE reverses it; staff may not", async () => {
    const { me, session } = await octoberCompany();
    const staff = await memberOf(getDb(), me.companyId, "staff");
    expect((await settlement("POST", MONTH, staff.bearer)).status).toBe(403);

    const posted = await settlement("POST", MONTH, session.bearer);
    expect(posted.status).toBe(201);
    expect((await posted.json()) as AnyAnswer).toMatchObject({
      month: MONTH,
      entry: {
        date: `${MONTH}-31`,
        source: { kind: "vat_settlement", id: null },
        documentRef: "СД по ЗДДС 10.2026",
        lines: [
          { account: "4532", debit: "200.00", credit: "0.00" },
          { account: "4531", debit: "0.00", credit: "20.00" },
          { account: "4538", debit: "0.00", credit: "180.00" },
        ],
      },
    });
    const again = await settlement("POST", MONTH, session.bearer);
    expect(again.status).toBe(409);
    expect(((await again.json()) as AnyAnswer).message).toContain("вече е приключен");

    const reversed = await settlement("DELETE", MONTH, session.bearer);
    expect(reversed.status).toBe(200);
    expect((await reversed.json()) as AnyAnswer).toMatchObject({
      entry: {
        reversesEntryId: expect.any(String),
        lines: [{ account: "4532", debit: "-200.00" }, {}, {}],
      },
    });
    expect((await settlement("DELETE", MONTH, session.bearer)).status).toBe(409);
    expect((await settlement("POST", "2026-13", session.bearer)).status).toBe(400);
    // A month the books cannot hold: 400 in Bulgarian, never a database error.
    for (const method of ["POST", "DELETE"]) {
      const year0 = await settlement(method, "0000-01", session.bearer);
      expect(year0.status, method).toBe(400);
      expect(((await year0.json()) as AnyAnswer).message).toBe("Въведете месец във вида ГГГГ-ММ");
    }
    expect((await settlement("POST", "2026-11", session.bearer)).status).toBe(409);
    expect((await settlement("PUT", MONTH, session.bearer)).status).toBe(405);
  });

  it("the /ledger page's form settles a month without JavaScript, refuses a second time with the reason, and reverses", async () => {
    const { db, me, session } = await octoberCompany();
    const headers = { Cookie: session.cookie };
    const back = "/ledger?from=2026-01-01&to=2026-11-29";
    const post = (fields: Record<string, string>, h = headers) =>
      call(balanceAction, db, "/ledger", { ...formBody({ back, ...fields }, h) });

    const settled = await post({ intent: "vat-settle", month: MONTH });
    expect(settled.status).toBe(302);
    expect(settled.headers.get("Location")).toBe(back);
    const page = (await (await call(balancePage, db, back, { headers })).json()) as AnyAnswer;
    expect(page.settled).toMatchObject([{ month: MONTH, createdByName: "Мария Георгиева" }]);
    expect(page.lastMonth).toBe(MONTH);
    const row = (code: string) => page.report.accounts.find((a: AnyAnswer) => a.code === code);
    expect(row("4538").closing).toEqual({ debitCents: 0, creditCents: 18_000 });

    const twice = await post({ intent: "vat-settle", month: MONTH });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as AnyAnswer).formError).toContain("вече е приключен");
    const bad = await post({ intent: "vat-settle", month: "октомври" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as AnyAnswer).fieldErrors.month).toBe(
      "Въведете месец във вида ГГГГ-ММ",
    );
    expect((await post({ intent: "other", month: MONTH })).status).toBe(400);

    const viewer = await memberOf(db, me.companyId, "viewer");
    const refused = await post({ intent: "vat-reverse", month: MONTH }, { Cookie: viewer.cookie });
    expect(refused.headers.get("Location") ?? "").not.toBe(back);
    const undone = await post({ intent: "vat-reverse", month: MONTH });
    expect(undone.status).toBe(302);
    const after = (await (await call(balancePage, db, back, { headers })).json()) as AnyAnswer;
    expect(after.settled).toEqual([]);
  });
});

describe("opening balances", () => {
  const body = (date: string) => ({
    date,
    lines: [
      { account: "503", debit: "8000.00" },
      { account: "411", debit: "1200.00", counterparty: null },
      { account: "401", credit: "700.00" },
      { account: "101", credit: "8500.00" },
    ],
  });

  it("POST /api/ledger/opening-balances: per account and client, in the trial balance's opening column; entered again, the last reversed", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const { bearer } = await signInApi(db, me.user);
    const start = body("2026-07-01");
    start.lines[1]!.counterparty = { kind: "client", id: me.clientId } as never;
    const posted = await call(openingApi, db, "/api/ledger/opening-balances", {
      ...jsonBody(start, "POST", bearer),
    });
    expect(posted.status).toBe(201);
    expect((await posted.json()) as AnyAnswer).toMatchObject({
      date: "2026-07-01",
      lines: [
        { account: "503", debit: "8000.00" },
        {
          account: "411",
          counterparty: { kind: "client", id: me.clientId, name: "Клиент Бета ООД" },
          debit: "1200.00",
        },
        { account: "401", credit: "700.00" },
        { account: "101", credit: "8500.00" },
      ],
    });
    const tb = (await (
      await call(balanceApi, db, "/api/ledger/trial-balance?from=2026-07-01&to=2026-07-31", {
        headers: bearer,
      })
    ).json()) as AnyAnswer;
    expect(tb.accounts.find((a: AnyAnswer) => a.code === "503")).toEqual({
      code: "503",
      name: "Разплащателна сметка",
      opening: { debit: "8000.00", credit: "0.00" },
      turnover: { debit: "0.00", credit: "0.00" },
      closing: { debit: "8000.00", credit: "0.00" },
    });
    expect(tb.totals.opening).toEqual({ debit: "9200.00", credit: "9200.00" });
    expect(tb.totals.turnover).toEqual({ debit: "0.00", credit: "0.00" });

    // Entered again on another day: the first is reversed on its own date, the new posted.
    const again = await call(openingApi, db, "/api/ledger/opening-balances", {
      ...jsonBody(body("2026-08-01"), "POST", bearer),
    });
    expect(again.status).toBe(201);
    const read = (await (
      await call(openingGet, db, "/api/ledger/opening-balances", { headers: bearer })
    ).json()) as AnyAnswer;
    expect(read.date).toBe("2026-08-01");
    expect(read.lines[1].counterparty).toBeNull();
    const year = (await (
      await call(balanceApi, db, "/api/ledger/trial-balance?from=2026-01-01&to=2026-12-31", {
        headers: bearer,
      })
    ).json()) as AnyAnswer;
    expect(year.accounts.find((a: AnyAnswer) => a.code === "101").opening).toEqual({
      debit: "0.00",
      credit: "8500.00",
    });

    const wrong = { ...body("2026-08-01") };
    wrong.lines = [...wrong.lines];
    wrong.lines[0] = {
      account: "503",
      debit: "8000.00",
      counterparty: { kind: "client", id: me.clientId },
    } as never;
    const refused = await call(openingApi, db, "/api/ledger/opening-balances", {
      ...jsonBody(wrong, "POST", bearer),
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain(
      "Сметка 503 не води аналитичност по контрагенти",
    );
    const unbalanced = await call(openingApi, db, "/api/ledger/opening-balances", {
      ...jsonBody({ date: "2026-08-01", lines: body("x").lines.slice(0, 3) }, "POST", bearer),
    });
    expect(unbalanced.status).toBe(400);
    const viewer = await memberOf(db, me.companyId, "viewer");
    const denied = await call(openingApi, db, "/api/ledger/opening-balances", {
      ...jsonBody(body("2026-08-01"), "POST", viewer.bearer),
    });
    expect(denied.status).toBe(403);
    await lockAsOwner(db, me, "2026-08");
    const locked = await call(openingApi, db, "/api/ledger/opening-balances", {
      ...jsonBody(body("2026-09-01"), "POST", bearer),
    });
    expect(locked.status).toBe(409);
  });

  it("/ledger/opening posts as a plain form: more rows, a refusal that keeps what was typed, the entry", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const accountant = await memberOf(db, me.companyId, "accountant");
    const headers = { Cookie: accountant.cookie };
    const opened = (await (
      await call(openingPage, db, "/ledger/opening", { headers })
    ).json()) as AnyAnswer;
    expect(opened.rows).toBe(10);
    expect(opened.entered).toBe(false);
    expect(opened.counterparties).toContainEqual([
      `client:${me.clientId}`,
      "Клиент: Клиент Бета ООД",
    ]);
    const form = {
      rows: "10",
      date: "2026-07-01",
      "lines.0.account": "503",
      "lines.0.debit": "100",
      "lines.1.account": "411",
      "lines.1.counterparty": `client:${me.clientId}`,
      "lines.1.debit": "50",
      "lines.2.account": "101",
      "lines.2.credit": "150",
    };
    const more = await call(openingAction, db, "/ledger/opening", {
      ...formBody({ ...form, intent: "more" }, headers),
    });
    expect(more.status).toBe(200);
    expect(((await more.json()) as AnyAnswer).repopulateFields).toMatchObject({
      rows: "20",
      "lines.1.counterparty": `client:${me.clientId}`,
    });
    const refused = await call(openingAction, db, "/ledger/opening", {
      ...formBody({ ...form, "lines.2.credit": "140", intent: "save" }, headers),
    });
    expect(refused.status).toBe(400);
    const answer = (await refused.json()) as AnyAnswer;
    expect(answer.formError).toBe("Статията не е балансирана: дебит 150.00, кредит 140.00");
    expect(answer.repopulateFields["lines.2.credit"]).toBe("140");
    const saved = await call(openingAction, db, "/ledger/opening", {
      ...formBody({ ...form, intent: "save" }, headers),
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/ledger?from=2026-07-01&to=2026-07-01");
    const reopened = (await (
      await call(openingPage, db, "/ledger/opening", { headers })
    ).json()) as AnyAnswer;
    expect(reopened).toMatchObject({ entered: true, date: "2026-07-01" });
    expect(reopened.defaults[1]).toEqual({
      account: "411",
      counterparty: `client:${me.clientId}`,
      debit: "50.00",
      credit: "",
    });
    const staff = await memberOf(db, me.companyId, "staff");
    expect(
      (await call(openingPage, db, "/ledger/opening", { headers: { Cookie: staff.cookie } }))
        .status,
    ).toBe(403);
  });
});

describe("a bank movement booked to an account", () => {
  it("from the statement's page (without JavaScript) and by the API, with 503 on the other side", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const session = await signInApi(db, me.user);
    const actor = {
      user: {
        id: me.user.id,
        email: me.user.email,
        firstName: "Мария",
        lastName: "Георгиева",
        companyId: me.companyId,
        companyRole: "owner",
      } as unknown as CompanyUser,
      context: { db, clientIp: "127.0.0.1" },
    };
    const file = writeMt940({
      iban: IBAN,
      openingDay: `${MONTH}-01`,
      movements: [
        {
          day: `${MONTH}-05`,
          direction: "debit",
          cents: 1_500,
          reason: "Абонамент за онлайн банкиране",
          reference: "C1",
        },
        {
          day: `${MONTH}-06`,
          direction: "credit",
          cents: 300_000,
          reason: "Вноска в капитала",
          reference: "C2",
        },
      ],
    });
    const { statementId } = await importStatement(
      actor,
      { fileName: "c.sta", bytes: new TextEncoder().encode(file) },
      null,
    );
    const [fee, capital] = (
      await listTransactions(db, me.companyId, { statementId: statementId as string, limit: 10 })
    ).transactions;
    const path = `/bank/statements/${statementId}`;
    const post = (fields: Record<string, string>) =>
      call(statementAction, db, path, {
        ...formBody({ back: path, ...fields }, { Cookie: session.cookie }),
        params: { id: statementId as string },
      });
    const empty = await post({ intent: "book", transactionId: fee!.id, account: "" });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as AnyAnswer).fieldErrors.account).toBe(
      "Въведете сметка от сметкоплана (напр. 503)",
    );
    const unknown = await post({ intent: "book", transactionId: fee!.id, account: "629" });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as AnyAnswer).fieldErrors.account).toContain(
      "Сметка «629» няма в сметкоплана",
    );
    const booked = await post({ intent: "book", transactionId: fee!.id, account: "609" });
    expect(booked.status).toBe(302);
    const page = (await (
      await call(statementLoader, db, path, {
        headers: { Cookie: session.cookie },
        params: { id: statementId as string },
      })
    ).json()) as AnyAnswer;
    const shown = page.transactions.find((t: AnyAnswer) => t.id === fee!.id);
    expect(shown.status).toBe("matched");
    expect(shown.matches[0]).toMatchObject({ accountCode: "609", standing: true });
    expect(page.accounts).toContainEqual(["609", "Други разходи"]);

    const api = await call(matchApi, db, `/api/bank/transactions/${capital!.id}/match`, {
      ...jsonBody({ account: "101" }, "POST", session.bearer),
      params: { id: capital!.id },
    });
    expect(api.status).toBe(200);
    expect(await api.json()).toEqual({ applied: "3000.00", overpaid: "0.00" });
    const tb = (await (
      await call(balanceApi, db, `/api/ledger/trial-balance?from=${MONTH}-01&to=${MONTH}-31`, {
        headers: session.bearer,
      })
    ).json()) as AnyAnswer;
    const row = (code: string) => tb.accounts.find((a: AnyAnswer) => a.code === code);
    expect(row("503").closing).toEqual({ debit: "2985.00", credit: "0.00" });
    expect(row("609").turnover).toEqual({ debit: "15.00", credit: "0.00" });
    expect(row("101").closing).toEqual({ debit: "0.00", credit: "3000.00" });
  });
});
