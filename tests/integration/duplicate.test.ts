import { describe, expect, it } from "vitest";
import {
  cancelDocument,
  createDraft,
  getDocument,
  issueDocument,
} from "~/modules/invoices/documents.server";
import { documentSchema } from "~/modules/invoices/schema";
import { VAT_MESSAGES } from "~/modules/reference/vat";
import { action as pageAction } from "~/routes/_app.invoice.$id";
import { action as editAction, loader as editLoader } from "~/routes/_app.invoice.edit.$id";
import { loader as apiGet } from "~/routes/api.invoices.$id";
import { action as apiDuplicate } from "~/routes/api.invoices.$id.duplicate";
import { addDays, todayInSofia } from "~/utils/dates";
import { readToast } from "~/utils/toast.server";
import { createCompanyWithClient } from "../setup/factories";
import { call, cookiesFrom, formBody, jsonBody, signInApi } from "../setup/routes";
import { expectOutsider, strangersOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

async function customer() {
  const { user, companyId, clientId } = await createCompanyWithClient(getDb());
  await getDb()
    .updateTable("clients")
    .set({ paymentTermDays: 14 })
    .where("id", "=", clientId)
    .execute();
  return { user, companyId, clientId, ...(await signInApi(getDb(), user)) };
}

type Customer = Awaited<ReturnType<typeof customer>>;

async function issuedInvoice(me: Customer, overrides: Record<string, unknown> = {}) {
  const id = await createDraft(
    getDb(),
    me.companyId,
    me.user.id,
    documentSchema.parse({
      type: "invoice",
      clientId: me.clientId,
      issueDate: "2026-11-20",
      taxEventDate: "2026-11-18",
      dueDate: "2026-11-27",
      language: "bilingual",
      paymentMethod: "cash",
      notes: "Благодарим!",
      lines: [
        { description: "Консултация", quantity: "2,5", unit: "ч.", unitPrice: "80", vatRate: 20 },
        { description: "Книга", quantity: "1", unitPrice: "19,9", discount: "10", vatRate: 9 },
      ],
      ...overrides,
    }),
  );
  await issueDocument(getDb(), me.companyId, id);
  return id;
}

/** «Дублирай» on the document's page, as a browser without JavaScript sends it. */
async function duplicateOnPage(me: Customer, id: string) {
  const response = await call(pageAction, getDb(), `/invoice/${id}`, {
    ...formBody({ intent: "duplicate" }, { Cookie: me.cookie }),
    params: { id },
  });
  expect(response.status).toBe(302);
  const location = response.headers.get("Location") ?? "";
  expect(location).toMatch(/^\/invoice\/edit\/[0-9a-f-]{36}$/);
  const { toast } = await readToast(
    new Request("http://localhost/", { headers: { Cookie: cookiesFrom(response) } }),
  );
  return { copyId: location.split("/").pop() ?? "", toast };
}

const linesOf = (doc: Awaited<ReturnType<typeof getDocument>>) =>
  doc?.lines.map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unit: l.unit,
    unitPrice: l.unitPrice,
    discountPercent: l.discountPercent,
    vatRate: l.vatRate,
    netCents: l.netCents,
  }));

describe("«Дублирай»", () => {
  it("makes a draft of an issued invoice: today's dates, same client and lines, no number", async () => {
    const me = await customer();
    const id = await issuedInvoice(me);
    const { copyId, toast } = await duplicateOnPage(me, id);
    expect(toast).toMatchObject({ type: "success", title: "Създадено е копие като чернова" });

    const source = await getDocument(getDb(), me.companyId, id);
    const copy = await getDocument(getDb(), me.companyId, copyId);
    const today = todayInSofia();
    expect(copy).toMatchObject({
      type: "invoice",
      status: "draft",
      number: null,
      clientId: me.clientId,
      issueDate: today,
      taxEventDate: null,
      dueDate: addDays(today, 14),
      language: "bilingual",
      currency: "EUR",
      paymentMethod: "cash",
      notes: "Благодарим!",
      vatGround: null,
      issuedAt: null,
      supplierSnapshot: null,
      subtotalCents: source?.subtotalCents,
      totalCents: source?.totalCents,
      paidCents: 0,
    });
    expect(linesOf(copy)).toEqual(linesOf(source));
    // The original is untouched; the copy opens in the editor with its values.
    expect(source).toMatchObject({ status: "issued", number: "0000000001" });
    const editor = await (
      await call(editLoader, getDb(), `/invoice/edit/${copyId}`, {
        headers: { Cookie: me.cookie },
        params: { id: copyId },
      })
    ).json();
    expect(editor.values.lines.map((l: { description: string }) => l.description)).toEqual([
      "Консултация",
      "Книга",
    ]);
    expect(editor.search.client).toMatchObject({ id: me.clientId, name: "Клиент Бета ООД" });
  });

  it("duplicates a draft, a cancelled invoice and a proforma as drafts of their kind", async () => {
    const me = await customer();
    const cancelled = await issuedInvoice(me);
    await cancelDocument(getDb(), me.companyId, cancelled, "Грешен получател");
    const proforma = await issuedInvoice(me, { type: "proforma" });
    const draft = await createDraft(
      getDb(),
      me.companyId,
      me.user.id,
      documentSchema.parse({
        type: "invoice",
        clientId: me.clientId,
        issueDate: "2026-11-21",
        lines: [{ description: "Услуга", quantity: "1", unitPrice: "10", vatRate: 20 }],
      }),
    );
    for (const [id, type] of [
      [cancelled, "invoice"],
      [proforma, "proforma"],
      [draft, "invoice"],
    ] as const) {
      const { copyId } = await duplicateOnPage(me, id);
      const copy = await getDocument(getDb(), me.companyId, copyId);
      expect(copy).toMatchObject({ type, status: "draft", number: null, cancelledAt: null });
      expect(copy?.totalCents).toBeGreaterThan(0);
    }
  });

  it("a credit note stays a note to the same invoice, with its reason", async () => {
    const me = await customer();
    const invoice = await issuedInvoice(me);
    const noteId = await createDraft(
      getDb(),
      me.companyId,
      me.user.id,
      documentSchema.parse({
        type: "credit_note",
        clientId: me.clientId,
        issueDate: "2026-11-22",
        originalId: invoice,
        reason: "Върната стока",
        lines: [{ description: "Книга", quantity: "1", unitPrice: "19,9", vatRate: 9 }],
      }),
    );
    await issueDocument(getDb(), me.companyId, noteId);
    const { copyId } = await duplicateOnPage(me, noteId);
    const copy = await getDocument(getDb(), me.companyId, copyId);
    expect(copy).toMatchObject({
      type: "credit_note",
      status: "draft",
      number: null,
      originalId: invoice,
      originalNumber: "0000000001",
      originalDate: "2026-11-20",
      reason: "Върната стока",
    });
    // It saves as it is: the editor's form of the copy is accepted.
    const editor = await (
      await call(editLoader, getDb(), `/invoice/edit/${copyId}`, {
        headers: { Cookie: me.cookie },
        params: { id: copyId },
      })
    ).json();
    expect(editor.values).toMatchObject({ originalId: invoice, reason: "Върната стока" });
  });

  it("copies a rate no longer in force, says so, and the editor marks the line on save", async () => {
    const me = await customer();
    const old = await getDb()
      .insertInto("vatRates")
      .values({ rate: 7, name: "Стара ставка", validFrom: "2020-01-01", validTo: "2020-12-31" })
      .returning("id")
      .executeTakeFirstOrThrow();
    try {
      const id = await createDraft(
        getDb(),
        me.companyId,
        me.user.id,
        documentSchema.parse({
          type: "invoice",
          clientId: me.clientId,
          issueDate: "2020-06-01",
          lines: [
            { description: "Услуга", quantity: "1", unitPrice: "10", vatRate: 20 },
            { description: "Стара", quantity: "1", unitPrice: "10", vatRate: 7 },
          ],
        }),
      );
      const { copyId, toast } = await duplicateOnPage(me, id);
      expect(toast?.title).toBe("Създадено е копие като чернова");
      expect(toast?.description).toContain("Ред 2: ставката на ДДС не е в сила днес");
      const copy = await getDocument(getDb(), me.companyId, copyId);
      expect(copy?.lines.map((l) => l.vatRate)).toEqual([20, 7]);

      const editor = await (
        await call(editLoader, getDb(), `/invoice/edit/${copyId}`, {
          headers: { Cookie: me.cookie },
          params: { id: copyId },
        })
      ).json();
      const { lines, ...fields } = editor.values as Record<string, string> & {
        lines: Record<string, string>[];
      };
      const form: Record<string, string> = { ...fields, intent: "save" };
      lines.forEach((line, i) => {
        for (const [key, value] of Object.entries(line)) form[`lines[${i}][${key}]`] = value;
      });
      const saved = await call(editAction, getDb(), `/invoice/edit/${copyId}`, {
        ...formBody(form, { Cookie: me.cookie }),
        params: { id: copyId },
      });
      expect(saved.status).toBe(400);
      expect((await saved.json()).fieldErrors).toEqual({
        "lines.1.vatRate": VAT_MESSAGES.notValidOnDate,
      });
    } finally {
      await getDb().deleteFrom("vatRates").where("id", "=", old.id).execute();
    }
  });

  it("POST /api/invoices/{id}/duplicate answers 201 with the draft; another company's id is 404", async () => {
    const me = await customer();
    const id = await issuedInvoice(me);
    const params = { id };
    const response = await call(apiDuplicate, getDb(), `/api/invoices/${id}/duplicate`, {
      ...jsonBody({}, "POST", me.bearer),
      params,
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      type: "invoice",
      status: "draft",
      number: null,
      clientId: me.clientId,
      issueDate: todayInSofia(),
      taxEventDate: null,
    });
    expect(response.headers.get("Location")).toBe(`/api/invoices/${body.id}`);
    // The same shape as GET /api/invoices/{id}.
    const got = await call(apiGet, getDb(), `/api/invoices/${body.id}`, {
      headers: me.bearer,
      params: { id: body.id },
    });
    expect(await got.json()).toEqual(body);

    const before = await getDb().selectFrom("documents").select("id").execute();
    // The owner of another company, and members of it as each role (issue #29).
    for (const stranger of await strangersOf(getDb(), me)) {
      await expectOutsider(stranger, [
        [
          "documents.edit",
          "api",
          () =>
            call(apiDuplicate, getDb(), `/api/invoices/${id}/duplicate`, {
              ...jsonBody({}, "POST", stranger.bearer),
              params,
            }),
        ],
        [
          "documents.edit",
          "form",
          () =>
            call(pageAction, getDb(), `/invoice/${id}`, {
              ...formBody({ intent: "duplicate" }, { Cookie: stranger.cookie }),
              params,
            }),
        ],
      ]);
    }
    const stolen = await call(apiDuplicate, getDb(), `/api/invoices/${id}/duplicate`, {
      ...jsonBody({}, "POST", (await customer()).bearer),
      params,
    });
    expect(await stolen.json()).toEqual({ message: "Документът не е намерен" });
    expect(await getDb().selectFrom("documents").select("id").execute()).toHaveLength(
      before.length,
    );
  });
});
