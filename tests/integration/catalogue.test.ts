import { describe, expect, it } from "vitest";
import { CATALOGUE_MESSAGES } from "~/modules/catalogue/schema";
import { DOCUMENT_MESSAGES } from "~/modules/invoices/schema";
import { loader as listLoader } from "~/routes/_app.catalogue";
import { action as editAction, loader as editLoader } from "~/routes/_app.catalogue_.edit.$id";
import { action as newAction, loader as newLoader } from "~/routes/_app.catalogue_.new";
import { action as apiCreate, loader as apiList } from "~/routes/api.catalogue";
import { loader as apiGet, action as apiItem } from "~/routes/api.catalogue.$id";
import { createUser } from "../setup/factories";
import { type AnyAnswer, call, formBody, jsonBody, postApi, signInApi } from "../setup/routes";
import { expectOutsider, strangersOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

/** A customer whose company charges VAT. */
async function signedIn() {
  const user = await createUser(getDb());
  await getDb()
    .updateTable("companies")
    .set({ isVatRegistered: true, vatNumber: "BG123456789" })
    .where("id", "=", user.companyId!)
    .execute();
  return { ...user, companyId: user.companyId!, ...(await signInApi(getDb(), user)) };
}

const itemForm = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  name: "Счетоводна услуга",
  nameEn: "Accounting service",
  unit: "мес.",
  unitPrice: "150,5",
  vatRate: "20",
  vatGround: "",
  ...overrides,
});

interface ItemJson {
  id: string;
  name: string;
  nameEn: string | null;
  unit: string;
  unitPrice: string;
  vatRate: number | null;
  vatGround: string | null;
  archived: boolean;
}

describe("the catalogue's pages", () => {
  it("adds, lists, searches, edits and archives an item without JavaScript", async () => {
    const me = await signedIn();
    const as = { Cookie: me.cookie };
    const form = await (await call(newLoader, getDb(), "/catalogue/new", { headers: as })).json();
    expect(form.values).toEqual({ unit: "бр.", vatRate: "20" });
    expect(form.options.rates).toContain(20);

    const added = await call(newAction, getDb(), "/catalogue/new", formBody(itemForm(), as));
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/catalogue");
    await call(
      newAction,
      getDb(),
      "/catalogue/new",
      formBody(itemForm({ name: "Кафе", nameEn: "", unit: "бр.", unitPrice: "2,4" }), as),
    );

    const list = await (await call(listLoader, getDb(), "/catalogue", { headers: as })).json();
    expect(list.items.map((i: ItemJson) => i.name)).toEqual(["Кафе", "Счетоводна услуга"]);
    expect(list.items[1]).toMatchObject({
      nameEn: "Accounting service",
      unit: "мес.",
      unitPrice: "150.5",
      vatRate: 20,
    });
    // A part of the Bulgarian or the English name.
    const found = await (
      await call(listLoader, getDb(), "/catalogue?q=СЧЕТОВОД", { headers: as })
    ).json();
    expect(found.items.map((i: ItemJson) => i.name)).toEqual(["Счетоводна услуга"]);
    const english = await (
      await call(listLoader, getDb(), "/catalogue?q=account", { headers: as })
    ).json();
    expect(english.items).toHaveLength(1);

    const id = list.items[1].id as string;
    const edit = await (
      await call(editLoader, getDb(), `/catalogue/edit/${id}`, { headers: as, params: { id } })
    ).json();
    expect(edit.values).toMatchObject({ unitPrice: "150,50", vatRate: "20" });
    const saved = await call(editAction, getDb(), `/catalogue/edit/${id}`, {
      ...formBody(
        itemForm({ unitPrice: "160", vatRate: "none", vatGround: "чл. 21, ал. 2 от ЗДДС" }),
        as,
      ),
      params: { id },
    });
    expect(saved.status).toBe(302);
    const archived = await call(editAction, getDb(), `/catalogue/edit/${id}`, {
      ...formBody({ intent: "archive" }, as),
      params: { id },
    });
    expect(archived.status).toBe(302);
    const after = await (await call(listLoader, getDb(), "/catalogue", { headers: as })).json();
    expect(after.items.map((i: ItemJson) => i.name)).toEqual(["Кафе"]);
    const archivedList = await (
      await call(listLoader, getDb(), "/catalogue?archived=1", { headers: as })
    ).json();
    expect(archivedList.items[0]).toMatchObject({
      name: "Счетоводна услуга",
      unitPrice: "160",
      vatRate: null,
      vatGround: "чл. 21, ал. 2 от ЗДДС",
      archived: true,
    });
    // An archived name is free again; restoring the old one then clashes.
    expect(
      (await call(newAction, getDb(), "/catalogue/new", formBody(itemForm(), as))).status,
    ).toBe(302);
    const restore = await call(editAction, getDb(), `/catalogue/edit/${id}`, {
      ...formBody({ intent: "restore" }, as),
      params: { id },
    });
    expect(restore.status).toBe(409);
    expect((await restore.json()).formError).toBe(CATALOGUE_MESSAGES.restoreTaken);
  });

  it("refuses a bad form with 400, Bulgarian messages and what was typed; a name is unique (any case)", async () => {
    const me = await signedIn();
    const as = { Cookie: me.cookie };
    const bad = await call(
      newAction,
      getDb(),
      "/catalogue/new",
      formBody(itemForm({ name: "", unitPrice: "12,34567", vatRate: "7" }), as),
    );
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.fieldErrors).toEqual({
      name: CATALOGUE_MESSAGES.name,
      unitPrice: DOCUMENT_MESSAGES.unitPrice,
      vatRate: CATALOGUE_MESSAGES.vatRate,
    });
    expect(body.focus).toBe("name");
    expect(body.repopulateFields).toMatchObject({ unitPrice: "12,34567", unit: "мес." });

    await call(newAction, getDb(), "/catalogue/new", formBody(itemForm(), as));
    const twice = await call(
      newAction,
      getDb(),
      "/catalogue/new",
      formBody(itemForm({ name: "СЧЕТОВОДНА УСЛУГА" }), as),
    );
    expect(twice.status).toBe(400);
    expect((await twice.json()).fieldErrors).toEqual({ name: CATALOGUE_MESSAGES.nameTaken });
    // Another company may use the same name.
    const other = await signedIn();
    expect(
      (
        await call(
          newAction,
          getDb(),
          "/catalogue/new",
          formBody(itemForm(), { Cookie: other.cookie }),
        )
      ).status,
    ).toBe(302);
    expect(await getDb().selectFrom("catalogueItems").select("id").execute()).toHaveLength(2);
  });

  it("pages the list by name (keyset)", async () => {
    const me = await signedIn();
    await getDb()
      .insertInto("catalogueItems")
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          companyId: me.companyId,
          name: `Артикул ${String(i).padStart(2, "0")}`,
          unitPrice: "1",
          vatRate: 20,
        })),
      )
      .execute();
    const as = { headers: { Cookie: me.cookie } };
    const first = await (await call(listLoader, getDb(), "/catalogue", as)).json();
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).toBeTruthy();
    const second = await (
      await call(listLoader, getDb(), `/catalogue?after=${first.nextCursor}`, as)
    ).json();
    expect(second.items.map((i: ItemJson) => i.name)).toEqual([
      "Артикул 50",
      "Артикул 51",
      "Артикул 52",
      "Артикул 53",
      "Артикул 54",
    ]);
    expect(second.nextCursor).toBeNull();
  });
});

describe("the catalogue's API", () => {
  it("creates, reads, searches, replaces and archives; validation is 400 in Bulgarian", async () => {
    const me = await signedIn();
    const item = await postApi<ItemJson>(
      apiCreate,
      getDb(),
      "/api/catalogue",
      { name: "Хостинг", unit: "мес.", unitPrice: "12.3456", vatRate: 20 },
      me.bearer,
    );
    expect(item).toMatchObject({
      name: "Хостинг",
      nameEn: null,
      unit: "мес.",
      unitPrice: "12.3456",
      vatRate: 20,
      vatGround: null,
      archived: false,
    });

    const invalid = await postApi<AnyAnswer>(
      apiCreate,
      getDb(),
      "/api/catalogue",
      { name: "", unitPrice: "-1", vatRate: 150 },
      me.bearer,
      400,
    );
    expect(invalid).toEqual({
      message: "Невалидни данни",
      errors: {
        name: { _errors: [CATALOGUE_MESSAGES.name] },
        unitPrice: { _errors: [DOCUMENT_MESSAGES.unitPrice] },
        vatRate: { _errors: [CATALOGUE_MESSAGES.vatRate] },
      },
    });
    const duplicate = await postApi<AnyAnswer>(
      apiCreate,
      getDb(),
      "/api/catalogue",
      { name: "хостинг", unitPrice: "1" },
      me.bearer,
      400,
    );
    expect(duplicate).toEqual({
      message: "Невалидни данни",
      errors: { name: { _errors: [CATALOGUE_MESSAGES.nameTaken] } },
    });

    const listed = await (
      await call(apiList, getDb(), "/api/catalogue?q=хост&limit=10", { headers: me.bearer })
    ).json();
    expect(listed.items.map((i: ItemJson) => i.id)).toEqual([item.id]);

    const params = { id: item.id };
    const got = await call(apiGet, getDb(), `/api/catalogue/${item.id}`, {
      headers: me.bearer,
      params,
    });
    expect(await got.json()).toEqual(item);
    const replaced = await call(apiItem, getDb(), `/api/catalogue/${item.id}`, {
      ...jsonBody(
        {
          name: "Хостинг",
          nameEn: "Hosting",
          unitPrice: 10,
          vatRate: null,
          vatGround: "чл. 21, ал. 2 от ЗДДС",
        },
        "PUT",
        me.bearer,
      ),
      params,
    });
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toMatchObject({
      nameEn: "Hosting",
      unit: "бр.",
      unitPrice: "10",
      vatRate: null,
    });
    const removed = await call(apiItem, getDb(), `/api/catalogue/${item.id}`, {
      method: "DELETE",
      headers: me.bearer,
      params,
    });
    expect(removed.status).toBe(204);
    const afterDelete = await (
      await call(apiList, getDb(), "/api/catalogue", { headers: me.bearer })
    ).json();
    expect(afterDelete.items).toEqual([]);
    expect(
      (
        await (
          await call(apiGet, getDb(), `/api/catalogue/${item.id}`, { headers: me.bearer, params })
        ).json()
      ).archived,
    ).toBe(true);
  });

  it("answers 404 to another company on every page and call, to its owner and to each role, and changes nothing", async () => {
    const me = await signedIn();
    const item = (await (
      await call(
        apiCreate,
        getDb(),
        "/api/catalogue",
        jsonBody({ name: "Моя услуга", unitPrice: "5", vatRate: 20 }, "POST", me.bearer),
      )
    ).json()) as ItemJson;
    const params = { id: item.id };
    // The owner of another company, and members of it as each role (issue #29).
    for (const stranger of await strangersOf(getDb(), me)) {
      const as = { Cookie: stranger.cookie };
      await expectOutsider(stranger, [
        [
          "catalogue.view",
          "api",
          () =>
            call(apiGet, getDb(), `/api/catalogue/${item.id}`, {
              headers: stranger.bearer,
              params,
            }),
        ],
        [
          "catalogue.edit",
          "api",
          () =>
            call(apiItem, getDb(), `/api/catalogue/${item.id}`, {
              ...jsonBody({ name: "Чужда", unitPrice: "1" }, "PUT", stranger.bearer),
              params,
            }),
        ],
        [
          "catalogue.edit",
          "api",
          () =>
            call(apiItem, getDb(), `/api/catalogue/${item.id}`, {
              method: "DELETE",
              headers: stranger.bearer,
              params,
            }),
        ],
        [
          "catalogue.edit",
          "page",
          () => call(editLoader, getDb(), `/catalogue/edit/${item.id}`, { headers: as, params }),
        ],
        [
          "catalogue.edit",
          "form",
          () =>
            call(editAction, getDb(), `/catalogue/edit/${item.id}`, {
              ...formBody(itemForm({ name: "Чужда" }), as),
              params,
            }),
        ],
        [
          "catalogue.edit",
          "form",
          () =>
            call(editAction, getDb(), `/catalogue/edit/${item.id}`, {
              ...formBody({ intent: "archive" }, as),
              params,
            }),
        ],
      ]);
      const theirs = await (
        await call(apiList, getDb(), "/api/catalogue", { headers: stranger.bearer })
      ).json();
      expect(theirs.items, stranger.label).toEqual([]);
    }
    const mine = await (
      await call(apiGet, getDb(), `/api/catalogue/${item.id}`, { headers: me.bearer, params })
    ).json();
    expect(mine).toEqual(item);
  });
});
