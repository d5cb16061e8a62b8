import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { listCategories } from "~/modules/expenses/categories.server";
import { issueDocument } from "~/modules/invoices/documents.server";
import { addPayment } from "~/modules/invoices/payments.server";
import { loader as statementPage } from "~/routes/_app.bank_.statements.$id";
import { loader as expensePage } from "~/routes/_app.expenses_.$id";
import { action as expenseAddPage } from "~/routes/_app.expenses_.add";
import { action as cancelDocumentPage, loader as documentPage } from "~/routes/_app.invoice.$id";
import { loader as salariesPage } from "~/routes/_app.salaries";
import {
  action as periodsPage,
  loader as periodsPageLoader,
} from "~/routes/_app.settings_.periods";
import { action as importApi } from "~/routes/api.bank.statements";
import { loader as transactionsApi } from "~/routes/api.bank.transactions";
import { action as matchApi } from "~/routes/api.bank.transactions.$id.match";
import { action as unmatchApi } from "~/routes/api.bank.transactions.$id.unmatch";
import { action as expensesApi } from "~/routes/api.expenses";
import { action as expenseApi } from "~/routes/api.expenses.$id";
import { action as receiptsApi } from "~/routes/api.expenses.$id.attachments";
import { action as receiptApi } from "~/routes/api.expenses.$id.attachments.$attachmentId";
import { action as invoicesApi } from "~/routes/api.invoices";
import { action as invoiceApi } from "~/routes/api.invoices.$id";
import { action as cancelApi } from "~/routes/api.invoices.$id.cancel";
import { action as issueApi } from "~/routes/api.invoices.$id.issue";
import { action as paymentsApi } from "~/routes/api.invoices.$id.payments";
import { loader as periodsApi } from "~/routes/api.periods";
import { action as lockApi } from "~/routes/api.periods.$month.lock";
import { action as unlockApi } from "~/routes/api.periods.$month.unlock";
import { action as salariesApi } from "~/routes/api.salaries";
import { action as salaryApi } from "~/routes/api.salaries.$id";
import type { Database } from "~db/types";
import { type SampleMovement, writeMt940 } from "../setup/bank-statements";
import {
  createCompanyOnPlan,
  createTestDraft,
  createTestEmployee,
  createTestExpense,
  createTestSalary,
} from "../setup/factories";
import { call, formBody, jsonBody, signInApi } from "../setup/routes";
import { memberOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";
import { TINY_PNG } from "../setup/values";

/*
 * Locked periods (issue #45 item 6, decision 058): a locked month refuses every write dated in it
 * — through the JSON API and the pages' forms — with 409, the month and who locked it, and nothing
 * changes; owner and accountant lock and unlock, staff may not; both acts are audited.
 */

const getDb = setupTestDatabase();
const LOCKED = "2026-09";
const OPEN = "2026-10";
const IBAN = "BG80BNBG96611020345678";
const LOCKED_MESSAGE =
  /^Периодът септември 2026 е заключен от .+ на \d\d\.\d\d\.\d{4}\. Корекцията се записва в отворен период\.$/;
const line = { description: "Услуга", quantity: "1", unitPrice: "100", vatRate: 20 };

const invoiceBody = (clientId: string, issueDate: string) => ({
  type: "invoice",
  clientId,
  issueDate,
  currency: "EUR",
  lines: [line],
});

async function expenseBody(db: Kysely<Database>, companyId: string, documentDate: string) {
  const [category] = await listCategories(db, companyId);
  return {
    supplierName: "Доставчик АД",
    supplierEik: "175074752",
    documentType: "invoice",
    documentNumber: `${documentDate.replaceAll("-", "")}77`,
    documentDate,
    description: "Канцеларски материали",
    categoryId: category?.id,
    amounts: [{ vatRate: 20, base: "50.00" }],
  };
}

/**
 * A company on the full plan with something of every kind in September (a draft, an issued
 * invoice with a payment, an expense, a draft salary, a movement matched and one not) and a draft
 * and an expense in October; then September is locked by its owner through the API.
 */
/** A statement of the account, imported through the API (as a person's upload). */
function importMt940(
  db: Kysely<Database>,
  bearer: Record<string, string>,
  fileName: string,
  movements: SampleMovement[],
) {
  const form = new FormData();
  const statement = writeMt940({ iban: IBAN, openingDay: `${LOCKED}-01`, movements });
  form.append("file", new Blob([statement], { type: "text/plain" }), fileName);
  return call(importApi, db, "/api/bank/statements", {
    method: "POST",
    body: form,
    headers: bearer,
  });
}

/** A late movement of the locked month (its line refuses the file) and one of the open month. */
const LATE_MOVEMENTS: SampleMovement[] = [
  { day: `${LOCKED}-28`, direction: "credit", cents: 500, reason: "Късно", reference: "P3" },
  { day: `${OPEN}-02`, direction: "credit", cents: 700, reason: "Октомври", reference: "P4" },
];

async function lockedWorld() {
  const db = getDb();
  const me = await createCompanyOnPlan(db, "full");
  const session = await signInApi(db, me.user);
  const issuedId = await createTestDraft(db, me, { issueDate: `${LOCKED}-05`, lines: [line] });
  const issued = await issueDocument(db, me.companyId, issuedId);
  await addPayment(db, me.companyId, issued, {
    paidOn: `${LOCKED}-20`,
    amount: 3000,
    method: "bank",
    note: null,
  });
  const payment = await db
    .selectFrom("documentPayments")
    .select("id")
    .where("documentId", "=", issuedId)
    .executeTakeFirstOrThrow();
  const draftLocked = await createTestDraft(db, me, { issueDate: `${LOCKED}-10`, lines: [line] });
  const draftOpen = await createTestDraft(db, me, { issueDate: `${OPEN}-05`, lines: [line] });
  const receipt = {
    fileName: "бон.png",
    declaredType: "image/png",
    bytes: TINY_PNG,
    type: "image/png" as const,
  };
  const expenseLocked = (
    await createTestExpense(db, me.companyId, { documentDate: `${LOCKED}-10` }, [receipt])
  ).id;
  const receiptLocked = await db
    .selectFrom("expenseAttachments")
    .select("id")
    .where("expenseId", "=", expenseLocked)
    .executeTakeFirstOrThrow();
  const expenseOpen = (await createTestExpense(db, me.companyId, { documentDate: `${OPEN}-10` }))
    .id;
  // Paid in advance in the locked month: its payment's entry is dated there (decision 057).
  const expensePaidLocked = (
    await createTestExpense(db, me.companyId, {
      documentDate: `${OPEN}-03`,
      paid: true,
      paidOn: `${LOCKED}-28`,
      paymentMethod: "bank",
    })
  ).id;
  const { employeeId, salaryId } = await createTestSalary(db, me.companyId, LOCKED);
  const otherEmployee = await createTestEmployee(db, me.companyId, {
    name: "Иван Иванов",
    idNumber: "7501020018",
  });
  const imported = await importMt940(db, session.bearer, "septemvri.sta", [
    { day: `${LOCKED}-21`, direction: "credit", cents: 2000, reason: "Плащане 1", reference: "P1" },
    { day: `${LOCKED}-22`, direction: "credit", cents: 1000, reason: "Плащане 2", reference: "P2" },
  ]);
  expect(imported.status, await imported.clone().text()).toBe(201);
  const listed = await call(transactionsApi, db, "/api/bank/transactions", {
    headers: session.bearer,
  });
  const { transactions } = (await listed.json()) as {
    transactions: { id: string; bookedOn: string }[];
  };
  const [matched, unmatched] = [...transactions].sort((a, b) =>
    a.bookedOn.localeCompare(b.bookedOn),
  );
  const match = await call(matchApi, db, `/api/bank/transactions/${matched!.id}/match`, {
    ...jsonBody({ documentIds: [issuedId] }, "POST", session.bearer),
    params: { id: matched!.id },
  });
  expect(match.status, await match.clone().text()).toBe(200);

  const locked = await call(lockApi, db, `/api/periods/${LOCKED}/lock`, {
    method: "POST",
    headers: session.bearer,
    params: { month: LOCKED },
  });
  expect(locked.status, await locked.clone().text()).toBe(200);
  return {
    db,
    me,
    session,
    ids: {
      issuedId,
      paymentId: payment.id,
      draftLocked,
      draftOpen,
      expenseLocked,
      receiptLocked: receiptLocked.id,
      expenseOpen,
      expensePaidLocked,
      salaryId,
      employeeId,
      otherEmployee,
      matched: matched!.id,
      unmatched: unmatched!.id,
    },
  };
}

/** Each row its own locked world: the database is emptied after every test. */
const world = lockedWorld;

/** Everything a write could change, for «nothing changed». */
async function books(db: Kysely<Database>, companyId: string) {
  const [documents, payments, expenses, salaries, matches, receipts, movements, entries] =
    await Promise.all([
      db
        .selectFrom("documents")
        .select(["id", "status", "number", "issueDate", "paidCents", "updatedAt"])
        .where("companyId", "=", companyId)
        .orderBy("id")
        .execute(),
      db
        .selectFrom("documentPayments")
        .select(["id", "paidOn", "amountCents"])
        .where("companyId", "=", companyId)
        .orderBy("id")
        .execute(),
      db
        .selectFrom("expenses")
        .select(["id", "documentDate", "updatedAt", "paidOn"])
        .where("companyId", "=", companyId)
        .orderBy("id")
        .execute(),
      db
        .selectFrom("salaries")
        .select(["id", "month", "status", "updatedAt"])
        .where("companyId", "=", companyId)
        .orderBy("id")
        .execute(),
      db
        .selectFrom("bankMatches")
        .select(["id", "undoneAt"])
        .where("companyId", "=", companyId)
        .orderBy("id")
        .execute(),
      db
        .selectFrom("expenseAttachments")
        .select("id")
        .where("companyId", "=", companyId)
        .orderBy("id")
        .execute(),
      db
        .selectFrom("bankTransactions")
        .select("id")
        .where("companyId", "=", companyId)
        .orderBy("id")
        .execute(),
      db
        .selectFrom("ledgerEntries")
        .select(["id", "entryDate"])
        .where("companyId", "=", companyId)
        .orderBy("id")
        .execute(),
    ]);
  return { documents, payments, expenses, salaries, matches, receipts, movements, entries };
}

type World = Awaited<ReturnType<typeof lockedWorld>>;
type Row = [string, (w: World) => Promise<Response>];

const api = (
  fn: Parameters<typeof call>[0],
  w: World,
  path: string,
  method: string,
  params: Record<string, string>,
  body?: unknown,
) =>
  call(fn, w.db, path, {
    ...(body === undefined
      ? { method, headers: w.session.bearer }
      : jsonBody(body, method, w.session.bearer)),
    params,
  });

const WRITES: Row[] = [
  [
    "create a document",
    (w) =>
      api(invoicesApi, w, "/api/invoices", "POST", {}, invoiceBody(w.me.clientId, `${LOCKED}-15`)),
  ],
  [
    "edit a draft of the locked month (moving it out)",
    (w) =>
      api(
        invoiceApi,
        w,
        `/api/invoices/${w.ids.draftLocked}`,
        "PUT",
        { id: w.ids.draftLocked },
        invoiceBody(w.me.clientId, `${OPEN}-06`),
      ),
  ],
  [
    "edit an open month's draft into the locked month",
    (w) =>
      api(
        invoiceApi,
        w,
        `/api/invoices/${w.ids.draftOpen}`,
        "PUT",
        { id: w.ids.draftOpen },
        invoiceBody(w.me.clientId, `${LOCKED}-15`),
      ),
  ],
  [
    "delete a draft",
    (w) =>
      api(invoiceApi, w, `/api/invoices/${w.ids.draftLocked}`, "DELETE", { id: w.ids.draftLocked }),
  ],
  [
    "issue a draft",
    (w) =>
      api(issueApi, w, `/api/invoices/${w.ids.draftLocked}/issue`, "POST", {
        id: w.ids.draftLocked,
      }),
  ],
  [
    "cancel an issued document",
    (w) =>
      api(
        cancelApi,
        w,
        `/api/invoices/${w.ids.issuedId}/cancel`,
        "POST",
        { id: w.ids.issuedId },
        { reason: "Грешна цена" },
      ),
  ],
  [
    "record a payment dated in it",
    (w) =>
      api(
        paymentsApi,
        w,
        `/api/invoices/${w.ids.issuedId}/payments`,
        "POST",
        { id: w.ids.issuedId },
        {
          paidOn: `${LOCKED}-25`,
          amount: "10.00",
          method: "bank",
        },
      ),
  ],
  [
    "delete a payment dated in it (the page's form)",
    (w) =>
      call(cancelDocumentPage, w.db, `/invoice/${w.ids.issuedId}`, {
        ...formBody(
          { intent: "deletePayment", paymentId: w.ids.paymentId },
          { Cookie: w.session.cookie },
        ),
        params: { id: w.ids.issuedId },
      }),
  ],
  [
    "create an expense",
    async (w) =>
      api(
        expensesApi,
        w,
        "/api/expenses",
        "POST",
        {},
        await expenseBody(w.db, w.me.companyId, `${LOCKED}-12`),
      ),
  ],
  [
    "edit an expense of the locked month",
    async (w) =>
      api(
        expenseApi,
        w,
        `/api/expenses/${w.ids.expenseLocked}`,
        "PUT",
        { id: w.ids.expenseLocked },
        await expenseBody(w.db, w.me.companyId, `${OPEN}-12`),
      ),
  ],
  [
    "edit an open month's expense into the locked month",
    async (w) =>
      api(
        expenseApi,
        w,
        `/api/expenses/${w.ids.expenseOpen}`,
        "PUT",
        { id: w.ids.expenseOpen },
        await expenseBody(w.db, w.me.companyId, `${LOCKED}-12`),
      ),
  ],
  [
    "mark an open month's expense paid on a day of the locked month",
    async (w) =>
      api(
        expenseApi,
        w,
        `/api/expenses/${w.ids.expenseOpen}`,
        "PUT",
        { id: w.ids.expenseOpen },
        {
          ...(await expenseBody(w.db, w.me.companyId, `${OPEN}-12`)),
          paid: true,
          paidOn: `${LOCKED}-25`,
          paymentMethod: "bank",
        },
      ),
  ],
  [
    "change the amount of an open month's expense paid in the locked month",
    async (w) =>
      api(
        expenseApi,
        w,
        `/api/expenses/${w.ids.expensePaidLocked}`,
        "PUT",
        { id: w.ids.expensePaidLocked },
        {
          ...(await expenseBody(w.db, w.me.companyId, `${OPEN}-03`)),
          paid: true,
          paidOn: `${LOCKED}-28`,
          paymentMethod: "bank",
        },
      ),
  ],
  [
    "delete an open month's expense paid in the locked month",
    (w) =>
      api(expenseApi, w, `/api/expenses/${w.ids.expensePaidLocked}`, "DELETE", {
        id: w.ids.expensePaidLocked,
      }),
  ],
  [
    "delete an expense",
    (w) =>
      api(expenseApi, w, `/api/expenses/${w.ids.expenseLocked}`, "DELETE", {
        id: w.ids.expenseLocked,
      }),
  ],
  [
    "create a salary",
    (w) =>
      api(
        salariesApi,
        w,
        "/api/salaries",
        "POST",
        {},
        { employeeId: w.ids.otherEmployee, month: LOCKED, gross: "2000", workingDays: 22 },
      ),
  ],
  [
    "edit a salary",
    (w) =>
      api(
        salaryApi,
        w,
        `/api/salaries/${w.ids.salaryId}`,
        "PUT",
        { id: w.ids.salaryId },
        {
          employeeId: w.ids.employeeId,
          month: LOCKED,
          gross: "2100",
          workingDays: 22,
        },
      ),
  ],
  [
    "delete a salary",
    (w) => api(salaryApi, w, `/api/salaries/${w.ids.salaryId}`, "DELETE", { id: w.ids.salaryId }),
  ],
  [
    "match a bank movement",
    (w) =>
      api(
        matchApi,
        w,
        `/api/bank/transactions/${w.ids.unmatched}/match`,
        "POST",
        { id: w.ids.unmatched },
        { documentIds: [w.ids.issuedId] },
      ),
  ],
  [
    "add a receipt to an expense of the locked month",
    (w) => {
      const form = new FormData();
      form.append("files", new Blob([TINY_PNG], { type: "image/png" }), "втори-бон.png");
      return call(receiptsApi, w.db, `/api/expenses/${w.ids.expenseLocked}/attachments`, {
        method: "POST",
        body: form,
        headers: w.session.bearer,
        params: { id: w.ids.expenseLocked },
      });
    },
  ],
  [
    "remove a receipt of an expense of the locked month",
    (w) =>
      api(
        receiptApi,
        w,
        `/api/expenses/${w.ids.expenseLocked}/attachments/${w.ids.receiptLocked}`,
        "DELETE",
        { id: w.ids.expenseLocked, attachmentId: w.ids.receiptLocked },
      ),
  ],
  [
    "import a statement with a new movement in the locked month",
    (w) => importMt940(w.db, w.session.bearer, "kusno.sta", LATE_MOVEMENTS),
  ],
  [
    "undo a bank match",
    (w) =>
      api(unmatchApi, w, `/api/bank/transactions/${w.ids.matched}/unmatch`, "POST", {
        id: w.ids.matched,
      }),
  ],
];

describe("a locked month (decision 058)", () => {
  it.each(WRITES)(
    "refuses to %s: 409 with the month and who locked it, nothing changed",
    async (_, write) => {
      const w = await world();
      const before = await books(w.db, w.me.companyId);
      const response = await write(w);
      const text = await response.text();
      expect(response.status, text).toBe(409);
      const body = JSON.parse(text) as { message?: string; formError?: string };
      // A statement's refusal names its line first («Ред 7: Периодът …»).
      expect(body.message ?? body.formError).toMatch(
        new RegExp(LOCKED_MESSAGE.source.replace(/^\^/, "(^|: )").replace(/\$$/, "")),
      );
      expect(await books(w.db, w.me.companyId)).toEqual(before);
    },
  );

  it("refuses a statement at the line of its first movement in the locked month, and says how to go on", async () => {
    const w = await world();
    const write = WRITES.find(([name]) => name.startsWith("import a statement"))![1];
    const response = await write(w);
    expect(response.status).toBe(409);
    const body = (await response.json()) as { message: string; line: number | null };
    expect(body.line).toEqual(expect.any(Number));
    expect(body.message).toMatch(
      new RegExp(
        `^Ред ${body.line}: Периодът септември 2026 е заключен .* Отключете месеца, за да внесете движенията с дата в него\\.$`,
      ),
    );
    const source = writeMt940({
      iban: IBAN,
      openingDay: `${LOCKED}-01`,
      movements: LATE_MOVEMENTS,
    }).split(/\r?\n/);
    expect(source[body.line! - 1]).toMatch(/^:61:260928/);
  });

  it("takes what is dated in an open month: a payment of a locked month's invoice, a document", async () => {
    const w = await world();
    const paid = await api(
      paymentsApi,
      w,
      `/api/invoices/${w.ids.issuedId}/payments`,
      "POST",
      { id: w.ids.issuedId },
      {
        paidOn: `${OPEN}-02`,
        amount: "1.00",
        method: "cash",
      },
    );
    expect(paid.status, await paid.clone().text()).toBe(201);
    const made = await api(
      invoicesApi,
      w,
      "/api/invoices",
      "POST",
      {},
      invoiceBody(w.me.clientId, `${OPEN}-20`),
    );
    expect(made.status, await made.clone().text()).toBe(201);
  });

  it("keeps what was typed on a page's form without JavaScript, and says why", async () => {
    const w = await world();
    const [category] = await listCategories(w.db, w.me.companyId);
    const form = new FormData();
    const typed = {
      supplierName: "Доставчик Гама ЕООД",
      supplierEik: "175074752",
      documentType: "invoice",
      documentNumber: "4400000123",
      documentDate: `${LOCKED}-18`,
      description: "Тонер",
      categoryId: category!.id,
      "amounts[20][base]": "40,00",
    };
    for (const [key, value] of Object.entries(typed)) form.append(key, value);
    const refused = await call(expenseAddPage, w.db, "/expenses/add", {
      method: "POST",
      body: form,
      headers: { Cookie: w.session.cookie },
    });
    expect(refused.status).toBe(409);
    const answer = (await refused.json()) as {
      formError: string;
      repopulateFields: Record<string, string>;
    };
    expect(answer.formError).toMatch(LOCKED_MESSAGE);
    expect(answer.repopulateFields).toMatchObject({
      documentNumber: "4400000123",
      description: "Тонер",
    });

    const cancel = await call(cancelDocumentPage, w.db, `/invoice/${w.ids.issuedId}`, {
      ...formBody({ intent: "cancel", reason: "Сгрешена сума" }, { Cookie: w.session.cookie }),
      params: { id: w.ids.issuedId },
    });
    expect(cancel.status).toBe(409);
    const cancelAnswer = (await cancel.json()) as {
      formError: string;
      repopulateFields: { reason: string };
    };
    expect(cancelAnswer.formError).toMatch(LOCKED_MESSAGE);
    expect(cancelAnswer.repopulateFields.reason).toBe("Сгрешена сума");
  });
});

describe("the pages of a locked month", () => {
  it("say it is locked and by whom, and offer no change; an open month's say nothing", async () => {
    const w = await world();
    const cookie = { Cookie: w.session.cookie };
    const read = async (fn: Parameters<typeof call>[0], path: string, id?: string) => {
      const response = await call(fn, w.db, path, { headers: cookie, params: id ? { id } : {} });
      expect(response.status, path).toBe(200);
      return (await response.json()) as Record<string, unknown>;
    };
    const draft = await read(documentPage, `/invoice/${w.ids.draftLocked}`, w.ids.draftLocked);
    expect(draft.periodLocked).toMatch(LOCKED_MESSAGE);
    const open = await read(documentPage, `/invoice/${w.ids.draftOpen}`, w.ids.draftOpen);
    expect(open.periodLocked).toBeNull();
    const expense = await read(
      expensePage,
      `/expenses/${w.ids.expenseLocked}`,
      w.ids.expenseLocked,
    );
    expect(expense.locked).toMatch(LOCKED_MESSAGE);
    expect(
      (await read(expensePage, `/expenses/${w.ids.expenseOpen}`, w.ids.expenseOpen)).locked,
    ).toBeNull();
    expect((await read(salariesPage, `/salaries?month=${LOCKED}`)).locked).toMatch(LOCKED_MESSAGE);
    expect((await read(salariesPage, `/salaries?month=${OPEN}`)).locked).toBeNull();
    const statement = await w.db
      .selectFrom("bankStatements")
      .select("id")
      .where("companyId", "=", w.me.companyId)
      .executeTakeFirstOrThrow();
    const bank = await read(statementPage, `/bank/statements/${statement.id}`, statement.id);
    expect(bank.locked).toEqual([expect.stringMatching(/^Периодът септември 2026 е заключен от /)]);
    // Its movements' cards offer no «Разнеси», «Потвърди» or «Отмени» (transaction-card.tsx).
    expect(bank.lockedMonths).toEqual([LOCKED]);
  });
});

describe("locking and unlocking", () => {
  it("owner and accountant lock and unlock (a reason required), staff and viewer get 403; both acts audited", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const owner = await signInApi(db, me.user);
    const accountant = await memberOf(db, me.companyId, "accountant");
    const staff = await memberOf(db, me.companyId, "staff");
    const viewer = await memberOf(db, me.companyId, "viewer");
    const post = (
      fn: typeof lockApi,
      headers: Record<string, string>,
      verb: string,
      body?: unknown,
    ) =>
      call(fn, db, `/api/periods/${LOCKED}/${verb}`, {
        ...(body ? jsonBody(body, "POST", headers) : { method: "POST", headers }),
        params: { month: LOCKED },
      });

    for (const who of [staff, viewer]) {
      expect((await call(periodsApi, db, "/api/periods", { headers: who.bearer })).status).toBe(
        403,
      );
      expect((await post(lockApi, who.bearer, "lock")).status).toBe(403);
      expect((await post(unlockApi, who.bearer, "unlock", { reason: "Защото" })).status).toBe(403);
    }
    expect(
      await db
        .selectFrom("periodLocks")
        .select("month")
        .where("companyId", "=", me.companyId)
        .execute(),
    ).toEqual([]);

    const locked = await post(lockApi, owner.bearer, "lock");
    expect(locked.status).toBe(200);
    expect(await locked.json()).toMatchObject({
      month: LOCKED,
      label: "септември 2026",
      locked: true,
    });
    const again = await post(lockApi, accountant.bearer, "lock");
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "Периодът септември 2026 вече е заключен" });

    const listed = await call(periodsApi, db, "/api/periods", { headers: accountant.bearer });
    const { periods } = (await listed.json()) as {
      periods: { month: string; locked: boolean; lockedBy: { name: string } | null }[];
    };
    const september = periods.find((p) => p.month === LOCKED);
    expect(september).toMatchObject({ locked: true, lockedBy: { name: expect.any(String) } });
    expect(periods.filter((p) => p.locked)).toHaveLength(1);

    const noReason = await post(unlockApi, accountant.bearer, "unlock", { reason: "" });
    expect(noReason.status).toBe(400);
    const unlocked = await post(unlockApi, accountant.bearer, "unlock", {
      reason: "Поправка на разход",
    });
    expect(unlocked.status).toBe(200);
    expect(await unlocked.json()).toMatchObject({ month: LOCKED, locked: false });
    expect((await post(unlockApi, owner.bearer, "unlock", { reason: "Пак" })).status).toBe(409);

    const future = await call(lockApi, db, "/api/periods/2999-01/lock", {
      method: "POST",
      headers: owner.bearer,
      params: { month: "2999-01" },
    });
    expect(future.status).toBe(400);
    const malformed = await call(lockApi, db, "/api/periods/2026-13/lock", {
      method: "POST",
      headers: owner.bearer,
      params: { month: "2026-13" },
    });
    expect(malformed.status).toBe(400);
    // A month the books cannot hold is no month to lock (its page could not be drawn).
    for (const month of ["0000-01", "1899-12"]) {
      const year0 = await call(lockApi, db, `/api/periods/${month}/lock`, {
        method: "POST",
        headers: owner.bearer,
        params: { month },
      });
      expect(year0.status, month).toBe(400);
      expect(JSON.stringify(await year0.json())).toContain(
        "Месецът е във вида гггг-ММ, например 2026-11",
      );
    }

    const trail = await db
      .selectFrom("companyAudit")
      .select(["action", "actorId", "details"])
      .where("companyId", "=", me.companyId)
      .where("action", "like", "period.%")
      .orderBy("id")
      .execute();
    expect(trail).toEqual([
      { action: "period.lock", actorId: me.user.id, details: { month: LOCKED } },
      {
        action: "period.unlock",
        actorId: accountant.user.id,
        details: expect.objectContaining({ month: LOCKED, reason: "Поправка на разход" }),
      },
    ]);
  });

  it("/settings/periods locks and unlocks with native forms; a missing reason keeps the page and says so", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "basic");
    const owner = await signInApi(db, me.user);
    const staff = await memberOf(db, me.companyId, "staff");
    const page = await call(periodsPageLoader, db, "/settings/periods", {
      headers: { Cookie: owner.cookie },
    });
    expect(page.status).toBe(200);
    const denied = await call(periodsPageLoader, db, "/settings/periods", {
      headers: { Cookie: staff.cookie },
    });
    expect(denied.status).not.toBe(200);
    const refused = await call(periodsPage, db, "/settings/periods", {
      ...formBody({ intent: "lock", month: LOCKED }, { Cookie: staff.cookie }),
    });
    expect([302, 403]).toContain(refused.status);
    expect(
      await db
        .selectFrom("periodLocks")
        .select("month")
        .where("companyId", "=", me.companyId)
        .execute(),
    ).toEqual([]);

    const lock = await call(periodsPage, db, "/settings/periods", {
      ...formBody(
        { _company: me.companyId, intent: "lock", month: LOCKED },
        { Cookie: owner.cookie },
      ),
    });
    expect(lock.status).toBe(302);
    const noReason = await call(periodsPage, db, "/settings/periods", {
      ...formBody(
        { _company: me.companyId, intent: "unlock", month: LOCKED, reason: "" },
        { Cookie: owner.cookie },
      ),
    });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({
      formId: `period-${LOCKED}`,
      fieldErrors: { reason: "Посочете причина за отключването (поне 3 знака)" },
    });
    const unlock = await call(periodsPage, db, "/settings/periods", {
      ...formBody(
        { _company: me.companyId, intent: "unlock", month: LOCKED, reason: "Корекция" },
        { Cookie: owner.cookie },
      ),
    });
    expect(unlock.status).toBe(302);
    expect(
      await db
        .selectFrom("periodLocks")
        .select("month")
        .where("companyId", "=", me.companyId)
        .execute(),
    ).toEqual([]);
  });
});

describe("sequential numbering (ППЗДДС чл. 78)", () => {
  it("refuses to issue a document dated before the series' latest issued one; a proforma has its own series", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "basic");
    const later = await createTestDraft(db, me, { issueDate: `${OPEN}-20`, lines: [line] });
    await issueDocument(db, me.companyId, later);
    const earlier = await createTestDraft(db, me, { issueDate: `${OPEN}-19`, lines: [line] });
    const session = await signInApi(db, me.user);
    const refused = await call(issueApi, db, `/api/invoices/${earlier}/issue`, {
      method: "POST",
      headers: session.bearer,
      params: { id: earlier },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toContain("20.10.2026");
    const still = await db
      .selectFrom("documents")
      .select(["status", "number"])
      .where("id", "=", earlier)
      .executeTakeFirstOrThrow();
    expect(still).toEqual({ status: "draft", number: null });
    const proforma = await createTestDraft(db, me, {
      type: "proforma",
      issueDate: `${OPEN}-01`,
      lines: [line],
    });
    const issued = await issueDocument(db, me.companyId, proforma);
    expect(issued.number).toBe("0000000001");
    const sameDay = await createTestDraft(db, me, { issueDate: `${OPEN}-20`, lines: [line] });
    expect((await issueDocument(db, me.companyId, sameDay)).number).toBe("0000000002");
  });
});
