import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { ACCESS_DENIED } from "~/modules/auth/capabilities";
import { TEAM_MESSAGES } from "~/modules/team/constants";
import { changeMemberRole } from "~/modules/team/members.server";
import { loader as salariesPage } from "~/routes/_app.salaries";
import { loader as auditPage } from "~/routes/_app.settings_.audit";
import { action as teamAction, loader as teamPage } from "~/routes/_app.settings_.team";
import { loader as auditApi } from "~/routes/api.audit";
import { loader as companies } from "~/routes/api.companies";
import { action as activeCompany } from "~/routes/api.companies.active";
import { loader as invoicesApi, action as invoicesPost } from "~/routes/api.invoices";
import { loader as invoiceApi } from "~/routes/api.invoices.$id";
import { action as issueApi } from "~/routes/api.invoices.$id.issue";
import { loader as salariesApi } from "~/routes/api.salaries";
import { loader as invitationsApi, action as invitationsPost } from "~/routes/api.team.invitations";
import { action as revokeApi } from "~/routes/api.team.invitations.$id";
import { action as acceptApi } from "~/routes/api.team.invitations.accept";
import { loader as members } from "~/routes/api.team.members";
import { action as memberApi } from "~/routes/api.team.members.$userId";
import { loader as currentUser } from "~/routes/api.user";
import { action as inviteAction, loader as invitePage } from "~/routes/invite.$token";
import { loader as auditCsv } from "~/routes/settings.audit[.]csv";
import { action as switchCompany } from "~/routes/switch-company";
import { readToast } from "~/utils/toast.server";
import { linkIn, startMailbox } from "../e2e/mailbox";
import { createCompanyOnPlan, createUser, setPlan } from "../setup/factories";
import { call, cookiesFrom, formBody, jsonBody, postApi, signInApi } from "../setup/routes";
import { memberOf, workIn } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

type Mailbox = Awaited<ReturnType<typeof startMailbox>>;
const mailConfig = (mailbox: Mailbox) => ({
  mail: { smtpUrl: mailbox.url, from: "Сметка <no-reply@smetka.bg>", supportEmail: undefined },
});

/** A company on the standard plan (3 seats) with its owner signed in. */
async function ownerOfCompany(plan: "basic" | "standard" | "full" = "standard") {
  const db = getDb();
  const { user, companyId, clientId } = await createCompanyOnPlan(db, plan);
  return { user, companyId, clientId, ...(await signInApi(db, user)) };
}

/** Invites over the API with a real SMTP server; the link's token from the mail. */
async function invite(
  owner: { cookie: string },
  mailbox: Mailbox,
  email: string,
  role: string,
  extra: Record<string, unknown> = {},
) {
  const response = await call(invitationsPost, getDb(), "/api/team/invitations", {
    ...jsonBody({ email, role, ...extra }, "POST", { Cookie: owner.cookie }),
    config: mailConfig(mailbox),
  });
  const body = await response.json();
  if (response.status !== 201) return { response, body, token: "" };
  const mail = await mailbox.waitFor(email, "Покана за екипа");
  const token = linkIn(mail, "/invite/").split("/invite/")[1]!;
  return { response, body, token, mail };
}

const newLogin = {
  intent: "create-login",
  firstName: "Елена",
  lastName: "Стоянова",
  password: "Нова1парола!",
  confirmPassword: "Нова1парола!",
};

async function me(headers: Record<string, string>) {
  const response = await call(currentUser, getDb(), "/api/user", { headers });
  return { status: response.status, body: response.status === 200 ? await response.json() : null };
}

describe("invitations by e-mail (issue #29 item 2)", () => {
  it("the owner invites; «Поканен» until the single-use link makes only a login, then the link is spent", async () => {
    const mailbox = await startMailbox();
    try {
      const db = getDb();
      const owner = await ownerOfCompany();
      const companiesBefore = (await db.selectFrom("companies").select("id").execute()).length;
      const { response, body, token, mail } = await invite(
        owner,
        mailbox,
        "elena@example.bg",
        "staff",
      );
      expect(response.status).toBe(201);
      expect(body).toMatchObject({ email: "elena@example.bg", role: "staff", state: "live" });
      expect(body.stateLabel).toBe("Поканен");
      expect(mail!.text).toContain("Служител");
      // 14 days, and only the token's SHA-256 is kept.
      const row = await db
        .selectFrom("companyInvitations")
        .select(["tokenHash", "createdAt", "expiresAt"])
        .executeTakeFirstOrThrow();
      expect(row.tokenHash).not.toContain(token);
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(Math.round((row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000)).toBe(14);
      const listed = await (
        await call(invitationsApi, db, "/api/team/invitations", {
          headers: { Cookie: owner.cookie },
        })
      ).json();
      expect(listed.invitations).toEqual([
        expect.objectContaining({ email: "elena@example.bg", stateLabel: "Поканен" }),
      ]);

      // The page only shows; the POST makes the login (names and a password, no company).
      const page = await call(invitePage, db, `/invite/${token}`, { params: { token } });
      expect(page.status).toBe(200);
      expect((await page.json()).invitation).toMatchObject({
        email: "elena@example.bg",
        roleLabel: "Служител",
        hasLogin: false,
      });
      const made = await call(inviteAction, db, `/invite/${token}`, {
        ...formBody(newLogin),
        params: { token },
      });
      expect(made.status).toBe(302);
      expect(made.headers.get("Location")).toBe("/dashboard");
      const session = { Cookie: cookiesFrom(made) };
      const elena = await me(session);
      expect(elena.body).toMatchObject({
        username: "elena@example.bg",
        role: "user",
        emailVerified: true,
        company: { id: owner.companyId, role: "staff", roleLabel: "Служител" },
      });
      expect((await db.selectFrom("companies").select("id").execute()).length).toBe(
        companiesBefore,
      );
      // Only a login: its home in the back office is the company that invited it.
      const login = await db
        .selectFrom("users")
        .select("companyId")
        .where("email", "=", "elena@example.bg")
        .executeTakeFirstOrThrow();
      expect(login.companyId).toBe(owner.companyId);

      // Once only: the same link again is refused, on the page and in the API.
      const again = await call(inviteAction, db, `/invite/${token}`, {
        ...formBody({ ...newLogin }),
        params: { token },
      });
      expect(again.status).toBe(410);
      expect((await again.json()).formError).toBe(TEAM_MESSAGES.invitationUsed);
      expect((await call(invitePage, db, `/invite/${token}`, { params: { token } })).status).toBe(
        410,
      );
      await postApi(acceptApi, db, "/api/team/invitations/accept", { token }, session, 410);
    } finally {
      await mailbox.close();
    }
  });

  it("a link does not work after 14 days, nor once revoked", async () => {
    const mailbox = await startMailbox();
    try {
      const db = getDb();
      const owner = await ownerOfCompany();
      const late = await invite(owner, mailbox, "late@example.bg", "viewer");
      // Fifteen days later.
      await db
        .updateTable("companyInvitations")
        .set({
          createdAt: sql<Date>`now() - interval '15 days'`,
          expiresAt: sql<Date>`now() - interval '1 day'`,
        })
        .where("email", "=", "late@example.bg")
        .execute();
      const page = await call(invitePage, db, `/invite/${late.token}`, {
        params: { token: late.token },
      });
      expect(page.status).toBe(410);
      const tooLate = await call(inviteAction, db, `/invite/${late.token}`, {
        ...formBody(newLogin),
        params: { token: late.token },
      });
      expect(tooLate.status).toBe(410);
      expect((await tooLate.json()).formError).toBe(TEAM_MESSAGES.invitationExpired);

      const revoked = await invite(owner, mailbox, "revoked@example.bg", "viewer");
      const gone = await call(revokeApi, db, `/api/team/invitations/${revoked.body.id}`, {
        method: "DELETE",
        headers: { Cookie: owner.cookie },
        params: { id: revoked.body.id },
      });
      expect(gone.status).toBe(204);
      const refused = await call(inviteAction, db, `/invite/${revoked.token}`, {
        ...formBody(newLogin),
        params: { token: revoked.token },
      });
      expect(refused.status).toBe(410);
      expect((await refused.json()).formError).toBe(TEAM_MESSAGES.invitationRevoked);
      expect(
        await db.selectFrom("users").select("id").where("email", "like", "%late@%").execute(),
      ).toEqual([]);
    } finally {
      await mailbox.close();
    }
  });

  it("a signed-in person accepts into their login; with another address the page asks first", async () => {
    const mailbox = await startMailbox();
    try {
      const db = getDb();
      const owner = await ownerOfCompany();
      const accountant = await createUser(db, { email: "firm@example.bg" });
      const session = await signInApi(db, accountant);
      const same = await invite(owner, mailbox, "firm@example.bg", "accountant");
      const page = await call(invitePage, db, `/invite/${same.token}`, {
        headers: { Cookie: session.cookie },
        params: { token: same.token },
      });
      expect((await page.json()).user).toMatchObject({ email: "firm@example.bg" });
      const accepted = await call(inviteAction, db, `/invite/${same.token}`, {
        ...formBody({ intent: "accept" }, { Cookie: session.cookie }),
        params: { token: same.token },
      });
      expect(accepted.status).toBe(302);
      // The session now works in the company that invited; the login keeps its own company too.
      expect((await me({ Cookie: session.cookie })).body.company).toMatchObject({
        id: owner.companyId,
        role: "accountant",
      });
      const list = await (
        await call(companies, db, "/api/companies", { headers: { Cookie: session.cookie } })
      ).json();
      expect(list.companies.map((c: { role: string }) => c.role).sort()).toEqual([
        "accountant",
        "owner",
      ]);

      // Invited as another address: without the confirmation it is refused, with it accepted.
      const other = await invite(owner, mailbox, "someone.else@example.bg", "viewer");
      const viewer = await createUser(db);
      const viewerSession = await signInApi(db, viewer);
      const asked = await call(inviteAction, db, `/invite/${other.token}`, {
        ...formBody({ intent: "accept" }, { Cookie: viewerSession.cookie }),
        params: { token: other.token },
      });
      expect(asked.status).toBe(409);
      expect((await asked.json()).formError).toBe(TEAM_MESSAGES.otherEmail);
      const confirmed = await call(inviteAction, db, `/invite/${other.token}`, {
        ...formBody({ intent: "accept", confirm: "yes" }, { Cookie: viewerSession.cookie }),
        params: { token: other.token },
      });
      expect(confirmed.status).toBe(302);
      expect((await me({ Cookie: viewerSession.cookie })).body.company).toMatchObject({
        id: owner.companyId,
        role: "viewer",
      });
      // A new login cannot be made for an address that has one: it signs in instead.
      const third = await invite(owner, mailbox, viewer.email, "staff");
      expect(third.response.status).toBe(400);
      expect(third.body.errors.email._errors).toEqual([TEAM_MESSAGES.alreadyMember]);
    } finally {
      await mailbox.close();
    }
  });

  it("seats per plan: basic has the owner only, accountants take none, standard three", async () => {
    const mailbox = await startMailbox();
    try {
      const basic = await ownerOfCompany("basic");
      const staff = await invite(basic, mailbox, "staff@example.bg", "staff");
      expect(staff.response.status).toBe(400);
      expect(staff.body.message).toBe(TEAM_MESSAGES.seats(1));
      expect((await invite(basic, mailbox, "acc@example.bg", "accountant")).response.status).toBe(
        201,
      );
      const standard = await ownerOfCompany("standard");
      expect((await invite(standard, mailbox, "s1@example.bg", "staff")).response.status).toBe(201);
      expect((await invite(standard, mailbox, "s2@example.bg", "viewer")).response.status).toBe(
        201,
      );
      const full = await invite(standard, mailbox, "s3@example.bg", "staff");
      expect(full.response.status).toBe(400);
      expect(full.body.message).toBe(TEAM_MESSAGES.seats(3));
    } finally {
      await mailbox.close();
    }
  });

  it("takes seats one at a time: six parallel invitations with two free seats make two (issue #43 item 3)", async () => {
    const mailbox = await startMailbox();
    try {
      const owner = await ownerOfCompany("standard");
      const answers = await Promise.all(
        [1, 2, 3, 4, 5, 6].map((n) => invite(owner, mailbox, `p${n}@example.bg`, "staff")),
      );
      const statuses = answers.map((answer) => answer.response.status).sort();
      expect(statuses).toEqual([201, 201, 400, 400, 400, 400]);
      for (const refused of answers.filter((answer) => answer.response.status === 400)) {
        expect(refused.body.message).toBe(TEAM_MESSAGES.seats(3));
      }
      const live = await getDb()
        .selectFrom("companyInvitations")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("companyId", "=", owner.companyId)
        .executeTakeFirstOrThrow();
      expect(Number(live.n)).toBe(2);
    } finally {
      await mailbox.close();
    }
  });

  it("checks the seat again at acceptance: a plan that shrank since the invitation refuses it, and the link stays", async () => {
    const mailbox = await startMailbox();
    try {
      const db = getDb();
      const owner = await ownerOfCompany("standard");
      const { token } = await invite(owner, mailbox, "late@example.bg", "staff");
      // Invited on standard; the plan went down to basic (the owner's seat only) before the answer.
      await setPlan(db, owner.companyId, "basic");
      const refused = await call(inviteAction, db, `/invite/${token}`, {
        ...formBody(newLogin),
        params: { token },
      });
      expect(refused.status).toBe(409);
      expect((await refused.json()).formError).toBe(TEAM_MESSAGES.seatsAtAcceptance(1));
      const kept = await db
        .selectFrom("companyInvitations")
        .select("acceptedAt")
        .where("email", "=", "late@example.bg")
        .executeTakeFirstOrThrow();
      expect(kept.acceptedAt).toBeNull();
      expect(
        await db.selectFrom("users").select("id").where("email", "=", "late@example.bg").execute(),
      ).toEqual([]);
      // With the seat back, the same link works.
      await setPlan(db, owner.companyId, "standard");
      const joined = await call(inviteAction, db, `/invite/${token}`, {
        ...formBody(newLogin),
        params: { token },
      });
      expect(joined.status).toBe(302);
    } finally {
      await mailbox.close();
    }
  });
});

describe("no escalation, and revocation at once (issue #29 item 3)", () => {
  it("only the owner manages members; nobody edits their own role or one ranked above; the owner stays", async () => {
    const db = getDb();
    const owner = await ownerOfCompany();
    const staff = await memberOf(db, owner.companyId, "staff");
    const accountant = await memberOf(db, owner.companyId, "accountant");
    const put = (as: { cookie: string }, userId: string, body: unknown) =>
      call(memberApi, db, `/api/team/members/${userId}`, {
        ...jsonBody(body, "PUT", { Cookie: as.cookie }),
        params: { userId },
      });
    // Staff and accountant have no «team»: 403 in Bulgarian, whatever they ask.
    for (const who of [staff, accountant]) {
      const refused = await put(who, who.user.id, { role: "owner" });
      expect(refused.status).toBe(403);
      expect((await refused.json()).message).toBe(ACCESS_DENIED.api);
      expect(
        (await call(members, db, "/api/team/members", { headers: { Cookie: who.cookie } })).status,
      ).toBe(403);
    }
    // The owner cannot change their own role, nor leave.
    const own = await put(owner, owner.user.id, { role: "accountant" });
    expect(own.status).toBe(403);
    expect((await own.json()).message).toBe(TEAM_MESSAGES.ownRole);
    const leave = await call(memberApi, db, `/api/team/members/${owner.user.id}`, {
      method: "DELETE",
      headers: { Cookie: owner.cookie },
      params: { userId: owner.user.id },
    });
    expect(leave.status).toBe(409);
    expect((await leave.json()).message).toBe(TEAM_MESSAGES.ownerStays);
    // An invitation never makes an owner.
    await postApi(
      invitationsPost,
      db,
      "/api/team/invitations",
      { email: "boss@example.bg", role: "owner" },
      { Cookie: owner.cookie },
      400,
    );

    // The rule holds in the service whatever the table says: an accountant managing members
    // could not grant above their rank, touch an equal, or change their own role.
    const asAccountant = {
      ...accountant.user,
      sessionId: "",
      sessionKind: "browser" as const,
      companyId: owner.companyId,
      companyRole: "accountant" as const,
      companyName: owner.user.companyName,
      companyCount: 2,
      ownDocumentsOnly: false,
      role: "user" as const,
      firstName: "Мария",
      lastName: "Георгиева",
      emailVerified: true,
      deletionScheduledAt: null,
      plan: "standard" as const,
      impersonator: null,
      shell: { notification: null, pendingPayment: null },
    };
    const context = { db, clientIp: "127.0.0.1" };
    await expect(
      changeMemberRole(context, asAccountant, staff.user.id, {
        role: "owner",
        ownDocumentsOnly: false,
      }),
    ).rejects.toMatchObject({ status: 403, message: TEAM_MESSAGES.aboveOwn });
    await expect(
      changeMemberRole(context, asAccountant, owner.user.id, {
        role: "viewer",
        ownDocumentsOnly: false,
      }),
    ).rejects.toMatchObject({ status: 403, message: TEAM_MESSAGES.rankedAbove });
    await expect(
      changeMemberRole(context, asAccountant, accountant.user.id, {
        role: "staff",
        ownDocumentsOnly: false,
      }),
    ).rejects.toMatchObject({ status: 403, message: TEAM_MESSAGES.ownRole });

    // Ownership moves in one step: exactly one owner, the old one an accountant.
    const transfer = await put(owner, staff.user.id, { role: "owner" });
    expect(transfer.status).toBe(200);
    const roles = await db
      .selectFrom("companyMembers")
      .select(["userId", "role"])
      .where("companyId", "=", owner.companyId)
      .execute();
    expect(roles.filter((r) => r.role === "owner")).toEqual([
      { userId: staff.user.id, role: "owner" },
    ]);
    expect(roles.find((r) => r.userId === owner.user.id)?.role).toBe("accountant");
  });

  it("removing a member ends their live session and token for the company at once; a lowered role too", async () => {
    const db = getDb();
    const owner = await ownerOfCompany();
    const staff = await memberOf(db, owner.companyId, "staff");
    const own = { Cookie: staff.cookie };
    expect((await call(invoicesApi, db, "/api/invoices", { headers: own })).status).toBe(200);
    expect((await call(invoicesApi, db, "/api/invoices", { headers: staff.bearer })).status).toBe(
      200,
    );
    // A second session of theirs in their own company is theirs to keep.
    const elsewhere = await signInApi(db, staff.user);
    const removed = await call(memberApi, db, `/api/team/members/${staff.user.id}`, {
      method: "DELETE",
      headers: { Cookie: owner.cookie },
      params: { userId: staff.user.id },
    });
    expect(removed.status).toBe(204);
    expect((await call(invoicesApi, db, "/api/invoices", { headers: own })).status).toBe(401);
    expect((await call(invoicesApi, db, "/api/invoices", { headers: staff.bearer })).status).toBe(
      401,
    );
    const kept = await me({ Cookie: elsewhere.cookie });
    expect(kept.body.company).toMatchObject({ id: staff.user.companyId, role: "owner" });

    // Lowering a role ends the sessions as well; the next sign-in works with the new role.
    const accountant = await memberOf(db, owner.companyId, "accountant");
    const lowered = await call(memberApi, db, `/api/team/members/${accountant.user.id}`, {
      ...jsonBody({ role: "viewer" }, "PUT", { Cookie: owner.cookie }),
      params: { userId: accountant.user.id },
    });
    expect(lowered.status).toBe(200);
    expect(await lowered.json()).toMatchObject({ role: "viewer", roleLabel: "Само преглед" });
    expect(
      (await call(invoicesApi, db, "/api/invoices", { headers: { Cookie: accountant.cookie } }))
        .status,
    ).toBe(401);
    // Even a session the deletion missed is refused: the role is read on every request.
    const again = await signInApi(db, accountant.user);
    await workIn(db, accountant.user.id, owner.companyId);
    await db
      .deleteFrom("companyMembers")
      .where("userId", "=", accountant.user.id)
      .where("companyId", "=", owner.companyId)
      .execute();
    const orphan = await call(invoicesApi, db, "/api/invoices", { headers: again.bearer });
    expect(orphan.status).toBe(403);
  });
});

describe("removing a member on /settings/team (issue #41 item 14)", () => {
  it("the first «Премахни» asks; only «Да, премахни» (a second POST) removes", async () => {
    const db = getDb();
    const owner = await ownerOfCompany();
    const staff = await memberOf(db, owner.companyId, "staff");
    const remove = (fields: Record<string, string>) =>
      call(
        teamAction,
        db,
        "/settings/team",
        formBody({ intent: "remove", userId: staff.user.id, ...fields }, { Cookie: owner.cookie }),
      );
    const memberCount = async () =>
      (
        await db
          .selectFrom("companyMembers")
          .select("userId")
          .where("companyId", "=", owner.companyId)
          .where("userId", "=", staff.user.id)
          .execute()
      ).length;

    const asked = await remove({});
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({
      formId: `member-${staff.user.id}`,
      fieldErrors: {},
      confirmRemove: true,
    });
    expect(await memberCount()).toBe(1);
    expect((await call(invoicesApi, db, "/api/invoices", { headers: staff.bearer })).status).toBe(
      200,
    );

    const removed = await remove({ confirm: "yes" });
    expect(removed.status).toBe(302);
    expect(removed.headers.get("Location")).toBe("/settings/team");
    expect(await memberCount()).toBe(0);
  });
});

describe("roles and capabilities (issue #29 item 1)", () => {
  it("a forbidden capability is 403 on the API, and on a page says which role lacks which right", async () => {
    const db = getDb();
    const owner = await ownerOfCompany("full");
    const staff = await memberOf(db, owner.companyId, "staff");
    const viewer = await memberOf(db, owner.companyId, "viewer");
    const accountant = await memberOf(db, owner.companyId, "accountant");

    const salaries = await call(salariesApi, db, "/api/salaries", {
      headers: { Cookie: staff.cookie },
    });
    expect(salaries.status).toBe(403);
    expect((await salaries.json()).message).toBe(ACCESS_DENIED.api);
    // Issue #41 item 14: the page is not a silent redirect but a 403 saying why (the layout's
    // ErrorBoundary draws it inside the shell).
    const page = await call(salariesPage, db, "/salaries", { headers: { Cookie: staff.cookie } });
    expect(page.status).toBe(403);
    const companyName = owner.user.companyName;
    expect(await page.json()).toEqual({
      message: `Ролята ви «Служител» във фирма «${companyName}» няма право «Заплати: преглед». Имат го: Собственик, Счетоводител.`,
      accessDenied: {
        roleLabel: "Служител",
        capabilityLabel: "Заплати: преглед",
        allowed: ["Собственик", "Счетоводител"],
        companyName,
      },
    });
    // A refused form still goes to the dashboard, its toast now saying the same reason.
    const posted = await call(teamAction, db, "/settings/team", {
      ...formBody({ intent: "remove", userId: viewer.user.id }, { Cookie: staff.cookie }),
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/dashboard");
    const { toast } = await readToast(
      new Request("http://localhost/dashboard", { headers: { Cookie: cookiesFrom(posted) } }),
    );
    expect(toast).toMatchObject({
      type: "error",
      title: "Достъп отказан",
      description: `Ролята ви «Служител» във фирма «${companyName}» няма право «Екип: покани, роли, собственост». Имат го: Собственик.`,
    });

    // A viewer reads but does not write; the accountant keeps the books but not the team.
    const draft = {
      type: "invoice",
      clientId: owner.clientId,
      issueDate: "2026-11-20",
      lines: [{ description: "Услуга", quantity: "1", unitPrice: "10", vatRate: 20 }],
    };
    expect(
      (await call(invoicesApi, db, "/api/invoices", { headers: { Cookie: viewer.cookie } })).status,
    ).toBe(200);
    await postApi(invoicesPost, db, "/api/invoices", draft, { Cookie: viewer.cookie }, 403);
    expect(
      (await call(salariesApi, db, "/api/salaries", { headers: { Cookie: accountant.cookie } }))
        .status,
    ).toBe(200);
    const team = await call(teamPage, db, "/settings/team", {
      headers: { Cookie: accountant.cookie },
    });
    expect(team.status).toBe(403);
    expect((await team.json()).accessDenied).toMatchObject({
      roleLabel: "Счетоводител",
      capabilityLabel: "Екип: покани, роли, собственост",
    });
    // The plan gate still applies on top: a basic company's accountant meets the gate.
    await setPlan(db, owner.companyId, "basic");
    const gated = await call(salariesApi, db, "/api/salaries", {
      headers: { Cookie: accountant.cookie },
    });
    expect(gated.status).toBe(403);
    expect((await gated.json()).requiredPlan).toBe("full");
  });

  it("staff limited to their own documents see, total and reach only those", async () => {
    const db = getDb();
    const owner = await ownerOfCompany();
    const staff = await memberOf(db, owner.companyId, "staff", { ownDocumentsOnly: true });
    const draft = (clientId: string) => ({
      type: "invoice",
      clientId,
      issueDate: "2026-11-20",
      lines: [{ description: "Услуга", quantity: "1", unitPrice: "10", vatRate: 20 }],
    });
    const ownersDoc = await (
      await call(invoicesPost, db, "/api/invoices", {
        ...jsonBody(draft(owner.clientId), "POST", { Cookie: owner.cookie }),
      })
    ).json();
    const staffDoc = await (
      await call(invoicesPost, db, "/api/invoices", {
        ...jsonBody(draft(owner.clientId), "POST", { Cookie: staff.cookie }),
      })
    ).json();
    const list = await (
      await call(invoicesApi, db, "/api/invoices", { headers: { Cookie: staff.cookie } })
    ).json();
    expect(list.invoices.map((d: { id: string }) => d.id)).toEqual([staffDoc.id]);
    expect(list.summary.count).toBe(1);
    const other = await call(invoiceApi, db, `/api/invoices/${ownersDoc.id}`, {
      headers: { Cookie: staff.cookie },
      params: { id: ownersDoc.id },
    });
    expect(other.status).toBe(404);
    const all = await (
      await call(invoicesApi, db, "/api/invoices", { headers: { Cookie: owner.cookie } })
    ).json();
    expect(all.summary.count).toBe(2);
  });
});

describe("one login, many companies (issue #29 item 4)", () => {
  it("switches the session's company; an API token stays bound and gets a new one for the other", async () => {
    const db = getDb();
    const a = await ownerOfCompany();
    const b = await ownerOfCompany();
    const accountant = await memberOf(db, a.companyId, "accountant");
    await db
      .insertInto("companyMembers")
      .values({ companyId: b.companyId, userId: accountant.user.id, role: "accountant" })
      .execute();
    const draft = (clientId: string) => ({
      type: "invoice",
      clientId,
      issueDate: "2026-11-20",
      lines: [{ description: "Услуга", quantity: "1", unitPrice: "10", vatRate: 20 }],
    });
    const docA = await (
      await call(invoicesPost, db, "/api/invoices", {
        ...jsonBody(draft(a.clientId), "POST", { Cookie: a.cookie }),
      })
    ).json();
    const docB = await (
      await call(invoicesPost, db, "/api/invoices", {
        ...jsonBody(draft(b.clientId), "POST", { Cookie: b.cookie }),
      })
    ).json();
    const ids = async (headers: Record<string, string>) =>
      (
        (await (await call(invoicesApi, db, "/api/invoices", { headers })).json()) as {
          invoices: { id: string }[];
        }
      ).invoices.map((d) => d.id);

    // A browser session (the page's switcher) moves in place and lands on /dashboard.
    const browser = await signInApi(db, accountant.user);
    await db
      .updateTable("sessions")
      .set({ kind: "browser", companyId: a.companyId })
      .where("userId", "=", accountant.user.id)
      .where("tokenHash", "!=", "")
      .execute();
    expect(await ids({ Cookie: browser.cookie })).toEqual([docA.id]);
    const switched = await call(switchCompany, db, "/switch-company", {
      ...formBody({ companyId: b.companyId }, { Cookie: browser.cookie }),
    });
    expect(switched.status).toBe(302);
    expect(switched.headers.get("Location")).toBe("/dashboard");
    expect(await ids({ Cookie: browser.cookie })).toEqual([docB.id]);
    // The previous company's record is 404 now.
    const stale = await call(invoiceApi, db, `/api/invoices/${docA.id}`, {
      headers: { Cookie: browser.cookie },
      params: { id: docA.id },
    });
    expect(stale.status).toBe(404);

    // An API token: PUT /api/companies/active gives a new token; the old stays in its company.
    const token = await signInApi(db, accountant.user);
    await workIn(db, accountant.user.id, a.companyId);
    const answer = await call(activeCompany, db, "/api/companies/active", {
      ...jsonBody({ companyId: b.companyId }, "PUT", token.bearer),
    });
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.company).toMatchObject({ id: b.companyId, role: "accountant" });
    expect(body.token).toEqual(expect.any(String));
    expect(await ids(token.bearer)).toEqual([docA.id]);
    expect(await ids({ Authorization: `Bearer ${body.token}` })).toEqual([docB.id]);

    // A company the login does not belong to is 404.
    const stranger = await ownerOfCompany();
    const refused = await call(activeCompany, db, "/api/companies/active", {
      ...jsonBody({ companyId: stranger.companyId }, "PUT", token.bearer),
    });
    expect(refused.status).toBe(404);
    expect((await refused.json()).message).toBe(TEAM_MESSAGES.noCompany);
  });
});

describe("the audit trail (issue #29 item 5)", () => {
  it("names the issuer of an invoice (its «Съставил» too), filters by group and member, pages, and is append-only", async () => {
    const db = getDb();
    const owner = await ownerOfCompany();
    const staff = await memberOf(db, owner.companyId, "staff");
    const created = await (
      await call(invoicesPost, db, "/api/invoices", {
        ...jsonBody(
          {
            type: "invoice",
            clientId: owner.clientId,
            issueDate: "2026-11-20",
            authorName: "Някой друг",
            lines: [{ description: "Услуга", quantity: "1", unitPrice: "10", vatRate: 20 }],
          },
          "POST",
          { Cookie: staff.cookie },
        ),
      })
    ).json();
    const issued = await call(issueApi, db, `/api/invoices/${created.id}/issue`, {
      method: "POST",
      headers: { Cookie: staff.cookie },
      params: { id: created.id },
    });
    expect(issued.status).toBe(200);
    expect((await issued.json()).authorName).toBe("Мария Георгиева");
    const doc = await db
      .selectFrom("documents")
      .select(["issuedBy", "number"])
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(doc.issuedBy).toBe(staff.user.id);

    const trail = await (
      await call(auditApi, db, `/api/audit?group=documents&targetId=${created.id}`, {
        headers: { Cookie: owner.cookie },
      })
    ).json();
    expect(trail.entries.map((e: { action: string }) => e.action)).toEqual([
      "document.issue",
      "document.create",
    ]);
    expect(trail.entries[0]).toMatchObject({
      actionLabel: "Издаден документ",
      actor: { id: staff.user.id, email: staff.user.email, role: "staff" },
      target: { label: `Фактура № ${doc.number}` },
      details: expect.objectContaining({ number: doc.number, total: "12.00" }),
    });
    // By member, and paged by cursor.
    const byStaff = await (
      await call(auditApi, db, `/api/audit?actorId=${staff.user.id}&limit=1`, {
        headers: { Cookie: owner.cookie },
      })
    ).json();
    expect(byStaff.entries).toHaveLength(1);
    expect(byStaff.nextCursor).toEqual(expect.any(String));
    const next = await (
      await call(
        auditApi,
        db,
        `/api/audit?actorId=${staff.user.id}&limit=1&cursor=${byStaff.nextCursor}`,
        {
          headers: { Cookie: owner.cookie },
        },
      )
    ).json();
    expect(next.entries[0].id).not.toBe(byStaff.entries[0].id);
    const bad = await call(auditApi, db, "/api/audit?group=__proto__&from=2026-13-01", {
      headers: { Cookie: owner.cookie },
    });
    expect(bad.status).toBe(400);
    // Staff do not read the trail; the page and the CSV are the owner's and accountant's.
    expect(
      (await call(auditApi, db, "/api/audit", { headers: { Cookie: staff.cookie } })).status,
    ).toBe(403);
    const page = await (
      await call(auditPage, db, "/settings/audit?group=documents", {
        headers: { Cookie: owner.cookie },
      })
    ).json();
    expect(page.entries[0]).toMatchObject({ action: "document.issue" });
    const csv = await (
      await call(auditCsv, db, "/settings/audit.csv", { headers: { Cookie: owner.cookie } })
    ).text();
    expect(csv).toContain("Издаден документ");
    expect(csv).toContain(staff.user.email);

    // Append-only: the database refuses to change or remove a row.
    await expect(
      sql`update company_audit set action = 'x' where company_id = ${owner.companyId}`.execute(db),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`delete from company_audit where company_id = ${owner.companyId}`.execute(db),
    ).rejects.toThrow(/append-only/);
  });
});
