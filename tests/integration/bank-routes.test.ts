import { describe, expect, it } from "vitest";
import { BANK_MESSAGES } from "~/modules/bank/constants";
import { isBankFee } from "~/modules/bank/fees";
import { ensureCategories } from "~/modules/expenses/categories.server";
import { createDraft, issueDocument } from "~/modules/invoices/documents.server";
import { documentSchema } from "~/modules/invoices/schema";
import { action as bankAction, loader as bankLoader } from "~/routes/_app.bank";
import { loader as accountLoader } from "~/routes/_app.bank_.accounts.$id";
import {
  action as statementAction,
  loader as statementLoader,
} from "~/routes/_app.bank_.statements.$id";
import { action as importApi } from "~/routes/api.bank.statements";
import { loader as transactionsApi } from "~/routes/api.bank.transactions";
import { action as matchApi } from "~/routes/api.bank.transactions.$id.match";
import { action as unmatchApi } from "~/routes/api.bank.transactions.$id.unmatch";
import { loader as fileLoader } from "~/routes/bank.statements.$id.file";
import { writeMt940 } from "../setup/bank-statements";
import { createCompanyOnPlan, createUser } from "../setup/factories";
import { call, formBody, jsonBody, postApi, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The bank's pages and API as a client sees them: the upload's answer, the list, a match and its
 * undoing through the API, a refused line named; another company's statement, movement, account
 * and file are 404 and change nothing; the basic plan sees the gate; staff are refused, viewers
 * read but may not match (decision 028's bank.view / bank.edit).
 */

const getDb = setupTestDatabase();
const IBAN = "BG80BNBG96611020345678";

async function customer(plan: "basic" | "standard" = "standard") {
  const db = getDb();
  const me = await createCompanyOnPlan(db, plan);
  const id = await createDraft(
    db,
    me.companyId,
    me.user.id,
    documentSchema.parse({
      type: "invoice",
      clientId: me.clientId,
      issueDate: "2026-11-02",
      lines: [{ description: "Услуга", quantity: "1", unitPrice: "100", vatRate: 20 }],
    }),
  );
  await issueDocument(db, me.companyId, id);
  const doc = await db
    .selectFrom("documents")
    .select(["number", "totalCents"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const session = await signInApi(db, me.user);
  return { ...me, invoiceId: id, number: doc.number as string, total: doc.totalCents, session };
}

const upload = (text: string, headers: Record<string, string>, accountId?: string) => {
  const form = new FormData();
  form.append("file", new Blob([text], { type: "text/plain" }), "noemvri.sta");
  if (accountId) form.append("accountId", accountId);
  return { method: "POST", body: form, headers };
};

describe("the bank's pages and API", () => {
  it("imports, lists, matches and unmatches through the API; names a broken line", async () => {
    const db = getDb();
    const a = await customer();
    const text = writeMt940({
      iban: IBAN,
      openingDay: "2026-11-01",
      movements: [
        {
          day: "2026-11-05",
          direction: "credit",
          cents: a.total,
          reason: `Ф-РА ${a.number}`,
          reference: "R1",
        },
      ],
    });
    const imported = await call(
      importApi,
      db,
      "/api/bank/statements",
      upload(text, a.session.bearer),
    );
    expect(imported.status).toBe(201);
    const body = (await imported.json()) as {
      statementId: string;
      imported: number;
      suggested: number;
    };
    expect(body).toMatchObject({ imported: 1, skipped: 0, suggested: 1, matched: 0 });

    const again = await call(importApi, db, "/api/bank/statements", upload(text, a.session.bearer));
    expect(again.status).toBe(200);
    expect(((await again.json()) as { message: string }).message).toContain(
      "1 движение вече е внесено",
    );

    const broken = text.replace(/:61:.*/, ":61:26XX05C1,00NTRF");
    const refused = await call(
      importApi,
      db,
      "/api/bank/statements",
      upload(broken, a.session.bearer),
    );
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      line: 6,
      message: expect.stringMatching(/^Ред 6: /),
    });

    const listed = await call(transactionsApi, db, "/api/bank/transactions?status=suggested", {
      headers: a.session.bearer,
    });
    const { transactions } = (await listed.json()) as {
      transactions: { id: string; suggestions: { documentIds: string[] }[] }[];
    };
    expect(transactions).toHaveLength(1);
    const tx = transactions[0]!;
    expect(tx.suggestions[0]?.documentIds).toEqual([a.invoiceId]);

    const matched = await call(matchApi, db, `/api/bank/transactions/${tx.id}/match`, {
      ...jsonBody({ documentIds: [a.invoiceId] }, "POST", a.session.bearer),
      params: { id: tx.id },
    });
    expect(matched.status).toBe(200);
    expect(await matched.json()).toEqual({ applied: (a.total / 100).toFixed(2), overpaid: "0.00" });
    const paid = await db
      .selectFrom("documents")
      .select("paidCents")
      .where("id", "=", a.invoiceId)
      .executeTakeFirstOrThrow();
    expect(paid.paidCents).toBe(a.total);
    await postApi(
      matchApi,
      db,
      `/api/bank/transactions/${tx.id}/match`,
      { documentIds: [a.invoiceId] },
      a.session.bearer,
      409,
      { id: tx.id },
    );

    const undone = await call(unmatchApi, db, `/api/bank/transactions/${tx.id}/unmatch`, {
      method: "POST",
      headers: a.session.bearer,
      params: { id: tx.id },
    });
    expect(undone.status).toBe(200);
    const unpaid = await db
      .selectFrom("documents")
      .select("paidCents")
      .where("id", "=", a.invoiceId)
      .executeTakeFirstOrThrow();
    expect(unpaid.paidCents).toBe(0);

    // The page: one click confirms the stored suggestion, back to the same view.
    const page = await call(statementAction, db, `/bank/statements/${body.statementId}`, {
      ...formBody(
        {
          intent: "confirm",
          transactionId: tx.id,
          rank: "1",
          back: `/bank/statements/${body.statementId}?status=suggested`,
        },
        { Cookie: a.session.cookie },
      ),
      params: { id: body.statementId },
    });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(
      `/bank/statements/${body.statementId}?status=suggested`,
    );
    const shown = await call(
      statementLoader,
      db,
      `/bank/statements/${body.statementId}?status=matched`,
      {
        headers: { Cookie: a.session.cookie },
        params: { id: body.statementId },
      },
    );
    expect(shown.status).toBe(200);
    expect(((await shown.json()) as { counts: { matched: number } }).counts.matched).toBe(1);
    const file = await call(fileLoader, db, `/bank/statements/${body.statementId}/file`, {
      headers: { Cookie: a.session.cookie },
      params: { id: body.statementId },
    });
    expect(await file.text()).toBe(text);
  });

  it("a bank fee line becomes an expense in «Банкови такси» (made if missing), matched to it; «Отмени» deletes it", async () => {
    // Issue #41 item 14.
    const db = getDb();
    const a = await customer();
    // The company has its categories but not «Банкови такси» (deleted): it is made again.
    await ensureCategories(db, a.companyId);
    await db
      .deleteFrom("expenseCategories")
      .where("companyId", "=", a.companyId)
      .where("code", "=", "bank_fees")
      .execute();
    const text = writeMt940({
      iban: IBAN,
      openingDay: "2026-11-01",
      movements: [
        {
          day: "2026-11-05",
          direction: "debit",
          cents: 150,
          reason: "Такса за превод",
          reference: "F1",
        },
        {
          day: "2026-11-06",
          direction: "debit",
          cents: 5000,
          reason: "Наем ноември",
          reference: "F2",
        },
      ],
    });
    const imported = await call(
      importApi,
      db,
      "/api/bank/statements",
      upload(text, a.session.bearer),
    );
    expect(imported.status).toBe(201);
    const { statementId } = (await imported.json()) as { statementId: string };
    const path = `/bank/statements/${statementId}`;
    const page = (await (
      await call(statementLoader, db, path, {
        headers: { Cookie: a.session.cookie },
        params: { id: statementId },
      })
    ).json()) as { transactions: { id: string; direction: string; reason: string }[] };
    const fee = page.transactions.find((t) => t.reason === "Такса за превод")!;
    const rent = page.transactions.find((t) => t.reason === "Наем ноември")!;
    // The card offers «Създай разход в „Банкови такси“» for the fee only.
    expect(isBankFee(fee)).toBe(true);
    expect(isBankFee(rent)).toBe(false);

    const post = (transactionId: string, intent = "fee-expense") =>
      call(statementAction, db, path, {
        ...formBody({ intent, transactionId, back: path }, { Cookie: a.session.cookie }),
        params: { id: statementId },
      });
    const refused = await post(rent.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      formId: `tx-${rent.id}`,
      formError: BANK_MESSAGES.notAFee,
    });

    // A fee line the expense form would refuse (US dollars without a rate) is refused at its
    // card with the reason, not a 500 (review of item 14).
    await db
      .updateTable("bankTransactions")
      .set({ currency: "USD" })
      .where("id", "=", fee.id)
      .execute();
    const foreign = await post(fee.id);
    expect(foreign.status).toBe(409);
    expect((await foreign.json()).formError).toContain(BANK_MESSAGES.expenseFromLine);
    await db
      .updateTable("bankTransactions")
      .set({ currency: "EUR" })
      .where("id", "=", fee.id)
      .execute();

    const made = await post(fee.id);
    expect(made.status).toBe(302);
    expect(made.headers.get("Location")).toBe(path);
    const expense = await db
      .selectFrom("expenses")
      .innerJoin("expenseCategories", "expenseCategories.id", "expenses.categoryId")
      .select([
        "expenses.id",
        "expenses.totalCents",
        "expenses.vatCents",
        "expenses.paidOn",
        "expenses.supplierName",
        "expenses.description",
        "expenseCategories.name as category",
      ])
      .where("expenses.companyId", "=", a.companyId)
      .executeTakeFirstOrThrow();
    expect(expense).toMatchObject({
      totalCents: 150,
      vatCents: 0,
      paidOn: "2026-11-05",
      description: "Банкова такса: Такса за превод",
      category: "Банкови такси",
    });
    expect(expense.supplierName).not.toBe("");
    const match = await db
      .selectFrom("bankMatches")
      .select(["expenseId", "expenseCreated"])
      .where("transactionId", "=", fee.id)
      .where("undoneAt", "is", null)
      .executeTakeFirstOrThrow();
    expect(match).toEqual({ expenseId: expense.id, expenseCreated: true });
    expect((await post(fee.id)).status).toBe(409);

    expect((await post(fee.id, "unmatch")).status).toBe(302);
    expect(
      await db.selectFrom("expenses").select("id").where("companyId", "=", a.companyId).execute(),
    ).toEqual([]);
  });

  it("answers 404 to another company and changes nothing; the plan gate; staff refused; viewers read", async () => {
    const db = getDb();
    const a = await customer();
    const text = writeMt940({
      iban: IBAN,
      openingDay: "2026-11-01",
      movements: [
        {
          day: "2026-11-05",
          direction: "credit",
          cents: a.total,
          reason: `Ф-РА ${a.number}`,
          reference: "R1",
        },
      ],
    });
    const { statementId } = (await (
      await call(importApi, db, "/api/bank/statements", upload(text, a.session.bearer))
    ).json()) as { statementId: string };
    const tx = await db
      .selectFrom("bankTransactions")
      .select("id")
      .where("statementId", "=", statementId)
      .executeTakeFirstOrThrow();
    const account = await db
      .selectFrom("bankAccounts")
      .select("id")
      .where("companyId", "=", a.companyId)
      .executeTakeFirstOrThrow();

    const b = await customer();
    const cookie = { Cookie: b.session.cookie };
    for (const response of [
      await call(statementLoader, db, `/bank/statements/${statementId}`, {
        headers: cookie,
        params: { id: statementId },
      }),
      await call(statementAction, db, `/bank/statements/${statementId}`, {
        ...formBody({ intent: "refresh" }, cookie),
        params: { id: statementId },
      }),
      await call(accountLoader, db, `/bank/accounts/${account.id}`, {
        headers: cookie,
        params: { id: account.id },
      }),
      await call(fileLoader, db, `/bank/statements/${statementId}/file`, {
        headers: cookie,
        params: { id: statementId },
      }),
      await call(matchApi, db, `/api/bank/transactions/${tx.id}/match`, {
        ...jsonBody({ documentIds: [a.invoiceId] }, "POST", b.session.bearer),
        params: { id: tx.id },
      }),
      await call(matchApi, db, `/api/bank/transactions/${tx.id}/match`, {
        ...jsonBody({ nap: true }, "POST", b.session.bearer),
        params: { id: tx.id },
      }),
      await call(unmatchApi, db, `/api/bank/transactions/${tx.id}/unmatch`, {
        method: "POST",
        headers: b.session.bearer,
        params: { id: tx.id },
      }),
    ]) {
      expect(response.status).toBe(404);
    }
    // B's own movement matched to A's invoice: A's invoice is not B's (404).
    const bText = text.replace("//R1", "//R2");
    const bImport = await call(
      importApi,
      db,
      "/api/bank/statements",
      upload(bText, b.session.bearer),
    );
    expect(bImport.status, await bImport.clone().text()).toBe(201);
    const bTx = await db
      .selectFrom("bankTransactions")
      .select("id")
      .where("companyId", "=", b.companyId)
      .executeTakeFirstOrThrow();
    await postApi(
      matchApi,
      db,
      `/api/bank/transactions/${bTx.id}/match`,
      { documentIds: [a.invoiceId] },
      b.session.bearer,
      404,
      { id: bTx.id },
    );
    const listed = (await (
      await call(transactionsApi, db, `/api/bank/transactions?statementId=${statementId}`, {
        headers: b.session.bearer,
      })
    ).json()) as { transactions: unknown[] };
    expect(listed.transactions).toEqual([]);
    const untouched = await db
      .selectFrom("documents")
      .select("paidCents")
      .where("id", "=", a.invoiceId)
      .executeTakeFirstOrThrow();
    expect(untouched.paidCents).toBe(0);

    // The basic plan: the page draws the gate, the API is 403.
    const basic = await customer("basic");
    const gate = await call(bankLoader, db, "/bank", { headers: { Cookie: basic.session.cookie } });
    expect(gate.status).toBe(403);
    expect(await gate.json()).toMatchObject({ locked: true, needed: "standard" });
    expect(
      (await call(transactionsApi, db, "/api/bank/transactions", { headers: basic.session.bearer }))
        .status,
    ).toBe(403);

    // Staff: no bank; a viewer reads but may not import or match.
    for (const role of ["staff", "viewer"] as const) {
      const member = await createUser(db);
      await db
        .insertInto("companyMembers")
        .values({ companyId: a.companyId, userId: member.id, role })
        .execute();
      await db
        .updateTable("sessions")
        .set({ companyId: a.companyId })
        .where("userId", "=", member.id)
        .execute();
      const session = await signInApi(db, member);
      await db
        .updateTable("sessions")
        .set({ companyId: a.companyId })
        .where("userId", "=", member.id)
        .execute();
      const read = await call(transactionsApi, db, "/api/bank/transactions", {
        headers: session.bearer,
      });
      expect(read.status, role).toBe(role === "viewer" ? 200 : 403);
      const write = await call(matchApi, db, `/api/bank/transactions/${tx.id}/match`, {
        ...jsonBody({ documentIds: [a.invoiceId] }, "POST", session.bearer),
        params: { id: tx.id },
      });
      expect(write.status, role).toBe(403);
      const form = await call(
        bankAction,
        db,
        "/bank",
        formBody(
          { intent: "account", iban: "BG18RZBB91550123456789", currency: "EUR" },
          { Cookie: session.cookie },
        ),
      );
      expect(form.status, role).toBe(302);
      expect(form.headers.get("Location")).toBe("/dashboard");
    }
    expect(
      await db
        .selectFrom("bankAccounts")
        .select("iban")
        .where("companyId", "=", a.companyId)
        .execute(),
    ).toEqual([{ iban: IBAN }]);
  });
});
