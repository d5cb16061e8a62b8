import { describe, expect, it } from "vitest";
import type { Capability } from "~/modules/auth/capabilities";
import { createClient, listClients } from "~/modules/clients/queries.server";
import { CLIENT_MESSAGES } from "~/modules/clients/schema";
import { action as editAction, loader as editLoader } from "~/routes/_app.client.edit.$id";
import { action as newAction } from "~/routes/_app.client.new";
import { loader as listLoader } from "~/routes/_app.clients";
import { action as apiCreate, loader as apiList } from "~/routes/api.clients";
import { createUser, validEik } from "../setup/factories";
import { type AnyAnswer, call, formBody, postApi, signInApi } from "../setup/routes";
import { expectOutsider, strangersOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

async function signedIn() {
  const user = await createUser(getDb());
  return { ...user, companyId: user.companyId!, ...(await signInApi(getDb(), user)) };
}

const clientForm = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  kind: "company",
  name: "Алфа ООД",
  eik: validEik(),
  address: "ул. Раковски 1",
  city: "София",
  postalCode: "1000",
  country: "България",
  emails: "office@alfa.bg",
  currency: "EUR",
  language: "bg",
  paymentTermDays: "14",
  vatTreatment: "standard",
  ...overrides,
});

describe("client pages", () => {
  it("create without JavaScript: 302 to /clients; bad input is 400 with Bulgarian messages and nothing saved", async () => {
    const me = await signedIn();
    const bad = await call(
      newAction,
      getDb(),
      "/client/new",
      formBody(clientForm({ name: "", eik: "175074751" }), { Cookie: me.cookie }),
    );
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.fieldErrors).toMatchObject({
      name: CLIENT_MESSAGES.name,
      eik: "Невалиден ЕИК/Булстат: контролната цифра не съвпада",
    });
    expect(body.repopulateFields).toMatchObject({ city: "София" });
    expect(await getDb().selectFrom("clients").select("id").execute()).toHaveLength(0);

    const ok = await call(
      newAction,
      getDb(),
      "/client/new",
      formBody(clientForm(), { Cookie: me.cookie }),
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/clients");
    const list = await (
      await call(listLoader, getDb(), "/clients", { headers: { Cookie: me.cookie } })
    ).json();
    expect(list.total).toBe(1);
    expect(list.clients[0]).toMatchObject({
      name: "Алфа ООД",
      paymentTermDays: 14,
      emails: ["office@alfa.bg"],
    });
  });

  it("refuses a second client with the same EIK in one company, but not in another", async () => {
    const me = await signedIn();
    const other = await signedIn();
    const eik = validEik();
    expect(
      (
        await call(
          newAction,
          getDb(),
          "/client/new",
          formBody(clientForm({ eik }), { Cookie: me.cookie }),
        )
      ).status,
    ).toBe(302);
    const again = await call(
      newAction,
      getDb(),
      "/client/new",
      formBody(clientForm({ eik, name: "Друго ООД" }), { Cookie: me.cookie }),
    );
    expect(again.status).toBe(400);
    const refused = await again.json();
    expect(refused.fieldErrors).toEqual({ eik: CLIENT_MESSAGES.eikTaken });
    // Issue #41 item 10: the answer names the client and offers to open it.
    const [first] = await getDb()
      .selectFrom("clients")
      .select(["id", "name"])
      .where("companyId", "=", me.companyId)
      .execute();
    expect(refused.formError).toBe(CLIENT_MESSAGES.eikTakenBy(first!.name, false));
    expect(refused.link).toEqual({
      to: `/client/edit/${first!.id}`,
      text: CLIENT_MESSAGES.openDuplicate(first!.name),
    });
    // «Добави въпреки това» does not get round one client per ЕИК.
    const anyway = await call(
      newAction,
      getDb(),
      "/client/new",
      formBody(clientForm({ eik, name: "Друго ООД", intent: "save-anyway" }), {
        Cookie: me.cookie,
      }),
    );
    expect(anyway.status).toBe(400);
    expect(
      (
        await call(
          newAction,
          getDb(),
          "/client/new",
          formBody(clientForm({ eik }), { Cookie: other.cookie }),
        )
      ).status,
    ).toBe(302);
  });

  it("warns of a client with the same VAT number, offers to open it, and adds the new one only on «Добави въпреки това»", async () => {
    const me = await signedIn();
    const foreign = {
      kind: "foreign_company",
      name: "Acme GmbH",
      eik: "",
      vatNumber: "DE123456789",
      address: "Hauptstraße 1",
      city: "Berlin",
      postalCode: "10115",
      country: "Германия",
    };
    const first = await call(
      newAction,
      getDb(),
      "/client/new",
      formBody(clientForm(foreign), { Cookie: me.cookie }),
    );
    expect(first.status).toBe(302);
    const [acme] = await getDb()
      .selectFrom("clients")
      .select("id")
      .where("companyId", "=", me.companyId)
      .execute();

    const again = await call(
      newAction,
      getDb(),
      "/client/new",
      formBody(clientForm({ ...foreign, name: "Acme Deutschland", vatNumber: "de 123456789" }), {
        Cookie: me.cookie,
      }),
    );
    expect(again.status).toBe(409);
    const warned = await again.json();
    expect(warned).toMatchObject({
      formId: "client",
      formError: CLIENT_MESSAGES.vatTakenBy("Acme GmbH", false),
      fieldErrors: { vatNumber: CLIENT_MESSAGES.vatTakenBy("Acme GmbH", false) },
      link: { to: `/client/edit/${acme!.id}`, text: CLIENT_MESSAGES.openDuplicate("Acme GmbH") },
      repopulateFields: { name: "Acme Deutschland", city: "Berlin" },
    });
    expect(
      await getDb()
        .selectFrom("clients")
        .where("companyId", "=", me.companyId)
        .select("id")
        .execute(),
    ).toHaveLength(1);

    const anyway = await call(
      newAction,
      getDb(),
      "/client/new",
      formBody(clientForm({ ...foreign, name: "Acme Deutschland", intent: "save-anyway" }), {
        Cookie: me.cookie,
      }),
    );
    expect(anyway.status).toBe(302);
    expect(
      await getDb()
        .selectFrom("clients")
        .where("companyId", "=", me.companyId)
        .select("id")
        .execute(),
    ).toHaveLength(2);
  });

  it("takes «BG» and a client's ЕИК as that client's VAT number", async () => {
    const me = await signedIn();
    const eik = validEik();
    expect(
      (
        await call(
          newAction,
          getDb(),
          "/client/new",
          formBody(clientForm({ eik, name: "Бета ЕООД" }), { Cookie: me.cookie }),
        )
      ).status,
    ).toBe(302);
    const person = await call(
      newAction,
      getDb(),
      "/client/new",
      formBody(
        clientForm({ kind: "individual", eik: "", vatNumber: `BG${eik}`, name: "Иван Бетов" }),
        { Cookie: me.cookie },
      ),
    );
    expect(person.status).toBe(409);
    expect((await person.json()).formError).toBe(CLIENT_MESSAGES.vatTakenBy("Бета ЕООД", false));
  });

  it("checks a VAT number's digits and that it is BG + the ЕИК; a client saved before with a bad number still opens, and its next save asks to correct it", async () => {
    const me = await signedIn();
    const eik = validEik();
    const refused = await call(
      newAction,
      getDb(),
      "/client/new",
      formBody(clientForm({ eik, vatNumber: "BG175074751" }), { Cookie: me.cookie }),
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors).toEqual({
      vatNumber: "Невалиден ДДС номер: контролната цифра не съвпада",
    });
    const other = await call(
      newAction,
      getDb(),
      "/client/new",
      formBody(clientForm({ eik, vatNumber: "BG175074752" }), { Cookie: me.cookie }),
    );
    expect(other.status).toBe(400);
    expect((await other.json()).fieldErrors).toEqual({
      vatNumber: `ДДС номерът на фирмата е BG и нейният ЕИК: BG${eik}`,
    });

    // Saved before the check (issue #42 item 17): ten digits that are no ЕГН, a wrong VAT number.
    const old = await createClient(getDb(), me.companyId, {
      ...clientForm({ kind: "sole_trader", eik: "1750747520", vatNumber: "BG1750747520" }),
      emails: [],
      paymentTermDays: 7,
    } as never);
    const path = `/client/edit/${old.id}`;
    const page = await call(editLoader, getDb(), path, {
      headers: { Cookie: me.cookie },
      params: { id: old.id },
    });
    expect(page.status).toBe(200);
    expect((await page.json()).values).toMatchObject({
      eik: "1750747520",
      vatNumber: "BG1750747520",
    });
    const resaved = await call(editAction, getDb(), path, {
      ...formBody(
        clientForm({ kind: "sole_trader", eik: "1750747520", vatNumber: "BG1750747520" }),
        {
          Cookie: me.cookie,
        },
      ),
      params: { id: old.id },
    });
    expect(resaved.status).toBe(400);
    expect((await resaved.json()).fieldErrors).toEqual({
      eik: "Невалидно ЕГН/ЛНЧ: проверете цифрите",
      vatNumber: "Невалиден ДДС номер: контролната цифра не съвпада",
    });
  });

  it("edits, archives, restores and deletes (after confirmation) a client", async () => {
    const me = await signedIn();
    const client = await createClient(getDb(), me.companyId, {
      ...clientForm(),
      emails: [],
      paymentTermDays: 7,
    } as never);
    const path = `/client/edit/${client.id}`;
    const page = await (
      await call(editLoader, getDb(), path, {
        headers: { Cookie: me.cookie },
        params: { id: client.id },
      })
    ).json();
    expect(page.values).toMatchObject({ name: "Алфа ООД", country: "България" });

    const saved = await call(editAction, getDb(), path, {
      ...formBody(clientForm({ name: "Алфа Нова ООД", eik: client.eik! }), { Cookie: me.cookie }),
      params: { id: client.id },
    });
    expect(saved.status).toBe(302);
    await call(editAction, getDb(), path, {
      ...formBody({ intent: "archive" }, { Cookie: me.cookie }),
      params: { id: client.id },
    });
    const archived = await (
      await call(listLoader, getDb(), "/clients?archived=1", { headers: { Cookie: me.cookie } })
    ).json();
    expect(archived.clients.map((c: { name: string }) => c.name)).toEqual(["Алфа Нова ООД"]);
    expect(
      (
        await (
          await call(listLoader, getDb(), "/clients", { headers: { Cookie: me.cookie } })
        ).json()
      ).total,
    ).toBe(0);
    await call(editAction, getDb(), path, {
      ...formBody({ intent: "restore" }, { Cookie: me.cookie }),
      params: { id: client.id },
    });
    expect(
      (
        await (
          await call(listLoader, getDb(), "/clients", { headers: { Cookie: me.cookie } })
        ).json()
      ).total,
    ).toBe(1);

    const unconfirmed = await call(editAction, getDb(), path, {
      ...formBody({ intent: "delete" }, { Cookie: me.cookie }),
      params: { id: client.id },
    });
    expect(unconfirmed.status).toBe(400);
    const deleted = await call(editAction, getDb(), path, {
      ...formBody({ intent: "delete", confirm: "on" }, { Cookie: me.cookie }),
      params: { id: client.id },
    });
    expect(deleted.status).toBe(302);
    expect(await getDb().selectFrom("clients").select("id").execute()).toHaveLength(0);
  });

  it("answers 404 for another company's client, in the page and its actions, to its owner and to each role, and changes nothing", async () => {
    const owner = await signedIn();
    const theirs = await createClient(getDb(), owner.companyId, {
      ...clientForm(),
      emails: [],
      paymentTermDays: 7,
    } as never);
    const path = `/client/edit/${theirs.id}`;
    // The owner of another company, and members of it as each role (issue #29).
    for (const me of await strangersOf(getDb(), owner)) {
      const as = { Cookie: me.cookie };
      await expectOutsider(me, [
        [
          "clients.edit",
          "page",
          () => call(editLoader, getDb(), path, { headers: as, params: { id: theirs.id } }),
        ],
        ...["save", "archive", "delete"].map(
          (intent) =>
            [
              "clients.edit",
              "form",
              () =>
                call(editAction, getDb(), path, {
                  ...formBody(clientForm({ intent, confirm: "on" }), as),
                  params: { id: theirs.id },
                }),
            ] as [Capability, "form", () => Promise<Response>],
        ),
      ]);
      const api = await (
        await call(apiList, getDb(), "/api/clients", { headers: me.bearer })
      ).json();
      expect(api.clients, me.label).toEqual([]);
    }
    const me = await signedIn();
    expect(
      (
        await call(editLoader, getDb(), "/client/edit/not-a-uuid", {
          headers: { Cookie: me.cookie },
          params: { id: "not-a-uuid" },
        })
      ).status,
    ).toBe(404);
    const row = await getDb()
      .selectFrom("clients")
      .select(["name", "archivedAt"])
      .where("id", "=", theirs.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "Алфа ООД", archivedAt: null });
  });
});

describe("listClients", () => {
  it("walks every client exactly once, in order, by name and by newest (keyset pagination)", async () => {
    const me = await signedIn();
    const names = Array.from(
      { length: 23 },
      (_, i) => `Клиент ${String.fromCharCode(1040 + (i % 26))}${i}`,
    );
    // Half the rows share one created_at (the id must break the tie) and three more differ from
    // it by microseconds only (a cursor cut to milliseconds would skip them).
    await getDb()
      .insertInto("clients")
      .values(
        names.map((name, i) => ({
          companyId: me.companyId,
          kind: "individual" as const,
          name,
          address: "ул. 1",
          city: "София",
          ...(i % 2 ? {} : { createdAt: "2026-11-22T10:00:00.123456Z" }),
        })),
      )
      .execute();
    for (const name of names.slice(0, 3)) {
      await getDb()
        .insertInto("clients")
        .values({
          companyId: me.companyId,
          kind: "individual",
          name: `${name}x`,
          address: "ул. 1",
          city: "София",
          createdAt: "2026-11-22T10:00:00.123789Z",
        })
        .execute();
    }
    names.push(...names.slice(0, 3).map((name) => `${name}x`));
    for (const sort of ["name", "newest"] as const) {
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof listClients>> = await listClients(
          getDb(),
          me.companyId,
          { sort, after, limit: 5 },
        );
        seen.push(...page.clients.map((c) => c.name));
        after = page.nextCursor;
      } while (after);
      expect(seen).toHaveLength(26);
      expect(new Set(seen).size).toBe(26);
      if (sort === "name")
        expect(seen).toEqual(
          [...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)),
        );
    }
  });

  it("finds by part of the name (case-insensitive, % and _ taken literally), by EIK and by VAT number", async () => {
    const me = await signedIn();
    const add = (name: string, eik: string | null, vatNumber: string | null = null) =>
      getDb()
        .insertInto("clients")
        .values({
          companyId: me.companyId,
          kind: "company",
          name,
          eik,
          vatNumber,
          address: "ул. 1",
          city: "София",
        })
        .execute();
    const eik = validEik();
    await add("Бета Строй ЕООД", eik, `BG${eik}`);
    await add("100% Качество ООД", null);
    await add("Гама АД", null);
    const names = async (q: string) =>
      (await listClients(getDb(), me.companyId, { q })).clients.map((c) => c.name);
    expect(await names("строй")).toEqual(["Бета Строй ЕООД"]);
    expect(await names("100%")).toEqual(["100% Качество ООД"]);
    expect(await names("_")).toEqual([]);
    expect(await names(eik)).toEqual(["Бета Строй ЕООД"]);
    expect(await names(`bg${eik}`)).toEqual(["Бета Строй ЕООД"]);
  });
});

describe("/api/clients", () => {
  it("POST creates (201 with the client); bad input is 400 with Bulgarian messages per field", async () => {
    const me = await signedIn();
    const created = await postApi<AnyAnswer>(
      apiCreate,
      getDb(),
      "/api/clients",
      {
        kind: "foreign_company",
        name: "Acme GmbH",
        vatNumber: "DE123456789",
        address: "Hauptstraße 1",
        city: "Berlin",
        postalCode: "10115",
        country: "Германия",
        emails: ["billing@acme.de"],
        currency: "EUR",
        language: "en",
      },
      me.bearer,
    );
    expect(created).toMatchObject({
      name: "Acme GmbH",
      countryCode: "DE",
      country: "Германия",
      language: "en",
      emails: ["billing@acme.de"],
      archived: false,
    });
    const body = await postApi<AnyAnswer>(
      apiCreate,
      getDb(),
      "/api/clients",
      { kind: "company", name: "" },
      me.bearer,
      400,
    );
    expect(body.message).toBe("Невалидни данни");
    expect(body.errors.name).toEqual({ _errors: [CLIENT_MESSAGES.name] });
    expect(body.errors.address).toEqual({ _errors: [CLIENT_MESSAGES.address] });
    const list = await (
      await call(apiList, getDb(), "/api/clients", { headers: me.bearer })
    ).json();
    expect(list.clients.map((c: { name: string }) => c.name)).toEqual(["Acme GmbH"]);
    expect((await call(apiList, getDb(), "/api/clients")).status).toBe(401);
  });

  it("POST of a client whose VAT number another has still creates it, with a warning naming that client", async () => {
    const me = await signedIn();
    const acme = {
      kind: "foreign_company",
      name: "Acme GmbH",
      vatNumber: "DE123456789",
      address: "Hauptstraße 1",
      city: "Berlin",
      postalCode: "10115",
      country: "Германия",
    };
    const created = await postApi<AnyAnswer>(apiCreate, getDb(), "/api/clients", acme, me.bearer);
    expect(created.warnings).toEqual([]);
    const second = await postApi<AnyAnswer>(
      apiCreate,
      getDb(),
      "/api/clients",
      { ...acme, name: "Acme Berlin" },
      me.bearer,
    );
    expect(second).toMatchObject({
      name: "Acme Berlin",
      warnings: [
        {
          code: "duplicate_vat_number",
          clientId: created.id,
          message: CLIENT_MESSAGES.vatTakenBy("Acme GmbH", false),
        },
      ],
    });
  });
});
