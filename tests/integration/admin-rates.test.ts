import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "~/modules/clients/queries.server";
import { clientSchema } from "~/modules/clients/schema";
import { createDraft, getDocument, issueDocument } from "~/modules/invoices/documents.server";
import { printModelFor, storedPdf } from "~/modules/invoices/render.server";
import { documentSchema } from "~/modules/invoices/schema";
import { groundsOn, ratesOn, VAT_MESSAGES, type VatGroundRow } from "~/modules/reference/vat";
import { parametersFor } from "~/modules/salaries/parameters.server";
import { createSalary } from "~/modules/salaries/salaries.server";
import { salarySchema } from "~/modules/salaries/schema";
import { action as pageAction, loader as pageLoader } from "~/routes/_app.invoice.$id";
import { loader as editLoader } from "~/routes/_app.invoice.edit.$id";
import { action as newAction, loader as newLoader } from "~/routes/_app.invoice.new";
import {
  action as customerSettings,
  loader as customerSettingsLoader,
} from "~/routes/_app.settings";
import { action as createApi } from "~/routes/api.invoices";
import { action as register } from "~/routes/api.register";
import {
  action as settingsAdmin,
  loader as settingsAdminLoader,
} from "~/routes/hatterscastle.invoice-settings";
import { action as vatAction, loader as vatLoader } from "~/routes/hatterscastle.vat-update";
import { addDays, todayInSofia } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import {
  createCompanyWithClient,
  createTestEmployee,
  createUser,
  registrationPayload,
} from "../setup/factories";
import {
  type AnyAnswer,
  botToken,
  call,
  formBody,
  jsonBody,
  postApi,
  signInApi,
} from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The back office's dated rates and defaults (issue #14, part 6): VAT rates and grounds at
 * /hatterscastle/vat-update, defaults of new companies and payroll parameters at
 * /hatterscastle/invoice-settings — and what the customer's editor, documents and payroll make
 * of them.
 */

const getDb = setupTestDatabase();

// The reference tables outlive each test (test-db.ts keeps them): put back what a test changed.
let seeded: { rates: string[]; grounds: string[]; parameters: string[] };
beforeAll(async () => {
  const db = getDb();
  seeded = {
    rates: (await db.selectFrom("vatRates").select("id").execute()).map((r) => r.id),
    grounds: (await db.selectFrom("vatGrounds").select("id").execute()).map((r) => r.id),
    parameters: (await db.selectFrom("payrollParameters").select("id").execute()).map((r) => r.id),
  };
});
afterEach(async () => {
  const db = getDb();
  await db.deleteFrom("salaries").execute();
  await db.deleteFrom("vatRates").where("id", "not in", seeded.rates).execute();
  await db.updateTable("vatRates").set({ validTo: null }).execute();
  await db.deleteFrom("vatGrounds").where("id", "not in", seeded.grounds).execute();
  await db.updateTable("vatGrounds").set({ validTo: null }).execute();
  await db.deleteFrom("payrollParameters").where("id", "not in", seeded.parameters).execute();
  await db
    .updateTable("payrollParameters")
    .set({ validTo: null, maxInsurableCents: 211_164, maxInsurableConfirmed: false })
    .execute();
  await db
    .deleteFrom("sickLeaveRules")
    .where("validFrom", "not in", ["2000-01-01", "2024-01-01"])
    .execute();
});

async function admin() {
  const db = getDb();
  const user = await createUser(db, { role: "admin" });
  const { cookie } = await signInApi(db, user);
  return { ...user, headers: { Cookie: cookie } };
}

async function customer() {
  const db = getDb();
  const me = await createCompanyWithClient(db);
  const session = await signInApi(db, me.user);
  return { ...me, headers: { Cookie: session.cookie }, bearer: session.bearer };
}

const adminPost = (
  fn: typeof vatAction | typeof settingsAdmin,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string>,
) => call(fn, getDb(), path, formBody(fields, headers));

const vatPost = (fields: Record<string, string>, headers: Record<string, string>) =>
  adminPost(vatAction, "/hatterscastle/vat-update", fields, headers);
const settingsPost = (fields: Record<string, string>, headers: Record<string, string>) =>
  adminPost(settingsAdmin, "/hatterscastle/invoice-settings", fields, headers);

async function audits(action: string) {
  return getDb()
    .selectFrom("auditLog")
    .select(["action", "target", "adminEmail", "details"])
    .where("action", "=", action)
    .orderBy("id")
    .execute();
}

async function rateId(rate: number) {
  const row = await getDb()
    .selectFrom("vatRates")
    .select("id")
    .where("rate", "=", rate)
    .orderBy("validFrom")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The editor's form for one line, as a browser without JavaScript sends it. */
const editorForm = (clientId: string, overrides: Record<string, string> = {}) => ({
  intent: "save",
  type: "invoice",
  clientId,
  issueDate: "2027-02-01",
  currency: "EUR",
  "lines[0][description]": "Нова услуга",
  "lines[0][quantity]": "2",
  "lines[0][unitPrice]": "100",
  "lines[0][vatRate]": "22",
  ...overrides,
});

function pdfText(pdf: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), "smetka-pdf-"));
  const file = join(dir, "doc.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
}

describe("VAT rates as dated data", () => {
  it("a new rate is offered and accepted from its date, refused before it with what was typed kept", async () => {
    const boss = await admin();
    const me = await customer();

    const bad = await vatPost(
      { intent: "add-rate", rate: "22,5", name: "", validFrom: "2027-01-01" },
      boss.headers,
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      formId: "add-rate",
      fieldErrors: { rate: VAT_MESSAGES.rate, name: VAT_MESSAGES.name },
      repopulateFields: { rate: "22,5", validFrom: "2027-01-01" },
      focus: "rate",
    });

    const added = await vatPost(
      { intent: "add-rate", rate: "22", name: "Нова стандартна ставка", validFrom: "2027-01-01" },
      boss.headers,
    );
    expect(added.status).toBe(302);
    expect(await audits("vat.rate")).toMatchObject([
      {
        target: "22 %",
        adminEmail: boss.email,
        details: { change: "add", rate: 22, validFrom: "2027-01-01" },
      },
    ]);
    // The same rate again over the same period is refused.
    const twice = await vatPost(
      { intent: "add-rate", rate: "22", name: "Пак", validFrom: "2027-06-01" },
      boss.headers,
    );
    expect(twice.status).toBe(400);
    expect((await twice.json()).fieldErrors.validFrom).toContain("22 %");

    // The admin page lists it; the editor gets every rate with its validity and offers by date.
    const page = await (
      await call(vatLoader, getDb(), "/hatterscastle/vat-update", {
        headers: boss.headers,
      })
    ).json();
    expect(page.rates).toContainEqual(
      expect.objectContaining({ rate: 22, validFrom: "2027-01-01", validTo: null }),
    );
    const editor = await (
      await call(newLoader, getDb(), "/invoice/new", {
        headers: me.headers,
      })
    ).json();
    expect(ratesOn(editor.vatRates, "2027-02-01").map((r: { rate: number }) => r.rate)).toEqual([
      22, 20, 9, 0,
    ]);
    expect(ratesOn(editor.vatRates, "2026-12-01").map((r: { rate: number }) => r.rate)).toEqual([
      20, 9, 0,
    ]);

    // Saved on a document dated after valid_from.
    const saved = await call(
      newAction,
      getDb(),
      "/invoice/new",
      formBody(editorForm(me.clientId), me.headers),
    );
    expect(saved.status).toBe(302);
    const id = saved.headers.get("Location")!.split("/").pop()!;
    const doc = await getDocument(getDb(), me.companyId, id);
    expect(doc?.lines[0]).toMatchObject({ vatRate: 22, netCents: 20_000 });
    expect(doc).toMatchObject({ subtotalCents: 20_000, vatCents: 4_400, totalCents: 24_400 });

    // Refused on one dated before, at the line's field, with everything typed kept.
    const before = await call(
      newAction,
      getDb(),
      "/invoice/new",
      formBody(editorForm(me.clientId, { issueDate: "2026-12-01" }), me.headers),
    );
    expect(before.status).toBe(400);
    const answer = await before.json();
    expect(answer.fieldErrors).toEqual({ "lines.0.vatRate": VAT_MESSAGES.notValidOnDate });
    expect(answer.focus).toBe("lines[0][vatRate]");
    expect(answer.repopulateFields).toMatchObject({
      issueDate: "2026-12-01",
      lines: [{ description: "Нова услуга", quantity: "2", unitPrice: "100", vatRate: "22" }],
    });

    // A rate the table never had is refused at the field as before.
    const seven = await call(
      newAction,
      getDb(),
      "/invoice/new",
      formBody(editorForm(me.clientId, { "lines[0][vatRate]": "7" }), me.headers),
    );
    expect(seven.status).toBe(400);
    expect((await seven.json()).fieldErrors).toEqual({
      "lines.0.vatRate": "Изберете ставка на ДДС",
    });

    // The law dates the document by its tax event when there is one.
    const byTaxEvent = await call(
      newAction,
      getDb(),
      "/invoice/new",
      formBody(
        editorForm(me.clientId, { issueDate: "2026-12-30", taxEventDate: "2027-01-02" }),
        me.headers,
      ),
    );
    expect(byTaxEvent.status).toBe(302);
    const notYet = await call(
      newAction,
      getDb(),
      "/invoice/new",
      formBody(
        editorForm(me.clientId, {
          issueDate: "2027-01-05",
          taxEventDate: "2026-12-28",
          "lines[0][vatRate]": "22",
        }),
        me.headers,
      ),
    );
    expect(notYet.status).toBe(400);

    // The JSON API accepts the rate as before, and answers 400 with the message otherwise.
    const apiBody = (issueDate: string, vatRate: unknown) => ({
      type: "invoice",
      clientId: me.clientId,
      issueDate,
      lines: [{ description: "Услуга", quantity: "1", unitPrice: "10", vatRate }],
    });
    const viaApi = await postApi<AnyAnswer>(
      createApi,
      getDb(),
      "/api/invoices",
      apiBody("2027-03-01", 22),
      me.bearer,
    );
    expect(viaApi.lines[0]).toMatchObject({ vatRate: 22 });
    const tooEarly = await postApi<AnyAnswer>(
      createApi,
      getDb(),
      "/api/invoices",
      apiBody("2026-12-01", 22),
      me.bearer,
      400,
    );
    expect(tooEarly).toMatchObject({
      message: "Невалидни данни",
      errors: { lines: { 0: { vatRate: { _errors: [VAT_MESSAGES.notValidOnDate] } } } },
    });
    const unknown = await postApi<AnyAnswer>(
      createApi,
      getDb(),
      "/api/invoices",
      apiBody("2027-03-01", 7),
      me.bearer,
      400,
    );
    expect(unknown.errors.lines[0].vatRate._errors).toEqual(["Изберете ставка на ДДС"]);
  });

  it("ending a rate: never before an issued document's date; issued documents keep rate and totals; drafts are refused on issue", async () => {
    const boss = await admin();
    const me = await customer();
    const issuedId = await createDraft(
      getDb(),
      me.companyId,
      me.user.id,
      documentSchema.parse({
        type: "invoice",
        clientId: me.clientId,
        issueDate: "2026-11-20",
        lines: [{ description: "Консултация", quantity: "3", unitPrice: "33.33", vatRate: 20 }],
      }),
    );
    await issueDocument(getDb(), me.companyId, issuedId);
    const issuedBefore = await getDocument(getDb(), me.companyId, issuedId);
    const printedBefore = await printModelFor(getDb(), issuedBefore!);
    const draftId = await createDraft(
      getDb(),
      me.companyId,
      me.user.id,
      documentSchema.parse({
        type: "invoice",
        clientId: me.clientId,
        issueDate: "2026-12-20",
        lines: [{ description: "Поддръжка", quantity: "1", unitPrice: "50", vatRate: 20 }],
      }),
    );
    const twenty = await rateId(20);

    const backwards = await vatPost(
      { intent: "end-rate", id: twenty, validTo: "2006-12-31" },
      boss.headers,
    );
    expect(backwards.status).toBe(400);
    expect((await backwards.json()).fieldErrors.validTo).toBe(VAT_MESSAGES.validToBeforeFrom);

    // Cut short before the issued invoice of 20.11.2026: refused, naming how many.
    const cut = await vatPost(
      { intent: "end-rate", id: twenty, validTo: "2026-06-30" },
      boss.headers,
    );
    expect(cut.status).toBe(409);
    const refused = await cut.json();
    expect(refused.fieldErrors.validTo).toBe(VAT_MESSAGES.rateUsed(1, "30.06.2026"));
    expect(refused.repopulateFields).toMatchObject({ id: twenty, validTo: "2026-06-30" });

    const unknownRow = await vatPost(
      { intent: "end-rate", id: "00000000-0000-4000-8000-000000000000", validTo: "2026-12-31" },
      boss.headers,
    );
    expect(unknownRow.status).toBe(404);

    // After the issued invoice's date (the draft of 20.12.2026 does not hold it back).
    const ended = await vatPost(
      { intent: "end-rate", id: twenty, validTo: "2026-12-15" },
      boss.headers,
    );
    expect(ended.status).toBe(302);
    expect((await audits("vat.rate")).at(-1)).toMatchObject({
      target: "20 %",
      details: { change: "end", id: twenty, from: null, validTo: "2026-12-15" },
    });

    // The draft's rate is no longer in force on its date: issuing it is refused.
    const issue = await call(pageAction, getDb(), `/invoice/${draftId}`, {
      ...formBody({ intent: "issue", confirm: "yes" }, me.headers),
      params: { id: draftId },
    });
    expect(issue.status).toBe(400);
    const issueAnswer = await issue.json();
    expect(issueAnswer.formId).toBe("issue");
    expect(issueAnswer.formError).toContain("ред 1");
    expect(issueAnswer.fieldErrors).toEqual({ "lines.0.vatRate": VAT_MESSAGES.notValidOnDate });
    expect(await getDocument(getDb(), me.companyId, draftId)).toMatchObject({
      status: "draft",
      number: null,
    });

    // A credit note corrects its invoice at the invoice's rate, even dated after the rate ended.
    const noteForm = (vatRate: string) =>
      formBody(
        {
          intent: "save",
          type: "credit_note",
          clientId: me.clientId,
          issueDate: "2027-01-10",
          originalId: issuedId,
          reason: "Отстъпка",
          "lines[0][description]": "Консултация",
          "lines[0][quantity]": "1",
          "lines[0][unitPrice]": "10",
          "lines[0][vatRate]": vatRate,
        },
        me.headers,
      );
    const note = await call(newAction, getDb(), "/invoice/new", noteForm("20"));
    expect(note.status).toBe(302);
    const noteId = note.headers.get("Location")!.split("/").pop()!;
    const noteIssued = await call(pageAction, getDb(), `/invoice/${noteId}`, {
      ...formBody({ intent: "issue", confirm: "yes" }, me.headers),
      params: { id: noteId },
    });
    expect(noteIssued.status).toBe(302);
    const wrongNote = await call(newAction, getDb(), "/invoice/new", noteForm("9"));
    expect(wrongNote.status).toBe(302); // 9 % was in force on the invoice's date too
    await vatPost(
      { intent: "add-rate", rate: "21", name: "Временна", validFrom: "2026-12-16" },
      boss.headers,
    );
    const notInForce = await call(newAction, getDb(), "/invoice/new", noteForm("21"));
    expect(notInForce.status).toBe(400);
    expect((await notInForce.json()).fieldErrors).toEqual({
      "lines.0.vatRate": VAT_MESSAGES.notValidOnDate,
    });

    // The issued invoice keeps its rate, totals and print.
    const issuedAfter = await getDocument(getDb(), me.companyId, issuedId);
    expect(issuedAfter?.lines[0]?.vatRate).toBe(20);
    expect(issuedAfter).toMatchObject({
      subtotalCents: issuedBefore!.subtotalCents,
      vatCents: issuedBefore!.vatCents,
      totalCents: issuedBefore!.totalCents,
    });
    expect(await printModelFor(getDb(), issuedAfter!)).toEqual(printedBefore);

    // A rate's period is not lengthened over another row of the same rate.
    await vatPost(
      { intent: "add-rate", rate: "20", name: "Стандартна ставка", validFrom: "2027-01-01" },
      boss.headers,
    );
    const overlap = await vatPost(
      { intent: "end-rate", id: twenty, validTo: "2027-03-31" },
      boss.headers,
    );
    expect(overlap.status).toBe(400);
  });

  it("grounds are offered by date; an ended one is no longer offered and a draft keeps its text", async () => {
    const boss = await admin();
    const me = await customer();
    const added = await vatPost(
      {
        intent: "add-ground",
        text: "чл. 30 от ЗДДС",
        label: "Международен транспорт",
        kind: "zero",
        validFrom: "2027-01-01",
      },
      boss.headers,
    );
    expect(added.status).toBe(302);
    const wrongKind = await vatPost(
      { intent: "add-ground", text: "чл. 31", label: "х", kind: "other", validFrom: "2027-01-01" },
      boss.headers,
    );
    expect(wrongKind.status).toBe(400);
    expect((await wrongKind.json()).fieldErrors).toEqual({ kind: VAT_MESSAGES.groundKind });

    const ended = await getDb()
      .selectFrom("vatGrounds")
      .select("id")
      .where("text", "=", "чл. 46 от ЗДДС")
      .executeTakeFirstOrThrow();
    const end = await vatPost(
      { intent: "end-ground", id: ended.id, validTo: "2026-12-31" },
      boss.headers,
    );
    expect(end.status).toBe(302);
    expect((await audits("vat.ground")).map((a) => a.details)).toMatchObject([
      { change: "add", text: "чл. 30 от ЗДДС", kind: "zero", validFrom: "2027-01-01" },
      { change: "end", text: "чл. 46 от ЗДДС", validTo: "2026-12-31" },
    ]);

    const editor = await (
      await call(newLoader, getDb(), "/invoice/new", {
        headers: me.headers,
      })
    ).json();
    const texts = (day: string) =>
      groundsOn(editor.vatGrounds as VatGroundRow[], day).map((g) => g.text);
    expect(texts("2027-02-01")).toContain("чл. 30 от ЗДДС");
    expect(texts("2027-02-01")).not.toContain("чл. 46 от ЗДДС");
    expect(texts("2026-12-01")).not.toContain("чл. 30 от ЗДДС");
    expect(texts("2026-12-01")).toContain("чл. 46 от ЗДДС");

    // A draft dated 2027 with the ended ground shows it as «Друго основание», text kept.
    const draftId = await createDraft(
      getDb(),
      me.companyId,
      me.user.id,
      documentSchema.parse({
        type: "invoice",
        clientId: me.clientId,
        issueDate: "2027-01-10",
        vatGround: "чл. 46 от ЗДДС",
        lines: [{ description: "Кредит", quantity: "1", unitPrice: "10", vatRate: null }],
      }),
    );
    const edit = await (
      await call(editLoader, getDb(), `/invoice/edit/${draftId}`, {
        headers: me.headers,
        params: { id: draftId },
      })
    ).json();
    expect(edit.values).toMatchObject({ vatGround: "other", vatGroundOther: "чл. 46 от ЗДДС" });
  });
});

describe("defaults of new companies", () => {
  it("set by the admin → a newly registered company gets them → its new invoice follows, the footer prints", async () => {
    const boss = await admin();
    const refused = await settingsPost(
      { intent: "invoice-defaults", paymentTermDays: "400", language: "fr", notes: "x" },
      boss.headers,
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      fieldErrors: {
        paymentTermDays: "Срокът за плащане е цяло число дни от 0 до 365",
        language: "Изберете език на документите",
      },
      repopulateFields: { paymentTermDays: "400", notes: "x" },
    });
    const footer = "Дружеството е вписано в Търговския регистър.";
    const saved = await settingsPost(
      {
        intent: "invoice-defaults",
        paymentTermDays: "30",
        language: "bilingual",
        notes: "Благодарим ви за доверието!",
        footer,
      },
      boss.headers,
    );
    expect(saved.status).toBe(302);
    expect(await audits("invoice-defaults")).toMatchObject([
      {
        adminEmail: boss.email,
        details: {
          before: { paymentTermDays: 7, language: "bg" },
          after: { paymentTermDays: 30, language: "bilingual", footer },
        },
      },
    ]);
    const page = await (
      await call(settingsAdminLoader, getDb(), "/hatterscastle/invoice-settings", {
        headers: boss.headers,
      })
    ).json();
    expect(page.defaults).toEqual({
      paymentTermDays: 30,
      language: "bilingual",
      notes: "Благодарим ви за доверието!",
      footer,
    });

    const payload = registrationPayload({ recaptchaToken: botToken() });
    const registered = await call(register, getDb(), "/api/register", jsonBody(payload));
    expect(registered.status).toBe(201);
    const company = await getDb()
      .selectFrom("companies")
      .select(["id", "defaultPaymentTermDays", "defaultLanguage", "defaultNotes", "documentFooter"])
      .where("eik", "=", payload.companyVat)
      .executeTakeFirstOrThrow();
    expect(company).toMatchObject({
      defaultPaymentTermDays: 30,
      defaultLanguage: "bilingual",
      defaultNotes: "Благодарим ви за доверието!",
      documentFooter: footer,
    });

    // The company's new invoice: its term, language and notes.
    const user = await getDb()
      .selectFrom("users")
      .select("id")
      .where("email", "=", payload.username)
      .executeTakeFirstOrThrow();
    await getDb()
      .updateTable("users")
      .set({ emailVerifiedAt: new Date() })
      .where("id", "=", user.id)
      .execute();
    const { cookie } = await signInApi(getDb(), {
      email: payload.username,
      password: payload.password,
    });
    const headers = { Cookie: cookie };
    const today = todayInSofia();
    const blank = await (await call(newLoader, getDb(), "/invoice/new", { headers })).json();
    expect(blank.values).toMatchObject({
      dueDate: addDays(today, 30),
      language: "bilingual",
      notes: "Благодарим ви за доверието!",
    });
    // A client's own term wins; its language (bg, the default) leaves the company's.
    const client = await createClient(
      getDb(),
      company.id,
      clientSchema.parse({
        kind: "company",
        name: "Клиент Гама ООД",
        eik: "175074752",
        address: "ул. Раковски 1",
        city: "София",
        postalCode: "1000",
        paymentTermDays: "14",
      }),
    );
    const forClient = await (
      await call(newLoader, getDb(), `/invoice/new?clientId=${client.id}`, {
        headers,
      })
    ).json();
    expect(forClient.values).toMatchObject({
      dueDate: addDays(today, 14),
      language: "bilingual",
    });

    // The footer is at the bottom of the print model (HTML) and of the PDF.
    const { lines: _lines, ...typed } = forClient.values as Record<string, string>;
    const draft = await call(
      newAction,
      getDb(),
      "/invoice/new",
      formBody(
        {
          ...typed,
          intent: "save",
          issueDate: today,
          "lines[0][description]": "Услуга",
          "lines[0][quantity]": "1",
          "lines[0][unitPrice]": "10",
          "lines[0][vatRate]": "20",
        },
        headers,
      ),
    );
    expect(draft.status).toBe(302);
    const id = draft.headers.get("Location")!.split("/").pop()!;
    const shown = await (
      await call(pageLoader, getDb(), `/invoice/${id}`, {
        headers,
        params: { id },
      })
    ).json();
    expect(shown.model.footer).toBe(footer);
    expect(shown.model.facts).toContainEqual(
      expect.objectContaining({ value: "Благодарим ви за доверието!" }),
    );
    const issued = await issueDocument(getDb(), company.id, id);
    expect(issued.supplierSnapshot).toMatchObject({ documentFooter: footer });
    const pdf = await storedPdf(getDb(), (await getDocument(getDb(), company.id, id))!);
    expect(pdfText(pdf.data).replace(/\s+/g, " ")).toContain(footer);

    // The customer edits their own copy on /settings; the issued document keeps its footer.
    const mine = await (
      await call(customerSettingsLoader, getDb(), "/settings", { headers })
    ).json();
    expect(mine.invoiceDefaults).toMatchObject({ paymentTermDays: 30, footer });
    const tooLong = await call(
      customerSettings,
      getDb(),
      "/settings",
      formBody(
        {
          intent: "invoice-defaults",
          paymentTermDays: "10",
          language: "bg",
          footer: "ж".repeat(501),
        },
        headers,
      ),
    );
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).fieldErrors.footer).toContain("500");
    const changed = await call(
      customerSettings,
      getDb(),
      "/settings",
      formBody(
        { intent: "invoice-defaults", paymentTermDays: "10", language: "en", footer: "Нов текст" },
        headers,
      ),
    );
    expect(changed.status).toBe(302);
    const after = await (await call(newLoader, getDb(), "/invoice/new", { headers })).json();
    expect(after.values).toMatchObject({ dueDate: addDays(today, 10), language: "en", notes: "" });
    const reprinted = await (
      await call(pageLoader, getDb(), `/invoice/${id}`, {
        headers,
        params: { id },
      })
    ).json();
    expect(reprinted.model.footer).toBe(footer);
  });
});

describe("payroll parameters", () => {
  const rows = {
    validFrom: "2027-01-01",
    minimumWage: "700,00",
    maxInsurable: "2 300,00",
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
    note: "Бюджет 2027",
  };

  it("a row from 2027 is used for January 2027 and the 2026 row for December 2026; the maximum is confirmed", async () => {
    const boss = await admin();
    const list = await (
      await call(settingsAdminLoader, getDb(), "/hatterscastle/invoice-settings", {
        headers: boss.headers,
      })
    ).json();
    expect(list.parameters).toHaveLength(1);
    expect(list.parameters[0].maxInsurable).toContain("Непотвърден");
    expect(list.prefill).toMatchObject({ employeeDoo: "8,38", minimumWage: "620,20" });

    const missing = await settingsPost(
      { ...rows, intent: "add-parameters", employeeZo: "" },
      boss.headers,
    );
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      fieldErrors: {
        employeeZo: "Процент от 0 до 100 с до 2 знака след запетаята (напр. 8,38)",
      },
      repopulateFields: { minimumWage: "700,00", note: "Бюджет 2027" },
    });
    const upsideDown = await settingsPost(
      { ...rows, intent: "add-parameters", tzpbMin: "2", tzpbMax: "1", maxInsurable: "600" },
      boss.headers,
    );
    expect((await upsideDown.json()).fieldErrors).toEqual({
      tzpbMax: "Най-малкият ТЗПБ не може да е по-голям от най-големия",
      maxInsurable: "Максималният осигурителен доход не може да е под минималната заплата",
    });

    const added = await settingsPost({ ...rows, intent: "add-parameters" }, boss.headers);
    expect(added.status).toBe(302);
    const again = await settingsPost(
      { ...rows, intent: "add-parameters", validFrom: "2026-07-01" },
      boss.headers,
    );
    expect(again.status).toBe(400);
    expect((await again.json()).fieldErrors.validFrom).toContain("01.01.2027");

    const january = await parametersFor(getDb(), "2027-01");
    const december = await parametersFor(getDb(), "2026-12");
    expect(january.row).toMatchObject({
      validFrom: "2027-01-01",
      validTo: null,
      minimumWageCents: 70_000,
      maxInsurableCents: 230_000,
      maxInsurableConfirmed: true,
    });
    expect(december.row).toMatchObject({ validFrom: "2026-01-01", validTo: "2026-12-31" });

    // A salary of each month is computed with its own row.
    const me = await createCompanyWithClient(getDb());
    const employeeId = await createTestEmployee(getDb(), me.companyId, { gross: "3000" });
    const salary = (month: string, workingDays: number) =>
      createSalary(
        getDb(),
        me.companyId,
        salarySchema.parse({ employeeId, month, gross: "3000", workingDays }),
      );
    const salaries = await getDb()
      .selectFrom("salaries")
      .select(["id", "parametersId", "insurableCents"])
      .where("id", "in", [await salary("2026-12", 20), await salary("2027-01", 20)])
      .execute();
    const byId = (id: string) => salaries.find((s) => s.parametersId === id);
    expect(byId(december.id)?.insurableCents).toBe(211_164);
    expect(byId(january.id)?.insurableCents).toBe(230_000);

    // Confirming the 2026 maximum: the salary computed with it keeps its figures.
    const confirm = await settingsPost(
      {
        intent: "max-insurable",
        id: december.id,
        maxInsurable: "2 111,64",
        maxInsurableConfirmed: "on",
      },
      boss.headers,
    );
    expect(confirm.status).toBe(302);
    const after = await (
      await call(settingsAdminLoader, getDb(), "/hatterscastle/invoice-settings", {
        headers: boss.headers,
      })
    ).json();
    expect(after.parameters.map((p: { maxInsurable: string }) => p.maxInsurable)).toEqual([
      formatMoney(230_000, "EUR"),
      formatMoney(211_164, "EUR"),
    ]);
    const unknown = await settingsPost(
      { intent: "max-insurable", id: "00000000-0000-4000-8000-000000000000", maxInsurable: "1" },
      boss.headers,
    );
    expect(unknown.status).toBe(404);

    expect((await audits("payroll.parameters")).map((a) => a.details)).toMatchObject([
      { change: "add", validFrom: "2027-01-01", closed: [{ validTo: "2026-12-31" }] },
      {
        change: "max-insurable",
        before: { cents: 211_164, confirmed: false },
        after: { cents: 211_164, confirmed: true },
        salariesKeepingTheirFigures: 1,
      },
    ]);
  });

  it("the employer's sick days are a dated rule the admin saves; a salary takes the rule of the day the sickness began", async () => {
    const boss = await admin();
    const db = getDb();
    const page = async () =>
      (
        await call(settingsAdminLoader, db, "/hatterscastle/invoice-settings", {
          headers: boss.headers,
        })
      ).json();
    expect((await page()).sickRules).toMatchObject([
      { validFrom: "01.01.2024", employerDays: "2" },
      { validFrom: "01.01.2000", employerDays: "3" },
    ]);
    const refused = await settingsPost(
      { intent: "sick-leave-rule", validFrom: "2026-10-20", employerDays: "много", note: "x" },
      boss.headers,
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      fieldErrors: { employerDays: "Цял брой дни от 0 до 30" },
      repopulateFields: { validFrom: "2026-10-20", note: "x" },
    });
    const saved = await settingsPost(
      { intent: "sick-leave-rule", validFrom: "2026-10-20", employerDays: "1", note: "проба" },
      boss.headers,
    );
    expect(saved.status).toBe(302);
    expect((await page()).sickRules[0]).toMatchObject({
      validFrom: "20.10.2026",
      employerDays: "1",
    });
    expect(await audits("payroll.sick-leave-rule")).toHaveLength(1);

    const { companyId } = await createCompanyWithClient(db);
    const employee = await createTestEmployee(db, companyId);
    const sick = async (sickFrom: string) => {
      const id = await createSalary(
        db,
        companyId,
        salarySchema.parse({
          employeeId: employee,
          month: "2026-10",
          gross: "2000",
          workingDays: 22,
          sickDays: 3,
          sickFrom,
        }),
      );
      const row = await db
        .selectFrom("salaries")
        .select(["sickEmployerDays", "sickPayCents"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      await db.deleteFrom("salaries").where("id", "=", id).execute();
      return row;
    };
    expect(await sick("2026-10-19")).toEqual({ sickEmployerDays: 2, sickPayCents: 12727 });
    expect(await sick("2026-10-20")).toEqual({ sickEmployerDays: 1, sickPayCents: 6364 });
  });

  it("an unknown intent is refused on both pages, and nothing is written", async () => {
    const boss = await admin();
    for (const post of [vatPost, settingsPost]) {
      const response = await post({ intent: "drop" }, boss.headers);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ formError: "Неизвестно действие" });
    }
    const count = await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(
      getDb(),
    );
    expect(count.rows[0]?.n).toBe(0);
  });
});
