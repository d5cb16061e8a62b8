import { describe, expect, it } from "vitest";
import { purgeDueAccounts } from "~/modules/accounts/account.server";
import { LOGO_ERROR, OWNER_DELETION } from "~/modules/accounts/limits";
import { consumeVerificationCode, issueToken } from "~/modules/auth/tokens.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/_app.settings";
import { action as deletionAction } from "~/routes/_app.settings_.delete";
import { action as login } from "~/routes/api.login";
import { loader as currentUser } from "~/routes/api.user";
import { createUser, PASSWORD } from "../setup/factories";
import { botToken, call, cookiesFrom, formBody, jsonBody } from "../setup/routes";
import { memberOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

async function cookieOf(email: string) {
  const response = await call(
    login,
    getDb(),
    "/api/login",
    jsonBody({ username: email, password: PASSWORD, recaptchaToken: botToken() }),
  );
  return cookiesFrom(response);
}

function upload(bytes: Uint8Array<ArrayBuffer>, name: string, cookie: string): RequestInit {
  const form = new FormData();
  form.set("logo", new File([new Uint8Array(bytes)], name, { type: "image/png" }));
  return { method: "POST", body: form, headers: { Cookie: cookie } };
}

describe("/settings", () => {
  it("stores a PNG logo checked by its content, and refuses other files whatever their name", async () => {
    const user = await createUser(getDb());
    const cookie = await cookieOf(user.email);
    const saved = await call(settingsAction, getDb(), "/settings", upload(PNG, "logo.png", cookie));
    expect(saved.status).toBe(302);
    const page = await (
      await call(settingsLoader, getDb(), "/settings", { headers: { Cookie: cookie } })
    ).json();
    expect(page.logo).toBe(`data:image/png;base64,${Buffer.from(PNG).toString("base64")}`);

    const fake = await call(
      settingsAction,
      getDb(),
      "/settings",
      upload(new TextEncoder().encode("<svg></svg>"), "logo.png", cookie),
    );
    expect(fake.status).toBe(400);
    expect(await fake.json()).toMatchObject({ formId: "logo", formError: LOGO_ERROR });
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await call(settingsAction, getDb(), "/settings", upload(big, "big.png", cookie));
    expect(tooBig.status).toBe(413);
    // The first logo is still there: a refused upload changes nothing.
    const after = await (
      await call(settingsLoader, getDb(), "/settings", { headers: { Cookie: cookie } })
    ).json();
    expect(after.logo).toBe(page.logo);
  });

  it("schedules deletion in 30 days only when confirmed, and cancels it", async () => {
    const user = await createUser(getDb());
    const cookie = await cookieOf(user.email);
    const unconfirmed = await call(
      deletionAction,
      getDb(),
      "/settings/delete",
      formBody({ intent: "request-deletion", exported: "on" }, { Cookie: cookie }),
    );
    expect(unconfirmed.status).toBe(400);
    const before = Date.now();
    const requested = await call(
      deletionAction,
      getDb(),
      "/settings/delete",
      formBody({ intent: "request-deletion", exported: "on", confirm: "on" }, { Cookie: cookie }),
    );
    expect(requested.status).toBe(302);
    const me = await (
      await call(currentUser, getDb(), "/api/user", { headers: { Cookie: cookie } })
    ).json();
    expect(me.accountStatus).toBe("pending_deletion");
    const days = (Date.parse(me.accountScheduledForDeletion) - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(29.99);
    expect(days).toBeLessThan(30.01);
    await call(
      settingsAction,
      getDb(),
      "/settings",
      formBody({ intent: "cancel-deletion" }, { Cookie: cookie }),
    );
    expect(
      (
        await (
          await call(currentUser, getDb(), "/api/user", { headers: { Cookie: cookie } })
        ).json()
      ).accountStatus,
    ).toBe("active");
  });

  it("refuses an owner's deletion while the company has a member, at the form, with the way out", async () => {
    // Issue #41 item 4: this was a thrown 409 (the bare error page, which looks signed out).
    const user = await createUser(getDb());
    await memberOf(getDb(), user.companyId!, "accountant");
    const cookie = await cookieOf(user.email);
    const refused = await call(
      deletionAction,
      getDb(),
      "/settings/delete",
      formBody({ intent: "request-deletion", exported: "on", confirm: "on" }, { Cookie: cookie }),
    );
    expect(refused.status).toBe(409);
    const answer = await refused.json();
    expect(answer).toMatchObject({
      formId: "deletion",
      formError: OWNER_DELETION(user.companyName!),
      link: { to: "/settings/team" },
      repopulateFields: { exported: "on", confirm: "on" },
    });
    expect(answer.formError).toContain("Премахнете");
    expect(answer.formError).toContain("прехвърлете собствеността");
    const me = await (
      await call(currentUser, getDb(), "/api/user", { headers: { Cookie: cookie } })
    ).json();
    expect(me.accountStatus).toBe("active");
  });

  it("answers 400 to an unknown intent", async () => {
    const user = await createUser(getDb());
    const response = await call(
      settingsAction,
      getDb(),
      "/settings",
      formBody({ intent: "explode" }, { Cookie: await cookieOf(user.email) }),
    );
    expect(response.status).toBe(400);
  });
});

describe("purgeDueAccounts", () => {
  it("removes personal data after 30 days, ends sessions, and runs once (the company it owned: account-purge.test.ts)", async () => {
    const user = await createUser(getDb());
    const cookie = await cookieOf(user.email);
    await getDb()
      .updateTable("users")
      .set({ deletionScheduledAt: new Date(Date.now() - 1000) })
      .where("id", "=", user.id)
      .execute();
    const notYet = await createUser(getDb());
    await getDb()
      .updateTable("users")
      .set({ deletionScheduledAt: new Date(Date.now() + 86_400_000) })
      .where("id", "=", notYet.id)
      .execute();

    expect(await purgeDueAccounts(getDb())).toEqual({ accounts: 1, companies: 1 });
    expect(await purgeDueAccounts(getDb())).toEqual({ accounts: 0, companies: 0 });
    const row = await getDb()
      .selectFrom("users")
      .select(["email", "firstName", "anonymizedAt", "companyId"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(`deleted-${user.id}@invalid.smetka.bg`);
    expect(row.firstName).toBe("Изтрит");
    expect(row.anonymizedAt).not.toBeNull();
    expect(row.companyId).toBeNull();
    expect(
      (await call(currentUser, getDb(), "/api/user", { headers: { Cookie: cookie } })).status,
    ).toBe(401);
    const relogin = await call(
      login,
      getDb(),
      "/api/login",
      jsonBody({ username: user.email, password: PASSWORD, recaptchaToken: botToken() }),
    );
    expect(relogin.status).toBe(401);
  });
});

describe("verification codes", () => {
  it("accept the right code once, and five wrong tries spend it", async () => {
    const user = await createUser(getDb(), { verified: false });
    const first = await issueToken(getDb(), user.id, "verify_email");
    expect(await consumeVerificationCode(getDb(), user.id, first.code!)).toBe(true);
    expect(await consumeVerificationCode(getDb(), user.id, first.code!)).toBe(false);

    const second = await issueToken(getDb(), user.id, "verify_email");
    const wrong = second.code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++)
      expect(await consumeVerificationCode(getDb(), user.id, wrong)).toBe(false);
    expect(await consumeVerificationCode(getDb(), user.id, second.code!)).toBe(false);
  });

  it("stop working when a new one is issued", async () => {
    const user = await createUser(getDb(), { verified: false });
    const old = await issueToken(getDb(), user.id, "verify_email");
    await issueToken(getDb(), user.id, "verify_email");
    expect(await consumeVerificationCode(getDb(), user.id, old.code!)).toBe(false);
  });
});

describe("purgeExpired", () => {
  it("removes expired sessions, spent tokens and old attempts, and keeps what still works", async () => {
    const { purgeExpired } = await import("~/modules/auth/purge.server");
    const user = await createUser(getDb());
    const cookie = await cookieOf(user.email);
    const hour = 60 * 60 * 1000;
    await getDb()
      .insertInto("sessions")
      .values({
        tokenHash: "expired",
        userId: user.id,
        kind: "browser",
        expiresAt: new Date(Date.now() - hour),
      })
      .execute();
    const live = await issueToken(getDb(), user.id, "verify_email");
    await getDb()
      .insertInto("userTokens")
      .values({
        userId: user.id,
        purpose: "reset_password",
        tokenHash: "old",
        expiresAt: new Date(Date.now() - hour),
      })
      .execute();
    await getDb()
      .insertInto("loginAttempts")
      .values([
        {
          email: "x@example.bg",
          ip: "1.1.1.1",
          succeeded: false,
          createdAt: new Date(Date.now() - 48 * hour),
        },
        { email: "x@example.bg", ip: "1.1.1.1", succeeded: false },
      ])
      .execute();

    expect(await purgeExpired(getDb())).toMatchObject({ sessions: 1, tokens: 1, loginAttempts: 1 });
    expect(
      (await call(currentUser, getDb(), "/api/user", { headers: { Cookie: cookie } })).status,
    ).toBe(200);
    expect(await consumeVerificationCode(getDb(), user.id, live.code!)).toBe(true);
    // The recent failure and the sign-in above stay; only the two-day-old attempt went.
    const left = await getDb().selectFrom("loginAttempts").select("createdAt").execute();
    expect(left).toHaveLength(2);
    expect(left.every((row) => row.createdAt.getTime() > Date.now() - 24 * hour)).toBe(true);
  });
});
