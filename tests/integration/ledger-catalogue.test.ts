import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { CATALOGUE_MESSAGES } from "~/modules/catalogue/schema";
import { DOCUMENT_MESSAGES } from "~/modules/invoices/schema";
import {
  action as catalogueEdit,
  loader as catalogueEditPage,
} from "~/routes/_app.catalogue_.edit.$id";
import { loader as newDocumentLoader, action as newDocumentPage } from "~/routes/_app.invoice.new";
import { action as apiCreateItem } from "~/routes/api.catalogue";
import { action as apiItem } from "~/routes/api.catalogue.$id";
import { action as createInvoice } from "~/routes/api.invoices";
import { loader as readInvoice } from "~/routes/api.invoices.$id";
import { action as duplicateApi } from "~/routes/api.invoices.$id.duplicate";
import { action as issueApi } from "~/routes/api.invoices.$id.issue";
import type { Database } from "~db/types";
import { createCompanyOnPlan } from "../setup/factories";
import { type AnyAnswer, call, formBody, jsonBody, postApi, signInApi } from "../setup/routes";
import { memberOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Decision 065 (issue #45 item 2): a line's revenue account comes from its catalogue item, else the
 * company's rule. The line remembers its item (the editor's hidden field, the API's
 * catalogueItemId), only one of the company's; the item's account is set by whoever keeps the
 * books, and a change holds for postings from then on.
 */

const getDb = setupTestDatabase();

const credits = async (db: Kysely<Database>, companyId: string, account: string) => {
  const row = await db
    .selectFrom("ledgerLines")
    .select(sql<string>`coalesce(sum(credit_cents - debit_cents), 0)`.as("net"))
    .where("companyId", "=", companyId)
    .where("accountCode", "=", account)
    .executeTakeFirstOrThrow();
  return Number(row.net);
};

async function owner() {
  const me = await createCompanyOnPlan(getDb(), "standard");
  return { ...me, ...(await signInApi(getDb(), me.user)) };
}

const service = { description: "Монтаж", quantity: "1", unitPrice: "50.00", vatRate: 20 };

async function invoice(
  me: { clientId: string; bearer: Record<string, string> },
  lines: Record<string, unknown>[],
  status = 201,
) {
  return postApi<AnyAnswer>(
    createInvoice,
    getDb(),
    "/api/invoices",
    { type: "invoice", clientId: me.clientId, issueDate: "2026-11-24", currency: "EUR", lines },
    me.bearer,
    status,
  );
}

const issue = (me: { bearer: Record<string, string> }, id: string) =>
  postApi(issueApi, getDb(), `/api/invoices/${id}/issue`, {}, me.bearer, 200, { id });

describe("a revenue account per catalogue item", () => {
  it("posts a line of an item with 702 to 702 and a typed line to 703; a change holds from then on", async () => {
    const db = getDb();
    const me = await owner();
    const goods = await postApi<AnyAnswer>(
      apiCreateItem,
      db,
      "/api/catalogue",
      { name: "Лаптоп", unitPrice: "1000", vatRate: 20, revenueAccount: "702" },
      me.bearer,
    );
    expect(goods.revenueAccount).toBe("702");

    const draft = await invoice(me, [
      {
        description: "Лаптоп",
        quantity: "2",
        unitPrice: "1000",
        vatRate: 20,
        catalogueItemId: goods.id,
      },
      service,
    ]);
    expect(draft.lines.map((l: { catalogueItemId: string | null }) => l.catalogueItemId)).toEqual([
      goods.id,
      null,
    ]);
    await issue(me, draft.id);
    expect(await credits(db, me.companyId, "702")).toBe(200_000);
    expect(await credits(db, me.companyId, "703")).toBe(5_000);
    expect(await credits(db, me.companyId, "4532")).toBe(41_000);

    // The item now goes to 704: the issued invoice's entry stays; a copy of it posts to 704.
    const put = await call(apiItem, db, `/api/catalogue/${goods.id}`, {
      ...jsonBody(
        { name: "Лаптоп", unitPrice: "1000", vatRate: 20, revenueAccount: "704" },
        "PUT",
        me.bearer,
      ),
      params: { id: goods.id },
    });
    expect(put.status).toBe(200);
    expect(await credits(db, me.companyId, "702")).toBe(200_000);
    const copy = await postApi<AnyAnswer>(
      duplicateApi,
      db,
      `/api/invoices/${draft.id}/duplicate`,
      {},
      me.bearer,
      201,
      { id: draft.id },
    );
    const copied = await call(readInvoice, db, `/api/invoices/${copy.id}`, {
      headers: me.bearer,
      params: { id: copy.id },
    });
    expect(((await copied.json()) as AnyAnswer).lines[0].catalogueItemId).toBe(goods.id);
    await issue(me, copy.id);
    expect(await credits(db, me.companyId, "702")).toBe(200_000);
    expect(await credits(db, me.companyId, "704")).toBe(200_000);
    expect(await credits(db, me.companyId, "703")).toBe(10_000);

    // A credit note drawn from the invoice keeps the lines' items (the editor's copy).
    const note = await call(
      newDocumentLoader,
      db,
      `/invoice/new?type=credit_note&from=${draft.id}`,
      { headers: { Cookie: me.cookie } },
    );
    const values = ((await note.json()) as AnyAnswer).values;
    expect(values.lines.map((l: { catalogueItemId: string }) => l.catalogueItemId)).toEqual([
      goods.id,
      "",
    ]);
  });

  it("the editor without JavaScript: «Добави» fills the hidden field, saving keeps it", async () => {
    const db = getDb();
    const me = await owner();
    const item = await postApi<AnyAnswer>(
      apiCreateItem,
      db,
      "/api/catalogue",
      { name: "Абонамент", unitPrice: "30", vatRate: 20 },
      me.bearer,
    );
    expect(item.revenueAccount).toBeNull();
    const fields = {
      type: "invoice",
      clientId: me.clientId,
      issueDate: "2026-11-24",
      currency: "EUR",
      paymentMethod: "bank",
      "lines[0][description]": "",
      "lines[0][quantity]": "1",
      "lines[0][unitPrice]": "",
      "lines[0][catalogueItemId]": "",
    };
    const added = await call(
      newDocumentPage,
      db,
      "/invoice/new",
      formBody({ ...fields, intent: `addCatalogue:${item.id}` }, { Cookie: me.cookie }),
    );
    expect(added.status).toBe(200);
    const line = ((await added.json()) as AnyAnswer).repopulateFields.lines[0];
    expect(line).toMatchObject({ description: "Абонамент", catalogueItemId: item.id });

    const saved = await call(
      newDocumentPage,
      db,
      "/invoice/new",
      formBody(
        {
          ...fields,
          intent: "save",
          "lines[0][description]": line.description,
          "lines[0][unitPrice]": line.unitPrice,
          "lines[0][vatRate]": line.vatRate,
          "lines[0][catalogueItemId]": line.catalogueItemId,
        },
        { Cookie: me.cookie },
      ),
    );
    expect(saved.status).toBe(302);
    const row = await db
      .selectFrom("documentLines")
      .select("catalogueItemId")
      .where("companyId", "=", me.companyId)
      .executeTakeFirstOrThrow();
    expect(row.catalogueItemId).toBe(item.id);
  });

  it("another company's item, or not an id, is refused with the line's message; nothing is written", async () => {
    const db = getDb();
    const me = await owner();
    const other = await owner();
    const foreign = await postApi<AnyAnswer>(
      apiCreateItem,
      db,
      "/api/catalogue",
      { name: "Чуждо", unitPrice: "1", vatRate: 20 },
      other.bearer,
    );
    const refused = await invoice(me, [{ ...service, catalogueItemId: foreign.id }], 404);
    expect(refused.message).toBe(DOCUMENT_MESSAGES.catalogueItem);
    const bad = await invoice(me, [{ ...service, catalogueItemId: "x" }], 400);
    expect(bad.errors.lines[0].catalogueItemId._errors).toEqual([DOCUMENT_MESSAGES.catalogueItem]);
    const count = await db
      .selectFrom("documents")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("companyId", "=", me.companyId)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(0);
  });

  it("the item's account: only the company's 70x accounts, set by the owner or the accountant, never by staff", async () => {
    const db = getDb();
    const me = await owner();
    const wrong = await postApi<AnyAnswer>(
      apiCreateItem,
      db,
      "/api/catalogue",
      { name: "А", unitPrice: "1", revenueAccount: "411" },
      me.bearer,
      400,
    );
    expect(wrong.errors.revenueAccount._errors).toEqual([CATALOGUE_MESSAGES.revenueAccount]);
    const unknown = await postApi<AnyAnswer>(
      apiCreateItem,
      db,
      "/api/catalogue",
      { name: "Б", unitPrice: "1", revenueAccount: "709-99" },
      me.bearer,
      400,
    );
    expect(unknown.errors.revenueAccount._errors).toEqual([CATALOGUE_MESSAGES.revenueAccount]);

    const accountant = await memberOf(db, me.companyId, "accountant");
    const item = await postApi<AnyAnswer>(
      apiCreateItem,
      db,
      "/api/catalogue",
      { name: "В", unitPrice: "1", revenueAccount: "709" },
      accountant.bearer,
    );
    expect(item.revenueAccount).toBe("709");

    const staff = await memberOf(db, me.companyId, "staff");
    const refused = await postApi<AnyAnswer>(
      apiCreateItem,
      db,
      "/api/catalogue",
      { name: "Г", unitPrice: "1", revenueAccount: "702" },
      staff.bearer,
      403,
    );
    expect(refused.message).toBe(CATALOGUE_MESSAGES.revenueAccountRole);
    // Staff's PUT without the field keeps the account; the page draws no select for them.
    const put = await call(apiItem, db, `/api/catalogue/${item.id}`, {
      ...jsonBody({ name: "В", unitPrice: "2" }, "PUT", staff.bearer),
      params: { id: item.id },
    });
    expect(((await put.json()) as AnyAnswer).revenueAccount).toBe("709");
    const page = await call(catalogueEditPage, db, `/catalogue/edit/${item.id}`, {
      headers: { Cookie: staff.cookie },
      params: { id: item.id },
    });
    expect(((await page.json()) as AnyAnswer).options.revenueAccounts).toBeNull();
    const ownerPage = await call(catalogueEditPage, db, `/catalogue/edit/${item.id}`, {
      headers: { Cookie: me.cookie },
      params: { id: item.id },
    });
    const options = ((await ownerPage.json()) as AnyAnswer).options.revenueAccounts.map(
      (a: { code: string }) => a.code,
    );
    expect(options).toEqual(expect.arrayContaining(["702", "703", "704", "709"]));
    expect(options.every((code: string) => code.startsWith("70"))).toBe(true);

    // The owner's form without JavaScript: an empty choice is the company's default again.
    const saved = await call(catalogueEdit, db, `/catalogue/edit/${item.id}`, {
      ...formBody(
        { intent: "save", name: "В", unitPrice: "2", vatRate: "20", revenueAccount: "default" },
        { Cookie: me.cookie },
      ),
      params: { id: item.id },
    });
    expect(saved.status).toBe(302);
    const row = await db
      .selectFrom("catalogueItems")
      .select("revenueAccount")
      .where("id", "=", item.id)
      .executeTakeFirstOrThrow();
    expect(row.revenueAccount).toBeNull();
  });
});
