import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { RECEIPT_MAX_BYTES } from "~/modules/expenses/attachments.server";
import { listCategories } from "~/modules/expenses/categories.server";
import { expenseFiltersFromSearch, summarizeExpenses } from "~/modules/expenses/queries.server";
import { loader as listLoader } from "~/routes/_app.expenses";
import { action as viewAction, loader as viewLoader } from "~/routes/_app.expenses_.$id";
import { action as addAction } from "~/routes/_app.expenses_.add";
import { action as categoriesAction } from "~/routes/_app.expenses_.categories";
import { action as editAction, loader as editLoader } from "~/routes/_app.expenses_.edit.$id";
import { action as categoriesApi } from "~/routes/api.expense-categories";
import { loader as expensesGet, action as expensesPost } from "~/routes/api.expenses";
import { action as expenseChange, loader as expenseGet } from "~/routes/api.expenses.$id";
import {
  loader as attachmentsGet,
  action as attachmentsPost,
} from "~/routes/api.expenses.$id.attachments";
import {
  action as attachmentDelete,
  loader as attachmentGet,
} from "~/routes/api.expenses.$id.attachments.$attachmentId";
import { loader as suppliersGet } from "~/routes/api.suppliers";
import { loader as csvLoader } from "~/routes/expenses.export[.]csv";
import { createCompanyOnPlan, createTestExpense, TINY_PNG, validEik } from "../setup/factories";
import { type AnyAnswer, call, formBody, jsonBody, postApi, signInApi } from "../setup/routes";
import { expectOutsider, outsiderStatus, strangersOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

/** A standard-plan company with a signed-in user: its id, the page cookie and the API bearer. */
async function standardCompany(vatRegistered = true) {
  const db = getDb();
  const me = await createCompanyOnPlan(db, "standard", vatRegistered);
  const session = await signInApi(db, me.user);
  const [category] = await listCategories(db, me.companyId);
  return {
    companyId: me.companyId,
    categoryId: category!.id,
    page: { Cookie: session.cookie },
    api: session.bearer,
  };
}

const payload = (categoryId: string, overrides: Record<string, unknown> = {}) => ({
  supplierName: "Офис Доставки ЕООД",
  supplierEik: "175074752",
  supplierVatNumber: "BG175074752",
  documentType: "invoice",
  documentNumber: "0000000777",
  documentDate: "2026-11-05",
  description: "Хартия и тонер",
  categoryId,
  amounts: [
    { vatRate: 20, base: "100.00" },
    { vatRate: 9, base: "10.00" },
  ],
  paid: true,
  paidOn: "2026-11-06",
  paymentMethod: "bank",
  ...overrides,
});

function multipart(files: { name: string; bytes: Uint8Array; type?: string }[], headers = {}) {
  const form = new FormData();
  for (const file of files) {
    form.append(
      "files",
      new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "image/png" }),
    );
  }
  return { method: "POST", body: form, headers };
}

describe("expenses: the API", () => {
  it("records an expense, computes VAT per rate, lists it with totals, changes and deletes it", async () => {
    const me = await standardCompany();
    const db = getDb();
    const expense = await postApi<AnyAnswer>(
      expensesPost,
      db,
      "/api/expenses",
      payload(me.categoryId),
      me.api,
    );
    expect(expense).toMatchObject({
      supplier: { name: "Офис Доставки ЕООД", eik: "175074752" },
      amounts: [
        { vatRate: 20, base: "100.00", vat: "20.00" },
        { vatRate: 9, base: "10.00", vat: "0.90" },
      ],
      subtotal: "110.00",
      vat: "20.90",
      total: "130.90",
      vatCredit: "full",
      creditableVat: "20.90",
      paid: true,
    });

    // The GET answer, changed, goes back as it is (nested supplier and category).
    const changed = await call(expenseChange, db, `/api/expenses/${expense.id}`, {
      ...jsonBody(
        {
          ...expense,
          vatCredit: "partial",
          vatCreditCoefficient: "0.5",
          amounts: [{ vatRate: 20, base: "50.00", vat: "10.01" }],
        },
        "PUT",
        me.api,
      ),
      params: { id: expense.id },
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      total: "60.01",
      vat: "10.01",
      creditableVat: "5.01",
      category: { id: me.categoryId },
    });

    const list = await (
      await call(expensesGet, db, "/api/expenses?period=month:2026-11", { headers: me.api })
    ).json();
    expect(list.expenses).toHaveLength(1);
    expect(list.summary).toMatchObject({
      count: 1,
      currencies: [{ currency: "EUR", subtotal: "50.00", vat: "10.01", total: "60.01" }],
      rates: [{ currency: "EUR", vatRate: 20, base: "50.00", vat: "10.01" }],
    });

    const deleted = await call(expenseChange, db, `/api/expenses/${expense.id}`, {
      method: "DELETE",
      headers: me.api,
      params: { id: expense.id },
    });
    expect(deleted.status).toBe(204);
    const gone = await call(expenseGet, db, `/api/expenses/${expense.id}`, {
      headers: me.api,
      params: { id: expense.id },
    });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: "Разходът не е намерен" });
  });

  it("refuses bad input field by field in Bulgarian, and VAT more than a cent off the rate", async () => {
    const me = await standardCompany();
    const body = await postApi<AnyAnswer>(
      expensesPost,
      getDb(),
      "/api/expenses",
      payload(me.categoryId, {
        supplierEik: "175074753",
        documentNumber: "123",
        amounts: [{ vatRate: 20, base: "100.00", vat: "20.02" }],
        paidOn: "",
      }),
      me.api,
      400,
    );
    expect(body.message).toBe("Невалидни данни");
    expect(Object.keys(body.errors).sort()).toEqual(
      ["amounts", "documentNumber", "paidOn", "supplierEik"].sort(),
    );
    expect(body.errors.amounts["0"].vat._errors[0]).toMatch(/ДДС/);
    expect(body.errors.documentNumber._errors[0]).toMatch(/10 цифри/);
    // One cent either way is what other programs' rounding gives: accepted as on the document.
    const cent = await postApi(
      expensesPost,
      getDb(),
      "/api/expenses",
      payload(me.categoryId, { amounts: [{ vatRate: 20, base: "100.00", vat: "19.99" }] }),
      me.api,
    );
    expect(cent).toMatchObject({ vat: "19.99", total: "119.99" });
    expect(await getDb().selectFrom("expenses").select("id").execute()).toHaveLength(1);
  });

  it("warns of a duplicate with a link to the recorded one, and records it when confirmed", async () => {
    const me = await standardCompany();
    const db = getDb();
    const first = await postApi(expensesPost, db, "/api/expenses", payload(me.categoryId), me.api);
    const again = await postApi(
      expensesPost,
      db,
      "/api/expenses",
      payload(me.categoryId),
      me.api,
      409,
    );
    expect(again).toMatchObject({
      message: expect.stringMatching(/^Вече има такъв разход/),
      duplicateOf: { id: first.id, documentNumber: "0000000777", url: `/api/expenses/${first.id}` },
    });
    // Another supplier's document with the same number is not a duplicate.
    await postApi(
      expensesPost,
      db,
      "/api/expenses",
      payload(me.categoryId, { supplierEik: validEik(), supplierVatNumber: "" }),
      me.api,
    );
    await postApi(
      expensesPost,
      db,
      "/api/expenses",
      payload(me.categoryId, { confirmDuplicate: true }),
      me.api,
    );
  });

  it("a company not registered for VAT credits no VAT", async () => {
    const me = await standardCompany(false);
    const created = await postApi(
      expensesPost,
      getDb(),
      "/api/expenses",
      payload(me.categoryId),
      me.api,
    );
    expect(created).toMatchObject({
      vat: "20.90",
      vatCredit: "none",
      creditableVat: "0.00",
    });
  });

  it("keeps suppliers per company and offers them again", async () => {
    const me = await standardCompany();
    const other = await standardCompany();
    await postApi(expensesPost, getDb(), "/api/expenses", payload(me.categoryId), me.api);
    const found = await (
      await call(suppliersGet, getDb(), "/api/suppliers?q=офис", { headers: me.api })
    ).json();
    expect(found.suppliers).toMatchObject([
      { name: "Офис Доставки ЕООД", eik: "175074752", vatNumber: "BG175074752" },
    ]);
    const none = await (
      await call(suppliersGet, getDb(), "/api/suppliers?q=офис", { headers: other.api })
    ).json();
    expect(none.suppliers).toEqual([]);
  });
});

describe("expenses: receipts", () => {
  it("stores a receipt once per company by content, refuses other types and files over 5 MB", async () => {
    const me = await standardCompany();
    const db = getDb();
    const a = await createTestExpense(db, me.companyId);
    const b = await createTestExpense(db, me.companyId);
    for (const id of [a.id, b.id]) {
      const added = await call(attachmentsPost, db, `/api/expenses/${id}/attachments`, {
        ...multipart([{ name: "касов бон.png", bytes: TINY_PNG }], me.api),
        params: { id },
      });
      expect(added.status).toBe(201);
      expect((await added.json()).attachments).toMatchObject([
        { fileName: "касов бон.png", contentType: "image/png", size: TINY_PNG.byteLength },
      ]);
    }
    const stored = await db.selectFrom("storedFiles").select("sha256").execute();
    expect(stored).toHaveLength(1);

    const fake = await call(attachmentsPost, db, `/api/expenses/${a.id}/attachments`, {
      ...multipart(
        [
          {
            name: "фактура.pdf",
            bytes: new TextEncoder().encode("not a pdf"),
            type: "application/pdf",
          },
        ],
        me.api,
      ),
      params: { id: a.id },
    });
    expect(fake.status).toBe(400);
    expect((await fake.json()).errors.files._errors).toEqual([
      "Разрешени са само файлове JPG, PNG или PDF (фактура.pdf)",
    ]);

    const big = new Uint8Array(RECEIPT_MAX_BYTES + 1);
    big.set(TINY_PNG);
    const tooLarge = await call(attachmentsPost, db, `/api/expenses/${a.id}/attachments`, {
      ...multipart([{ name: "скан.png", bytes: big }], me.api),
      params: { id: a.id },
    });
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).message).toBe(
      "Файлът е твърде голям: скан.png. Максималният размер е 5MB",
    );

    const { attachments } = await (
      await call(attachmentsGet, db, `/api/expenses/${a.id}/attachments`, {
        headers: me.api,
        params: { id: a.id },
      })
    ).json();
    expect(attachments).toHaveLength(1);
    const file = await call(attachmentGet, db, attachments[0].url, {
      headers: me.api,
      params: { id: a.id, attachmentId: attachments[0].id },
    });
    expect(file.headers.get("Content-Type")).toBe("image/png");
    expect(file.headers.get("Content-Disposition")).toContain("attachment;");
    expect(Buffer.from(await file.arrayBuffer()).equals(TINY_PNG)).toBe(true);

    const removed = await call(attachmentDelete, db, attachments[0].url, {
      method: "DELETE",
      headers: me.api,
      params: { id: a.id, attachmentId: attachments[0].id },
    });
    expect(removed.status).toBe(204);
  });

  it("the add page saves the receipt with the expense, or nothing at all", async () => {
    const me = await standardCompany();
    const db = getDb();
    const form = new FormData();
    const fields: Record<string, string> = {
      supplierName: "Бензиностанция ООД",
      documentType: "receipt",
      documentNumber: "12345",
      documentDate: "2026-11-07",
      description: "Гориво",
      categoryId: me.categoryId,
      currency: "EUR",
      "amounts[20][base]": "50,00",
      "amounts[20][vat]": "",
      vatCredit: "full",
    };
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    form.append("files", new File([new Uint8Array(TINY_PNG)], "бон.png", { type: "image/png" }));
    const saved = await call(addAction, db, "/expenses/add", {
      method: "POST",
      body: form,
      headers: me.page,
    });
    expect(saved.status).toBe(302);
    const id = saved.headers.get("Location")!.split("/").pop()!;
    const page = await (
      await call(viewLoader, db, `/expenses/${id}`, { headers: me.page, params: { id } })
    ).json();
    expect(page.expense).toMatchObject({
      totalCents: 6000,
      vatCents: 1000,
      attachments: [{ fileName: "бон.png" }],
    });

    // A refused save keeps what was typed and stores nothing.
    const bad = new FormData();
    for (const [key, value] of Object.entries({ ...fields, documentDate: "2026-02-30" })) {
      bad.set(key, value);
    }
    bad.append("files", new File([new Uint8Array(TINY_PNG)], "друг.png", { type: "image/png" }));
    const refused = await call(addAction, db, "/expenses/add", {
      method: "POST",
      body: bad,
      headers: me.page,
    });
    expect(refused.status).toBe(400);
    const answer = await refused.json();
    expect(answer).toMatchObject({
      formId: "expense",
      focus: "documentDate",
      repopulateFields: { supplierName: "Бензиностанция ООД", "amounts[20][base]": "50,00" },
    });
    expect(answer.fieldErrors.files).toMatch(/изберете файловете отново/);
    expect(await db.selectFrom("expenses").select("id").execute()).toHaveLength(1);
    expect(await db.selectFrom("expenseAttachments").select("id").execute()).toHaveLength(1);
  });
});

describe("expenses: the pages", () => {
  it("a duplicate on the form is 409 with the link to the recorded expense; confirmed, it saves", async () => {
    const me = await standardCompany();
    const db = getDb();
    const first = await createTestExpense(db, me.companyId, { documentNumber: "0000000042" });
    const fields = {
      supplierName: "Доставчик АД",
      supplierEik: "175074752",
      documentType: "invoice",
      documentNumber: "0000000042",
      documentDate: "2026-11-10",
      description: "Пак същото",
      categoryId: me.categoryId,
      "amounts[20][base]": "100",
    };
    const refused = await call(addAction, db, "/expenses/add", formBody(fields, me.page));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      focus: "confirmDuplicate",
      link: { to: `/expenses/${first.id}` },
      repopulateFields: { description: "Пак същото" },
    });
    const saved = await call(
      addAction,
      db,
      "/expenses/add",
      formBody({ ...fields, confirmDuplicate: "on" }, me.page),
    );
    expect(saved.status).toBe(302);
  });

  it("the edit page changes amounts and supplier; a delete needs the confirmation", async () => {
    const me = await standardCompany();
    const db = getDb();
    const { id } = await createTestExpense(db, me.companyId);
    const form = await (
      await call(editLoader, db, `/expenses/edit/${id}`, { headers: me.page, params: { id } })
    ).json();
    const values = { ...form.values, "amounts[20][base]": "200,00", "amounts[20][vat]": "" };
    const saved = await call(editAction, db, `/expenses/edit/${id}`, {
      ...formBody(values, me.page),
      params: { id },
    });
    expect(saved.status).toBe(302);
    const row = await db
      .selectFrom("expenses")
      .select(["totalCents", "vatCents"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ totalCents: 24000, vatCents: 4000 });

    const unconfirmed = await call(viewAction, db, `/expenses/${id}`, {
      ...formBody({ intent: "delete" }, me.page),
      params: { id },
    });
    expect(unconfirmed.status).toBe(400);
    expect(await db.selectFrom("expenses").select("id").execute()).toHaveLength(1);
    const deleted = await call(viewAction, db, `/expenses/${id}`, {
      ...formBody({ intent: "delete", confirm: "on" }, me.page),
      params: { id },
    });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/expenses");
    expect(await db.selectFrom("expenses").select("id").execute()).toHaveLength(0);
  });

  it("categories: added and renamed per company, a name once; an archived one stays on its expenses", async () => {
    const me = await standardCompany();
    const db = getDb();
    const added = await call(
      categoriesAction,
      db,
      "/expenses/categories",
      formBody({ intent: "add", name: "Абонаменти" }, me.page),
    );
    expect(added.status).toBe(302);
    const taken = await postApi<{ message: string }>(
      categoriesApi,
      db,
      "/api/expense-categories",
      { name: "Абонаменти" },
      me.api,
      409,
    );
    expect(taken.message).toBe("Вече има категория с това име");
    const { id } = await createTestExpense(db, me.companyId);
    const archived = await call(
      categoriesAction,
      db,
      "/expenses/categories",
      formBody({ intent: "archive", id: me.categoryId }, me.page),
    );
    expect(archived.status).toBe(302);
    expect((await listCategories(db, me.companyId)).map((c) => c.id)).not.toContain(me.categoryId);
    const kept = await (
      await call(expenseGet, db, `/api/expenses/${id}`, { headers: me.api, params: { id } })
    ).json();
    expect(kept.category.id).toBe(me.categoryId);
  });
});

describe("expenses: figures that must agree", () => {
  it("the list's totals per currency and per rate, the API and the CSV agree to the cent", async () => {
    const me = await standardCompany();
    const db = getDb();
    const rows = [
      {
        amounts: [
          { vatRate: 20, base: "123.45" },
          { vatRate: 9, base: "10.01" },
        ],
      },
      { amounts: [{ vatRate: 20, base: "0.05", vat: "0.02" }] },
      { documentType: "credit_note", amounts: [{ vatRate: 20, base: "23.45" }] },
      { documentType: "receipt", documentNumber: "77", amounts: [{ vatRate: null, base: "9.99" }] },
      {
        currency: "USD",
        eurRate: "0.86",
        supplierVatNumber: "DE123456789",
        documentNumber: "INV-1",
        amounts: [{ vatRate: 0, base: "1000.00" }],
      },
      { documentDate: "2026-10-31", amounts: [{ vatRate: 20, base: "1.00" }] },
    ];
    for (const overrides of rows) await createTestExpense(db, me.companyId, overrides);

    const page = await (
      await call(listLoader, db, "/expenses?period=month:2026-11", { headers: me.page })
    ).json();
    const api = await (
      await call(expensesGet, db, "/api/expenses?period=month:2026-11", { headers: me.api })
    ).json();
    expect(page.summary.count).toBe(5);

    // The per-rate totals add up to the per-currency totals.
    for (const currency of page.summary.currencies) {
      const rates = page.summary.rates.filter(
        (r: { currency: string }) => r.currency === currency.currency,
      );
      const base = rates.reduce((s: number, r: { baseCents: number }) => s + r.baseCents, 0);
      const vat = rates.reduce((s: number, r: { vatCents: number }) => s + r.vatCents, 0);
      expect([base, vat]).toEqual([currency.subtotalCents, currency.vatCents]);
    }
    const eur = page.summary.currencies.find((c: { currency: string }) => c.currency === "EUR");
    // 123.45 + 10.01 + 0.05 − 23.45 + 9.99 = 120.05; VAT 24.69 + 0.90 + 0.02 − 4.69 = 20.92
    expect(eur).toMatchObject({ subtotalCents: 12005, vatCents: 2092, totalCents: 14097 });
    expect(api.summary.currencies).toContainEqual(
      expect.objectContaining({
        currency: "EUR",
        subtotal: "120.05",
        vat: "20.92",
        total: "140.97",
      }),
    );

    // The page's rows add up to the totals.
    const listed = page.expenses.filter((e: { currency: string }) => e.currency === "EUR");
    const sign = (e: { documentType: string }) => (e.documentType === "credit_note" ? -1 : 1);
    expect(
      listed.reduce(
        (s: number, e: { totalCents: number; documentType: string }) => s + sign(e) * e.totalCents,
        0,
      ),
    ).toBe(14097);

    // The CSV's «Общо» column, read as Bulgarian Excel reads it, adds up to the same.
    const csv = await (
      await call(csvLoader, db, "/expenses/export.csv?period=month:2026-11", { headers: me.page })
    ).text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const header = lines[0]!.split(";");
    const total = header.indexOf("Общо");
    const currency = header.indexOf("Валута");
    const cents = lines
      .slice(1)
      .map((line) => line.split(";"))
      .filter((cells) => cells[currency] === "EUR")
      .reduce((s, cells) => s + Math.round(Number(cells[total]!.replace(",", ".")) * 100), 0);
    expect(lines).toHaveLength(6);
    expect(cents).toBe(14097);
  });

  it("the month totals the list reads agree with the expenses after every kind of change", async () => {
    const me = await standardCompany();
    const db = getDb();
    const api = me.api;
    const made: string[] = [];
    for (const [date, type, base] of [
      ["2026-09-30", "invoice", "10.00"],
      ["2026-10-01", "credit_note", "3.33"],
      ["2026-10-15", "invoice", "99.99"],
      ["2026-11-30", "invoice", "0.01"],
    ] as const) {
      const { id } = await createTestExpense(db, me.companyId, {
        documentDate: date,
        documentType: type,
        amounts: [
          { vatRate: 20, base },
          { vatRate: null, base: "1.00" },
        ],
      });
      made.push(id);
    }
    const check = async () => {
      for (const query of [
        "",
        "period=month:2026-10",
        "period=quarter:2026-4",
        "period=year:2026",
        "from=2026-10-01&to=2026-11-30",
      ]) {
        const filters = expenseFiltersFromSearch(new URLSearchParams(query));
        const fast = await summarizeExpenses(db, me.companyId, filters, "2026-11-22");
        const rows = await summarizeExpenses(db, me.companyId, filters, "2026-11-22", {
          fromRows: true,
        });
        expect(fast, query).toEqual(rows);
      }
    };
    await check();
    // Moved to another month, paid, changed amounts; one deleted.
    const moved = await (
      await call(expenseGet, db, `/api/expenses/${made[0]}`, {
        headers: api,
        params: { id: made[0]! },
      })
    ).json();
    const put = await call(expenseChange, db, `/api/expenses/${made[0]}`, {
      ...jsonBody(
        {
          ...moved,
          documentDate: "2026-11-02",
          paid: true,
          paidOn: "2026-11-03",
          paymentMethod: "cash",
          amounts: [{ vatRate: 9, base: "7.77" }],
        },
        "PUT",
        api,
      ),
      params: { id: made[0]! },
    });
    expect(put.status).toBe(200);
    await check();
    await call(expenseChange, db, `/api/expenses/${made[2]}`, {
      method: "DELETE",
      headers: api,
      params: { id: made[2]! },
    });
    await check();
  });

  it("the CSV defuses formulas in what suppliers typed", async () => {
    const me = await standardCompany();
    await createTestExpense(getDb(), me.companyId, {
      supplierName: "=1+2",
      supplierEik: "",
      supplierVatNumber: "",
      documentType: "other",
      documentNumber: "+1",
      description: "@SUM(A1)",
    });
    const csv = await (
      await call(csvLoader, getDb(), "/expenses/export.csv", { headers: me.page })
    ).text();
    const cells = csv.trim().split("\r\n")[1]!.split(";");
    expect(cells).toContain("'+1");
    expect(cells).toContain("'@SUM(A1)");
    expect(cells).toContain("'=1+2");
    expect(cells.some((c) => /^[=+@]/.test(c))).toBe(false);
  });
});

describe("expenses: one company never sees another's", () => {
  it("answers 404 on every page, form and call for another company's expense and file, to its owner and to each role", async () => {
    const db = getDb();
    const owner = await standardCompany();
    const receipt = {
      fileName: "b.png",
      declaredType: "image/png",
      bytes: TINY_PNG,
      type: "image/png" as const,
    };
    const { id } = await createTestExpense(db, owner.companyId, {}, [receipt]);
    const attachment = await db
      .selectFrom("expenseAttachments")
      .select("id")
      .executeTakeFirstOrThrow();
    const params = { id, attachmentId: attachment.id };
    // The owner of another company, and members of it as each role (issue #29): the plan opens
    // expenses to all of them, the role decides.
    for (const intruder of await strangersOf(db, owner, { plan: "standard" })) {
      const page = { Cookie: intruder.cookie };
      const api = intruder.bearer;
      await expectOutsider(intruder, [
        [
          "expenses.view",
          "page",
          () => call(viewLoader, db, `/expenses/${id}`, { headers: page, params }),
        ],
        [
          "expenses.edit",
          "page",
          () => call(editLoader, db, `/expenses/edit/${id}`, { headers: page, params }),
        ],
        [
          "expenses.edit",
          "form",
          () => call(editAction, db, `/expenses/edit/${id}`, { ...formBody({}, page), params }),
        ],
        [
          "expenses.edit",
          "form",
          () =>
            call(viewAction, db, `/expenses/${id}`, {
              ...formBody({ intent: "delete", confirm: "on" }, page),
              params,
            }),
        ],
        [
          "expenses.view",
          "api",
          () => call(expenseGet, db, `/api/expenses/${id}`, { headers: api, params }),
        ],
        [
          "expenses.edit",
          "api",
          () =>
            call(expenseChange, db, `/api/expenses/${id}`, {
              ...jsonBody(payload(owner.categoryId), "PUT", api),
              params,
            }),
        ],
        [
          "expenses.edit",
          "api",
          () =>
            call(expenseChange, db, `/api/expenses/${id}`, {
              method: "DELETE",
              headers: api,
              params,
            }),
        ],
        [
          "expenses.view",
          "api",
          () =>
            call(attachmentsGet, db, `/api/expenses/${id}/attachments`, { headers: api, params }),
        ],
        [
          "expenses.edit",
          "api",
          () =>
            call(attachmentsPost, db, `/api/expenses/${id}/attachments`, {
              ...multipart([{ name: "x.png", bytes: TINY_PNG }], api),
              params,
            }),
        ],
        [
          "expenses.view",
          "api",
          () =>
            call(attachmentGet, db, `/api/expenses/${id}/attachments/${attachment.id}`, {
              headers: api,
              params,
            }),
        ],
        [
          "expenses.edit",
          "api",
          () =>
            call(attachmentDelete, db, `/api/expenses/${id}/attachments/${attachment.id}`, {
              method: "DELETE",
              headers: api,
              params,
            }),
        ],
      ]);
      // The lists and totals do not show it (or the role does not open them).
      const list = await call(expensesGet, db, "/api/expenses", { headers: api });
      if (outsiderStatus(intruder.role, "expenses.view") === 404) {
        expect(await list.json(), intruder.label).toMatchObject({
          expenses: [],
          summary: { count: 0 },
        });
      } else expect(list.status, intruder.label).toBe(403);
      const csv = await call(csvLoader, db, "/expenses/export.csv", { headers: page });
      if (outsiderStatus(intruder.role, "exports") === 404) {
        expect((await csv.text()).trim().split("\r\n"), intruder.label).toHaveLength(1);
      } else expect(csv.status, intruder.label).toBe(403);
    }
    // Nothing of the owner's changed.
    const row = await sql<{
      n: number;
    }>`select count(*)::int as n from expense_attachments`.execute(db);
    expect(row.rows[0]!.n).toBe(1);
    const intruder = await standardCompany();
    const api = intruder.api;
    // Picking the other company's category is not found, as reading it is (issue #43 item 2).
    const foreign = await postApi<AnyAnswer>(
      expensesPost,
      db,
      "/api/expenses",
      payload(owner.categoryId),
      api,
      404,
    );
    expect(foreign.errors.categoryId._errors[0]).toMatch(/категория/i);
  });
});
