import path from "node:path";
import * as build from "@remix-run/dev/server-build";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { openApiDocument } from "~/modules/api/openapi";
import { importStatement } from "~/modules/bank/import.server";
import { createCatalogueItem } from "~/modules/catalogue/queries.server";
import { catalogueItemSchema } from "~/modules/catalogue/schema";
import { issueDocument } from "~/modules/invoices/documents.server";
import { createOffer } from "~/modules/offers/queries.server";
import { offerSchema } from "~/modules/offers/schema";
import { createPortalLink } from "~/modules/portal/links.server";
import { addDays, todayInSofia } from "~/utils/dates";
import { guard } from "~/utils/route-guard.server";
import { ROUTES, routeFile } from "../setup/api-routes";
import { writeMt940 } from "../setup/bank-statements";
import {
  createCompanyOnPlan,
  createTestDraft,
  createTestExpense,
  createTestSalary,
  createUser,
  TINY_PNG,
  validEik,
} from "../setup/factories";
import { call, jsonBody, signInApi } from "../setup/routes";
import { colleagueAndInvitation } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The OpenAPI document against the real answers (issue #44 item 3): on a seeded company every
 * documented GET and the main writes are called with real ids, and each answer must be a status
 * the document lists for that call, with a body its schema for that status accepts. A documented
 * call that this test does not make fails it (NOT_CALLED names the few left out, and why).
 */

const getDb = setupTestDatabase();
const doc = structuredClone(openApiDocument(build.routes)) as unknown as {
  paths: Record<string, Record<string, Operation>>;
  components: unknown;
};
interface Operation {
  requestBody?: { content?: Record<string, { schema?: object }> };
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
type Method = "get" | "post" | "put" | "delete";

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<object, ValidateFunction>();
/** A validator of one schema of the document; its $refs reach the document's components. */
function validatorOf(schema: object): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile({ ...schema, components: doc.components });
    validators.set(schema, validate);
  }
  return validate;
}

/** Documented calls this test does not make, and why. */
const NOT_CALLED: Record<string, string> = {
  "get /api/vies/{vatNumber}": "asks the EU's VIES service over the network",
  "post /api/expenses/{id}/attachments": "multipart: a receipt's bytes",
  "post /api/expenses/{id}/protocols":
    "needs an expense from a foreign supplier (tests/integration/vat-protocols.test.ts)",
  "get /api/expenses/{id}/protocols/{protocolId}":
    "needs an issued protocol (tests/integration/vat-protocols.test.ts)",
  "delete /api/expenses/{id}/protocols/{protocolId}":
    "needs an issued protocol (tests/integration/vat-protocols.test.ts)",
  "post /api/expenses/{id}/protocols/{protocolId}":
    "needs a protocol of a locked month (tests/integration/vat-protocols.test.ts)",
  "post /api/bank/statements": "multipart: a statement file",
  "post /api/expenses/import-ubl": "a UBL file (tests/integration/einvoice*.test.ts)",
  "post /api/team/invitations/accept": "the invitation's token is only in its e-mail",
  "post /api/admin/customers/direct": "a Stripe customer's token (admin-customers.test.ts)",
  "put /api/settings/payroll": "changes the whole company's payroll (payroll-ready.test.ts)",
  "delete /api/employees/{id}": "refused while the employee has salaries (409, documented)",
};

type Fixtures = Awaited<ReturnType<typeof seed>>["fixtures"];

/** The calls made, in order: the writes first, then every GET, on the fixtures' ids. */
function calls(f: Fixtures): {
  method: Method;
  path: string;
  params?: Record<string, string>;
  body?: unknown;
  query?: string;
  admin?: boolean;
  /** The status expected when not a success: a new company's payroll files wait for its data. */
  status?: number;
}[] {
  const month = { month: "2026-11" };
  const line = { description: "Услуга", quantity: "2", unitPrice: "45.50", vatRate: 20 };
  const document = {
    type: "invoice",
    clientId: f.clientId,
    issueDate: "2026-11-20",
    lines: [line],
  };
  const offer = {
    clientId: f.clientId,
    issueDate: todayInSofia(),
    validUntil: addDays(todayInSofia(), 14),
    lines: [line],
  };
  const expense = {
    supplierName: "Доставчик АД",
    supplierEik: "175074752",
    documentType: "invoice",
    documentNumber: "0000000777",
    documentDate: "2026-11-10",
    description: "Канцеларски материали",
    categoryId: f.categoryId,
    amounts: [{ vatRate: 20, base: "100.00", vat: "20.00" }],
  };
  return [
    {
      method: "post",
      path: "/api/clients",
      body: {
        kind: "company",
        name: "Договор ООД",
        eik: validEik(),
        address: "ул. Шипка 5",
        city: "София",
      },
    },
    { method: "post", path: "/api/invoices", body: document },
    { method: "put", path: "/api/invoices/{id}", params: { id: f.draftId }, body: document },
    { method: "post", path: "/api/invoices/{id}/issue", params: { id: f.draftId } },
    {
      method: "post",
      path: "/api/invoices/{id}/payments",
      params: { id: f.issuedId },
      body: { paidOn: "2026-11-21", amount: "10.00", method: "bank" },
    },
    { method: "post", path: "/api/invoices/{id}/duplicate", params: { id: f.issuedId } },
    {
      method: "post",
      path: "/api/invoices/{id}/send",
      params: { id: f.issuedId },
      body: { to: "klient@example.bg", message: "Благодарим!", copyToMe: true },
    },
    {
      method: "post",
      path: "/api/invoices/{id}/cancel",
      params: { id: f.cancelledId },
      body: { reason: "Грешка" },
    },
    { method: "delete", path: "/api/invoices/{id}", params: { id: f.deletableId } },
    // Offers (issue #48 item 5, decision 077): made, changed, answered, converted once.
    { method: "post", path: "/api/offers", body: offer },
    { method: "put", path: "/api/offers/{id}", params: { id: f.offerId }, body: offer },
    {
      method: "post",
      path: "/api/offers/{id}/send",
      params: { id: f.offerId },
      body: { to: "klient@example.bg", message: "Здравейте" },
    },
    {
      method: "post",
      path: "/api/offers/{id}/convert",
      params: { id: f.offerId },
      body: { type: "proforma" },
    },
    { method: "post", path: "/api/offers/{id}/convert", params: { id: f.offerId }, status: 409 },
    { method: "post", path: "/api/offers/{id}/decline", params: { id: f.declinedOfferId } },
    { method: "post", path: "/api/offers/{id}/withdraw", params: { id: f.withdrawnOfferId } },
    { method: "get", path: "/api/offers", query: "status=accepted" },
    { method: "get", path: "/api/offers/{id}", params: { id: f.offerId } },
    { method: "get", path: "/api/offers/{id}/pdf", params: { id: f.offerId } },
    { method: "post", path: "/api/expenses", body: expense },
    {
      method: "put",
      path: "/api/expenses/{id}",
      params: { id: f.expenseId },
      body: { ...expense, confirmDuplicate: true },
    },
    { method: "post", path: "/api/expense-categories", body: { name: "Договорна категория" } },
    {
      method: "post",
      path: "/api/ledger/entries",
      body: {
        entryDate: "2026-11-02",
        description: "Внесен капитал",
        documentRef: "Протокол № 1",
        lines: [
          { account: "503", debit: "5000.00" },
          { account: "101", credit: "5000.00" },
        ],
      },
    },
    {
      method: "post",
      path: "/api/ledger/rules",
      body: { key: "revenue", account: "702", validFrom: "2026-11-15" },
    },
    {
      method: "post",
      path: "/api/catalogue",
      body: { name: "Одит", unitPrice: "120", vatRate: 20 },
    },
    {
      method: "put",
      path: "/api/catalogue/{id}",
      params: { id: f.catalogueItemId },
      body: { name: "Консултация", unitPrice: "90", vatRate: 20 },
    },
    {
      method: "post",
      path: "/api/employees",
      body: {
        name: "Петър Петров",
        idNumber: "8801011235",
        position: "Счетоводител",
        contractType: "labour",
        startDate: "2026-01-05",
        gross: "2000",
      },
    },
    {
      method: "post",
      path: "/api/salaries",
      body: { employeeId: f.employeeId, month: "2026-12", gross: "2000", workingDays: 22 },
    },
    {
      method: "put",
      path: "/api/salaries/{id}",
      params: { id: f.salaryId },
      body: { employeeId: f.employeeId, month: "2026-11", gross: "2100", workingDays: 21 },
    },
    {
      method: "put",
      path: "/api/employees/{id}",
      params: { id: f.employeeId },
      body: {
        name: "Мария Петрова",
        idNumber: "8501011234",
        position: "Главен счетоводител",
        contractType: "labour",
        startDate: "2026-01-05",
        gross: "2100",
      },
    },
    { method: "post", path: "/api/salaries/copy-previous", body: { month: "2027-01" } },
    {
      method: "post",
      path: "/api/team/invitations",
      body: { email: "nov@example.bg", role: "accountant" },
    },
    { method: "post", path: "/api/export" },
    { method: "get", path: "/api/clients" },
    {
      method: "get",
      path: "/api/clients/{id}/statement",
      params: { id: f.clientId },
      query: "from=2026-01-01&to=2026-12-31",
    },
    { method: "get", path: "/api/invoices" },
    { method: "get", path: "/api/invoices/{id}", params: { id: f.issuedId } },
    { method: "get", path: "/api/invoices/{id}/pdf", params: { id: f.issuedId } },
    {
      method: "get",
      path: "/api/invoices/{id}/delivery/{kind}",
      params: { id: f.issuedId, kind: "receipt" },
    },
    { method: "get", path: "/api/invoices/{id}/ubl", params: { id: f.issuedId } },
    { method: "get", path: "/api/dashboard" },
    { method: "get", path: "/api/expenses" },
    { method: "get", path: "/api/expenses/{id}", params: { id: f.expenseId } },
    { method: "get", path: "/api/expenses/{id}/attachments", params: { id: f.expenseId } },
    { method: "get", path: "/api/expenses/{id}/protocols", params: { id: f.expenseId } },
    {
      method: "get",
      path: "/api/expenses/{id}/attachments/{attachmentId}",
      params: { id: f.expenseId, attachmentId: f.attachmentId },
    },
    { method: "get", path: "/api/expense-categories" },
    { method: "get", path: "/api/suppliers" },
    { method: "get", path: "/api/salaries/month/{month}/declarations", params: month, status: 409 },
    {
      method: "get",
      path: "/api/salaries/month/{month}/declarations/{form}",
      params: { ...month, form: "1" },
      status: 409,
    },
    { method: "get", path: "/api/salaries/month/{month}", params: month },
    { method: "get", path: "/api/salaries/check-duplicate-prompt", query: "month=2026-11" },
    { method: "get", path: "/api/salaries/banner-dismissal/{month}", params: month },
    { method: "post", path: "/api/salaries/banner-dismissal/{month}", params: month },
    { method: "get", path: "/api/salaries", query: "month=2026-11" },
    { method: "get", path: "/api/salaries/{id}", params: { id: f.salaryId } },
    { method: "get", path: "/api/employees" },
    { method: "get", path: "/api/employees/{id}", params: { id: f.employeeId } },
    { method: "get", path: "/api/settings/payroll" },
    { method: "get", path: "/api/salaries/month/{month}/payments", params: month, status: 409 },
    { method: "get", path: "/api/analytics/summary" },
    { method: "get", path: "/api/catalogue" },
    { method: "get", path: "/api/catalogue/{id}", params: { id: f.catalogueItemId } },
    { method: "get", path: "/api/admin/auth-check", admin: true },
    { method: "get", path: "/api/admin/settings/email-logo", admin: true },
    { method: "get", path: "/api/reports/vat/{month}", params: month },
    { method: "get", path: "/api/ledger/accounts" },
    {
      method: "get",
      path: "/api/ledger/entries",
      query: "from=2026-11-01&to=2026-11-30&account=411",
    },
    { method: "get", path: "/api/ledger/trial-balance", query: "from=2026-01-01&to=2026-12-31" },
    {
      method: "get",
      path: "/api/ledger/trial-balance",
      query: "from=2026-01-01&to=2026-12-31&analytics=true",
    },
    { method: "get", path: "/api/ledger/rules" },
    {
      method: "post",
      path: "/api/ledger/opening-balances",
      body: {
        date: "2026-01-01",
        lines: [
          { account: "503", debit: "100.00" },
          { account: "101", credit: "100.00" },
        ],
      },
    },
    { method: "get", path: "/api/ledger/opening-balances" },
    // October's expense (seed) is its VAT credit: settled for refund, then reversed.
    { method: "post", path: "/api/ledger/vat-settlement/{month}", params: { month: "2026-10" } },
    { method: "delete", path: "/api/ledger/vat-settlement/{month}", params: { month: "2026-10" } },
    { method: "get", path: "/api/reports/vat/{month}/files", params: month, status: 409 },
    // SAF-T (decision 063): the month's file, and a month before the euro's schema.
    { method: "get", path: "/api/saft/{month}", params: month },
    { method: "get", path: "/api/saft/{month}", params: { month: "2025-12" }, status: 400 },
    { method: "get", path: "/api/team/members" },
    { method: "get", path: "/api/team/invitations" },
    { method: "get", path: "/api/companies" },
    { method: "get", path: "/api/audit" },
    { method: "get", path: "/api/export" },
    { method: "get", path: "/api/export/{id}", params: { id: "exportId" } },
    { method: "get", path: "/api/export/{id}/download", params: { id: "exportId" } },
    { method: "get", path: "/api/bank/statements" },
    { method: "get", path: "/api/bank/transactions" },
    {
      method: "post",
      path: "/api/bank/transactions/{id}/match",
      params: { id: f.bankTransactionId },
      body: { documentIds: [f.issuedId] },
    },
    {
      method: "post",
      path: "/api/bank/transactions/{id}/unmatch",
      params: { id: f.bankTransactionId },
    },
    {
      method: "put",
      path: "/api/team/members/{userId}",
      params: { userId: f.memberUserId },
      body: { role: "viewer" },
    },
    { method: "delete", path: "/api/team/invitations/{id}", params: { id: f.invitationId } },
    // The client portal's links (decision 069): made, listed, revoked.
    {
      method: "post",
      path: "/api/clients/{id}/portal-links",
      params: { id: f.clientId },
      body: { days: 30 },
    },
    { method: "get", path: "/api/clients/{id}/portal-links", params: { id: f.clientId } },
    {
      method: "delete",
      path: "/api/clients/{id}/portal-links/{linkId}",
      params: { id: f.clientId, linkId: f.portalLinkId },
    },
    { method: "delete", path: "/api/team/members/{userId}", params: { userId: f.memberUserId } },
    {
      method: "delete",
      path: "/api/expenses/{id}/attachments/{attachmentId}",
      params: { id: f.expenseId, attachmentId: f.attachmentId },
    },
    { method: "delete", path: "/api/salaries/{id}", params: { id: f.salaryId } },
    { method: "put", path: "/api/companies/active", body: { companyId: f.companyId } },
    { method: "delete", path: "/api/catalogue/{id}", params: { id: f.catalogueItemId } },
    { method: "delete", path: "/api/expenses/{id}", params: { id: f.expenseId } },
    // Last: a locked month refuses the writes above (decision 058).
    { method: "post", path: "/api/periods/{month}/lock", params: { month: "2026-10" } },
    { method: "get", path: "/api/periods" },
    {
      method: "post",
      path: "/api/periods/{month}/unlock",
      params: { month: "2026-10" },
      body: { reason: "Корекция на разход" },
    },
  ];
}

async function seed() {
  const db = getDb();
  const me = await createCompanyOnPlan(db, "full");
  const draft = () =>
    createTestDraft(db, me, {
      lines: [{ description: "Услуга", quantity: "1", unitPrice: "100", vatRate: 20 }],
    });
  const issuedId = await draft();
  await issueDocument(db, me.companyId, issuedId);
  const cancelledId = await draft();
  await issueDocument(db, me.companyId, cancelledId);
  const expense = await createTestExpense(db, me.companyId, {}, [
    { fileName: "бон.png", declaredType: "image/png", bytes: TINY_PNG, type: "image/png" },
  ]);
  const attachment = await db
    .selectFrom("expenseAttachments")
    .select("id")
    .where("expenseId", "=", expense.id)
    .executeTakeFirstOrThrow();
  await createTestExpense(db, me.companyId, { documentDate: "2026-10-10" });
  const { employeeId, salaryId } = await createTestSalary(db, me.companyId, "2026-11");
  const { colleague, invitationId } = await colleagueAndInvitation(db, me.companyId, "contract");
  const number = (
    await db
      .selectFrom("documents")
      .select("number")
      .where("id", "=", issuedId)
      .executeTakeFirstOrThrow()
  ).number;
  const actor = {
    user: { ...me.user, companyId: me.companyId, companyRole: "owner" } as never,
    context: { db, clientIp: "127.0.0.1" },
  };
  const statement = writeMt940({
    iban: "BG80BNBG96611020345678",
    openingDay: "2026-11-01",
    movements: [
      {
        day: "2026-11-20",
        direction: "credit",
        cents: 1000,
        reason: `Ф-РА ${number}`,
        reference: "C1",
      },
    ],
  });
  const imported = await importStatement(
    actor,
    { fileName: "contract.sta", bytes: new TextEncoder().encode(statement) },
    null,
  );
  const transaction = await db
    .selectFrom("bankTransactions")
    .select("id")
    .where("statementId", "=", imported.statementId as string)
    .executeTakeFirstOrThrow();
  const session = await signInApi(db, me.user);
  const admin = await signInApi(db, await createUser(db, { role: "admin" }));
  const offer = async () =>
    (
      await createOffer(
        db,
        me.companyId,
        {
          id: me.user.id,
          email: null,
          name: "Договор",
          role: null,
          impersonatorEmail: null,
          ip: null,
        },
        offerSchema.parse({
          clientId: me.clientId,
          issueDate: todayInSofia(),
          validUntil: addDays(todayInSofia(), 14),
          lines: [{ description: "Услуга", quantity: "1", unitPrice: "100", vatRate: 20 }],
        }),
      )
    ).id;
  return {
    cookie: session.cookie,
    adminCookie: admin.cookie,
    fixtures: {
      companyId: me.companyId,
      clientId: me.clientId,
      issuedId,
      cancelledId,
      draftId: await draft(),
      deletableId: await draft(),
      expenseId: expense.id,
      categoryId: expense.categoryId as string,
      attachmentId: attachment.id,
      employeeId,
      salaryId,
      memberUserId: colleague.id,
      invitationId,
      bankTransactionId: transaction.id,
      portalLinkId: (
        await createPortalLink(
          db,
          me.companyId,
          me.clientId,
          addDays(todayInSofia(), 30),
          me.user.id,
        )
      ).link.id,
      catalogueItemId: (
        await createCatalogueItem(
          db,
          me.companyId,
          catalogueItemSchema.parse({ name: "Консултация", unitPrice: "80", vatRate: 20 }),
        )
      ).id,
      exportId: "",
      offerId: await offer(),
      declinedOfferId: await offer(),
      withdrawnOfferId: await offer(),
    },
  };
}

/** What is wrong with an answer by the document: its status is not listed, or its body does not fit. */
function mismatch(method: Method, template: string, status: number, type: string, text: string) {
  const operation = doc.paths[template]?.[method];
  if (!operation) return `${method.toUpperCase()} ${template} is not documented`;
  const answer = operation.responses[String(status)];
  const where = `${method.toUpperCase()} ${template} → ${status}`;
  if (!answer) return `${where} is not listed (${text.slice(0, 200)})`;
  const json = answer.content?.["application/json"]?.schema;
  if (json) {
    if (!type.includes("json")) return `${where}: ${type}, not JSON`;
    const validate = validatorOf(json);
    if (!validate(JSON.parse(text)))
      return `${where}: ${ajv.errorsText(validate.errors, { separator: "; " }).slice(0, 600)}`;
  } else if (answer.content) {
    const listed = Object.keys(answer.content);
    if (!listed.some((media) => type.startsWith(media)))
      return `${where}: ${type}, not ${listed.join(" or ")}`;
  }
  return null;
}

describe("the OpenAPI document against the real answers", () => {
  let seeded: Awaited<ReturnType<typeof seed>>;
  beforeEach(async () => {
    seeded = await seed();
  });

  it("lists the status of every answer, and each JSON body fits the schema of its status", {
    timeout: 120_000,
  }, async () => {
    const silence = vi.spyOn(console, "error").mockImplementation(() => {});
    const problems: string[] = [];
    const made = new Set<string>();
    const { fixtures } = seeded;
    try {
      for (const entry of calls(fixtures)) {
        // An id made by an earlier call is named by its fixture ("exportId") and read now.
        const params = Object.fromEntries(
          Object.entries(entry.params ?? {}).map(([key, value]) => [
            key,
            (fixtures as Record<string, string>)[value] ?? value,
          ]),
        );
        let url = entry.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? "");
        if (entry.query) url += `?${entry.query}`;
        const file = routeFile(entry.path);
        if (!file) {
          problems.push(`${entry.path}: no route module`);
          continue;
        }
        const module = (await import(/* @vite-ignore */ path.join(ROUTES, file))) as Record<
          string,
          never
        >;
        const handler = entry.method === "get" ? module.loader : module.action;
        if (!handler) {
          problems.push(`${entry.path}: no ${entry.method === "get" ? "loader" : "action"}`);
          continue;
        }
        const cookie = entry.admin ? seeded.adminCookie : seeded.cookie;
        const init =
          entry.method === "get"
            ? { headers: { Cookie: cookie } }
            : jsonBody(entry.body ?? {}, entry.method.toUpperCase(), { Cookie: cookie });
        // The body sent is one the document's request schema accepts.
        const input =
          doc.paths[entry.path]?.[entry.method]?.requestBody?.content?.["application/json"]?.schema;
        if (input && entry.body !== undefined && !validatorOf(input)(entry.body))
          problems.push(
            `${entry.method.toUpperCase()} ${entry.path}: the body sent does not fit the document: ${ajv.errorsText(validatorOf(input).errors)}`,
          );
        const response = await call(guard(handler), getDb(), url, { ...init, params });
        const text = await response.text();
        made.add(`${entry.method} ${entry.path}`);
        const wrong = mismatch(
          entry.method,
          entry.path,
          response.status,
          response.headers.get("Content-Type") ?? "",
          text,
        );
        if (wrong) problems.push(wrong);
        // Each call is made so that it succeeds: its answer on success is the one checked.
        else if (
          response.status !== (entry.status ?? response.status) ||
          (!entry.status && response.status >= 300)
        )
          problems.push(
            `${entry.method.toUpperCase()} ${url} → ${response.status}: ${text.slice(0, 200)}`,
          );
        // The export made by POST /api/export is the one its GETs read.
        if (entry.method === "post" && entry.path === "/api/export" && response.status < 300)
          fixtures.exportId = (JSON.parse(text) as { id: string }).id;
      }
    } finally {
      silence.mockRestore();
    }
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) {
        const key = `${method} ${template}`;
        if (!made.has(key) && !NOT_CALLED[key])
          problems.push(`${method.toUpperCase()} ${template} is documented but not called here`);
      }
    }
    expect(problems).toEqual([]);
  });
});
