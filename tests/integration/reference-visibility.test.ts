import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { type Capability, can, type MemberRole } from "~/modules/auth/capabilities";
import { createCatalogueItem } from "~/modules/catalogue/queries.server";
import { catalogueItemSchema } from "~/modules/catalogue/schema";
import { listCategories } from "~/modules/expenses/categories.server";
import { issueDocument } from "~/modules/invoices/documents.server";
import { action as rulesPage } from "~/routes/_app.bank_.rules";
import { action as documentPage } from "~/routes/_app.invoice.$id";
import { action as newDocumentPage } from "~/routes/_app.invoice.new";
import { action as recurringPage } from "~/routes/_app.invoices_.recurring_.new";
import { action as matchApi } from "~/routes/api.bank.transactions.$id.match";
import { loader as readEmployee } from "~/routes/api.employees.$id";
import { action as createExpense } from "~/routes/api.expenses";
import { loader as readExpense } from "~/routes/api.expenses.$id";
import { action as createInvoice } from "~/routes/api.invoices";
import { action as putInvoice, loader as readInvoice } from "~/routes/api.invoices.$id";
import { action as duplicateApi } from "~/routes/api.invoices.$id.duplicate";
import { action as issueApi } from "~/routes/api.invoices.$id.issue";
import { action as paymentsApi } from "~/routes/api.invoices.$id.payments";
import { action as salariesApi } from "~/routes/api.salaries";
import type { Database } from "~db/types";
import {
  createCompanyOnPlan,
  createTestDraft,
  createTestEmployee,
  createTestExpense,
} from "../setup/factories";
import { call, formBody, jsonBody, postApi, signInApi } from "../setup/routes";
import { memberOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #43 item 2: a reference to another row — a note's invoice, a draft's client, a bank
 * match's documents or expense, a salary's employee, a document named in the path of a payment or
 * a copy — answers as reading that row does. For every reference × every role: a row the role
 * cannot read (another company's; for staff limited to their own documents, a colleague's
 * document) is 404 where the role may write (the role's refusal where it may not), nothing is
 * written and the row's number is not told; a row it reads is accepted where it may write.
 */

const getDb = setupTestDatabase();

const ROLES = [
  { label: "owner", role: "owner", own: false },
  { label: "accountant", role: "accountant", own: false },
  { label: "staff", role: "staff", own: false },
  { label: "staff, own documents only", role: "staff", own: true },
  { label: "viewer", role: "viewer", own: false },
] as const;

type World = Awaited<ReturnType<typeof world>>;
type Member = World["members"][number];

const line = { description: "Услуга", quantity: "1", unitPrice: "100.00", vatRate: 20 };

async function issued(
  db: Kysely<Database>,
  company: { companyId: string; clientId: string },
  by: string,
) {
  const id = await createTestDraft(db, { ...company, user: { id: by } }, { lines: [line] });
  return issueDocument(db, company.companyId, id);
}

async function world(db: Kysely<Database>) {
  const me = await createCompanyOnPlan(db, "full");
  const other = await createCompanyOnPlan(db, "full");
  const members = [];
  for (const [index, r] of ROLES.entries()) {
    const login =
      r.role === "owner"
        ? { user: me.user, ...(await signInApi(db, me.user)) }
        : await memberOf(db, me.companyId, r.role, { ownDocumentsOnly: r.own });
    members.push({
      ...r,
      index,
      userId: login.user.id,
      bearer: login.bearer,
      cookie: login.cookie,
    });
  }
  const ownerId = me.user.id;
  // The owner's invoice (a colleague's for staff limited to their own) and another company's.
  const colleagues = await issued(db, me, ownerId);
  const foreign = await issued(db, other, other.user.id);
  // Every member's own issued invoice.
  const mine = new Map<string, Awaited<ReturnType<typeof issued>>>();
  for (const m of members) mine.set(m.label, await issued(db, me, m.userId));
  // Every member's draft, for a PUT that names a note's invoice.
  const drafts = new Map<string, string>();
  for (const m of members) {
    drafts.set(
      m.label,
      await createTestDraft(db, { ...me, user: { id: m.userId } }, { lines: [line] }),
    );
  }
  const foreignExpense = await createTestExpense(db, other.companyId);
  const foreignEmployee = await createTestEmployee(db, other.companyId);
  const myEmployee = await createTestEmployee(db, me.companyId);
  const [myCategory] = await listCategories(db, me.companyId);
  const [foreignCategory] = await listCategories(db, other.companyId);
  const item = (companyId: string) =>
    createCatalogueItem(
      db,
      companyId,
      catalogueItemSchema.parse({ name: "Консултация", unitPrice: "80.50", vatRate: 20 }),
    );
  const rule = async (companyId: string, categoryId: string) =>
    (
      await db
        .insertInto("bankRules")
        .values({
          companyId,
          categoryId,
          supplierName: "Банка ДСК",
          description: "Такса",
          reasonContains: "такса",
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const myRule = await rule(me.companyId, myCategory!.id);
  const foreignRule = await rule(other.companyId, foreignCategory!.id);
  const myItem = (await item(me.companyId)).id;
  const foreignItem = (await item(other.companyId)).id;
  const account = await db
    .insertInto("bankAccounts")
    .values({ companyId: me.companyId, iban: "BG80BNBG96611020345678", currency: "EUR" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const statement = await db
    .insertInto("bankStatements")
    .values({
      companyId: me.companyId,
      accountId: account.id,
      fileData: new Uint8Array([1]),
      fileName: "statement.sta",
      fileSha256: createHash("sha256").update(me.companyId).digest("hex"),
      format: "mt940",
      importedCount: 0,
      lineCount: 0,
      skippedCount: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  let movements = 0;
  /** A new movement on the company's statement, for one match. */
  const movement = async (direction: "credit" | "debit", amountCents: number) => {
    movements += 1;
    const row = await db
      .insertInto("bankTransactions")
      .values({
        companyId: me.companyId,
        accountId: account.id,
        statementId: statement.id,
        lineNo: movements,
        importKey: `reference-visibility|${movements}`,
        direction,
        amountCents,
        currency: "EUR",
        bookedOn: "2026-11-25",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  };
  return {
    me,
    other,
    members,
    colleagues,
    foreign,
    mine,
    drafts,
    foreignExpense,
    foreignEmployee,
    myEmployee,
    myCategory: myCategory!.id,
    foreignCategory: foreignCategory!.id,
    myItem,
    foreignItem,
    myRule,
    foreignRule,
    movement,
  };
}

/** What the role's own, readable row is: its own invoice when limited, else the owner's. */
function readableInvoice(w: World, m: Member) {
  return m.own ? w.mine.get(m.label)! : w.colleagues;
}

/** The documents a member cannot read: another company's, and a colleague's when limited. */
function hiddenInvoices(w: World, m: Member) {
  return m.own ? [w.foreign, w.colleagues] : [w.foreign];
}

interface Reference {
  /** The field and the call that carries it. */
  field: string;
  capability: Capability;
  /** A page's form (its refusal is the redirect to /dashboard) or the API (403). */
  kind: "api" | "form";
  /** What a readable row is answered with. */
  accepted: number;
  /** The rows (id and number, if it has one) the member cannot read, and one it can. */
  hidden(w: World, m: Member): Promise<{ id: string; number?: string | null }[]>;
  readable(w: World, m: Member): Promise<string>;
  /** Reading the row, where the API has a reader, for the same member. */
  read?(w: World, m: Member, id: string): Promise<Response>;
  send(w: World, m: Member, id: string): Promise<Response>;
}

const creditNote = (w: World, originalId: string) => ({
  type: "credit_note",
  clientId: w.me.clientId,
  issueDate: "2026-11-24",
  currency: "EUR",
  paymentMethod: "bank",
  originalId,
  reason: "Отстъпка",
  lines: [{ ...line, unitPrice: "10.00" }],
});

const readDocument = (_w: World, m: Member, id: string) =>
  call(readInvoice, getDb(), `/api/invoices/${id}`, { headers: m.bearer, params: { id } });

const documents = {
  hidden: async (w: World, m: Member) => hiddenInvoices(w, m),
  readable: async (w: World, m: Member) => readableInvoice(w, m).id,
  read: readDocument,
};

/**
 * Advance invoices (decision 074), made once per world: the owner's (a colleague's for staff
 * limited to their own), another company's, and each member's own.
 */
const advanceCache = new WeakMap<World, Map<string, { id: string; number: string | null }>>();
async function advanceBy(w: World, company: "me" | "other", by: string) {
  const cache = advanceCache.get(w) ?? new Map();
  advanceCache.set(w, cache);
  const key = `${company}:${by}`;
  const known = cache.get(key);
  if (known) return known;
  const db = getDb();
  const target = company === "me" ? w.me : w.other;
  const id = await createTestDraft(
    db,
    { ...target, user: { id: by } },
    { advance: true, lines: [{ ...line, description: "Аванс" }] },
  );
  const doc = await issueDocument(db, target.companyId, id);
  cache.set(key, doc);
  return doc;
}

const advances = {
  hidden: async (w: World, m: Member) => {
    const foreign = await advanceBy(w, "other", w.other.user.id);
    return m.own ? [foreign, await advanceBy(w, "me", w.me.user.id)] : [foreign];
  },
  readable: async (w: World, m: Member) =>
    (await advanceBy(w, "me", m.own ? m.userId : w.me.user.id)).id,
  read: readDocument,
};

let expenseNumber = 0;
const expense = (categoryId: string) => ({
  supplierName: "Офис Доставки ЕООД",
  supplierEik: "175074752",
  documentType: "invoice",
  documentNumber: String(1_000_000_000 + ++expenseNumber),
  documentDate: "2026-11-05",
  description: "Хартия и тонер",
  categoryId,
  amounts: [{ vatRate: 20, base: "100.00" }],
});

const REFERENCES: Reference[] = [
  {
    field: "originalId of a credit note (POST /api/invoices)",
    capability: "documents.edit",
    kind: "api",
    accepted: 201,
    ...documents,
    send: (w, m, id) =>
      call(createInvoice, getDb(), "/api/invoices", jsonBody(creditNote(w, id), "POST", m.bearer)),
  },
  {
    field: "originalId of a debit note (PUT /api/invoices/{id}, the member's draft)",
    capability: "documents.edit",
    kind: "api",
    accepted: 200,
    ...documents,
    send: (w, m, id) => {
      const draft = w.drafts.get(m.label)!;
      return call(putInvoice, getDb(), `/api/invoices/${draft}`, {
        ...jsonBody({ ...creditNote(w, id), type: "debit_note" }, "PUT", m.bearer),
        params: { id: draft },
      });
    },
  },
  {
    field: "originalId of a credit note (the editor's form, /invoice/new)",
    capability: "documents.edit",
    kind: "form",
    accepted: 302,
    ...documents,
    send: (w, m, id) =>
      call(
        newDocumentPage,
        getDb(),
        "/invoice/new",
        formBody(
          {
            intent: "save",
            type: "credit_note",
            clientId: w.me.clientId,
            issueDate: "2026-11-24",
            originalId: id,
            reason: "Отстъпка",
            "lines[0][description]": "Корекция",
            "lines[0][quantity]": "1",
            "lines[0][unitPrice]": "10",
            "lines[0][vatRate]": "20",
          },
          { Cookie: m.cookie },
        ),
      ),
  },
  {
    field: "advanceDeductions[].advanceId of an invoice (POST /api/invoices)",
    capability: "documents.edit",
    kind: "api",
    accepted: 201,
    ...advances,
    send: (w, m, id) =>
      call(
        createInvoice,
        getDb(),
        "/api/invoices",
        jsonBody(
          {
            type: "invoice",
            clientId: w.me.clientId,
            issueDate: "2026-11-24",
            currency: "EUR",
            lines: [line],
            advanceDeductions: [{ advanceId: id }],
          },
          "POST",
          m.bearer,
        ),
      ),
  },
  {
    field: "«Приспадни аванс» of an invoice (the editor's form, /invoice/new)",
    capability: "documents.edit",
    kind: "form",
    accepted: 302,
    ...advances,
    send: (w, m, id) =>
      call(
        newDocumentPage,
        getDb(),
        "/invoice/new",
        formBody(
          {
            intent: "save",
            type: "invoice",
            clientId: w.me.clientId,
            issueDate: "2026-11-24",
            "advanceDeductions[0][advanceId]": id,
            "advanceDeductions[0][amount]": "",
            "lines[0][description]": "Доставка",
            "lines[0][quantity]": "1",
            "lines[0][unitPrice]": "100",
            "lines[0][vatRate]": "20",
          },
          { Cookie: m.cookie },
        ),
      ),
  },
  {
    field: "clientId of a draft (POST /api/invoices)",
    capability: "documents.edit",
    kind: "api",
    accepted: 201,
    hidden: async (w) => [{ id: w.other.clientId }],
    readable: async (w) => w.me.clientId,
    send: (_w, m, id) =>
      call(
        createInvoice,
        getDb(),
        "/api/invoices",
        jsonBody(
          {
            type: "invoice",
            clientId: id,
            issueDate: "2026-11-24",
            currency: "EUR",
            lines: [line],
          },
          "POST",
          m.bearer,
        ),
      ),
  },
  {
    field: "a catalogue item added to a draft (the editor's «Добави», /invoice/new)",
    capability: "documents.edit",
    kind: "form",
    accepted: 200,
    hidden: async (w) => [{ id: w.foreignItem }],
    readable: async (w) => w.myItem,
    send: (w, m, id) =>
      call(
        newDocumentPage,
        getDb(),
        "/invoice/new",
        formBody(
          {
            intent: `addCatalogue:${id}`,
            type: "invoice",
            clientId: w.me.clientId,
            issueDate: "2026-11-24",
            "lines[0][description]": "",
          },
          { Cookie: m.cookie },
        ),
      ),
  },
  {
    field: "catalogueItemId of a draft's line (POST /api/invoices)",
    capability: "documents.edit",
    kind: "api",
    accepted: 201,
    hidden: async (w) => [{ id: w.foreignItem }],
    readable: async (w) => w.myItem,
    send: (w, m, id) =>
      call(
        createInvoice,
        getDb(),
        "/api/invoices",
        jsonBody(
          {
            type: "invoice",
            clientId: w.me.clientId,
            issueDate: "2026-11-24",
            currency: "EUR",
            lines: [{ ...line, catalogueItemId: id }],
          },
          "POST",
          m.bearer,
        ),
      ),
  },
  {
    field: "a line's catalogue item saved with a draft (the editor's hidden field, /invoice/new)",
    capability: "documents.edit",
    kind: "form",
    accepted: 302,
    hidden: async (w) => [{ id: w.foreignItem }],
    readable: async (w) => w.myItem,
    send: (w, m, id) =>
      call(
        newDocumentPage,
        getDb(),
        "/invoice/new",
        formBody(
          {
            intent: "save",
            type: "invoice",
            clientId: w.me.clientId,
            issueDate: "2026-11-24",
            "lines[0][description]": "Консултация",
            "lines[0][quantity]": "1",
            "lines[0][unitPrice]": "80,50",
            "lines[0][vatRate]": "20",
            "lines[0][catalogueItemId]": id,
          },
          { Cookie: m.cookie },
        ),
      ),
  },
  {
    field: "the invoice a recurring invoice is made from (/invoices/recurring/new?from=)",
    capability: "documents.edit",
    kind: "form",
    accepted: 302,
    ...documents,
    send: (_w, m, id) =>
      call(
        recurringPage,
        getDb(),
        `/invoices/recurring/new?from=${id}`,
        formBody(
          {
            intent: "create",
            name: "Абонамент",
            frequency: "monthly",
            dayOfMonth: "20",
            startOn: "2026-12-20",
            mode: "draft",
          },
          { Cookie: m.cookie },
        ),
      ),
  },
  {
    field: "the document of a payment (POST /api/invoices/{id}/payments)",
    capability: "documents.edit",
    kind: "api",
    accepted: 201,
    ...documents,
    send: (_w, m, id) =>
      call(paymentsApi, getDb(), `/api/invoices/${id}/payments`, {
        ...jsonBody({ paidOn: "2026-11-25", amount: "1.00", method: "bank" }, "POST", m.bearer),
        params: { id },
      }),
  },
  {
    field: "the document copied (POST /api/invoices/{id}/duplicate)",
    capability: "documents.edit",
    kind: "api",
    accepted: 201,
    ...documents,
    send: (_w, m, id) =>
      call(duplicateApi, getDb(), `/api/invoices/${id}/duplicate`, {
        ...jsonBody({}, "POST", m.bearer),
        params: { id },
      }),
  },
  {
    field: "documentIds of a bank match (POST /api/bank/transactions/{id}/match)",
    capability: "bank.edit",
    kind: "api",
    accepted: 200,
    ...documents,
    send: async (w, m, id) => {
      const tx = await w.movement("credit", 100);
      return call(matchApi, getDb(), `/api/bank/transactions/${tx}/match`, {
        ...jsonBody({ documentIds: [id] }, "POST", m.bearer),
        params: { id: tx },
      });
    },
  },
  {
    field: "expenseId of a bank match (POST /api/bank/transactions/{id}/match)",
    capability: "bank.edit",
    kind: "api",
    accepted: 200,
    hidden: async (w) => [{ id: w.foreignExpense.id }],
    // An unpaid expense of 120,00 per match (a paid one is refused with 409).
    readable: async (w) => (await createTestExpense(getDb(), w.me.companyId)).id,
    read: (_w, m, id) =>
      call(readExpense, getDb(), `/api/expenses/${id}`, { headers: m.bearer, params: { id } }),
    send: async (w, m, id) => {
      const tx = await w.movement("debit", 12_000);
      return call(matchApi, getDb(), `/api/bank/transactions/${tx}/match`, {
        ...jsonBody({ expenseId: id }, "POST", m.bearer),
        params: { id: tx },
      });
    },
  },
  {
    field: "ruleId of a bank match (POST /api/bank/transactions/{id}/match)",
    capability: "bank.edit",
    kind: "api",
    accepted: 200,
    hidden: async (w) => [{ id: w.foreignRule }],
    readable: async (w) => w.myRule,
    send: async (w, m, id) => {
      const tx = await w.movement("debit", 1_200);
      return call(matchApi, getDb(), `/api/bank/transactions/${tx}/match`, {
        ...jsonBody({ ruleId: id }, "POST", m.bearer),
        params: { id: tx },
      });
    },
  },
  {
    field: "categoryId of a bank rule (the form of /bank/rules)",
    capability: "bank.edit",
    kind: "form",
    accepted: 302,
    hidden: async (w) => [{ id: w.foreignCategory }],
    readable: async (w) => w.myCategory,
    send: (_w, m, id) =>
      call(
        rulesPage,
        getDb(),
        "/bank/rules",
        formBody(
          {
            intent: "add",
            reasonContains: "наем",
            supplierName: "Наемодател ООД",
            categoryId: id,
            description: "Наем",
          },
          { Cookie: m.cookie },
        ),
      ),
  },
  {
    field: "categoryId of an expense (POST /api/expenses)",
    capability: "expenses.edit",
    kind: "api",
    accepted: 201,
    hidden: async (w) => [{ id: w.foreignCategory }],
    readable: async (w) => w.myCategory,
    send: (_w, m, id) =>
      call(createExpense, getDb(), "/api/expenses", jsonBody(expense(id), "POST", m.bearer)),
  },
  {
    field: "employeeId of a salary (POST /api/salaries)",
    capability: "salaries.edit",
    kind: "api",
    accepted: 201,
    hidden: async (w) => [{ id: w.foreignEmployee }],
    readable: async (w) => w.myEmployee,
    read: (_w, m, id) =>
      call(readEmployee, getDb(), `/api/employees/${id}`, { headers: m.bearer, params: { id } }),
    send: (_w, m, id) =>
      call(
        salariesApi,
        getDb(),
        "/api/salaries",
        // A month per member: one salary per employee and month.
        jsonBody({ employeeId: id, month: `2026-0${m.index + 2}` }, "POST", m.bearer),
      ),
  },
];

/** What a role is answered for a row: accepted or not found where it may write, else refused. */
function expected(ref: Reference, role: MemberRole, readable: boolean): number {
  if (!can({ companyRole: role }, ref.capability)) return ref.kind === "form" ? 302 : 403;
  return readable ? ref.accepted : 404;
}

/** A form's redirect says where it went: the saved document, or /dashboard for a refused role. */
async function outcome(response: Response): Promise<string> {
  if (response.status === 400) return `400 ${await response.clone().text()}`;
  if (response.status !== 302) return String(response.status);
  return `302 ${response.headers.get("Location")?.startsWith("/dashboard") ? "/dashboard" : "saved"}`;
}

function expectedOutcome(ref: Reference, role: MemberRole, readable: boolean): string {
  const status = expected(ref, role, readable);
  if (status !== 302) return String(status);
  return can({ companyRole: role }, ref.capability) ? "302 saved" : "302 /dashboard";
}

/** The companies' documents, payments, matches, salaries and expenses: what a refusal must not add. */
async function written(db: Kysely<Database>, companyIds: string[]) {
  const count = async (
    table:
      | "documents"
      | "documentPayments"
      | "bankMatches"
      | "bankRules"
      | "salaries"
      | "expenses"
      | "recurringInvoices",
  ) => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("companyId", "in", companyIds)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    documents: await count("documents"),
    payments: await count("documentPayments"),
    matches: await count("bankMatches"),
    salaries: await count("salaries"),
    expenses: await count("expenses"),
    rules: await count("bankRules"),
    recurring: await count("recurringInvoices"),
  };
}

async function dueOf(db: Kysely<Database>, ids: string[]) {
  const rows = await db
    .selectFrom("documents")
    .select(["id", "dueCents", "paidCents"])
    .where("id", "in", ids)
    .orderBy("id")
    .execute();
  return rows;
}

describe("a reference answers as reading the row does (issue #43 item 2)", () => {
  for (const ref of REFERENCES) {
    it(ref.field, async () => {
      const db = getDb();
      const w = await world(db);
      const companies = [w.me.companyId, w.other.companyId];
      const got: string[] = [];
      const want: string[] = [];
      for (const m of w.members) {
        for (const row of await ref.hidden(w, m)) {
          const label = `${m.label}: a row it cannot read`;
          if (ref.read) {
            // Reading it is 404 (or the role's refusal of the section)…
            const read = await ref.read(w, m, row.id);
            expect([label, "read", read.status]).toEqual([
              label,
              "read",
              read.status === 403 ? 403 : 404,
            ]);
          }
          // …and naming it is answered the same: nothing written, nothing of it told.
          const before = await written(db, companies);
          const dues = await dueOf(db, [w.colleagues.id, w.foreign.id]);
          const response = await ref.send(w, m, row.id);
          got.push(`${label}: ${await outcome(response)}`);
          want.push(`${label}: ${expectedOutcome(ref, m.role, false)}`);
          const text = await response.text();
          if (row.number) expect(text, label).not.toContain(row.number);
          expect(await written(db, companies), label).toEqual(before);
          expect(await dueOf(db, [w.colleagues.id, w.foreign.id]), label).toEqual(dues);
        }
        const id = await ref.readable(w, m);
        const response = await ref.send(w, m, id);
        got.push(`${m.label}: a row it reads: ${await outcome(response)}`);
        want.push(`${m.label}: a row it reads: ${expectedOutcome(ref, m.role, true)}`);
      }
      expect(got).toEqual(want);
    });
  }

  it("a note saved before its author was limited is not issued against another's invoice", async () => {
    const db = getDb();
    const w = await world(db);
    const limited = w.members.find((m) => m.own)!;
    const owner = w.members.find((m) => m.role === "owner")!;
    // Saved while the staff member still read every document: it names the owner's invoice.
    const note = await createTestDraft(
      db,
      { ...w.me, user: { id: limited.userId } },
      { ...creditNote(w, w.colleagues.id), lines: [{ ...line, unitPrice: "10.00" }] },
    );
    const dues = await dueOf(db, [w.colleagues.id]);
    const api = await call(issueApi, db, `/api/invoices/${note}/issue`, {
      ...jsonBody({}, "POST", limited.bearer),
      params: { id: note },
    });
    expect(api.status).toBe(404);
    const answer = await api.text();
    expect(answer).toContain("Документът не е намерен");
    expect(answer).not.toContain(w.colleagues.number!);
    const page = await call(documentPage, db, `/invoice/${note}`, {
      ...formBody({ intent: "issue", confirm: "yes" }, { Cookie: limited.cookie }),
      params: { id: note },
    });
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain(w.colleagues.number!);
    expect(await dueOf(db, [w.colleagues.id])).toEqual(dues);
    const draft = await readDocument(w, limited, note);
    expect(await draft.json()).toMatchObject({ status: "draft", number: null });
    // The owner reads both: the same note is issued and settles the invoice.
    await postApi(issueApi, db, `/api/invoices/${note}/issue`, {}, owner.bearer, 200, { id: note });
    expect(await dueOf(db, [w.colleagues.id])).not.toEqual(dues);
  });
});
