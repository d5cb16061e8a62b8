import type { AppLoadContext } from "@remix-run/node";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { TAKEN } from "~/modules/accounts/service.server";
import { ADMIN_MESSAGES } from "~/modules/admin/schema";
import { LOCKED_LOGIN } from "~/modules/auth/login.server";
import { createDraft, issueDocument } from "~/modules/invoices/documents.server";
import { documentSchema } from "~/modules/invoices/schema";
import { loader as expensesPage } from "~/routes/_app.expenses";
import { action as apiLogin } from "~/routes/api.login";
import { loader as apiUser } from "~/routes/api.user";
import { loader as clientPage } from "~/routes/hatterscastle.clients.$id";
import {
  action as editCustomer,
  loader as editCustomerPage,
} from "~/routes/hatterscastle.customers.edit.$id";
import {
  action as newCustomer,
  loader as newCustomerPage,
} from "~/routes/hatterscastle.customers.new";
import { loader as usersPage } from "~/routes/hatterscastle.users._index";
import { loader as userPage } from "~/routes/hatterscastle.users.$id";
import { action as editUser, loader as editUserPage } from "~/routes/hatterscastle.users.edit.$id";
import { action as newUser, loader as newUserPage } from "~/routes/hatterscastle.users.new";
import { action as resetPassword } from "~/routes/reset-password.($token)";
import { addDays, todayInSofia } from "~/utils/dates";
import { linkIn, startMailbox } from "../e2e/mailbox";
import {
  createCompanyWithClient,
  createTestEmployee,
  createTestExpense,
  createUser,
  PASSWORD,
  validEik,
} from "../setup/factories";
import { botToken, call, formBody, jsonBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

type Handler = Parameters<typeof call>[0];

/** An admin signed in, with GET and POST helpers that carry the admin's cookie. */
async function asAdmin() {
  const db = getDb();
  const admin = await createUser(db, { role: "admin" });
  const { cookie } = await signInApi(db, admin);
  const get = (fn: unknown, path: string, params: Record<string, string> = {}) =>
    call(fn as Handler, db, path, { headers: { Cookie: cookie }, params });
  const post = (
    fn: unknown,
    path: string,
    fields: Record<string, string>,
    params: Record<string, string> = {},
    config?: Partial<AppLoadContext["config"]>,
  ) => call(fn as Handler, db, path, { ...formBody(fields, { Cookie: cookie }), params, config });
  return { db, admin, cookie, get, post };
}

async function auditActions(companyId: string) {
  const rows = await getDb()
    .selectFrom("auditLog")
    .select("action")
    .where("companyId", "=", companyId)
    .orderBy("id")
    .execute();
  return rows.map((r) => r.action);
}

async function login(email: string, password = PASSWORD) {
  return call(
    apiLogin,
    getDb(),
    "/api/login",
    jsonBody({ username: email, password, recaptchaToken: botToken() }),
  );
}

const customerFields = (overrides: Record<string, string> = {}) => {
  const eik = validEik();
  return {
    companyName: `Нова фирма ${eik} ООД`,
    companyType: "company",
    companyVat: eik,
    companyAddress: "ул. Шипка 5",
    companyCity: "София",
    postalCode: "1000",
    country: "България",
    companyPhone: "",
    isVatRegistered: "on",
    vatNumber: `BG${eik}`,
    companyBankAccount: "",
    companyBankName: "",
    companyBankBic: "",
    username: `nov.${eik}@example.bg`,
    firstName: "Петър",
    lastName: "Иванов",
    password: PASSWORD,
    ...overrides,
  };
};

describe("the list of customers' users", () => {
  it("searches by part of the e-mail, company name or EIK, filters by plan and status, hides admins", async () => {
    const { db, admin, get } = await asAdmin();
    const alpha = await createUser(db, { email: "Alpha.Search@Example.bg", plan: "full" });
    const beta = await createUser(db, { plan: "standard", verified: false });
    const gamma = await createUser(db, {});
    await db
      .updateTable("companies")
      .set({ name: "Търсена Гама ЕООД" })
      .where("id", "=", gamma.companyId!)
      .execute();
    const eik = (
      await db
        .selectFrom("companies")
        .select("eik")
        .where("id", "=", beta.companyId!)
        .executeTakeFirstOrThrow()
    ).eik;
    await db
      .updateTable("users")
      .set({ lockedAt: new Date(), lockedReason: "Тест" })
      .where("id", "=", gamma.id)
      .execute();
    await db
      .insertInto("subscriptions")
      .values({ companyId: alpha.companyId!, plan: "full", status: "past_due" })
      .execute();

    const ids = async (query: string) => {
      const response = await get(usersPage, `/hatterscastle/users${query}`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { users: { id: string }[] };
      return body.users.map((u) => u.id).sort();
    };
    expect(await ids("")).toEqual([alpha.id, beta.id, gamma.id].sort());
    expect(await ids("")).not.toContain(admin.id);
    expect(await ids("?q=ALPHA.SEARCH")).toEqual([alpha.id]);
    expect(await ids("?q=pha.sea")).toEqual([alpha.id]);
    expect(await ids(`?q=${encodeURIComponent("търсена гама")}`)).toEqual([gamma.id]);
    expect(await ids(`?q=${eik.slice(2, 8)}`)).toEqual([beta.id]);
    expect(await ids("?q=%25")).toEqual([]);
    expect(await ids("?plan=full")).toEqual([alpha.id]);
    expect(await ids("?plan=standard")).toEqual([beta.id]);
    expect(await ids("?status=locked")).toEqual([gamma.id]);
    expect(await ids("?status=unverified")).toEqual([beta.id]);
    expect(await ids("?status=payment")).toEqual([alpha.id]);
    expect(await ids("?status=active")).toEqual([alpha.id]);
    expect(await ids("?status=deletion")).toEqual([]);
    // Nonsense filters are ignored, never a 500.
    expect(await ids("?plan=gold&status=%00&after=xyz")).toHaveLength(3);
  });

  it("pages newest first by keyset, without gaps or repeats", async () => {
    const { db, get } = await asAdmin();
    const companies = await db
      .insertInto("companies")
      .values(
        Array.from({ length: 57 }, (_, i) => ({
          name: `Страници ${i} ООД`,
          companyType: "company" as const,
          eik: validEik(),
          address: "ул. Шипка 5",
          city: "София",
          postalCode: "1000",
          email: `page${i}@example.bg`,
        })),
      )
      .returning("id")
      .execute();
    // Several share one created_at: the id breaks the tie.
    await db
      .insertInto("users")
      .values(
        companies.map((c, i) => ({
          companyId: c.id,
          email: `page${i}@example.bg`,
          passwordHash: "x",
          firstName: "Иван",
          lastName: "Петров",
          emailVerifiedAt: null,
          createdAt: sql<string>`now() - ${`${i % 5} minutes`}::interval`,
        })),
      )
      .execute();
    const first = (await (await get(usersPage, "/hatterscastle/users")).json()) as {
      users: { id: string; createdAt: string }[];
      nextCursor: string | null;
    };
    expect(first.users).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await (
      await get(usersPage, `/hatterscastle/users?after=${first.nextCursor}`)
    ).json()) as typeof first;
    expect(second.users).toHaveLength(7);
    expect(second.nextCursor).toBeNull();
    const all = [...first.users, ...second.users];
    expect(new Set(all.map((u) => u.id)).size).toBe(57);
    const times = all.map((u) => u.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe("the detail page of a user", () => {
  it("shows the user, the company, its plan, counts, sign-ins, feedback, clients and the audit log", async () => {
    const { db, get, post } = await asAdmin();
    const { user, companyId, clientId } = await createCompanyWithClient(db);
    const draftId = await createDraft(
      db,
      companyId,
      user.id,
      documentSchema.parse({
        type: "invoice",
        clientId,
        issueDate: "2026-11-20",
        lines: [{ description: "Услуга", quantity: "1", unitPrice: "100", vatRate: 20 }],
      }),
    );
    const issuedId = await createDraft(
      db,
      companyId,
      user.id,
      documentSchema.parse({
        type: "invoice",
        clientId,
        issueDate: "2026-11-20",
        lines: [{ description: "Услуга", quantity: "2", unitPrice: "50", vatRate: 20 }],
      }),
    );
    await issueDocument(db, companyId, issuedId);
    await createTestExpense(db, companyId);
    await createTestEmployee(db, companyId);
    await db
      .insertInto("feedback")
      .values({
        companyId,
        userId: user.id,
        type: "support",
        category: "account_access",
        message: "Не мога да вляза от телефона си.",
        contactEmail: user.email,
      })
      .execute();
    await db
      .insertInto("billingEvents")
      .values({ id: "evt_test_1", provider: "stripe", type: "invoice.paid", companyId })
      .execute();
    await db
      .insertInto("subscriptions")
      .values({
        companyId,
        plan: "standard",
        status: "active",
        paymentMethod: JSON.stringify({ brand: "visa", last4: "4242", expMonth: 4, expYear: 2030 }),
        pendingAction: JSON.stringify({ clientSecret: "pi_secret_never_shown" }),
      })
      .execute();
    const colleague = await db
      .insertInto("users")
      .values({
        companyId,
        email: "colleague@example.bg",
        passwordHash: "x",
        firstName: "Колега",
        lastName: "Колегов",
        emailVerifiedAt: new Date(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await signInApi(db, user);
    // An admin act on the company: it shows in the audit log.
    await post(
      editUser,
      "/hatterscastle/users/edit/x",
      { intent: "schedule-deletion" },
      {
        id: user.id,
      },
    );

    const response = await get(userPage, `/hatterscastle/users/${user.id}`, { id: user.id });
    expect(response.status).toBe(200);
    const text = await response.clone().text();
    expect(text).not.toContain("pi_secret_never_shown");
    expect(text).not.toContain("passwordHash");
    const { detail } = (await response.json()) as {
      // biome-ignore lint/suspicious/noExplicitAny: the JSON answer, checked field by field below
      detail: Record<string, any>;
    };
    expect(detail.user).toMatchObject({ id: user.id, email: user.email, role: "user" });
    expect(detail.user.deletionScheduledAt).toEqual(expect.any(String));
    expect(detail.company).toMatchObject({ id: companyId, country: "България" });
    expect(detail.subscription).toMatchObject({
      plan: "standard",
      status: "active",
      awaitingAuthentication: true,
      paymentMethod: { brand: "visa", last4: "4242" },
    });
    expect(detail.counts).toEqual({ clients: 1, issued: 1, drafts: 1, expenses: 1, employees: 1 });
    expect(draftId).toEqual(expect.any(String));
    expect(detail.signIns.logins).toHaveLength(1);
    expect(detail.signIns.sessions[0]).toMatchObject({ kind: "api", live: true });
    expect(detail.feedback).toEqual([
      expect.objectContaining({
        type: "support",
        messageStart: "Не мога да вляза от телефона си.",
      }),
    ]);
    expect(detail.billingEvents).toEqual([expect.objectContaining({ id: "evt_test_1" })]);
    expect(detail.otherUsers.map((u: { id: string }) => u.id)).toEqual([colleague.id]);
    expect(detail.newestClients).toEqual([expect.objectContaining({ id: clientId })]);
    expect(detail.audit).toEqual([
      expect.objectContaining({
        action: "user.schedule-deletion",
        actionLabel: "Насрочи изтриване на профил",
        asUser: user.email,
      }),
    ]);
  });

  it("answers 404 for an unknown id, an admin's id and a malformed id", async () => {
    const { admin, get, post } = await asAdmin();
    for (const id of [UNKNOWN, admin.id, "nope"]) {
      expect((await get(userPage, `/hatterscastle/users/${id}`, { id })).status).toBe(404);
      expect((await get(editUserPage, `/hatterscastle/users/edit/${id}`, { id })).status).toBe(404);
      const lock = await post(editUser, "/x", { intent: "lock", reason: "x" }, { id });
      expect(lock.status).toBe(404);
      expect((await get(editCustomerPage, "/x", { id })).status).toBe(404);
      expect((await post(editCustomer, "/x", { intent: "revoke" }, { id })).status).toBe(404);
      expect((await get(clientPage, "/x", { id })).status).toBe(404);
    }
    const orphan = await post(newUser, `/hatterscastle/users/new?customer=${UNKNOWN}`, {});
    expect(orphan.status).toBe(404);
  });
});

describe("creating a customer", () => {
  it("creates the company and its first login with registration's rules, recorded in the audit log", async () => {
    const { db, get, post } = await asAdmin();
    expect((await get(newCustomerPage, "/hatterscastle/customers/new")).status).toBe(200);
    const fields = customerFields({ verified: "on" });
    const response = await post(newCustomer, "/hatterscastle/customers/new", fields);
    expect(response.status).toBe(302);
    const user = await db
      .selectFrom("users")
      .innerJoin("companies", "companies.id", "users.companyId")
      .select([
        "users.id",
        "users.role",
        "users.emailVerifiedAt",
        "companies.id as companyId",
        "companies.eik",
        "companies.email",
        "companies.bankIban",
        "companies.subscriptionPlan",
      ])
      .where("users.email", "=", fields.username)
      .executeTakeFirstOrThrow();
    expect(response.headers.get("Location")).toBe(`/hatterscastle/users/${user.id}`);
    expect(user).toMatchObject({
      role: "user",
      eik: fields.companyVat,
      email: fields.username,
      bankIban: null,
      subscriptionPlan: "basic",
    });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(await auditActions(user.companyId)).toEqual(["customer.create"]);
    expect((await login(fields.username)).status).toBe(200);
  });

  it("refuses a taken EIK or e-mail with 400 and the Bulgarian message, keeping what was typed", async () => {
    const { db, post } = await asAdmin();
    const existing = await createUser(db, {});
    const eik = (
      await db
        .selectFrom("companies")
        .select("eik")
        .where("id", "=", existing.companyId!)
        .executeTakeFirstOrThrow()
    ).eik;
    const before = await db.selectFrom("companies").select("id").execute();

    const sameEik = customerFields({ companyVat: eik, vatNumber: `BG${eik}` });
    const refused = await post(newCustomer, "/hatterscastle/customers/new", sameEik);
    expect(refused.status).toBe(400);
    const answer = await refused.json();
    expect(answer.fieldErrors).toEqual({ companyVat: "Този ЕИК номер е вече регистриран" });
    expect(answer.repopulateFields).toMatchObject({
      companyName: sameEik.companyName,
      username: sameEik.username,
    });
    expect(answer.repopulateFields.password).toBeUndefined();

    const sameEmail = customerFields({ username: existing.email.toUpperCase() });
    const refusedEmail = await post(newCustomer, "/hatterscastle/customers/new", sameEmail);
    expect(refusedEmail.status).toBe(400);
    expect((await refusedEmail.json()).fieldErrors).toEqual({
      username: "Този имейл адрес вече е регистриран",
    });

    const badEik = await post(
      newCustomer,
      "/hatterscastle/customers/new",
      customerFields({ companyVat: "123456789", password: "" }),
    );
    expect(badEik.status).toBe(400);
    const badAnswer = await badEik.json();
    expect(badAnswer.fieldErrors.companyVat).toBe(
      "Невалиден ЕИК/Булстат: контролната цифра не съвпада",
    );
    expect(badAnswer.fieldErrors.password).toBe(ADMIN_MESSAGES.passwordOrLink);
    expect(badAnswer.focus).toBe("companyVat");
    expect(await db.selectFrom("companies").select("id").execute()).toHaveLength(before.length);
  });

  it("e-mails a link to set the password instead of one typed", async () => {
    const mailbox = await startMailbox();
    try {
      const { db, post } = await asAdmin();
      const fields = customerFields({ password: "", sendLink: "on" });
      const response = await post(
        newCustomer,
        "/hatterscastle/customers/new",
        fields,
        {},
        {
          mail: {
            smtpUrl: mailbox.url,
            from: "Сметка <no-reply@smetka.bg>",
            supportEmail: undefined,
          },
        },
      );
      expect(response.status).toBe(302);
      // No password opens the account until the link is used.
      expect((await login(fields.username)).status).toBe(401);
      const mail = await mailbox.waitFor(fields.username, "Нова парола");
      const token = linkIn(mail, "/reset-password/").split("/reset-password/")[1]!;
      const done = await call(resetPassword, db, `/reset-password/${token}`, {
        ...formBody({ password: "Нова1парола!", confirmPassword: "Нова1парола!" }),
        params: { token },
      });
      expect(done.status).toBe(302);
      expect((await login(fields.username, "Нова1парола!")).status).toBe(200);
    } finally {
      await mailbox.close();
    }
  });
});

describe("adding a login to a customer", () => {
  it("adds a user to the company; a taken e-mail is refused and the typed values stay", async () => {
    const { db, get, post } = await asAdmin();
    const owner = await createUser(db, {});
    const page = await get(newUserPage, "/hatterscastle/users/new");
    expect(await page.json()).toEqual({ company: null });
    const withCustomer = await get(
      newUserPage,
      `/hatterscastle/users/new?customer=${owner.companyId}`,
    );
    expect((await withCustomer.json()).company).toMatchObject({ id: owner.companyId });

    const path = `/hatterscastle/users/new?customer=${owner.companyId}`;
    const taken = await post(newUser, path, {
      email: owner.email.toUpperCase(),
      firstName: "Иван",
      lastName: "Иванов",
      password: PASSWORD,
    });
    expect(taken.status).toBe(400);
    const answer = await taken.json();
    expect(answer.fieldErrors).toEqual({ email: TAKEN.email });
    expect(answer.repopulateFields).toMatchObject({ firstName: "Иван", lastName: "Иванов" });
    expect(answer.repopulateFields.password).toBeUndefined();

    const noPassword = await post(newUser, path, {
      email: "second@example.bg",
      firstName: "Иван",
      lastName: "Иванов",
    });
    expect(noPassword.status).toBe(400);
    expect((await noPassword.json()).fieldErrors).toEqual({
      password: ADMIN_MESSAGES.passwordOrLink,
    });

    const added = await post(newUser, path, {
      email: "Second@Example.bg",
      firstName: "Иван",
      lastName: "Иванов",
      password: PASSWORD,
      verified: "on",
    });
    expect(added.status).toBe(302);
    const row = await db
      .selectFrom("users")
      .select(["id", "companyId", "role", "email", "emailVerifiedAt"])
      .where("email", "=", "second@example.bg")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ companyId: owner.companyId, role: "user" });
    expect(row.emailVerifiedAt).not.toBeNull();
    expect(added.headers.get("Location")).toBe(`/hatterscastle/users/${row.id}`);
    expect(await auditActions(owner.companyId!)).toEqual(["user.create"]);
    expect((await login("second@example.bg")).status).toBe(200);
  });
});

describe("editing a user", () => {
  it("saves the contact data and the verified flag; a taken e-mail is refused", async () => {
    const { db, post } = await asAdmin();
    const user = await createUser(db, {});
    const other = await createUser(db, {});
    const path = `/hatterscastle/users/edit/${user.id}`;
    const taken = await post(
      editUser,
      path,
      { intent: "update", email: other.email, firstName: "Ана", lastName: "Белова" },
      { id: user.id },
    );
    expect(taken.status).toBe(400);
    expect((await taken.json()).fieldErrors).toEqual({ email: TAKEN.email });

    const latin = await post(
      editUser,
      path,
      { intent: "update", email: user.email, firstName: "Ana", lastName: "Белова" },
      { id: user.id },
    );
    expect(latin.status).toBe(400);
    expect((await latin.json()).fieldErrors).toEqual({
      firstName: "Само български текст (кирилица)",
    });

    const saved = await post(
      editUser,
      path,
      { intent: "update", email: "Nov.Adres@example.bg", firstName: "Ана", lastName: "Белова" },
      { id: user.id },
    );
    expect(saved.status).toBe(302);
    const row = await db
      .selectFrom("users")
      .select(["email", "firstName", "lastName", "emailVerifiedAt"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      email: "nov.adres@example.bg",
      firstName: "Ана",
      lastName: "Белова",
      emailVerifiedAt: null,
    });
    expect(await auditActions(user.companyId!)).toEqual(["user.update"]);

    const unknown = await post(editUser, path, { intent: "explode" }, { id: user.id });
    expect(unknown.status).toBe(400);
  });

  it("locks: the open session stops working and sign-in is refused; unlocking lets them in", async () => {
    const { db, post } = await asAdmin();
    const user = await createUser(db, {});
    const session = await signInApi(db, user);
    const me = () => call(apiUser, db, "/api/user", { headers: { Cookie: session.cookie } });
    expect((await me()).status).toBe(200);
    const path = `/hatterscastle/users/edit/${user.id}`;

    const noReason = await post(editUser, path, { intent: "lock", reason: "  " }, { id: user.id });
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).fieldErrors).toEqual({ reason: ADMIN_MESSAGES.lockReason });

    const locked = await post(
      editUser,
      path,
      { intent: "lock", reason: "Съмнение за злоупотреба" },
      { id: user.id },
    );
    expect(locked.status).toBe(302);
    expect((await me()).status).toBe(401);
    const refused = await login(user.email);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(LOCKED_LOGIN);
    expect(
      await db.selectFrom("sessions").select("id").where("userId", "=", user.id).execute(),
    ).toEqual([]);
    const row = await db
      .selectFrom("users")
      .select(["lockedAt", "lockedReason"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.lockedReason).toBe("Съмнение за злоупотреба");

    const unlocked = await post(editUser, path, { intent: "unlock" }, { id: user.id });
    expect(unlocked.status).toBe(302);
    expect((await login(user.email)).status).toBe(200);
    expect(await auditActions(user.companyId!)).toEqual(["user.lock", "user.unlock"]);
  });

  it("schedules the deletion 30 days ahead and cancels it", async () => {
    const { db, post } = await asAdmin();
    const user = await createUser(db, {});
    const path = `/hatterscastle/users/edit/${user.id}`;
    const scheduled = await post(editUser, path, { intent: "schedule-deletion" }, { id: user.id });
    expect(scheduled.status).toBe(302);
    const when = await db
      .selectFrom("users")
      .select("deletionScheduledAt")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    const days = (when.deletionScheduledAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    const cancelled = await post(editUser, path, { intent: "cancel-deletion" }, { id: user.id });
    expect(cancelled.status).toBe(302);
    const after = await db
      .selectFrom("users")
      .select(["deletionScheduledAt", "deletionRequestedAt"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ deletionScheduledAt: null, deletionRequestedAt: null });
    expect(await auditActions(user.companyId!)).toEqual([
      "user.schedule-deletion",
      "user.cancel-deletion",
    ]);
  });
});

describe("editing a customer", () => {
  it("saves the company's data with the profile's rules; a taken name is refused", async () => {
    const { db, get, post } = await asAdmin();
    const user = await createUser(db, {});
    const other = await createUser(db, {});
    const companyId = user.companyId!;
    const page = await get(editCustomerPage, "/x", { id: companyId });
    const { values } = (await page.json()) as { values: Record<string, string> };
    const path = `/hatterscastle/customers/edit/${companyId}`;

    const badPostal = await post(
      editCustomer,
      path,
      { ...values, intent: "company", postalCode: "12" },
      { id: companyId },
    );
    expect(badPostal.status).toBe(400);
    expect((await badPostal.json()).fieldErrors).toEqual({
      postalCode: "Пощенският код трябва да съдържа точно 4 цифри",
    });

    const takenName = await post(
      editCustomer,
      path,
      { ...values, intent: "company", companyName: other.companyName! },
      { id: companyId },
    );
    expect(takenName.status).toBe(400);
    expect((await takenName.json()).fieldErrors).toEqual({ companyName: TAKEN.companyName });

    const saved = await post(
      editCustomer,
      path,
      {
        ...values,
        intent: "company",
        companyAddress: "бул. България 102",
        companyBankAccount: "bg80 bnbg 9661 1020 3456 78",
      },
      { id: companyId },
    );
    expect(saved.status).toBe(302);
    const row = await db
      .selectFrom("companies")
      .select(["address", "bankIban", "name"])
      .where("id", "=", companyId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      address: "бул. България 102",
      bankIban: "BG80BNBG96611020345678",
      name: user.companyName,
    });
    const audit = await db
      .selectFrom("auditLog")
      .select(["action", "details"])
      .where("companyId", "=", companyId)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe("customer.update");
    expect(audit.details).toMatchObject({
      address: { from: "ул. Шипка 5", to: "бул. България 102" },
    });
  });

  it("grants a plan without payment (the users pass the expenses gate) and revokes it", async () => {
    const { db, post } = await asAdmin();
    const user = await createUser(db, { plan: "basic" });
    const companyId = user.companyId!;
    const session = await signInApi(db, user);
    const expenses = () =>
      call(expensesPage, db, "/expenses", { headers: { Cookie: session.cookie } });
    expect((await expenses()).status).toBe(403);
    const path = `/hatterscastle/customers/edit/${companyId}`;

    const noReason = await post(
      editCustomer,
      path,
      { intent: "grant", plan: "standard" },
      {
        id: companyId,
      },
    );
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).fieldErrors).toEqual({ reason: ADMIN_MESSAGES.grantReason });
    const past = await post(
      editCustomer,
      path,
      {
        intent: "grant",
        plan: "standard",
        reason: "Партньор",
        endsOn: addDays(todayInSofia(), -1),
      },
      { id: companyId },
    );
    expect(past.status).toBe(400);
    expect((await past.json()).fieldErrors).toEqual({ endsOn: ADMIN_MESSAGES.pastEnd });
    const badPlan = await post(
      editCustomer,
      path,
      { intent: "grant", plan: "admin", reason: "Партньор" },
      { id: companyId },
    );
    expect(badPlan.status).toBe(400);

    const granted = await post(
      editCustomer,
      path,
      {
        intent: "grant",
        plan: "standard",
        reason: "Партньор",
        endsOn: addDays(todayInSofia(), 30),
      },
      { id: companyId },
    );
    expect(granted.status).toBe(302);
    const plan = async () =>
      (
        await db
          .selectFrom("companies")
          .select("subscriptionPlan")
          .where("id", "=", companyId)
          .executeTakeFirstOrThrow()
      ).subscriptionPlan;
    expect(await plan()).toBe("standard");
    expect((await expenses()).status).toBe(200);

    const revoked = await post(editCustomer, path, { intent: "revoke" }, { id: companyId });
    expect(revoked.status).toBe(302);
    expect(await plan()).toBe("basic");
    expect((await expenses()).status).toBe(403);
    const again = await post(editCustomer, path, { intent: "revoke" }, { id: companyId });
    expect(again.status).toBe(409);
    expect((await again.json()).formError).toBe("Фирмата няма предоставен план");
    expect(await auditActions(companyId)).toEqual(["plan.grant", "plan.revoke"]);
  });
});

describe("a customer's client, read-only", () => {
  it("shows the client, its company with a link to its user, and its documents", async () => {
    const { db, get } = await asAdmin();
    const { user, companyId, clientId } = await createCompanyWithClient(db);
    const id = await createDraft(
      db,
      companyId,
      user.id,
      documentSchema.parse({
        type: "invoice",
        clientId,
        issueDate: "2026-11-20",
        lines: [{ description: "Услуга", quantity: "1", unitPrice: "100", vatRate: 20 }],
      }),
    );
    await issueDocument(db, companyId, id);
    const response = await get(clientPage, `/hatterscastle/clients/${clientId}`, { id: clientId });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.client).toMatchObject({ id: clientId, name: "Клиент Бета ООД", companyId });
    expect(body.owner).toEqual({ id: user.id, email: user.email });
    expect(body.counts).toEqual({ all: 1, issued: 1, drafts: 0, cancelled: 0 });
    expect(body.documents).toEqual([
      expect.objectContaining({ id, status: "issued", totalCents: 12000, number: "0000000001" }),
    ]);
  });
});

describe("the back office's forms with hostile input", () => {
  it("never answer 5xx and never write half a row", async () => {
    const { db, post } = await asAdmin();
    const user = await createUser(db, {});
    const companyId = user.companyId!;
    const NASTY = ["\u0000", "x\ud800", "ж".repeat(100_000), " ", "<script>", "2026-02-30"];
    const forms: [unknown, string, Record<string, string>, Record<string, string>][] = [
      [newCustomer, "/hatterscastle/customers/new", customerFields(), {}],
      [
        newUser,
        `/hatterscastle/users/new?customer=${companyId}`,
        { email: "fuzz@example.bg", firstName: "Иван", lastName: "Иванов", password: PASSWORD },
        {},
      ],
      [
        editUser,
        "/x",
        { intent: "update", email: "fuzz2@example.bg", firstName: "Иван", lastName: "Иванов" },
        { id: user.id },
      ],
      [editUser, "/x", { intent: "lock", reason: "Тест" }, { id: user.id }],
      [
        editCustomer,
        "/x",
        { intent: "grant", plan: "full", reason: "Тест", endsOn: "" },
        { id: companyId },
      ],
      [
        editCustomer,
        "/x",
        { intent: "company", ...customerFields(), companyEmail: "a@b.bg" },
        {
          id: companyId,
        },
      ],
    ];
    for (const [fn, path, fields, params] of forms) {
      for (const field of Object.keys(fields)) {
        for (const value of NASTY) {
          const response = await post(fn, path, { ...fields, [field]: value }, params);
          expect(
            response.status,
            `${path} ${field}=${JSON.stringify(value.slice(0, 20))}`,
          ).toBeLessThan(500);
        }
      }
      // Reset what a valid variant changed, so the next form starts from the same state.
      await db.updateTable("users").set({ lockedAt: null }).where("id", "=", user.id).execute();
    }
    const orphans = await db
      .selectFrom("companies")
      .leftJoin("users", "users.companyId", "companies.id")
      .select("companies.id")
      .where("users.id", "is", null)
      .execute();
    expect(orphans).toEqual([]);
  }, 120_000);
});
