import { describe, expect, it } from "vitest";
import { auditImpersonatedRequest } from "~/modules/admin/audit.server";
import { IMPERSONATION_MESSAGES } from "~/modules/admin/impersonation";
import { CUSTOMER_VIEW_READ_ONLY } from "~/modules/auth/capabilities";
import { guard } from "~/utils/route-guard.server";
import { getUser } from "~/web/auth/guards.server";
import { makeContext } from "../setup/context";
import { createUser } from "../setup/factories";
import {
  type AnyAnswer,
  call,
  cookiesFrom,
  formBody,
  jsonBody,
  postApi,
  signInApi,
} from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

const cookieValue = (cookies: string, name: string) =>
  cookies.split("; ").find((pair) => pair.startsWith(`${name}=`)) ?? "";

/** An admin signed in, a customer, and the admin's customer view opened in the same browser. */
async function openView() {
  const db = getDb();
  const admin = await createUser(db, { role: "admin" });
  const customer = await createUser(db, { plan: "full" });
  const adminSession = await signInApi(db, admin);
  const { action } = await import("~/routes/hatterscastle.impersonate.$userId");
  const opened = await call(action, db, `/hatterscastle/impersonate/${customer.id}`, {
    ...formBody({ intent: "open" }, { Cookie: adminSession.cookie }),
    params: { userId: customer.id },
  });
  return { db, admin, customer, adminSession, opened, cookies: cookiesFrom(opened) };
}

async function auditRows(companyId: string) {
  return getDb()
    .selectFrom("auditLog")
    .select(["action", "adminEmail", "asUserId", "target", "ip", "details"])
    .where("companyId", "=", companyId)
    .orderBy("id")
    .execute();
}

describe("view as customer", () => {
  it("opens the customer's app in a session marked with the admin, and the banner says so", async () => {
    const { db, admin, customer, opened, cookies } = await openView();
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("/dashboard");
    expect(cookieValue(cookies, "__admin_return")).not.toBe("");
    expect(opened.headers.getSetCookie().join("\n")).toMatch(
      /__admin_return=[^;]+; .*Path=\/admin-return/i,
    );

    const { loader } = await import("~/routes/_app");
    const layout = await call(loader, db, "/dashboard", { headers: { Cookie: cookies } });
    const data = (await layout.json()) as {
      user: { email: string; role: string };
      impersonator: { email: string; customerEmail: string } | null;
    };
    expect(data.user).toMatchObject({ email: customer.email, role: "user" });
    expect(data.impersonator).toEqual({
      email: admin.email,
      customerId: customer.id,
      customerEmail: customer.email,
    });
    const rows = await auditRows(customer.companyId!);
    expect(rows).toEqual([
      expect.objectContaining({
        action: "impersonation.start",
        adminEmail: admin.email,
        asUserId: customer.id,
        target: customer.email,
        ip: "127.0.0.1",
      }),
    ]);
  });

  it("records every page and action while impersonating, and nothing for the customer's own requests", async () => {
    const { db, admin, customer, cookies } = await openView();
    const { loader } = await import("~/routes/_app.clients");
    const context = makeContext(db);
    const request = new Request("http://localhost:3000/clients?q=abc", {
      headers: { Cookie: cookies },
    });
    await loader({ request, params: {}, context });
    await auditImpersonatedRequest(context, request, 200);

    // The customer's own session (no admin) leaves no trace.
    const own = await signInApi(db, customer);
    const ownContext = makeContext(db);
    const ownRequest = new Request("http://localhost:3000/clients", {
      headers: { Cookie: own.cookie },
    });
    await loader({ request: ownRequest, params: {}, context: ownContext });
    await auditImpersonatedRequest(ownContext, ownRequest, 200);

    const rows = await auditRows(customer.companyId!);
    expect(rows.map((r) => [r.action, r.target, r.adminEmail])).toEqual([
      ["impersonation.start", customer.email, admin.email],
      ["request", "GET /clients?q=abc", admin.email],
    ]);
    expect(rows[1]?.details).toEqual({ status: 200 });
  });

  it("cannot change the password, delete the account or touch billing", async () => {
    const { db, customer, cookies } = await openView();
    const headers = { Cookie: cookies };

    const profile = await import("~/routes/_app.profile");
    const password = await call(
      profile.action,
      db,
      "/profile",
      formBody(
        {
          intent: "password",
          currentPassword: customer.password,
          password: "Nova1234!x",
          confirmPassword: "Nova1234!x",
        },
        headers,
      ),
    );
    expect(password.status).toBe(403);
    expect(await password.json()).toMatchObject({ formError: IMPERSONATION_MESSAGES.forbidden });

    const settings = await import("~/routes/_app.settings_.delete");
    const deletion = await call(
      settings.action,
      db,
      "/settings/delete",
      formBody({ intent: "request-deletion", exported: "on", confirm: "on" }, headers),
    );
    expect(deletion.status).toBe(403);

    const subscription = await import("~/routes/_app.settings_.subscription");
    const upgrade = await call(
      guard(subscription.action as never),
      db,
      "/settings/subscription",
      formBody({ intent: "upgrade", plan: "full" }, headers),
    );
    expect(upgrade.status).toBe(403);
    expect(await upgrade.json()).toMatchObject({ formError: IMPERSONATION_MESSAGES.forbidden });

    const api = await import("~/routes/api.change-password");
    const viaApi = await postApi<AnyAnswer>(
      api.action,
      db,
      "/api/change-password",
      { currentPassword: customer.password, password: "Nova1234!x" },
      headers,
      403,
    );
    expect(viaApi).toEqual({ message: IMPERSONATION_MESSAGES.forbidden });

    const row = await db
      .selectFrom("users")
      .select(["deletionScheduledAt"])
      .where("id", "=", customer.id)
      .executeTakeFirstOrThrow();
    expect(row.deletionScheduledAt).toBeNull();
    // The password is the old one: the customer still signs in with it.
    expect((await signInApi(db, customer)).cookie).toMatch(/__session=/);
  });

  it("reads the team but plants no access: invitations, roles, ownership and joins are refused, and the customer's trail says what was tried (issue #43 item 1)", async () => {
    const { db, admin, customer, cookies } = await openView();
    const headers = { Cookie: cookies };
    const refused = { message: CUSTOMER_VIEW_READ_ONLY };

    const team = await import("~/routes/_app.settings_.team");
    expect((await call(team.loader, db, "/settings/team", { headers })).status).toBe(200);
    const invitedOnPage = await call(
      guard(team.action as never),
      db,
      "/settings/team",
      formBody({ intent: "invite", email: "spy@example.bg", role: "accountant" }, headers),
    );
    expect(invitedOnPage.status).toBe(403);
    expect(await invitedOnPage.json()).toMatchObject({ formError: CUSTOMER_VIEW_READ_ONLY });

    const invitations = await import("~/routes/api.team.invitations");
    const invitedByApi = await postApi<AnyAnswer>(
      guard(invitations.action as never),
      db,
      "/api/team/invitations",
      { email: "spy@example.bg", role: "staff" },
      headers,
      403,
    );
    expect(invitedByApi).toEqual(refused);

    // Ownership to a member the admin controls: refused as well.
    const member = await createUser(db, { plan: "full" });
    await db
      .insertInto("companyMembers")
      .values({ companyId: customer.companyId!, userId: member.id, role: "accountant" })
      .execute();
    const members = await import("~/routes/api.team.members.$userId");
    const transfer = await call(
      guard(members.action as never),
      db,
      `/api/team/members/${member.id}`,
      {
        ...jsonBody({ role: "owner" }, "PUT", headers),
        params: { userId: member.id },
      },
    );
    expect(transfer.status).toBe(403);
    expect(await transfer.json()).toEqual(refused);
    const transferOnPage = await call(
      guard(team.action as never),
      db,
      "/settings/team",
      formBody({ intent: "transfer", userId: member.id, confirm: "on" }, headers),
    );
    expect(transferOnPage.status).toBe(403);

    // Nor does the customer's login join another company through the view.
    const accept = await import("~/routes/api.team.invitations.accept");
    await postApi(
      guard(accept.action as never),
      db,
      "/api/team/invitations/accept",
      { token: "x".repeat(43) },
      headers,
      403,
    );

    expect(
      await db
        .selectFrom("companyInvitations")
        .select("id")
        .where("companyId", "=", customer.companyId!)
        .execute(),
    ).toEqual([]);
    const roles = await db
      .selectFrom("companyMembers")
      .select(["userId", "role"])
      .where("companyId", "=", customer.companyId!)
      .orderBy("role")
      .execute();
    expect(roles).toEqual([
      { userId: member.id, role: "accountant" },
      { userId: customer.id, role: "owner" },
    ]);

    // What the admin did in the view (not what they looked at) is in the customer's own trail.
    const context = makeContext(db);
    const request = new Request("http://localhost:3000/settings/team", {
      method: "POST",
      headers,
    });
    await team.loader({
      request: new Request("http://localhost:3000/settings/team", { headers }),
      params: {},
      context,
    });
    await auditImpersonatedRequest(context, request, 403);
    const trail = await db
      .selectFrom("companyAudit")
      .select(["action", "impersonatorEmail", "targetLabel"])
      .where("companyId", "=", customer.companyId!)
      .orderBy("createdAt")
      .execute();
    expect(trail).toContainEqual({
      action: "impersonation.request",
      impersonatorEmail: admin.email,
      targetLabel: "POST /settings/team",
    });
  });

  it("cannot reach the back office while in the customer's view", async () => {
    const { db, cookies } = await openView();
    const { loader } = await import("~/routes/hatterscastle._index");
    const response = await call(loader, db, "/hatterscastle", { headers: { Cookie: cookies } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
  });

  it("returns to the admin's own session at /admin-return and ends the customer's", async () => {
    const { db, admin, customer, cookies } = await openView();
    const { loader, action } = await import("~/routes/admin-return");
    const back = await call(
      action,
      db,
      "/admin-return",
      formBody({ id: customer.id, username: customer.email }, { Cookie: cookies }),
    );
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe(`/hatterscastle/users/${customer.id}`);
    const restored = cookiesFrom(back);
    const context = makeContext(db);
    const me = await getUser(
      new Request("http://localhost:3000/hatterscastle", { headers: { Cookie: restored } }),
      context,
    );
    expect(me).toMatchObject({ email: admin.email, role: "admin", impersonator: null });
    // The customer's view is over: its cookie signs no one in.
    const gone = await getUser(
      new Request("http://localhost:3000/dashboard", { headers: { Cookie: cookies } }),
      makeContext(db),
    );
    expect(gone).toBeNull();
    expect((await auditRows(customer.companyId!)).map((r) => r.action)).toEqual([
      "impersonation.start",
      "impersonation.end",
    ]);

    // The spec's GET with id and username, once more, without an admin cookie: sign in again.
    const again = await call(loader, db, `/admin-return?id=${customer.id}&username=x`, {});
    expect(again.headers.get("Location")).toBe("/hatterscastle/login");
  });

  it("/logout in the customer's view goes back to the admin", async () => {
    const { db, customer, cookies } = await openView();
    const { action } = await import("~/routes/logout");
    const out = await call(action, db, "/logout", { method: "POST", headers: { Cookie: cookies } });
    expect(out.headers.get("Location")).toBe(`/hatterscastle/users/${customer.id}`);
  });

  it("refuses a locked customer and an admin as the one to look as", async () => {
    const db = getDb();
    const admin = await createUser(db, { role: "admin" });
    const other = await createUser(db, { role: "admin" });
    const customer = await createUser(db);
    await db
      .updateTable("users")
      .set({ lockedAt: new Date() })
      .where("id", "=", customer.id)
      .execute();
    const session = await signInApi(db, admin);
    const { action } = await import("~/routes/hatterscastle.impersonate.$userId");
    const locked = await call(action, db, "/x", {
      ...formBody({ intent: "open" }, { Cookie: session.cookie }),
      params: { userId: customer.id },
    });
    expect(locked.status).toBe(409);
    expect(await locked.json()).toMatchObject({ message: IMPERSONATION_MESSAGES.notCustomer });
    const asAdmin = await call(action, db, "/x", {
      ...formBody({ intent: "open" }, { Cookie: session.cookie }),
      params: { userId: other.id },
    });
    expect(asAdmin.status).toBe(404);
  });
});

describe("one-time links (/impersonate/direct and POST /api/admin/customers/direct)", () => {
  async function makeLink() {
    const db = getDb();
    const admin = await createUser(db, { role: "admin" });
    const customer = await createUser(db, { plan: "standard" });
    const session = await signInApi(db, admin);
    const { action } = await import("~/routes/hatterscastle.impersonate.$userId");
    const made = await call(action, db, "/x", {
      ...formBody({ intent: "link" }, { Cookie: session.cookie }),
      params: { userId: customer.id },
    });
    const { link } = (await made.json()) as { link: string };
    const url = new URL(link);
    return { db, admin, customer, url, token: url.searchParams.get("token")! };
  }

  it("opens the customer's view once, for the admin who made it, from any browser", async () => {
    const { db, admin, customer, url, token } = await makeLink();
    expect(url.pathname).toBe(`/impersonate/direct/${customer.id}`);
    const { action } = await import("~/routes/api.admin.customers.direct");
    const first = await call(
      action,
      db,
      "/api/admin/customers/direct",
      jsonBody({ directAuthToken: token }),
    );
    expect(first.status).toBe(200);
    const body = (await first.json()) as {
      success: boolean;
      data: { token: string; user: { username: string } };
    };
    expect(body).toMatchObject({ success: true, data: { user: { username: customer.email } } });
    const viewer = await getUser(
      new Request("http://localhost:3000/api/user", {
        headers: { Authorization: `Bearer ${body.data.token}` },
      }),
      makeContext(db),
    );
    expect(viewer).toMatchObject({ email: customer.email, impersonator: { email: admin.email } });

    const second = await call(
      action,
      db,
      "/api/admin/customers/direct",
      jsonBody({ directAuthToken: token }),
    );
    expect(second.status).toBe(401);
    expect(await second.json()).toEqual({ message: IMPERSONATION_MESSAGES.badLink });
  });

  it("the page spends the link by POST only, and refuses it for another customer", async () => {
    const { db, customer, token } = await makeLink();
    const page = await import("~/routes/impersonate.direct.$userId");
    const shown = await call(page.loader, db, `/impersonate/direct/${customer.id}?token=${token}`, {
      params: { userId: customer.id },
    });
    expect(shown.status).toBe(200);
    const other = await createUser(db);
    const wrong = await call(page.action, db, "/x", {
      ...formBody({ token }),
      params: { userId: other.id },
    });
    expect(wrong.status).toBe(401);
    // Spent by the wrong attempt: a link is tried once.
    const late = await call(page.action, db, "/x", {
      ...formBody({ token }),
      params: { userId: customer.id },
    });
    expect(late.status).toBe(401);
  });

  it("expires, and dies with the admin's role", async () => {
    const first = await makeLink();
    await first.db
      .updateTable("directAuthTokens")
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .execute();
    const page = await import("~/routes/impersonate.direct.$userId");
    const expired = await call(page.action, first.db, "/x", {
      ...formBody({ token: first.token }),
      params: { userId: first.customer.id },
    });
    expect(expired.status).toBe(401);

    const second = await makeLink();
    await second.db
      .updateTable("users")
      .set({ role: "user" })
      .where("id", "=", second.admin.id)
      .execute();
    const demoted = await call(page.action, second.db, "/x", {
      ...formBody({ token: second.token }),
      params: { userId: second.customer.id },
    });
    expect(demoted.status).toBe(401);

    const third = await makeLink();
    const ok = await call(page.action, third.db, "/x", {
      ...formBody({ token: third.token }),
      params: { userId: third.customer.id },
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/dashboard");
  });

  it("ends the customer's view at its next request once the admin who opened it is locked or demoted", async () => {
    const { loader: layout } = await import("~/routes/_app");
    const { loader: status } = await import("~/routes/api.subscription.status");
    const { action: editAdmin } = await import("~/routes/hatterscastle.administrators.edit.$id");

    // Locked by another admin on the administrators' page: the view's session is gone.
    const locked = await openView();
    const other = await createUser(locked.db, { role: "admin" });
    const otherSession = await signInApi(locked.db, other);
    const before = await call(layout, locked.db, "/dashboard", {
      headers: { Cookie: locked.cookies },
    });
    expect(before.status).toBe(200);
    const lock = await call(
      editAdmin,
      locked.db,
      `/hatterscastle/administrators/edit/${locked.admin.id}`,
      {
        ...formBody(
          {
            email: locked.admin.email,
            firstName: "Мария",
            lastName: "Георгиева",
            role: "admin",
            locked: "on",
            lockedReason: "Напусна екипа",
          },
          { Cookie: otherSession.cookie },
        ),
        params: { id: locked.admin.id },
      },
    );
    expect(lock.status).toBe(302);
    const afterLock = await call(layout, locked.db, "/dashboard", {
      headers: { Cookie: locked.cookies },
    });
    expect(afterLock.status).toBe(302);
    expect(afterLock.headers.get("Location")).toMatch(/^\/auth/);

    // Demoted or locked some other way (not through that page): the view ends at its next request.
    for (const change of [{ role: "user" as const }, { lockedAt: new Date() }]) {
      const view = await openView();
      const session = await view.db
        .selectFrom("sessions")
        .select(["id", "tokenHash"])
        .where("impersonatorId", "=", view.admin.id)
        .executeTakeFirstOrThrow();
      await view.db.updateTable("users").set(change).where("id", "=", view.admin.id).execute();
      const page = await call(layout, view.db, "/dashboard", { headers: { Cookie: view.cookies } });
      expect(page.status, JSON.stringify(change)).toBe(302);
      expect(page.headers.get("Location")).toMatch(/^\/auth/);
      const api = await call(status, view.db, "/api/subscription/status", {
        headers: { Cookie: view.cookies },
      });
      expect(api.status).toBe(401);
      // The session itself is ended, not only refused: restoring the admin does not revive it.
      expect(
        await view.db.selectFrom("sessions").select("id").where("id", "=", session.id).execute(),
      ).toEqual([]);
    }
  });
});
