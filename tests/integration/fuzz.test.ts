import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { importStatement } from "~/modules/bank/import.server";
import { createRule } from "~/modules/bank/rules.server";
import { createCatalogueItem } from "~/modules/catalogue/queries.server";
import { catalogueItemSchema } from "~/modules/catalogue/schema";
import { createDraft, issueDocument } from "~/modules/invoices/documents.server";
import { documentSchema } from "~/modules/invoices/schema";
import { createOffer } from "~/modules/offers/queries.server";
import { offerSchema } from "~/modules/offers/schema";
import { createPortalLink } from "~/modules/portal/links.server";
import { issueReconciliation } from "~/modules/statements/reconciliations.server";
import { addDays, todayInSofia } from "~/utils/dates";
import { guard } from "~/utils/route-guard.server";
import { writeMt940 } from "../setup/bank-statements";
import {
  createCompanyOnPlan,
  type createCompanyWithClient,
  createTestExpense,
  createTestSalary,
  createUser,
  TINY_PNG,
} from "../setup/factories";
import { documentedCalls } from "../setup/openapi-calls";
import { call, jsonBody, sessionFor } from "../setup/routes";
import { colleagueAndInvitation } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The fuzz table (issue #9, item 6): every JSON API call and every form action gets, field by
 * field, the inputs an attacker or a broken client sends — NUL, lone surrogates, right-to-left
 * marks, the longest value the server's limits let through, wrong types, huge and negative
 * numbers, impossible dates, the names of Object.prototype's keys — and whole bodies that are not
 * objects. None may answer 5xx, every API error is JSON with a Bulgarian message, and no
 * half-written row may remain (checked by the invariants after each call's batch).
 * A route module with an action (or an API loader) that is not in the table fails the last test.
 */

const getDb = setupTestDatabase();
const DOCUMENTED = documentedCalls();
/**
 * The longest field that reaches an action: production refuses a body over BODY_LIMIT (1 MB) with
 * 413 before any route runs (refuseOversizedBodies; tests/e2e/hardening.test.ts), and Node refuses
 * a request line and headers over 16 KB with 431. So a form gets a field of «ж» that fills the
 * 1 MB body (6 bytes url-encoded each), JSON one that fills it as UTF-8 (2 bytes each), and a query
 * one that fits the 16 KB line. Sending more only timed how fast the test could encode megabytes
 * that never arrive (a 6 MB form body took 0.18 s a variant, 40 % of the table's time).
 */
const LONGEST = Symbol("the longest value the limits let through");
const LONGEST_FOR = {
  form: "ж".repeat(170_000),
  json: "ж".repeat(520_000),
  query: "ж".repeat(2_200),
  none: "",
} as const;
const NASTY: unknown[] = [
  "\u0000",
  "а\u0000б",
  "\ud800",
  "x\udc00",
  "\u202eабв\u202c",
  "\u200f‏שלום",
  LONGEST,
  "",
  " ",
  123,
  -1,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  "99999999999999999999999999",
  "-99999999999999999999",
  "1e309",
  "NaN",
  true,
  null,
  [],
  { nested: { deeper: ["x"] } },
  "0000-00-00",
  "0000-01-01",
  "2026-02-30",
  "275760-09-13",
  "-001-01-01",
  "2026-13-01",
  "9999-12-31",
  "'; drop table documents; --",
  "<script>alert(1)</script>",
  "=cmd|' /C calc'!A0",
];
/*
 * CI runs this table on both databases (issue #44 item 1: once per database only where the
 * database decides the answer). Every value and body runs on the embedded default (the README's
 * `npm test`); on PostgreSQL only the values a schema lets through to SQL, where the database
 * decides what happens: the longest text, numbers and dates at and past a column's range, the
 * empty and blank strings, direction marks and SQL-looking text. Types, NUL, lone surrogates,
 * prototype keys and whole bodies are refused by the same code before any query, whichever
 * database is behind it.
 */
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const DATABASE_DECIDES: unknown[] = [
  LONGEST,
  "",
  " ",
  "\u202eабв\u202c",
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  "99999999999999999999999999",
  "-99999999999999999999",
  "0000-01-01",
  "275760-09-13",
  "-001-01-01",
  "9999-12-31",
  "'; drop table documents; --",
];
const WHOLE_BODIES = [
  "[]",
  "null",
  "42",
  '"text"',
  "{",
  "\u0000",
  JSON.stringify({ a: LONGEST_FOR.json }),
];
// Keys of Object.prototype as values: a lookup of input in a plain object finds them (issue #24).
const PROTOTYPE_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
];
// Whole bodies a page's action may get instead of its form (issue #24: 374 answered 500).
const NOT_FORMS: Variant["raw"][] = [
  { name: "JSON", type: "application/json", body: '{"intent":"save","id":"x"}' },
  { name: "text", type: "text/plain", body: "intent=save" },
  { name: "XML", type: "application/xml", body: "<?xml version='1.0'?><a/>" },
  { name: "no type", body: "intent=save" },
  { name: "multipart without a boundary", type: "multipart/form-data", body: "intent=save" },
  {
    name: "broken multipart",
    type: "multipart/form-data; boundary=fuzz",
    body: '--fuzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave',
  },
  { name: "empty multipart", type: "multipart/form-data; boundary=fuzz", body: "" },
  { name: "empty form", type: "application/x-www-form-urlencoded", body: "", form: true },
  {
    name: "form of garbage",
    type: "application/x-www-form-urlencoded",
    body: "%%%&&==%zz&\u0000",
    form: true,
  },
];
// Ids in the address that are not UUIDs (issue #24: /salaries answered 500 to them).
const NOT_UUIDS = ["1", "not-a-uuid", "00000000-0000-0000-0000-00000000000g", "' or 1=1 --", "%00"];

interface Call {
  /** The route module, under app/routes. */
  route: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The address; {id} and friends are filled from `fixtures`. */
  path: string;
  params?: Record<string, string>;
  body: "json" | "form" | "query" | "none";
  /** The fields to fuzz one at a time, with the valid-looking values of the others. */
  fields: Record<string, unknown>;
  /** Who calls: the customer (default), or an admin (the back office). */
  as?: "admin";
}

/** One request of the fuzz: the fields (or a whole body), and the address's params when changed. */
interface Variant {
  body: Record<string, unknown> | string;
  /** A whole body of its own type instead (a page's action given something that is not a form). */
  raw?: { name: string; type?: string; body: string; form?: boolean };
  params?: Record<string, string>;
  path?: string;
}

interface Fixtures {
  draftId: string;
  issuedId: string;
  proformaId: string;
  clientId: string;
  expenseId: string;
  categoryId: string;
  attachmentId: string;
  employeeId: string;
  salaryId: string;
  /** A customer of its own for the back office's forms (locking it ends only its sessions). */
  customerUserId: string;
  customerCompanyId: string;
  /** A second admin for the administrators' forms (the signed-in one stays unlocked). */
  adminId: string;
  /** An item of the customer's catalogue. */
  catalogueItemId: string;
  /** A staff member of the customer's company, and a live invitation of it (issue #29). */
  memberUserId: string;
  invitationId: string;
  /** A bank account, an imported statement, one of its movements and a debit rule (issue #30). */
  bankAccountId: string;
  statementId: string;
  bankTransactionId: string;
  bankRuleId: string;
  /** A live portal link's token of the client, and an act of reconciliation for it (#47). */
  portalToken: string;
  reconciliationId: string;
  /** An open offer of the customer's client (issue #48 item 5). */
  offerId: string;
}

/**
 * The table: the calls below, each documented call's fields read from the OpenAPI registry
 * (decision 056; a field the row does not give gets a value its schema accepts), and a row for
 * each documented call the list below does not have.
 */
function table(f: Fixtures): Call[] {
  return withDocumentedFields(listedCalls(f));
}

/** A documented call the list lacks: its ids in the address are ones no row has (it answers 404). */
const UNKNOWN_PARAM = { month: "2026-11" } as Record<string, string>;
function withDocumentedFields(rows: Call[]): Call[] {
  for (const documented of DOCUMENTED) {
    const mine = rows.filter(
      (row) =>
        row.route === documented.route &&
        row.method === documented.method &&
        row.body === documented.body,
    );
    // A documented field the row leaves out stays out of its valid body (a sample id would
    // answer 404 before the other fields reach the database) and is fuzzed on its own.
    for (const row of mine) {
      for (const field of Object.keys(documented.fields)) {
        if (!(field in row.fields)) row.fields = { ...row.fields, [field]: undefined };
      }
    }
    if (mine.length > 0) continue;
    const params: Record<string, string> = {};
    const path = documented.template.replace(/\{(\w+)\}/g, (_, name: string) => {
      params[name] = UNKNOWN_PARAM[name] ?? "00000000-0000-4000-8000-000000000000";
      return params[name];
    });
    rows.push({
      route: documented.route,
      method: documented.method,
      path,
      params,
      body: documented.body,
      fields: documented.fields,
    });
  }
  return rows;
}

/** The calls and form actions with valid-looking values for their fields. */
function listedCalls(f: Fixtures): Call[] {
  const line = {
    description: "Услуга",
    quantity: "1",
    unit: "бр.",
    unitPrice: "10",
    vatRate: "20",
    catalogueItemId: f.catalogueItemId,
  };
  const documentFields = {
    type: "invoice",
    clientId: f.clientId,
    issueDate: "2026-11-20",
    dueDate: "2026-11-30",
    currency: "EUR",
    notes: "бележка",
    lines: [line],
  };
  const offerFields = {
    clientId: f.clientId,
    issueDate: "2026-11-20",
    validUntil: "2026-12-20",
    language: "bg",
    currency: "EUR",
    becomes: "invoice",
    notes: "бележка",
    lines: [line],
  };
  const editorFields = {
    intent: "save",
    type: "invoice",
    clientId: f.clientId,
    issueDate: "2026-11-20",
    dueDate: "2026-11-30",
    currency: "EUR",
    "lines[0][description]": "Услуга",
    "lines[0][quantity]": "1",
    "lines[0][unitPrice]": "10",
    "lines[0][vatRate]": "20",
    "lines[0][catalogueItemId]": f.catalogueItemId,
  };
  const clientFields = {
    kind: "company",
    name: "Клиент Фъз ООД",
    eik: "175074752",
    address: "ул. Шипка 5",
    city: "София",
    postalCode: "1000",
    emails: "a@example.bg",
  };
  const registration = {
    username: "fuzz@example.bg",
    password: "Parola1!",
    firstName: "Иван",
    lastName: "Петров",
    companyName: "Фъз ЕООД",
    companyVat: "175074752",
    companyAddress: "ул. Шипка 5",
    companyCity: "София",
    postalCode: "1000",
    country: "България",
    companyBankAccount: "BG80BNBG96611020345678",
    companyBankName: "Банка",
    companyBankBic: "BNBGBGSD",
    isVatRegistered: false,
  };
  const id = { id: f.issuedId };
  const expenseJson = {
    supplierName: "Доставчик АД",
    supplierEik: "175074752",
    supplierVatNumber: "BG175074752",
    supplierAddress: "ул. Шипка 5",
    documentType: "invoice",
    acquisition: "goods",
    documentNumber: "0000000123",
    documentDate: "2026-11-10",
    taxEventDate: "2026-11-10",
    description: "Канцеларски материали",
    categoryId: f.categoryId,
    currency: "EUR",
    eurRate: "",
    amounts: [{ vatRate: 20, base: "100.00", vat: "20.00" }],
    vatCredit: "partial",
    vatCreditCoefficient: "0.5",
    paid: true,
    paymentMethod: "bank",
    paidOn: "2026-11-12",
    dueDate: "",
    notes: "бележка",
    confirmDuplicate: true,
  };
  const expenseForm = {
    supplierName: "Доставчик АД",
    supplierEik: "175074752",
    supplierVatNumber: "BG175074752",
    supplierAddress: "ул. Шипка 5",
    documentType: "invoice",
    acquisition: "services",
    documentNumber: "0000000124",
    documentDate: "2026-11-10",
    description: "Канцеларски материали",
    categoryId: f.categoryId,
    currency: "EUR",
    "amounts[20][base]": "100,00",
    "amounts[20][vat]": "20,00",
    "amounts[9][base]": "10",
    "amounts[none][base]": "5",
    vatCredit: "full",
    paid: "on",
    paymentMethod: "cash",
    paidOn: "2026-11-10",
    confirmDuplicate: "on",
  };
  const expense = { id: f.expenseId };
  const employeeFields = {
    name: "Мария Петрова",
    idNumber: "8501011234",
    position: "Счетоводител",
    contractType: "labour",
    startDate: "2026-01-05",
    endDate: "",
    gross: "2000,00",
    hoursPerDay: "8",
    insuredSixMonths: "yes",
    occupationCode: "24114001",
    seniorityYears: "5",
    seniorityPercent: "0,6",
    iban: "BG80BNBG96611020345678",
  };
  const salaryFields = {
    employeeId: f.employeeId,
    month: "2026-11",
    gross: "2000,00",
    workingDays: "21",
    unpaidDays: "1",
    sickDays: "2",
    sickFrom: "2026-10-29",
    bonus: "100",
    status: "draft",
    notes: "бележка",
  };
  const expenseFilters = {
    period: "month:2026-11",
    from: "2026-11-01",
    to: "2026-11-30",
    categoryId: f.categoryId,
    payment: "unpaid",
    type: "invoice",
    q: "Доставчик",
    sort: "amount_desc",
    after: "x",
  };
  return [
    {
      route: "api.login",
      method: "POST",
      path: "/api/login",
      body: "json",
      fields: { username: "a@b.bg", password: "x", recaptchaToken: "t" },
    },
    {
      route: "api.register",
      method: "POST",
      path: "/api/register",
      body: "json",
      fields: registration,
    },
    { route: "api.logout", method: "POST", path: "/api/logout", body: "json", fields: {} },
    {
      route: "api.profile",
      method: "PUT",
      path: "/api/profile",
      body: "json",
      fields: { ...registration, username: undefined },
    },
    {
      route: "api.change-password",
      method: "POST",
      path: "/api/change-password",
      body: "json",
      fields: { currentPassword: "x", password: "Parola2!", confirmPassword: "Parola2!" },
    },
    {
      route: "api.check-email",
      method: "POST",
      path: "/api/check-email",
      body: "json",
      fields: { email: "a@b.bg" },
    },
    {
      route: "api.validation.check-company-name",
      method: "POST",
      path: "/api/validation/check-company-name",
      body: "json",
      fields: { companyName: "Фирма" },
    },
    {
      route: "api.validation.check-eik",
      method: "POST",
      path: "/api/validation/check-eik",
      body: "json",
      fields: { eik: "175074752" },
    },
    {
      route: "api.feedback",
      method: "POST",
      path: "/api/feedback",
      body: "json",
      fields: {
        type: "feedback",
        category: "other",
        message: "Здравейте",
        recaptchaToken: "t",
        fileContent: "aGVsbG8=",
        fileName: "a.png",
      },
    },
    {
      route: "api.account.cancel-deletion",
      method: "POST",
      path: "/api/account/cancel-deletion",
      body: "json",
      fields: {},
    },
    {
      route: "api.clients",
      method: "POST",
      path: "/api/clients",
      body: "json",
      fields: clientFields,
    },
    {
      route: "api.clients",
      method: "GET",
      path: "/api/clients",
      body: "query",
      fields: { q: "а", after: "x" },
    },
    {
      route: "api.invoices",
      method: "POST",
      path: "/api/invoices",
      body: "json",
      fields: documentFields,
    },
    {
      route: "api.invoices",
      method: "GET",
      path: "/api/invoices",
      body: "query",
      fields: {
        q: "1",
        status: "paid",
        type: "invoice",
        from: "2026-01-01",
        to: "2026-12-31",
        clientId: f.clientId,
        after: "x",
      },
    },
    {
      route: "api.invoices.$id",
      method: "PUT",
      path: `/api/invoices/${f.draftId}`,
      params: { id: f.draftId },
      body: "json",
      fields: documentFields,
    },
    {
      route: "api.invoices.$id",
      method: "GET",
      path: `/api/invoices/${f.issuedId}`,
      params: id,
      body: "none",
      fields: {},
    },
    {
      route: "api.invoices.$id.cancel",
      method: "POST",
      path: `/api/invoices/${f.issuedId}/cancel`,
      params: id,
      body: "json",
      fields: { reason: "грешка" },
    },
    {
      route: "api.invoices.$id.payments",
      method: "POST",
      path: `/api/invoices/${f.issuedId}/payments`,
      params: id,
      body: "json",
      fields: { paidOn: "2026-11-21", amount: "1.00", method: "bank", note: "x" },
    },
    {
      route: "api.invoices.$id.send",
      method: "POST",
      path: `/api/invoices/${f.issuedId}/send`,
      params: id,
      body: "json",
      fields: { to: "a@example.bg", message: "Благодарим!", copyToMe: true },
    },
    {
      route: "api.invoices.$id.issue",
      method: "POST",
      path: `/api/invoices/${f.draftId}/issue`,
      params: { id: f.draftId },
      body: "json",
      fields: {},
    },
    {
      route: "api.invoices.$id.duplicate",
      method: "POST",
      path: `/api/invoices/${f.issuedId}/duplicate`,
      params: id,
      body: "json",
      fields: {},
    },
    ...catalogueCalls(f, editorFields),
    {
      route: "api.invoices.$id.pdf",
      method: "GET",
      path: `/api/invoices/${f.issuedId}/pdf`,
      params: id,
      body: "none",
      fields: {},
    },
    {
      route: "api.invoices.$id.delivery.$kind",
      method: "GET",
      path: `/api/invoices/${f.issuedId}/delivery/protocol`,
      params: { ...id, kind: "protocol" },
      body: "none",
      fields: {},
    },
    {
      route: "api.invoices.$id.ubl",
      method: "GET",
      path: `/api/invoices/${f.issuedId}/ubl`,
      params: id,
      body: "none",
      fields: {},
    },
    // Offers' API (issue #48 item 5, decision 077): the list, a new one, a change, the answers.
    {
      route: "api.offers",
      method: "POST",
      path: "/api/offers",
      body: "json",
      fields: offerFields,
    },
    {
      route: "api.offers",
      method: "GET",
      path: "/api/offers",
      body: "query",
      fields: {
        q: "1",
        status: "open",
        from: "2026-01-01",
        to: "2026-12-31",
        clientId: f.clientId,
        after: "x",
      },
    },
    {
      route: "api.offers.$id",
      method: "PUT",
      path: `/api/offers/${f.offerId}`,
      params: { id: f.offerId },
      body: "json",
      fields: offerFields,
    },
    {
      route: "api.offers.$id",
      method: "GET",
      path: `/api/offers/${f.offerId}`,
      params: { id: f.offerId },
      body: "none",
      fields: {},
    },
    {
      route: "api.offers.$id.convert",
      method: "POST",
      path: `/api/offers/${f.offerId}/convert`,
      params: { id: f.offerId },
      body: "json",
      fields: { type: "proforma", note: "По телефона" },
    },
    {
      route: "api.offers.$id.decline",
      method: "POST",
      path: `/api/offers/${f.offerId}/decline`,
      params: { id: f.offerId },
      body: "json",
      fields: { note: "По телефона" },
    },
    {
      route: "api.offers.$id.withdraw",
      method: "POST",
      path: `/api/offers/${f.offerId}/withdraw`,
      params: { id: f.offerId },
      body: "json",
      fields: {},
    },
    {
      route: "api.offers.$id.send",
      method: "POST",
      path: `/api/offers/${f.offerId}/send`,
      params: { id: f.offerId },
      body: "json",
      fields: { to: "klient@example.bg", message: "Здравейте", copyToMe: true },
    },
    {
      route: "api.offers.$id.pdf",
      method: "GET",
      path: `/api/offers/${f.offerId}/pdf`,
      params: { id: f.offerId },
      body: "none",
      fields: {},
    },
    {
      route: "api.expenses.import-ubl",
      method: "POST",
      path: "/api/expenses/import-ubl",
      body: "json",
      fields: { file: "<Invoice/>" },
    },
    {
      route: "api.salaries.month.$month",
      method: "GET",
      path: "/api/salaries/month/2026-11",
      params: { month: "2026-11" },
      body: "none",
      fields: {},
    },
    {
      route: "api.salaries.month.$month_.payments",
      method: "GET",
      path: "/api/salaries/month/2026-11/payments",
      params: { month: "2026-11" },
      body: "none",
      fields: {},
    },
    {
      route: "api.salaries.month.$month_.payments",
      method: "GET",
      path: "/api/salaries/month/__proto__/payments",
      params: { month: "__proto__" },
      body: "none",
      fields: {},
    },
    {
      route: "api.salaries.month.$month_.declarations",
      method: "GET",
      path: "/api/salaries/month/2026-11/declarations",
      params: { month: "2026-11" },
      body: "none",
      fields: {},
    },
    {
      route: "api.salaries.month.$month_.declarations",
      method: "GET",
      path: "/api/salaries/month/__proto__/declarations",
      params: { month: "__proto__" },
      body: "none",
      fields: {},
    },
    {
      route: "api.salaries.month.$month_.declarations",
      method: "GET",
      path: "/api/salaries/month/2026-13/declarations",
      params: { month: "2026-13" },
      body: "none",
      fields: {},
    },
    {
      route: "api.salaries.month.$month_.declarations_.$form",
      method: "GET",
      path: "/api/salaries/month/2026-11/declarations/1",
      params: { month: "2026-11", form: "1" },
      body: "none",
      fields: {},
    },
    {
      route: "api.salaries.month.$month_.declarations_.$form",
      method: "GET",
      path: "/api/salaries/month/2026-11/declarations/6",
      params: { month: "2026-11", form: "6" },
      body: "none",
      fields: {},
    },
    {
      route: "api.salaries.month.$month_.declarations_.$form",
      method: "GET",
      path: "/api/salaries/month/2026-11/declarations/__proto__",
      params: { month: "2026-11", form: "__proto__" },
      body: "none",
      fields: {},
    },
    {
      route: "api.salaries.month.$month_.declarations_.$form",
      method: "GET",
      path: "/api/salaries/month/constructor/declarations/1",
      params: { month: "constructor", form: "1" },
      body: "none",
      fields: {},
    },
    {
      route: "api.vies.$vatNumber",
      method: "GET",
      path: "/api/vies/BG175074752",
      params: { vatNumber: "BG175074752" },
      body: "none",
      fields: {},
    },
    {
      route: "api.vies.$vatNumber",
      method: "GET",
      path: "/api/vies/%00",
      params: { vatNumber: "\u0000'; drop table vies_checks; --" },
      body: "none",
      fields: {},
    },
    {
      route: "api.expenses",
      method: "GET",
      path: "/api/expenses",
      body: "query",
      fields: expenseFilters,
    },
    {
      route: "api.expenses",
      method: "POST",
      path: "/api/expenses",
      body: "json",
      fields: expenseJson,
    },
    {
      route: "api.expenses.$id",
      method: "PUT",
      path: `/api/expenses/${f.expenseId}`,
      params: expense,
      body: "json",
      fields: expenseJson,
    },
    {
      route: "api.expenses.$id",
      method: "GET",
      path: `/api/expenses/${f.expenseId}`,
      params: expense,
      body: "none",
      fields: {},
    },
    {
      route: "api.expenses.$id.attachments",
      method: "POST",
      path: `/api/expenses/${f.expenseId}/attachments`,
      params: expense,
      body: "form",
      fields: { files: "not a file" },
    },
    {
      route: "api.expenses.$id.protocols",
      method: "POST",
      path: `/api/expenses/${f.expenseId}/protocols`,
      params: expense,
      body: "json",
      fields: { protocolDate: "2026-13-45", vatRate: "7", acquisition: "cars" },
    },
    {
      route: "api.expenses.$id.protocols",
      method: "POST",
      path: `/api/expenses/${f.expenseId}/protocols`,
      params: expense,
      body: "json",
      fields: { originalExpenseId: "x".repeat(41) },
    },
    {
      route: "api.expenses.$id.protocols",
      method: "GET",
      path: `/api/expenses/${f.expenseId}/protocols`,
      params: expense,
      body: "none",
      fields: {},
    },
    {
      route: "api.expenses.$id.protocols.$protocolId",
      method: "POST",
      path: `/api/expenses/${f.expenseId}/protocols/${f.expenseId}`,
      params: { id: f.expenseId, protocolId: f.expenseId },
      body: "json",
      fields: { base: "abc", reason: "", protocolDate: "x" },
    },
    {
      route: "api.expenses.$id.protocols.$protocolId",
      method: "GET",
      path: `/api/expenses/${f.expenseId}/protocols/${f.expenseId}`,
      params: { id: f.expenseId, protocolId: f.expenseId },
      body: "none",
      fields: {},
    },
    {
      route: "api.expenses.$id.attachments.$attachmentId",
      method: "GET",
      path: `/api/expenses/${f.expenseId}/attachments/${f.attachmentId}`,
      params: { id: f.expenseId, attachmentId: f.attachmentId },
      body: "query",
      fields: { inline: "1" },
    },
    {
      route: "_app.ledger_.accounts",
      method: "POST",
      path: "/ledger/accounts",
      body: "form",
      fields: { intent: "add", code: "411-01", name: "Клиенти — Бета ООД" },
    },
    {
      route: "_app.ledger_.accounts",
      method: "POST",
      path: "/ledger/accounts",
      body: "form",
      fields: { intent: "saft-code", code: "602", saftCode: "60212" },
    },
    {
      route: "_app.ledger_.accounts",
      method: "POST",
      path: "/ledger/accounts",
      body: "form",
      fields: { intent: "rename", code: "602", name: "Разходи за външни услуги" },
    },
    {
      route: "_app.ledger_.rules",
      method: "POST",
      path: "/ledger/rules",
      body: "form",
      fields: { intent: "add", key: "revenue", accountCode: "702", validFrom: "2026-11-15" },
    },
    {
      route: "_app.ledger_.entry.new",
      method: "POST",
      path: "/ledger/entry/new",
      body: "form",
      fields: {
        entryDate: "2026-11-02",
        documentRef: "Протокол № 1",
        description: "Внесен капитал",
        "lines.0.account": "503",
        "lines.0.debit": "10.00",
        "lines.1.account": "101",
        "lines.1.credit": "10.00",
      },
    },
    {
      route: "_app.ledger",
      method: "POST",
      path: "/ledger",
      body: "form",
      fields: { intent: "vat-settle", month: "2026-10", back: "/ledger" },
    },
    {
      route: "_app.ledger_.opening",
      method: "POST",
      path: "/ledger/opening",
      body: "form",
      fields: {
        intent: "save",
        rows: "2",
        date: "2026-01-01",
        "lines.0.account": "503",
        "lines.0.debit": "100.00",
        "lines.1.account": "101",
        "lines.1.credit": "100.00",
      },
    },
    {
      route: "api.ledger.vat-settlement.$month",
      method: "POST",
      path: "/api/ledger/vat-settlement/2026-10",
      params: { month: "2026-10" },
      body: "json",
      fields: {},
    },
    {
      route: "api.ledger.vat-settlement.$month",
      method: "DELETE",
      path: "/api/ledger/vat-settlement/2026-10",
      params: { month: "2026-10" },
      body: "none",
      fields: {},
    },
    {
      route: "api.expense-categories",
      method: "POST",
      path: "/api/expense-categories",
      body: "json",
      fields: { name: "Нова категория" },
    },
    {
      route: "api.suppliers",
      method: "GET",
      path: "/api/suppliers",
      body: "query",
      fields: { q: "Дост" },
    },
    {
      route: "api.employees",
      method: "GET",
      path: "/api/employees",
      body: "query",
      fields: { q: "Мария", state: "all", after: "x" },
    },
    {
      route: "api.employees",
      method: "POST",
      path: "/api/employees",
      body: "json",
      fields: { ...employeeFields, idNumber: "8801011235" },
    },
    {
      route: "api.employees.$id",
      method: "PUT",
      path: `/api/employees/${f.employeeId}`,
      params: { id: f.employeeId },
      body: "json",
      fields: employeeFields,
    },
    {
      route: "api.salaries",
      method: "GET",
      path: "/api/salaries",
      body: "query",
      fields: { month: "2026-11" },
    },
    {
      route: "api.salaries",
      method: "POST",
      path: "/api/salaries",
      body: "json",
      fields: { ...salaryFields, month: "2026-12" },
    },
    {
      route: "api.salaries.$id",
      method: "PUT",
      path: `/api/salaries/${f.salaryId}`,
      params: { id: f.salaryId },
      body: "json",
      fields: salaryFields,
    },
    {
      route: "api.settings.payroll",
      method: "PUT",
      path: "/api/settings/payroll",
      body: "json",
      fields: { activityCode: "62.01" },
    },
    {
      route: "api.salaries.copy-previous",
      method: "POST",
      path: "/api/salaries/copy-previous",
      body: "json",
      fields: { month: "2027-01" },
    },
    {
      route: "api.salaries.banner-dismissal.$month",
      method: "POST",
      path: "/api/salaries/banner-dismissal/2026-11",
      params: { month: "2026-11" },
      body: "json",
      fields: {},
    },
    {
      route: "api.salaries.banner-dismissal.$month",
      method: "GET",
      path: "/api/salaries/banner-dismissal/2026-13",
      params: { month: "2026-13" },
      body: "none",
      fields: {},
    },
    { route: "api.$", method: "POST", path: "/api/nothing", body: "json", fields: { x: 1 } },
    {
      route: "auth",
      method: "POST",
      path: "/auth",
      body: "form",
      fields: {
        intent: "login",
        username: "a@b.bg",
        password: "x",
        recaptchaToken: "t",
        notRobot: "on",
        redirectTo: "/x",
      },
    },
    {
      route: "auth",
      method: "POST",
      path: "/auth",
      body: "form",
      fields: {
        intent: "register",
        step: "2",
        direction: "next",
        ...registration,
        isVatRegistered: "",
      },
    },
    {
      route: "auth",
      method: "POST",
      path: "/auth",
      body: "form",
      fields: { intent: "register", step: "2", direction: "vies", ...registration },
    },
    {
      route: "forgot-password",
      method: "POST",
      path: "/forgot-password",
      body: "form",
      fields: { email: "a@b.bg" },
    },
    {
      route: "reset-password.($token)",
      method: "POST",
      path: "/reset-password/abc",
      params: { token: "abc" },
      body: "form",
      fields: { password: "Parola1!", confirmPassword: "Parola1!" },
    },
    {
      route: "_app.verify-code",
      method: "POST",
      path: "/verify-code",
      body: "form",
      fields: { code: "123456" },
    },
    {
      route: "_app.profile",
      method: "POST",
      path: "/profile",
      body: "form",
      fields: { intent: "profile", ...registration },
    },
    {
      route: "_app.profile",
      method: "POST",
      path: "/profile",
      body: "form",
      fields: {
        intent: "password",
        currentPassword: "x",
        password: "Parola2!",
        confirmPassword: "Parola2!",
      },
    },
    {
      route: "_app.settings",
      method: "POST",
      path: "/settings",
      body: "form",
      fields: { intent: "numbering", series: "tax", nextNumber: "5" },
    },
    {
      route: "_app.settings",
      method: "POST",
      path: "/settings",
      body: "form",
      fields: { intent: "payroll-settings", activityCode: "62.01" },
    },
    {
      route: "_app.settings",
      method: "POST",
      path: "/settings",
      body: "form",
      fields: {
        intent: "reminders",
        enabled: "on",
        days: "3, 10, 30",
        message: "Моля, платете {сума}",
      },
    },
    {
      route: "_app.settings_.export",
      method: "POST",
      path: "/settings/export",
      body: "form",
      fields: { intent: "start-export" },
    },
    {
      route: "_app.settings_.delete",
      method: "POST",
      path: "/settings/delete",
      body: "form",
      fields: { intent: "request-deletion", exported: "on", confirm: "on" },
    },
    {
      route: "_app.settings_.delete",
      method: "POST",
      path: "/settings/delete",
      body: "form",
      fields: { intent: "cancel-deletion" },
    },
    {
      route: "api.export",
      method: "POST",
      path: "/api/export",
      body: "json",
      fields: {},
    },
    {
      route: "api.export",
      method: "GET",
      path: "/api/export",
      body: "none",
      fields: {},
    },
    {
      route: "api.export.$id",
      method: "GET",
      path: "/api/export/00000000-0000-4000-8000-000000000000",
      params: { id: "00000000-0000-4000-8000-000000000000" },
      body: "none",
      fields: {},
    },
    {
      route: "api.export.$id.download",
      method: "GET",
      path: "/api/export/00000000-0000-4000-8000-000000000000/download",
      params: { id: "00000000-0000-4000-8000-000000000000" },
      body: "none",
      fields: {},
    },
    {
      route: "_app.invoices_.recurring_.new",
      method: "POST",
      path: `/invoices/recurring/new?from=${f.issuedId}`,
      body: "form",
      fields: {
        name: "Месечна",
        frequency: "monthly",
        dayOfMonth: "31",
        startOn: "2027-01-01",
        endOn: "2027-12-31",
        mode: "issue_and_email",
      },
    },
    {
      route: "_app.reports.vat",
      method: "POST",
      path: "/reports/vat",
      body: "form",
      fields: {
        month: "2026-10",
        filerName: "Мария Иванова",
        filerEgn: "8501011234",
        filerRole: "R",
        filerCity: "София",
        filerPostalCode: "1000",
        filerAddress: "бул. Витоша 1",
        creditCoefficient: "0.75",
      },
    },
    {
      route: "api.reports.vat.$month",
      method: "GET",
      path: "/api/reports/vat/2026-10",
      params: { month: "2026-10" },
      body: "none",
      fields: {},
    },
    {
      route: "api.saft.$month",
      method: "GET",
      path: "/api/saft/2026-10",
      params: { month: "2026-10" },
      body: "none",
      fields: {},
    },
    {
      route: "api.saft.$month",
      method: "GET",
      path: "/api/saft/__proto__",
      params: { month: "__proto__" },
      body: "none",
      fields: {},
    },
    {
      route: "api.reports.vat.$month.files",
      method: "GET",
      path: "/api/reports/vat/2026-10/files",
      params: { month: "2026-10" },
      body: "none",
      fields: {},
    },
    {
      route: "_app.invoices_.recurring",
      method: "POST",
      path: "/invoices/recurring",
      body: "form",
      fields: { intent: "pause", id: "00000000-0000-4000-8000-000000000000" },
    },
    {
      route: "_app.settings",
      method: "POST",
      path: "/settings",
      body: "form",
      fields: {
        intent: "invoice-defaults",
        paymentTermDays: "14",
        language: "en",
        notes: "Благодарим!",
        footer: "Текст в долния край",
      },
    },
    {
      route: "_app.client.new",
      method: "POST",
      path: "/client/new",
      body: "form",
      fields: { intent: "save", ...clientFields },
    },
    {
      route: "_app.client.new",
      method: "POST",
      path: "/client/new",
      body: "form",
      fields: { intent: "vies", ...clientFields, vatNumber: "BG175074752" },
    },
    {
      route: "_app.client.edit.$id",
      method: "POST",
      path: `/client/edit/${f.clientId}`,
      params: { id: f.clientId },
      body: "form",
      fields: { intent: "save", ...clientFields },
    },
    // The client portal's links (issue #47 item 2, decision 069).
    {
      route: "_app.client.edit.$id",
      method: "POST",
      path: `/client/edit/${f.clientId}`,
      params: { id: f.clientId },
      body: "form",
      fields: { intent: "portal-create", days: "30", expiresOn: "" },
    },
    {
      route: "_app.client.edit.$id",
      method: "POST",
      path: `/client/edit/${f.clientId}`,
      params: { id: f.clientId },
      body: "form",
      fields: { intent: "portal-revoke", linkId: "00000000-0000-4000-8000-000000000000" },
    },
    {
      route: "api.clients.$id.portal-links",
      method: "GET",
      path: `/api/clients/${f.clientId}/portal-links`,
      params: { id: f.clientId },
      body: "none",
      fields: {},
    },
    {
      route: "api.clients.$id.portal-links",
      method: "POST",
      path: `/api/clients/${f.clientId}/portal-links`,
      params: { id: f.clientId },
      body: "json",
      fields: { days: 30 },
    },
    {
      route: "api.clients.$id.portal-links.$linkId",
      method: "DELETE",
      path: `/api/clients/${f.clientId}/portal-links/00000000-0000-4000-8000-000000000000`,
      params: { id: f.clientId, linkId: "00000000-0000-4000-8000-000000000000" },
      body: "none",
      fields: {},
    },
    // The tax calendar (decision 075): the feed's address, who gets reminders, stopping one's own.
    ...(["feed-new", "feed-revoke", "stop-mine"] as const).map((intent) => ({
      route: "_app.calendar",
      method: "POST" as const,
      path: "/calendar",
      body: "form" as const,
      fields: { intent },
    })),
    {
      route: "_app.calendar",
      method: "POST",
      path: "/calendar",
      body: "form",
      fields: { intent: "recipients", recipient: f.memberUserId },
    },
    // Offers (issue #48 item 1, decision 077): a new one with a line, an answer, the portal's.
    {
      route: "_app.offer.new",
      method: "POST",
      path: "/offer/new",
      body: "form",
      fields: {
        intent: "save",
        clientId: f.clientId,
        issueDate: "2026-11-25",
        validUntil: "2026-12-25",
        "lines.0.description": "Услуга",
        "lines.0.quantity": "1",
        "lines.0.unitPrice": "10",
        "lines.0.vatRate": "20",
      },
    },
    {
      route: "_app.offer.$id",
      method: "POST",
      path: "/offer/00000000-0000-4000-8000-000000000000",
      params: { id: "00000000-0000-4000-8000-000000000000" },
      body: "form",
      fields: { intent: "withdraw" },
    },
    {
      route: "_app.offer.$id",
      method: "POST",
      path: "/offer/00000000-0000-4000-8000-000000000000",
      params: { id: "00000000-0000-4000-8000-000000000000" },
      body: "form",
      fields: { intent: "send", to: "klient@example.bg", message: "Здравейте", copy: "on" },
    },
    {
      route: "portal.$token_.offers.$id.answer",
      method: "POST",
      path: "/portal/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/offers/00000000-0000-4000-8000-000000000000/answer",
      params: {
        token: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        id: "00000000-0000-4000-8000-000000000000",
      },
      body: "form",
      fields: { answer: "accept", note: "" },
    },
    // Pay by card (issue #47 item 3, decision 071): the settings' forms (connect-stripe would
    // reach Stripe: its refusals are in card-payments.test.ts), the portal's forms, the webhook.
    {
      route: "_app.settings_.card-payments",
      method: "POST",
      path: "/settings/card-payments",
      body: "form",
      fields: { intent: "disconnect" },
    },
    {
      route: "_app.settings_.card-payments",
      method: "POST",
      path: "/settings/card-payments",
      body: "form",
      fields: { intent: "connect-stripe", secretKey: "sk_test_not_a_restricted_key" },
    },
    {
      route: "portal.$token_.pay",
      method: "POST",
      path: `/portal/${f.portalToken}/pay`,
      params: { token: f.portalToken },
      body: "form",
      fields: { documentId: f.issuedId },
    },
    {
      route: "portal.$token_.pay_.$id",
      method: "POST",
      path: `/portal/${f.portalToken}/pay/00000000-0000-4000-8000-000000000000`,
      params: {
        token: f.portalToken,
        id: "00000000-0000-4000-8000-000000000000",
      },
      body: "form",
      fields: { intent: "pay", number: "4242424242424242", expiry: "12/39", cvc: "123" },
    },
    {
      route: "api.stripe.card-webhook.$companyId",
      method: "POST",
      path: `/api/stripe/card-webhook/${f.customerCompanyId}`,
      params: { companyId: f.customerCompanyId },
      body: "json",
      fields: { id: "evt_1", type: "checkout.session.completed", created: 1790000000 },
    },
    // The act of reconciliation (decision 070): one date.
    {
      route: "_app.clients_.$id.statement",
      method: "POST",
      path: `/clients/${f.clientId}/statement`,
      params: { id: f.clientId },
      body: "form",
      fields: { asOf: "2026-11-25" },
    },
    // The client's answer to an act in the portal (decisions 069, 070): the token is the credential.
    {
      route: "portal.$token_.reconciliations.$act",
      method: "POST",
      path: `/portal/${f.portalToken}/reconciliations/${f.reconciliationId}`,
      params: { token: f.portalToken, act: f.reconciliationId },
      body: "form",
      fields: { intent: "dispute", amount: "100,00", note: "Разлика в плащане" },
    },
    // The annual return's figures the person enters (decision 076): the year is in the address.
    {
      route: "_app.taxes.annual",
      method: "POST",
      path: "/taxes/annual?year=2026",
      body: "form",
      fields: { contributions: "1200,00", selfInsuredDeclared: "on" },
    },
    {
      route: "_app.invoice.new",
      method: "POST",
      path: "/invoice/new",
      body: "form",
      fields: editorFields,
    },
    {
      route: "_app.invoice.edit.$id",
      method: "POST",
      path: `/invoice/edit/${f.draftId}`,
      params: { id: f.draftId },
      body: "form",
      fields: editorFields,
    },
    {
      route: "_app.invoice.$id",
      method: "POST",
      path: `/invoice/${f.issuedId}`,
      params: id,
      body: "form",
      fields: { intent: "payment", paidOn: "2026-11-21", amount: "1", method: "bank", note: "x" },
    },
    {
      route: "_app.invoice.$id",
      method: "POST",
      path: `/invoice/${f.issuedId}`,
      params: id,
      body: "form",
      fields: { intent: "cancel", reason: "грешка" },
    },
    {
      route: "_app.invoice.$id",
      method: "POST",
      path: `/invoice/${f.issuedId}`,
      params: id,
      body: "form",
      fields: { intent: "send", to: "a@example.bg", message: "Благодарим!", copy: "on" },
    },
    {
      route: "_app.invoice.$id",
      method: "POST",
      path: `/invoice/${f.issuedId}`,
      params: id,
      body: "form",
      fields: { intent: "remind", to: "a@example.bg", message: "Моля, платете.", copy: "on" },
    },
    {
      route: "_app.invoice.$id",
      method: "POST",
      path: `/invoice/${f.proformaId}`,
      params: { id: f.proformaId },
      body: "form",
      fields: { intent: "convert" },
    },
    {
      route: "_app.invoices",
      method: "GET",
      path: "/invoices",
      body: "query",
      fields: { q: "1", status: "paid", from: "2026-01-01", after: "x" },
    },
    {
      route: "invoices.export[.]csv",
      method: "GET",
      path: "/invoices/export.csv",
      body: "query",
      fields: { q: "1", from: "2026-01-01", to: "2026-12-31" },
    },
    {
      route: "_app.clients",
      method: "GET",
      path: "/clients",
      body: "query",
      fields: { q: "а", after: "x", sort: "name" },
    },
    {
      route: "_app.clients_.import",
      method: "POST",
      path: "/clients/import",
      body: "form",
      fields: { intent: "import", file: "0".repeat(64), fileName: "клиенти.csv" },
    },
    {
      route: "_app.clients_.import",
      method: "POST",
      path: "/clients/import",
      body: "form",
      fields: { intent: "preview" },
    },
    {
      route: "_app.settings_.subscription",
      method: "POST",
      path: "/settings/subscription",
      body: "form",
      fields: { intent: "card", number: "4242424242424242", expiry: "12/39", cvc: "123" },
    },
    {
      route: "_app.settings_.subscription",
      method: "POST",
      path: "/settings/subscription",
      body: "form",
      fields: { intent: "upgrade", plan: "full" },
    },
    {
      route: "_app.settings_.subscription_.confirm",
      method: "POST",
      path: "/settings/subscription/confirm",
      body: "form",
      fields: { secret: "x", answer: "approve" },
    },
    {
      route: "_app.expenses",
      method: "GET",
      path: "/expenses",
      body: "query",
      fields: expenseFilters,
    },
    {
      route: "expenses.export[.]csv",
      method: "GET",
      path: "/expenses/export.csv",
      body: "query",
      fields: expenseFilters,
    },
    {
      route: "_app.expenses_.add",
      method: "POST",
      path: "/expenses/add",
      body: "form",
      fields: expenseForm,
    },
    {
      route: "_app.expenses_.add",
      method: "POST",
      path: "/expenses/add",
      body: "form",
      fields: { ...expenseForm, intent: "import-ubl", ublFile: "0".repeat(64) },
    },
    {
      route: "_app.expenses_.edit.$id",
      method: "POST",
      path: `/expenses/edit/${f.expenseId}`,
      params: expense,
      body: "form",
      fields: expenseForm,
    },
    {
      route: "_app.expenses_.$id",
      method: "POST",
      path: `/expenses/${f.expenseId}`,
      params: expense,
      body: "form",
      fields: { intent: "remove-receipt", attachmentId: "x" },
    },
    {
      route: "_app.expenses_.$id",
      method: "POST",
      path: `/expenses/${f.expenseId}`,
      params: expense,
      body: "form",
      fields: { intent: "delete", confirm: "" },
    },
    {
      route: "_app.expenses_.$id_.protocol",
      method: "POST",
      path: `/expenses/${f.expenseId}/protocol`,
      params: expense,
      body: "form",
      fields: { intent: "issue", protocolDate: "2026-13-45", vatRate: "7" },
    },
    {
      route: "_app.expenses_.$id_.protocol",
      method: "POST",
      path: `/expenses/${f.expenseId}/protocol`,
      params: expense,
      body: "form",
      fields: { intent: "issue", originalExpenseId: "x".repeat(41) },
    },
    {
      route: "_app.expenses_.$id_.protocol",
      method: "POST",
      path: `/expenses/${f.expenseId}/protocol`,
      params: expense,
      body: "form",
      fields: { intent: "correct", protocolId: "x", base: "abc", reason: "" },
    },
    {
      route: "_app.expenses_.categories",
      method: "POST",
      path: "/expenses/categories",
      body: "form",
      fields: { intent: "rename", id: f.categoryId, name: "Канцелария" },
    },
    {
      route: "_app.expenses_.categories",
      method: "POST",
      path: "/expenses/categories",
      body: "form",
      fields: { intent: "add", name: "Още една" },
    },
    {
      route: "_app.salaries",
      method: "POST",
      path: "/salaries",
      body: "form",
      fields: { intent: "status", id: f.salaryId, status: "approved", month: "2026-11" },
    },
    {
      route: "_app.salaries",
      method: "POST",
      path: "/salaries",
      body: "form",
      fields: { intent: "dismiss-banner", month: "2026-11", redirectTo: "/dashboard" },
    },
    {
      route: "_app.salaries_.add",
      method: "POST",
      path: "/salaries/add",
      body: "form",
      fields: { ...salaryFields, month: "2027-02", intent: "calculate" },
    },
    {
      route: "_app.salaries_.edit.$id",
      method: "POST",
      path: `/salaries/edit/${f.salaryId}`,
      params: { id: f.salaryId },
      body: "form",
      fields: { ...salaryFields, intent: "save" },
    },
    {
      route: "_app.salaries_.employees_.new",
      method: "POST",
      path: "/salaries/employees/new",
      body: "form",
      fields: { ...employeeFields, idNumber: "9001011238" },
    },
    {
      route: "_app.salaries_.employees_.$id",
      method: "POST",
      path: `/salaries/employees/${f.employeeId}`,
      params: { id: f.employeeId },
      body: "form",
      fields: { ...employeeFields, intent: "save" },
    },
    {
      route: "salaries.export[.]csv",
      method: "GET",
      path: "/salaries/export.csv",
      body: "query",
      fields: { month: "2026-11" },
    },
    {
      route: "salaries.payroll[.]pdf",
      method: "GET",
      path: "/salaries/payroll.pdf",
      body: "query",
      fields: { month: "2026-11", id: f.salaryId, payslips: "1" },
    },
    {
      route: "hatterscastle.impersonate.$userId",
      method: "POST",
      path: "/hatterscastle/impersonate/x",
      params: { userId: "00000000-0000-4000-8000-000000000000" },
      body: "form",
      fields: { intent: "link" },
      as: "admin",
    },
    {
      route: "impersonate.direct.$userId",
      method: "POST",
      path: "/impersonate/direct/x",
      params: { userId: "00000000-0000-4000-8000-000000000000" },
      body: "form",
      fields: { token: "a".repeat(43) },
    },
    {
      route: "api.admin.customers.direct",
      method: "POST",
      path: "/api/admin/customers/direct",
      body: "json",
      fields: { directAuthToken: "a".repeat(43), userId: "00000000-0000-4000-8000-000000000000" },
    },
    {
      route: "admin-return",
      method: "POST",
      path: "/admin-return",
      body: "form",
      fields: { id: "00000000-0000-4000-8000-000000000000", username: "a@b.bg" },
    },
    {
      route: "hatterscastle.administrators.new",
      method: "POST",
      path: "/hatterscastle/administrators/new",
      body: "form",
      fields: {
        email: "fuzz.admin@example.bg",
        firstName: "Петър",
        lastName: "Иванов",
        passwordMode: "password",
        password: "Parola1!",
      },
      as: "admin",
    },
    {
      route: "hatterscastle.administrators.edit.$id",
      method: "POST",
      path: `/hatterscastle/administrators/edit/${f.adminId}`,
      params: { id: f.adminId },
      body: "form",
      fields: {
        email: "second.admin@example.bg",
        firstName: "Иван",
        lastName: "Колев",
        role: "admin",
        lockedReason: "",
      },
      as: "admin",
    },
    {
      route: "hatterscastle.administrators.reset-password.$id",
      method: "POST",
      path: `/hatterscastle/administrators/reset-password/${f.adminId}`,
      params: { id: f.adminId },
      body: "form",
      fields: {},
      as: "admin",
    },
    {
      route: "hatterscastle.settings",
      method: "POST",
      path: "/hatterscastle/settings",
      body: "form",
      fields: { intent: "notification", message: "Профилактика в неделя" },
      as: "admin",
    },
    {
      route: "hatterscastle.settings",
      method: "POST",
      path: "/hatterscastle/settings",
      body: "form",
      fields: { intent: "support-email", supportEmail: "help@example.bg" },
      as: "admin",
    },
    {
      route: "hatterscastle.settings",
      method: "POST",
      path: "/hatterscastle/settings",
      body: "form",
      fields: {
        intent: "operator",
        name: "Сметка ЕООД",
        eik: "175074752",
        isVatRegistered: "on",
        vatNumber: "BG175074752",
        address: "бул. Витоша 1",
        city: "София",
        postalCode: "1000",
        mol: "Иван Петров",
        bankIban: "BG80BNBG96611020345678",
        bankName: "БНБ",
        bankBic: "BNBGBGSD",
      },
      as: "admin",
    },
    {
      route: "hatterscastle.settings",
      method: "POST",
      path: "/hatterscastle/settings",
      body: "form",
      fields: { intent: "email-logo", logo: "logo.png" },
      as: "admin",
    },
    // The rates pages: the valid variants are refused by a domain rule (an overlapping period, an
    // unknown row), so the reference rows every other call relies on stay as seeded.
    {
      route: "hatterscastle.vat-update",
      method: "POST",
      path: "/hatterscastle/vat-update",
      body: "form",
      fields: { intent: "add-rate", rate: "20", name: "Стандартна", validFrom: "2027-01-01" },
      as: "admin",
    },
    {
      route: "hatterscastle.vat-update",
      method: "POST",
      path: "/hatterscastle/vat-update",
      body: "form",
      fields: {
        intent: "end-rate",
        id: "00000000-0000-4000-8000-000000000000",
        validTo: "2027-12-31",
      },
      as: "admin",
    },
    {
      route: "hatterscastle.vat-update",
      method: "POST",
      path: "/hatterscastle/vat-update",
      body: "form",
      fields: {
        intent: "add-ground",
        text: "чл. 28 от ЗДДС",
        label: "Износ",
        kind: "export",
        validFrom: "2027-01-01",
      },
      as: "admin",
    },
    {
      route: "hatterscastle.invoice-settings",
      method: "POST",
      path: "/hatterscastle/invoice-settings",
      body: "form",
      fields: {
        intent: "invoice-defaults",
        paymentTermDays: "14",
        language: "bilingual",
        notes: "Благодарим!",
        footer: "Текст",
      },
      as: "admin",
    },
    {
      route: "hatterscastle.invoice-settings",
      method: "POST",
      path: "/hatterscastle/invoice-settings",
      body: "form",
      fields: {
        intent: "add-parameters",
        // Not after the latest row: every variant is refused, the reference rows stay as seeded.
        validFrom: "2026-01-01",
        minimumWage: "700,00",
        maxInsurable: "2300,00",
        maxInsurableConfirmed: "on",
        employeeDoo: "8,38",
        employeeDooBefore1960: "10,58",
        employeeUpf: "2,2",
        employeeZo: "3,2",
        employerDoo: "10,92",
        employerDooBefore1960: "13,72",
        employerUpf: "2,8",
        employerZo: "4,8",
        employeePensionCivil: "6,58",
        employeePensionCivilBefore1960: "8,78",
        employerPensionCivil: "8,22",
        employerPensionCivilBefore1960: "11,02",
        incomeTax: "10",
        civilExpenses: "25",
        sickEmployerShare: "70",
        employerGvrs: "0,1",
        seniorityMinPercent: "0,6",
        tzpbMin: "0,4",
        tzpbMax: "1,1",
        note: "бележка",
      },
      as: "admin",
    },
    {
      route: "hatterscastle.invoice-settings",
      method: "POST",
      path: "/hatterscastle/invoice-settings",
      body: "form",
      fields: {
        intent: "max-insurable",
        id: "00000000-0000-4000-8000-000000000000",
        maxInsurable: "2111,64",
        maxInsurableConfirmed: "on",
      },
      as: "admin",
    },
    {
      route: "hatterscastle.invoice-settings",
      method: "POST",
      path: "/hatterscastle/invoice-settings",
      body: "form",
      fields: {
        intent: "sick-leave-rule",
        validFrom: "2024-01-01",
        employerDays: "2",
        note: "КСО чл. 40, ал. 5",
      },
      as: "admin",
    },
    {
      route: "hatterscastle.nap",
      method: "POST",
      path: "/hatterscastle/nap",
      body: "form",
      fields: {
        intent: "nap-format",
        // Not after the latest row: every variant is refused, the reference rows stay as seeded.
        validFrom: "2021-01-01",
        form1FileName: "EMPL2021.TXT",
        form1Tag: "NRAD12008",
        form6FileName: "NRA62007.TXT",
        form6Tag: "NRAD62007",
        paymentTypePayroll: "5",
        paymentTypeContracts: "4",
        insuredTypeLabour: "01",
        insuredTypeManagement: "10",
        insuredTypeCivil: "14",
        confirmed: "on",
        note: "Спецификация на НАП",
      },
      as: "admin",
    },
    {
      route: "hatterscastle.nap",
      method: "POST",
      path: "/hatterscastle/nap",
      body: "form",
      fields: {
        intent: "nap-account",
        kind: "doo",
        validFrom: "2023-10-01",
        iban: "BG97BNBG96618000112001",
        confirmed: "on",
        note: "ДОО",
      },
      as: "admin",
    },
    {
      route: "hatterscastle_.login",
      method: "POST",
      path: "/hatterscastle/login",
      body: "form",
      fields: { email: "admin@example.bg", password: "Parola1!", redirectTo: "/hatterscastle" },
    },
    {
      route: "api.analytics.summary",
      method: "GET",
      path: "/api/analytics/summary",
      body: "query",
      fields: { from: "2026-01", to: "2026-11", period: "custom" },
    },
    {
      route: "analytics.export[.]csv",
      method: "GET",
      path: "/analytics/export.csv",
      body: "query",
      fields: { table: "months", period: "year:2026" },
    },
    {
      route: "_app.dashboard",
      method: "POST",
      path: "/dashboard",
      body: "form",
      fields: { intent: "resend-verification" },
    },
    ...adminCustomerForms(f),
    ...teamCalls(f),
    ...bankCalls(f),
  ];
}

/** The bank's pages and API (issue #30): accounts, statements, matches, rules. */
function bankCalls(f: Fixtures): Call[] {
  const statement = { id: f.statementId };
  const tx = { id: f.bankTransactionId };
  const onStatement = { transactionId: f.bankTransactionId, back: "/bank" };
  return [
    {
      route: "api.bank.statements",
      method: "GET",
      path: "/api/bank/statements",
      body: "none",
      fields: {},
    },
    {
      route: "api.bank.statements",
      method: "POST",
      path: "/api/bank/statements",
      body: "json",
      fields: { file: ":20:X", accountId: f.bankAccountId },
    },
    {
      route: "api.bank.transactions",
      method: "GET",
      path: "/api/bank/transactions",
      body: "query",
      fields: { status: "suggested", statementId: f.statementId, cursor: "" },
    },
    {
      route: "api.bank.transactions.$id.match",
      method: "POST",
      path: `/api/bank/transactions/${f.bankTransactionId}/match`,
      params: tx,
      body: "json",
      fields: { documentIds: [f.issuedId] },
    },
    {
      route: "api.bank.transactions.$id.match",
      method: "POST",
      path: `/api/bank/transactions/${f.bankTransactionId}/match`,
      params: tx,
      body: "json",
      fields: { expenseId: f.expenseId },
    },
    {
      route: "api.bank.transactions.$id.unmatch",
      method: "POST",
      path: `/api/bank/transactions/${f.bankTransactionId}/unmatch`,
      params: tx,
      body: "json",
      fields: {},
    },
    {
      route: "_app.bank",
      method: "POST",
      path: "/bank",
      body: "form",
      fields: { intent: "account", iban: "BG18RZBB91550123456789", currency: "EUR", name: "Втора" },
    },
    {
      route: "_app.bank_.accounts.$id",
      method: "POST",
      path: `/bank/accounts/${f.bankAccountId}`,
      params: { id: f.bankAccountId },
      body: "form",
      fields: {
        intent: "settings",
        name: "Основна",
        autoConfirm: "on",
        date: "Дата",
        amount: "",
        debit: "Дебит",
        credit: "Кредит",
        counterparty: "3",
        iban: "",
        reason: "Основание",
        reference: "",
        direction: "",
      },
    },
    {
      route: "_app.bank_.accounts.$id",
      method: "POST",
      path: `/bank/accounts/${f.bankAccountId}`,
      params: { id: f.bankAccountId },
      body: "form",
      fields: { intent: "layout", layout: "dsk", name: "Основна", date: "Дата" },
    },
    {
      route: "_app.bank_.statements.$id",
      method: "POST",
      path: `/bank/statements/${f.statementId}`,
      params: statement,
      body: "form",
      fields: { intent: "confirm", rank: "1", ...onStatement },
    },
    {
      route: "_app.bank_.statements.$id",
      method: "POST",
      path: `/bank/statements/${f.statementId}`,
      params: statement,
      body: "form",
      fields: { intent: "match", numbers: "1, 2", ...onStatement },
    },
    {
      route: "_app.bank_.statements.$id",
      method: "POST",
      path: `/bank/statements/${f.statementId}`,
      params: statement,
      body: "form",
      fields: { intent: "unmatch", ...onStatement },
    },
    {
      route: "_app.bank_.statements.$id",
      method: "POST",
      path: `/bank/statements/${f.statementId}`,
      params: statement,
      body: "form",
      fields: { intent: "refresh", back: "/bank" },
    },
    {
      route: "_app.bank_.rules",
      method: "POST",
      path: "/bank/rules",
      body: "form",
      fields: {
        intent: "add",
        reasonContains: "такса",
        amountMin: "0",
        amountMax: "50",
        supplierName: "Банка ДСК ЕАД",
        supplierEik: "",
        categoryId: f.categoryId,
        vatRate: "none",
        description: "Банкова такса",
      },
    },
    {
      route: "_app.bank_.rules",
      method: "POST",
      path: "/bank/rules",
      body: "form",
      fields: { intent: "delete", id: f.bankRuleId },
    },
  ];
}

/** The catalogue's pages and API, «Дублирай», and the editor's searches and catalogue intent. */
function catalogueCalls(f: Fixtures, editorFields: Record<string, string>): Call[] {
  const item = {
    name: "Фъз услуга",
    nameEn: "Fuzz service",
    unit: "ч.",
    unitPrice: "12,50",
    vatRate: "20",
    vatGround: "чл. 21, ал. 2 от ЗДДС",
    revenueAccount: "702",
  };
  const itemId = { id: f.catalogueItemId };
  return [
    {
      route: "_app.catalogue",
      method: "GET",
      path: "/catalogue",
      body: "query",
      fields: { q: "ф", after: "x", archived: "1" },
    },
    {
      route: "_app.catalogue_.new",
      method: "POST",
      path: "/catalogue/new",
      body: "form",
      fields: { intent: "save", ...item },
    },
    {
      route: "_app.catalogue_.edit.$id",
      method: "POST",
      path: `/catalogue/edit/${f.catalogueItemId}`,
      params: itemId,
      body: "form",
      fields: { intent: "save", ...item, name: "Консултация" },
    },
    {
      route: "api.catalogue",
      method: "POST",
      path: "/api/catalogue",
      body: "json",
      fields: { ...item, name: "Фъз API", unitPrice: "12.5", vatRate: 20 },
    },
    {
      route: "api.catalogue",
      method: "GET",
      path: "/api/catalogue",
      body: "query",
      fields: { q: "ф", after: "x", limit: "10", archived: "1" },
    },
    {
      route: "api.catalogue.$id",
      method: "PUT",
      path: `/api/catalogue/${f.catalogueItemId}`,
      params: itemId,
      body: "json",
      fields: { ...item, name: "Консултация", unitPrice: "80", vatRate: null },
    },
    {
      route: "api.catalogue.$id",
      method: "GET",
      path: `/api/catalogue/${f.catalogueItemId}`,
      params: itemId,
      body: "none",
      fields: {},
    },
    {
      route: "_app.invoice.$id",
      method: "POST",
      path: `/invoice/${f.issuedId}`,
      params: { id: f.issuedId },
      body: "form",
      fields: { intent: "duplicate" },
    },
    {
      route: "_app.invoice.new",
      method: "POST",
      path: "/invoice/new",
      body: "form",
      fields: {
        ...editorFields,
        intent: `addCatalogue:${f.catalogueItemId}`,
        clientQ: "а",
        catalogueQ: "к",
      },
    },
    {
      route: "_app.invoice.new",
      method: "GET",
      path: "/invoice/new",
      body: "query",
      fields: {
        ...editorFields,
        intent: undefined,
        search: "client",
        clientQ: "а",
        catalogueQ: "к",
      },
    },
    {
      route: "_app.invoice.edit.$id",
      method: "GET",
      path: `/invoice/edit/${f.draftId}`,
      params: { id: f.draftId },
      body: "query",
      fields: { ...editorFields, intent: undefined, search: "catalogue", catalogueQ: "к" },
    },
  ];
}

/** The back office's forms about customers and their users, posted by an admin. */
function adminCustomerForms(f: Fixtures): Call[] {
  const company = {
    companyName: "Фъз Клиент ЕООД",
    companyType: "company",
    companyVat: "131468980",
    companyAddress: "ул. Шипка 5",
    companyCity: "София",
    postalCode: "1000",
    country: "България",
    isVatRegistered: "on",
    vatNumber: "BG131468980",
    companyBankAccount: "BG80BNBG96611020345678",
  };
  const user = { id: f.customerUserId };
  const customer = { id: f.customerCompanyId };
  return [
    {
      route: "hatterscastle.customers.new",
      method: "POST",
      path: "/hatterscastle/customers/new",
      body: "form",
      fields: {
        ...company,
        username: "fuzz.admin@example.bg",
        firstName: "Иван",
        lastName: "Петров",
        password: "Parola1!",
        verified: "on",
      },
      as: "admin",
    },
    {
      route: "hatterscastle.users.new",
      method: "POST",
      path: `/hatterscastle/users/new?customer=${f.customerCompanyId}`,
      body: "form",
      fields: {
        email: "fuzz.user@example.bg",
        firstName: "Иван",
        lastName: "Петров",
        password: "Parola1!",
        sendLink: "",
      },
      as: "admin",
    },
    {
      route: "hatterscastle.customers.edit.$id",
      method: "POST",
      path: `/hatterscastle/customers/edit/${f.customerCompanyId}`,
      params: customer,
      body: "form",
      fields: { intent: "grant", plan: "full", reason: "Фъз", endsOn: "2100-01-01" },
      as: "admin",
    },
    {
      route: "hatterscastle.customers.edit.$id",
      method: "POST",
      path: `/hatterscastle/customers/edit/${f.customerCompanyId}`,
      params: customer,
      body: "form",
      fields: { intent: "company", ...company, companyEmail: "office@example.bg" },
      as: "admin",
    },
    {
      route: "hatterscastle.users.edit.$id",
      method: "POST",
      path: `/hatterscastle/users/edit/${f.customerUserId}`,
      params: user,
      body: "form",
      fields: {
        intent: "update",
        email: "fuzz.edit@example.bg",
        firstName: "Иван",
        lastName: "Петров",
      },
      as: "admin",
    },
    {
      route: "hatterscastle.users.edit.$id",
      method: "POST",
      path: `/hatterscastle/users/edit/${f.customerUserId}`,
      params: user,
      body: "form",
      fields: { intent: "lock", reason: "Фъз" },
      as: "admin",
    },
  ];
}

/** Team and accountant access (issue #29): members, invitations, companies, the audit trail. */
function teamCalls(f: Fixtures): Call[] {
  const member = { userId: f.memberUserId };
  const team = (fields: Record<string, string>): Call => ({
    route: "_app.settings_.team",
    method: "POST",
    path: "/settings/team",
    body: "form",
    fields,
  });
  const invite = (fields: Record<string, string>): Call => ({
    route: "invite.$token",
    method: "POST",
    path: "/invite/not-a-live-token",
    params: { token: "not-a-live-token" },
    body: "form",
    fields,
  });
  // Locked periods (decision 058): months no other row writes in.
  const periods = (fields: Record<string, string>): Call => ({
    route: "_app.settings_.periods",
    method: "POST",
    path: "/settings/periods",
    body: "form",
    fields,
  });
  return [
    periods({ intent: "lock", month: "2025-02" }),
    periods({ intent: "unlock", month: "2025-02", reason: "Корекция" }),
    // The month-end's «Заключи» (issue #46 item 3).
    {
      route: "_app.ledger_.month",
      method: "POST",
      path: "/ledger/month",
      body: "form",
      fields: { intent: "lock", month: "2025-03" },
    },
    {
      route: "api.periods.$month.lock",
      method: "POST",
      path: "/api/periods/2025-01/lock",
      params: { month: "2025-01" },
      body: "json",
      fields: {},
    },
    team({
      intent: "invite",
      email: "new.member@example.bg",
      role: "staff",
      ownDocumentsOnly: "on",
    }),
    team({ intent: "role", userId: f.memberUserId, role: "viewer", ownDocumentsOnly: "" }),
    team({ intent: "transfer", userId: f.memberUserId, confirm: "" }),
    team({ intent: "remove", userId: f.memberUserId }),
    team({ intent: "revoke", id: f.invitationId }),
    invite({
      intent: "create-login",
      firstName: "Иван",
      lastName: "Петров",
      password: "Parola1!",
      confirmPassword: "Parola1!",
    }),
    invite({ intent: "accept", confirm: "yes" }),
    {
      route: "switch-company",
      method: "POST",
      path: "/switch-company",
      body: "form",
      fields: { companyId: f.customerCompanyId },
    },
    { route: "api.companies", method: "GET", path: "/api/companies", body: "none", fields: {} },
    {
      route: "api.companies.active",
      method: "PUT",
      path: "/api/companies/active",
      body: "json",
      fields: { companyId: f.customerCompanyId },
    },
    {
      route: "api.team.members",
      method: "GET",
      path: "/api/team/members",
      body: "none",
      fields: {},
    },
    {
      route: "api.team.members.$userId",
      method: "PUT",
      path: `/api/team/members/${f.memberUserId}`,
      params: member,
      body: "json",
      fields: { role: "viewer", ownDocumentsOnly: false },
    },
    {
      route: "api.team.members.$userId",
      method: "DELETE",
      path: `/api/team/members/${f.memberUserId}`,
      params: member,
      body: "none",
      fields: {},
    },
    {
      route: "api.team.invitations",
      method: "GET",
      path: "/api/team/invitations",
      body: "none",
      fields: {},
    },
    {
      route: "api.team.invitations",
      method: "POST",
      path: "/api/team/invitations",
      body: "json",
      fields: { email: "accountant@example.bg", role: "accountant", ownDocumentsOnly: false },
    },
    {
      route: "api.team.invitations.$id",
      method: "DELETE",
      path: `/api/team/invitations/${f.invitationId}`,
      params: { id: f.invitationId },
      body: "none",
      fields: {},
    },
    {
      route: "api.team.invitations.accept",
      method: "POST",
      path: "/api/team/invitations/accept",
      body: "json",
      fields: { token: "not-a-live-token", confirm: true },
    },
    {
      route: "_app.companies",
      method: "POST",
      path: "/companies",
      body: "form",
      fields: { intent: "leave", companyId: f.customerCompanyId },
    },
    {
      route: "hatterscastle.seats",
      method: "POST",
      path: "/hatterscastle/seats",
      body: "form",
      fields: { intent: "seats", plan: "standard", seats: "5", validFrom: "2099-01-01" },
      as: "admin",
    },
    {
      route: "api.audit",
      method: "GET",
      path: "/api/audit",
      body: "query",
      fields: {
        group: "documents",
        action: "document.issue",
        actorId: f.memberUserId,
        targetId: f.issuedId,
        from: "2026-01-01",
        to: "2026-12-31",
        cursor: "",
        limit: "10",
      },
    },
  ];
}

// Routes with an action or an API loader that take no input worth fuzzing, or cannot be called
// like the others, with the reason.
const NOT_FUZZED: Record<string, string> = {
  "api.subscription.events": "a server-sent event stream; takes no input",
  "api.subscription.events.test": "a diagnostic GET without input",
  "api.stripe.webhook":
    "refuses anything without Stripe's signature first (stripe-webhook.test.ts)",
  logout: "ends the session; takes no input",
  "api.openapi[.]json": "a static document",
  "_app.feedback": "multipart; its fields are fuzzed through POST /api/feedback (same schema)",
  $: "answers 404 to anything",
};

function requestFor(
  call: Call,
  variant: Variant,
  headers: Record<string, string>,
): RequestInit & { url: string } {
  const fields =
    typeof variant.body === "string"
      ? variant.body
      : Object.fromEntries(
          Object.entries(variant.body).map(([key, value]) => [
            key,
            value === LONGEST ? LONGEST_FOR[call.body] : value,
          ]),
        );
  if (variant.raw) {
    const { type, body } = variant.raw;
    return {
      url: call.path,
      method: call.method,
      body,
      headers: { ...(type ? { "Content-Type": type } : {}), ...headers },
    };
  }
  if (typeof fields === "string") {
    return {
      url: call.path,
      method: call.method,
      body: fields,
      headers: { "Content-Type": "application/json", ...headers },
    };
  }
  if (call.body === "json") return { url: call.path, ...jsonBody(fields, call.method, headers) };
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    flat[key] = typeof value === "string" ? value : JSON.stringify(value);
  }
  if (call.body === "form") {
    return {
      url: call.path,
      method: "POST",
      body: urlEncoded(flat),
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    };
  }
  if (call.body === "query") {
    const query = urlEncoded(flat);
    return { url: `${call.path}?${query}`, method: "GET", headers };
  }
  return { url: call.path, method: call.method, headers };
}

/** URLSearchParams' encoding, each long value encoded once (the longest form field takes 25 ms). */
function urlEncoded(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(
      ([key, value]) =>
        `${formEncoded(key)}=${value.length > 1000 ? encodedLong(value) : formEncoded(value)}`,
    )
    .join("&");
}
const formEncoded = (text: string) => new URLSearchParams({ "": text }).toString().slice(1);
const longEncodings = new Map<string, string>();
function encodedLong(value: string): string {
  let encoded = longEncodings.get(value);
  if (encoded === undefined) {
    encoded = formEncoded(value);
    longEncodings.set(value, encoded);
  }
  return encoded;
}

/** Everything that must hold whatever was sent: no document half-written. */
async function invariants() {
  const db = getDb();
  const broken = await sql<{ problem: string }>`
    select 'document without lines: ' || d.id as problem from documents d
      where not exists (select 1 from document_lines l where l.document_id = d.id)
    union all
    select 'paid sum differs: ' || d.id from documents d
      where d.paid_cents <> coalesce((select sum(amount_cents) from document_payments p where p.document_id = d.id), 0)
    union all
    select 'overpaid: ' || d.id from documents d where d.paid_cents > d.total_cents
    union all
    select 'issued without number: ' || d.id from documents d where d.status <> 'draft' and d.number is null
    union all
    select 'totals differ from lines: ' || d.id from documents d
      where d.subtotal_cents <> (select coalesce(sum(net_cents), 0) from document_lines l where l.document_id = d.id)
    union all
    select 'offer without lines: ' || o.id from offers o
      where not exists (select 1 from offer_lines l where l.offer_id = o.id)
    union all
    select 'offer totals differ from lines: ' || o.id from offers o
      where o.net_cents <> (select coalesce(sum(net_cents), 0) from offer_lines l where l.offer_id = o.id)
    union all
    select 'expense without amounts: ' || e.id from expenses e
      where not exists (select 1 from expense_amounts a where a.expense_id = e.id)
    union all
    select 'expense totals differ from amounts: ' || e.id from expenses e
      where (e.subtotal_cents, e.vat_cents) <> (select coalesce(sum(base_cents), 0), coalesce(sum(vat_cents), 0)
        from expense_amounts a where a.expense_id = e.id)
    union all
    select 'amount dated apart from its expense: ' || a.expense_id from expense_amounts a
      join expenses e on e.id = a.expense_id where a.document_date <> e.document_date or a.currency <> e.currency
        or a.sign <> case when e.document_type = 'credit_note' then -1 else 1 end
    union all
    select 'salary that does not add up: ' || s.id from salaries s
      where s.net_cents + s.employee_contributions_cents + s.tax_cents <> s.gross_cents
        or s.employee_doo_cents + s.employee_upf_cents + s.employee_zo_cents <> s.employee_contributions_cents
    union all
    select 'attachment without its file: ' || x.id from expense_attachments x
      where not exists (select 1 from stored_files s where s.company_id = x.company_id and s.sha256 = x.sha256)`.execute(
    db,
  );
  expect(broken.rows.map((r) => r.problem)).toEqual([]);
}

const CYRILLIC = /[\u0400-\u04FF]/;

/** An imported statement of the company (a credit naming the issued invoice) and a debit rule. */
async function bankFixtures(
  db: ReturnType<typeof getDb>,
  me: Awaited<ReturnType<typeof createCompanyWithClient>>,
  issuedId: string,
  categoryId: string,
) {
  const number = (
    await db
      .selectFrom("documents")
      .select("number")
      .where("id", "=", issuedId)
      .executeTakeFirstOrThrow()
  ).number;
  const actor = {
    user: {
      ...me.user,
      firstName: "Фъз",
      lastName: "",
      companyId: me.companyId,
      companyRole: "owner",
    } as never,
    context: { db, clientIp: "127.0.0.1" },
  };
  const text = writeMt940({
    iban: "BG80BNBG96611020345678",
    openingDay: "2026-11-01",
    movements: [
      {
        day: "2026-11-20",
        direction: "credit",
        cents: 12000,
        reason: `Ф-РА ${number}`,
        reference: "FUZZ1",
      },
      { day: "2026-11-21", direction: "debit", cents: 1200, reason: "ТАКСА", reference: "FUZZ2" },
    ],
  });
  const result = await importStatement(
    actor,
    { fileName: "fuzz.sta", bytes: new TextEncoder().encode(text) },
    null,
  );
  const [tx] = await db
    .selectFrom("bankTransactions")
    .select("id")
    .where("statementId", "=", result.statementId as string)
    .orderBy("lineNo")
    .execute();
  const account = await db
    .selectFrom("bankAccounts")
    .select("id")
    .where("companyId", "=", me.companyId)
    .executeTakeFirstOrThrow();
  const bankRuleId = await createRule(actor, {
    reasonContains: "такса",
    amountMinCents: null,
    amountMaxCents: 5000,
    supplierName: "Банка ДСК ЕАД",
    supplierEik: null,
    categoryId,
    vatRate: null,
    description: "Банкова такса",
  });
  return {
    bankAccountId: account.id,
    statementId: result.statementId as string,
    bankTransactionId: tx!.id,
    bankRuleId,
  };
}

/** A live portal link of the client and an act of reconciliation awaiting its answer. */
async function portalFixtures(
  db: ReturnType<typeof getDb>,
  me: { companyId: string; clientId: string; user: { id: string } },
) {
  const { token } = await createPortalLink(
    db,
    me.companyId,
    me.clientId,
    addDays(todayInSofia(), 30),
    me.user.id,
  );
  const [act] = await issueReconciliation(db, me.companyId, me.clientId, "2026-11-25", me.user.id);
  return { portalToken: token, reconciliationId: act! };
}

const NO_FIXTURES: Fixtures = {
  draftId: "",
  issuedId: "",
  proformaId: "",
  clientId: "",
  expenseId: "",
  categoryId: "",
  attachmentId: "",
  employeeId: "",
  salaryId: "",
  customerUserId: "",
  customerCompanyId: "",
  adminId: "",
  catalogueItemId: "",
  memberUserId: "",
  invitationId: "",
  bankAccountId: "",
  statementId: "",
  bankTransactionId: "",
  bankRuleId: "",
  portalToken: "",
  reconciliationId: "",
  offerId: "",
};
// The route modules of the table, in its order: each is a test of its own (a slow route times out
// alone, and its name says which).
const ROUTES_IN_TABLE = [...new Set(table(NO_FIXTURES).map((entry) => entry.route))];

describe("fuzzing every API call and form action", () => {
  let fixtures: Fixtures;
  let headers: Record<string, string>;
  let adminHeaders: Record<string, string>;
  // The database is emptied after each test (setupTestDatabase): every test gets its own.
  beforeEach(async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "full");
    const doc = (type: "invoice" | "proforma") =>
      createDraft(
        db,
        me.companyId,
        me.user.id,
        documentSchema.parse({
          type,
          clientId: me.clientId,
          issueDate: "2026-11-20",
          lines: [{ description: "Услуга", quantity: "1", unitPrice: "100", vatRate: 20 }],
        }),
      );
    const issuedId = await doc("invoice");
    await issueDocument(db, me.companyId, issuedId);
    const proformaId = await doc("proforma");
    await issueDocument(db, me.companyId, proformaId);
    const receipt = {
      fileName: "бон.png",
      declaredType: "image/png",
      bytes: TINY_PNG,
      type: "image/png" as const,
    };
    const expense = await createTestExpense(db, me.companyId, {}, [receipt]);
    const attachment = await db
      .selectFrom("expenseAttachments")
      .select("id")
      .where("expenseId", "=", expense.id)
      .executeTakeFirstOrThrow();
    const { employeeId, salaryId } = await createTestSalary(
      db,
      me.companyId,
      "2026-11",
      {},
      {
        workingDays: 21,
      },
    );
    // A colleague in the company and an invitation waiting (the team's calls act on them).
    const { colleague, invitationId } = await colleagueAndInvitation(db, me.companyId, "fuzz");
    fixtures = {
      employeeId,
      salaryId,
      draftId: await doc("invoice"),
      issuedId,
      proformaId,
      clientId: me.clientId,
      expenseId: expense.id,
      categoryId: expense.categoryId,
      attachmentId: attachment.id,
      ...(await createUser(db).then((c) => ({
        customerUserId: c.id,
        customerCompanyId: c.companyId!,
      }))),
      adminId: (await createUser(db, { role: "admin" })).id,
      catalogueItemId: (
        await createCatalogueItem(
          db,
          me.companyId,
          catalogueItemSchema.parse({ name: "Консултация", unitPrice: "80", vatRate: 20 }),
        )
      ).id,
      memberUserId: colleague.id,
      invitationId,
      ...(await bankFixtures(db, me, issuedId, expense.categoryId)),
      ...(await portalFixtures(db, me)),
      offerId: (
        await createOffer(
          db,
          me.companyId,
          {
            id: me.user.id,
            email: null,
            name: "Фъз",
            role: null,
            impersonatorEmail: null,
            ip: null,
          },
          offerSchema.parse({
            clientId: me.clientId,
            issueDate: todayInSofia(),
            validUntil: addDays(todayInSofia(), 30),
            lines: [{ description: "Услуга", quantity: "1", unitPrice: "100", vatRate: 20 }],
          }),
        )
      ).id,
    };
    const session = await sessionFor(db, me.user);
    headers = { Cookie: session.cookie };
    const admin = await sessionFor(db, await createUser(db, { role: "admin" }));
    adminHeaders = { Cookie: admin.cookie };
  });

  /** Sends each call's variants (production's guard around it) and fails on what must not be. */
  async function fuzz(
    entries: Call[],
    variantsOf: (entry: Call) => Variant[],
    expectStatus?: (entry: Call, variant: Variant, status: number) => string | null,
  ) {
    const silence = vi.spyOn(console, "error").mockImplementation(() => {});
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    // One line per kind of failure (the first input that showed it), not one per input.
    const found = new Map<string, string>();
    const failures = {
      push(line: string) {
        const kind = line.replace(/ for .*$/, "");
        if (!found.has(kind)) found.set(kind, line);
      },
    };
    try {
      for (const entry of entries) {
        const module = (await import(/* @vite-ignore */ routeModule(entry.route))) as Record<
          string,
          (args: never) => unknown
        >;
        const fn = entry.method === "GET" ? module.loader : module.action;
        if (!fn)
          throw new Error(`${entry.route} has no ${entry.method === "GET" ? "loader" : "action"}`);
        for (const variant of variantsOf(entry)) {
          const params = variant.params ?? entry.params ?? {};
          const init = requestFor(
            { ...entry, path: variant.path ?? entry.path },
            variant,
            entry.as === "admin" ? adminHeaders : headers,
          );
          const { url, ...rest } = init;
          warnings.mockClear();
          let response: Response;
          try {
            response = await call(guard(fn as never), getDb(), url, { ...rest, params });
          } catch (error) {
            failures.push(
              `${entry.method} ${entry.path} threw ${(error as Error).message?.slice(0, 120)} for ${describeVariant(variant)}`,
            );
            continue;
          }
          // The guard's net for values the database refused is for production: the modules check.
          for (const [line] of warnings.mock.calls) {
            if (/^Refused input/.test(String(line)) && !/FormData|Content-Type/.test(String(line)))
              failures.push(`${String(line).slice(0, 160)} for ${describeVariant(variant)}`);
          }
          if (response.status >= 500 && response.status !== 503) {
            failures.push(
              `${entry.method} ${entry.path} → ${response.status} for ${describeVariant(variant)}`,
            );
          }
          const wrong = expectStatus?.(entry, variant, response.status)?.concat(
            response.headers.get("Location") ? ` (to ${response.headers.get("Location")})` : "",
          );
          if (wrong)
            failures.push(`${entry.method} ${entry.path} ${wrong} for ${describeVariant(variant)}`);
          // Pages draw their error by its status (GeneralErrorBoundary, in Bulgarian); the API says it.
          if (entry.path.startsWith("/api/") && response.status >= 400) {
            const text = await response.text();
            let message = "";
            try {
              message = String((JSON.parse(text) as { message?: unknown }).message ?? "");
            } catch {
              failures.push(
                `${entry.method} ${entry.path} → ${response.status} is not JSON for ${describeVariant(variant)}`,
              );
            }
            // The one English message is the spec's own for POST /api/register (§7).
            const specWords = entry.path === "/api/register" && message === "Invalid data";
            if (message && !CYRILLIC.test(message) && !specWords) {
              failures.push(
                `${entry.method} ${entry.path} → ${response.status} «${message.slice(0, 80)}» is not Bulgarian`,
              );
            }
          }
        }
        await invariants();
      }
    } finally {
      silence.mockRestore();
      warnings.mockRestore();
    }
    expect([...found.values()]).toEqual([]);
  }

  /** Each field in turn set to each of `values`, the others valid; and the whole bodies of JSON. */
  const fieldByField =
    (values: readonly unknown[], wholeBodies: readonly string[] = []) =>
    (entry: Call): Variant[] => {
      const variants: Variant[] = [{ body: entry.fields }];
      for (const field of Object.keys(entry.fields)) {
        for (const value of values) variants.push({ body: { ...entry.fields, [field]: value } });
      }
      if (entry.body === "json") variants.push(...wholeBodies.map((body) => ({ body })));
      return variants;
    };

  // One test per route module of the table (each on a database of its own): a slow route times
  // out alone, and the test's name says which. Object.prototype's keys go into every field too
  // (intents and lists as well), on the same fixtures.
  for (const route of ROUTES_IN_TABLE) {
    it(`${route}: never answers 5xx, answers errors in Bulgarian, takes prototype keys as values, and leaves no half-written row`, {
      timeout: 120_000,
    }, async () => {
      await fuzz(
        table(fixtures).filter((entry) => entry.route === route),
        ON_POSTGRES
          ? fieldByField(DATABASE_DECIDES, [])
          : fieldByField([...NASTY, ...PROTOTYPE_KEYS], WHOLE_BODIES),
      );
    });
  }

  // Bodies that are not forms are refused before any query: once, on the embedded default.
  it.skipIf(ON_POSTGRES)(
    "answers page actions 4xx in Bulgarian to bodies that are not forms",
    {
      timeout: 300_000,
    },
    async () => {
      const pages = table(fixtures).filter((entry) => entry.body === "form");
      const routes = new Set<string>();
      const once = pages.filter((entry) => !routes.has(entry.route) && routes.add(entry.route));
      await fuzz(
        once,
        (entry) => NOT_FORMS.map((raw) => ({ body: entry.fields, raw })),
        // Refused (4xx), or sent away (3xx) by the guard before it is read; forms may be answered.
        (_entry, variant, status) =>
          variant.raw?.form || (status >= 300 && status < 500) ? null : `→ ${status}`,
      );
    },
  );

  it("answers 404 to ids in the address that are not UUIDs", { timeout: 300_000 }, async () => {
    // The params that name a row (id, userId, …), not a month, a VAT number or a token.
    const ids = (entry: Call) =>
      Object.keys(entry.params ?? {}).filter((key) => /^id$|Id$/.test(key));
    await fuzz(
      table(fixtures).filter((entry) => ids(entry).length > 0),
      (entry) =>
        NOT_UUIDS.map((bad) => {
          let path = entry.path;
          const params = { ...entry.params };
          for (const key of ids(entry)) {
            path = path.replace(params[key]!, encodeURIComponent(bad));
            params[key] = bad;
          }
          return { body: entry.fields, params, path };
        }),
      (_entry, _variant, status) =>
        status === 404 || status === 401 || status === 403 || status === 405 ? null : `→ ${status}`,
    );
  });

  it("answers 404 to every page's and call's loader given ids that are not UUIDs", {
    timeout: 300_000,
  }, async () => {
    const failures: string[] = [];
    const silence = vi.spyOn(console, "error").mockImplementation(() => {});
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      for (const file of readdirSync(ROUTES)) {
        const name = file.replace(/\.(tsx?|js)$/, "");
        if (!name.includes("$") || name.endsWith(".test") || name === "$") continue;
        const module = (await import(/* @vite-ignore */ routeModule(name))) as Record<
          string,
          (args: never) => unknown
        >;
        if (!module.loader) continue;
        const admin = name.startsWith("hatterscastle") || name.startsWith("api.admin");
        for (const bad of NOT_UUIDS) {
          const params: Record<string, string> = {};
          const segments = name
            .replace(/^_app\./, "")
            .split(".")
            .map((part) => {
              const param = /^\(?\$(\w*)\)?$/.exec(part.replace(/_$/, ""));
              if (!param) return part.replace(/_$/, "").replace(/\[\.\]/g, ".");
              params[param[1] || "*"] = bad;
              return encodeURIComponent(bad);
            });
          const url = `/${segments.join("/")}`;
          const response = await call(guard(module.loader as never), getDb(), url, {
            headers: admin ? adminHeaders : headers,
            params,
          }).catch((error: Error) => new Response(error.message, { status: 599 }));
          // A page's 4xx is drawn by its status in Bulgarian (GeneralErrorBoundary); the API says it.
          const ok = [301, 302, 303, 400, 401, 403, 404].includes(response.status);
          if (!ok) failures.push(`${name} → ${response.status} for ${bad}`);
          else if (response.status >= 400 && name.startsWith("api.")) {
            const text = await response.text();
            if (!CYRILLIC.test(text))
              failures.push(`${name} → ${response.status} «${text}» for ${bad}`);
          }
          for (const [line] of warnings.mock.calls)
            failures.push(`${name}: ${String(line).slice(0, 160)} for ${bad}`);
          warnings.mockClear();
        }
      }
    } finally {
      silence.mockRestore();
      warnings.mockRestore();
    }
    expect(failures).toEqual([]);
  });

  it("covers every route module with an action or an API loader", () => {
    const routes = ROUTES;
    const covered = new Set(table(NO_FIXTURES).map((c) => c.route));
    const missing: string[] = [];
    for (const file of readdirSync(routes)) {
      if (file.endsWith(".test.ts") || file.endsWith(".css.ts")) continue;
      const name = file.replace(/\.(tsx?|js)$/, "").replace(/\/route$/, "");
      if (covered.has(name) || name in NOT_FUZZED) continue;
      const source = readRoute(path.join(routes, file));
      const takesInput =
        /export (async )?function action|export const action/.test(source) ||
        (name.startsWith("api.") &&
          /export (async )?function loader|export const loader/.test(source) &&
          /(searchParams|params\.)/.test(source));
      if (takesInput) missing.push(name);
    }
    expect(missing).toEqual([]);
  });
});

function readRoute(file: string): string {
  return statSync(file).isDirectory()
    ? readFileSync(path.join(file, "route.ts"), "utf8")
    : readFileSync(file, "utf8");
}

const ROUTES = path.resolve(__dirname, "../../app/routes");

/** The route module's file: name.ts or name.tsx. */
function routeModule(name: string): string {
  const file = [`${name}.ts`, `${name}.tsx`].find((f) => existsSync(path.join(ROUTES, f)));
  if (!file) throw new Error(`No route module ${name}`);
  return path.join(ROUTES, file);
}

function describeVariant(variant: Variant): string {
  if (variant.raw) return `a body of ${variant.raw.name}`;
  const body = variant.body;
  const shown = (_key: string, value: unknown) => (value === LONGEST ? "«the longest»" : value);
  const text = `${typeof body === "string" ? body : JSON.stringify(body, shown)}${variant.params ? ` with ${JSON.stringify(variant.params)}` : ""}`;
  return text.length > 160 ? `${text.slice(0, 160)}…(${text.length})` : text;
}
