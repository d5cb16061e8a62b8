import { describe, expect, it } from "vitest";
import { COMPANY_HEADER } from "~/modules/auth/form-company";
import { action as newClient } from "~/routes/_app.client.new";
import { action as settingsAction } from "~/routes/_app.settings";
import { action as apiClients } from "~/routes/api.clients";
import { createUser, TINY_PNG, validEik } from "../setup/factories";
import { type AnyAnswer, call, formBody, jsonBody, postApi, signInApi } from "../setup/routes";
import { workIn } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #41 item 1: an accountant opens a form in company A, switches to company B in another
 * tab, comes back and submits. Nothing may be written into B (nor A): the answer names both
 * companies, keeps what was typed and offers to switch back and save.
 */

const getDb = setupTestDatabase();

/** A login that owns company A and is the accountant of company B, its sessions working in B. */
async function accountantOfTwo() {
  const db = getDb();
  const me = await createUser(db);
  const other = await createUser(db);
  await db
    .insertInto("companyMembers")
    .values({ companyId: other.companyId!, userId: me.id, role: "accountant" })
    .execute();
  const session = await signInApi(db, me);
  const a = { id: me.companyId!, name: me.companyName! };
  const b = { id: other.companyId!, name: other.companyName! };
  // The other tab switched to B.
  await workIn(db, me.id, b.id);
  return { me, a, b, ...session };
}

const clientForm = (company: string, extra: Record<string, string> = {}) => ({
  _company: company,
  _form: ":R1:",
  intent: "save",
  kind: "company",
  name: "Алфа ООД",
  eik: validEik(),
  address: "ул. Раковски 1",
  city: "София",
  postalCode: "1000",
  country: "България",
  currency: "EUR",
  language: "bg",
  paymentTermDays: "14",
  vatTreatment: "standard",
  ...extra,
});

const clientsOf = (companyId: string) =>
  getDb().selectFrom("clients").select("name").where("companyId", "=", companyId).execute();

const sessionCompany = async (userId: string) =>
  (
    await getDb()
      .selectFrom("sessions")
      .select("companyId")
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow()
  ).companyId;

describe("a form carries the company it was opened for", () => {
  it("a form opened in A and sent after a switch to B is refused: 409, both companies named, what was typed kept, nothing written", async () => {
    const { a, b, cookie } = await accountantOfTwo();
    const response = await call(
      newClient,
      getDb(),
      "/client/new",
      formBody(clientForm(a.id), { Cookie: cookie }),
    );
    expect(response.status).toBe(409);
    const body = await response.json();
    expect(body.companyMismatch).toEqual({
      form: { id: a.id, name: a.name },
      active: { id: b.id, name: b.name },
      canSwitch: true,
    });
    // The refused form is told which one it was, and what was typed comes back.
    expect(body.formKey).toBe(":R1:");
    expect(body.repopulateFields).toMatchObject({ name: "Алфа ООД", city: "София" });
    expect(await clientsOf(a.id)).toEqual([]);
    expect(await clientsOf(b.id)).toEqual([]);
  });

  it("«Превключи и запиши» moves the session back to A and saves into A only", async () => {
    const { me, a, b, cookie } = await accountantOfTwo();
    const response = await call(
      newClient,
      getDb(),
      "/client/new",
      formBody(clientForm(a.id, { _switchCompany: a.id }), { Cookie: cookie }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/clients");
    expect(await clientsOf(a.id)).toEqual([{ name: "Алфа ООД" }]);
    expect(await clientsOf(b.id)).toEqual([]);
    expect(await sessionCompany(me.id)).toBe(a.id);
    const switched = await getDb()
      .selectFrom("companyAudit")
      .select(["action", "details"])
      .where("companyId", "=", a.id)
      .where("action", "=", "company.switch")
      .execute();
    expect(switched).toHaveLength(1);
  });

  it("a form of the company the session works in is saved as before; a form naming no company too", async () => {
    const { b, cookie } = await accountantOfTwo();
    const same = await call(
      newClient,
      getDb(),
      "/client/new",
      formBody(clientForm(b.id), { Cookie: cookie }),
    );
    expect(same.status).toBe(302);
    const { _company, ...unnamed } = clientForm(b.id, { name: "Бета ООД" });
    const plain = await call(
      newClient,
      getDb(),
      "/client/new",
      formBody(unnamed, { Cookie: cookie }),
    );
    expect(plain.status).toBe(302);
    expect((await clientsOf(b.id)).map((c) => c.name).sort()).toEqual(["Алфа ООД", "Бета ООД"]);
  });

  it("a form of a company the login is not (or no longer) a member of is refused, and cannot switch there", async () => {
    const { b, cookie } = await accountantOfTwo();
    const stranger = await createUser(getDb());
    const attempts: Record<string, string>[] = [{}, { _switchCompany: stranger.companyId! }];
    for (const extra of attempts) {
      const response = await call(
        newClient,
        getDb(),
        "/client/new",
        formBody(clientForm(stranger.companyId!, extra), { Cookie: cookie }),
      );
      expect(response.status).toBe(409);
      const body = await response.json();
      // Another company's name is never told to someone outside it.
      expect(body.companyMismatch).toEqual({
        form: null,
        active: { id: b.id, name: b.name },
        canSwitch: false,
      });
      expect(JSON.stringify(body)).not.toContain(stranger.companyName!);
    }
    expect(await clientsOf(stranger.companyId!)).toEqual([]);
    expect(await clientsOf(b.id)).toEqual([]);
  });

  it("an upload (multipart) is checked from its first part, before the file is read", async () => {
    const { a, cookie } = await accountantOfTwo();
    const form = new FormData();
    form.append("_company", a.id);
    form.append("_form", ":R2:");
    form.append("logo", new Blob([TINY_PNG], { type: "image/png" }), "logo.png");
    const response = await call(settingsAction, getDb(), "/settings", {
      method: "POST",
      body: form,
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(409);
    expect((await response.json()).formKey).toBe(":R2:");
    expect(await getDb().selectFrom("companyLogos").select("companyId").execute()).toEqual([]);
  });

  it("a settings form (read before its intent is known) is checked too", async () => {
    const { a, b, cookie } = await accountantOfTwo();
    const response = await call(
      settingsAction,
      getDb(),
      "/settings",
      formBody({ _company: a.id, intent: "delete-logo" }, { Cookie: cookie }),
    );
    expect(response.status).toBe(409);
    expect((await response.json()).companyMismatch.active.id).toBe(b.id);
  });

  it("an API call that names another company (X-Company-Id) is refused with both names; one naming the session's company goes through", async () => {
    const { a, b, bearer } = await accountantOfTwo();
    const payload = {
      kind: "company",
      name: "Гама ООД",
      eik: validEik(),
      address: "ул. Раковски 1",
      city: "София",
      postalCode: "1000",
      country: "България",
    };
    // The token works in B (as every session of the login); the call was meant for A.
    const body = await postApi<AnyAnswer>(
      apiClients,
      getDb(),
      "/api/clients",
      payload,
      { ...bearer, [COMPANY_HEADER]: a.id },
      409,
    );
    expect(body.message).toContain(`„${b.name}“`);
    expect(body.message).toContain(`„${a.name}“`);
    expect(body.message).toContain("Нищо не е записано");
    expect(await clientsOf(a.id)).toEqual([]);
    expect(await clientsOf(b.id)).toEqual([]);
    await postApi(apiClients, getDb(), "/api/clients", payload, {
      ...bearer,
      [COMPANY_HEADER]: b.id,
    });
    expect(await clientsOf(b.id)).toEqual([{ name: "Гама ООД" }]);
  });
});

describe("a link to another company's record", () => {
  it("offers to switch (409 with the company) to a member there; stays a 404 for anyone else", async () => {
    const { otherCompanyOffer } = await import("~/web/team/other-company.server");
    const { makeContext } = await import("../setup/context");
    const { me, a, b, cookie } = await accountantOfTwo();
    const client = await getDb()
      .insertInto("clients")
      .values({
        companyId: a.id,
        name: "Алфа ООД",
        kind: "company",
        address: "ул. 1",
        city: "София",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const offer = (headers: Record<string, string>) =>
      otherCompanyOffer(
        new Request(`http://localhost:3000/client/edit/${client.id}?from=mail`, { headers }),
        makeContext(getDb()),
        "routes/_app.client.edit.$id",
        { id: client.id },
      );
    // Working in B, the accountant is offered A, by name, with the way back to the same page.
    const answer = await offer({ Cookie: cookie });
    expect(answer?.status).toBe(409);
    expect(await answer?.json()).toEqual({
      otherCompany: { id: a.id, name: a.name },
      what: "Клиентът",
      path: `/client/edit/${client.id}?from=mail`,
    });
    // In A itself the record's own 404 (a visibility rule) stands.
    await workIn(getDb(), me.id, a.id);
    expect(await offer({ Cookie: cookie })).toBeNull();
    // A stranger learns nothing of A.
    const stranger = await createUser(getDb());
    const strangerSession = await signInApi(getDb(), stranger);
    expect(await offer({ Cookie: strangerSession.cookie })).toBeNull();
    expect(b.id).not.toBe(a.id);
  });
});

describe("the profile's company part (review of item 1)", () => {
  it("the profile form opened in A and sent after a switch to B writes nothing into B", async () => {
    const { action: profileAction } = await import("~/routes/_app.profile");
    const { a, b, cookie } = await accountantOfTwo();
    const response = await call(
      profileAction,
      getDb(),
      "/profile",
      formBody(
        {
          _company: a.id,
          intent: "profile",
          firstName: "Иван",
          lastName: "Петров",
          companyName: a.name,
          companyAddress: "ул. Шипка 5",
          companyCity: "Пловдив",
          postalCode: "4000",
        },
        { Cookie: cookie },
      ),
    );
    expect(response.status).toBe(409);
    const names = await getDb()
      .selectFrom("companies")
      .select(["id", "name"])
      .where("id", "in", [a.id, b.id])
      .execute();
    expect(names.find((row) => row.id === b.id)?.name).toBe(b.name);
  });

  it("PUT /api/profile naming A (in any letter case) while the token works in B is refused", async () => {
    const { action: apiProfile } = await import("~/routes/api.profile");
    const { a, b, bearer } = await accountantOfTwo();
    const refused = await call(
      apiProfile,
      getDb(),
      "/api/profile",
      jsonBody({ firstName: "Иван", lastName: "Петров" }, "PUT", {
        ...bearer,
        [COMPANY_HEADER]: a.id,
      }),
    );
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toContain(`„${b.name}“`);
    const upper = await call(
      apiProfile,
      getDb(),
      "/api/profile",
      jsonBody({ firstName: "Иван", lastName: "Петров" }, "PUT", {
        ...bearer,
        [COMPANY_HEADER]: b.id.toUpperCase(),
      }),
    );
    expect(upper.status).not.toBe(409);
  });
});
