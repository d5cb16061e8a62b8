import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/modules/accounts/schema";
import { TAKEN } from "~/modules/accounts/service.server";
import { INVALID_LOGIN } from "~/modules/auth/login.server";
import { THROTTLED_MESSAGE } from "~/modules/auth/throttle.server";
import { setNotification } from "~/modules/settings/queries.server";
import { action as cancelDeletion } from "~/routes/api.account.cancel-deletion";
import { loader as challenge } from "~/routes/api.bot-check.challenge";
import { action as changePassword } from "~/routes/api.change-password";
import { action as checkEmail } from "~/routes/api.check-email";
import { action as feedback } from "~/routes/api.feedback";
import { action as login, loader as loginGet } from "~/routes/api.login";
import { action as logout } from "~/routes/api.logout";
import { action as profile } from "~/routes/api.profile";
import { loader as recaptchaKey } from "~/routes/api.recaptcha-key";
import { action as register } from "~/routes/api.register";
import { loader as logo } from "~/routes/api.settings.logo";
import { loader as notification } from "~/routes/api.settings.notification";
import { loader as currentUser } from "~/routes/api.user";
import { action as checkCompanyName } from "~/routes/api.validation.check-company-name";
import { action as checkEik } from "~/routes/api.validation.check-eik";
import { createUser, PASSWORD, registrationPayload } from "../setup/factories";
import { type AnyAnswer, botToken, call, cookiesFrom, jsonBody, postApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

async function signIn(email: string, password = PASSWORD) {
  const response = await call(
    login,
    getDb(),
    "/api/login",
    jsonBody({ username: email, password, recaptchaToken: botToken() }),
  );
  expect(response.status).toBe(200);
  const body = (await response.json()) as { token: string };
  return { token: body.token, cookie: cookiesFrom(response) };
}

describe("POST /api/register", () => {
  it("creates the account: 201 {username, role}, a session cookie and a bearer token", async () => {
    const payload = registrationPayload({ recaptchaToken: botToken() });
    const response = await call(register, getDb(), "/api/register", jsonBody(payload));
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      username: payload.username,
      role: "user",
      verificationEmailSent: true,
    });
    expect(body.token).toEqual(expect.any(String));
    expect(response.headers.get("Set-Cookie")).toMatch(/^__session=.+HttpOnly.*SameSite=Lax/i);

    const me = await call(currentUser, getDb(), "/api/user", {
      headers: { Authorization: `Bearer ${body.token}` },
    });
    expect(await me.json()).toMatchObject({
      username: payload.username,
      emailVerified: false,
      subscriptionPlan: "basic",
    });
  });

  it("answers 400 {message: 'Invalid data', errors: {field: {_errors}}} for bad fields", async () => {
    const response = await call(
      register,
      getDb(),
      "/api/register",
      jsonBody(
        registrationPayload({
          username: "nope",
          vatNumber: "123",
          companyCity: "Plovdiv",
          recaptchaToken: botToken(),
        }),
      ),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.message).toBe("Invalid data");
    expect(body.errors.username).toEqual({ _errors: [MESSAGES.email] });
    expect(body.errors.vatNumber).toEqual({ _errors: [MESSAGES.vatFormat] });
    expect(body.errors.companyCity).toEqual({ _errors: [MESSAGES.cyrillic] });
    expect(await getDb().selectFrom("users").select("id").execute()).toHaveLength(0);
  });

  it("refuses a taken e-mail, company name and EIK with field errors, writing nothing", async () => {
    const first = registrationPayload({ recaptchaToken: botToken() });
    expect((await call(register, getDb(), "/api/register", jsonBody(first))).status).toBe(201);
    const again = registrationPayload({
      username: first.username.toUpperCase(),
      companyName: first.companyName,
      companyVat: first.companyVat,
      vatNumber: first.vatNumber,
      recaptchaToken: botToken(),
    });
    const response = await call(register, getDb(), "/api/register", jsonBody(again));
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({
      username: { _errors: [TAKEN.email] },
      companyName: { _errors: [TAKEN.companyName] },
      companyVat: { _errors: [TAKEN.eik] },
    });
    expect(await getDb().selectFrom("companies").select("id").execute()).toHaveLength(1);
  });

  it("requires the bot check", async () => {
    const response = await call(
      register,
      getDb(),
      "/api/register",
      jsonBody(registrationPayload({ recaptchaToken: "forged.123.abc" })),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({
      recaptchaToken: { _errors: [MESSAGES.botCheck] },
    });
  });

  it("answers 415 to a body not declared JSON, and 400 to JSON that is not JSON", async () => {
    const form = await call(register, getDb(), "/api/register", {
      method: "POST",
      body: "username=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({
      message: "Неподдържан вид на заявката: изпратете JSON с Content-Type: application/json",
    });
    const broken = await call(register, getDb(), "/api/register", {
      method: "POST",
      body: "{username",
      headers: { "Content-Type": "application/json" },
    });
    expect(broken.status).toBe(400);
  });
});

describe("POST /api/login", () => {
  it("signs in: {username, role, token} and a cookie that works on /api/user", async () => {
    const user = await createUser(getDb());
    const { token, cookie } = await signIn(user.email.toUpperCase());
    expect(token).toBeTruthy();
    const me = await call(currentUser, getDb(), "/api/user", { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      id: user.id,
      username: user.email,
      role: "user",
      firstName: "Мария",
      lastName: "Георгиева",
      emailVerified: true,
      accountDeletionRequested: false,
      accountStatus: "active",
      accountScheduledForDeletion: null,
      subscriptionPlan: "basic",
      companyName: user.companyName,
      // The spec's {username, role} stay; the company the session works in and the role there come
      // with them (issue #29).
      company: {
        id: user.companyId,
        name: user.companyName,
        role: "owner",
        roleLabel: "Собственик",
        ownDocumentsOnly: false,
      },
    });
  });

  it("gives the same 401 message for an unknown e-mail and a wrong password", async () => {
    const user = await createUser(getDb());
    for (const [username, password] of [
      ["nobody@example.bg", PASSWORD],
      [user.email, "Wrong123!"],
    ]) {
      const response = await call(
        login,
        getDb(),
        "/api/login",
        jsonBody({ username, password, recaptchaToken: botToken() }),
      );
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: INVALID_LOGIN });
    }
  });

  it("needs the bot check, and each local token works once", async () => {
    const user = await createUser(getDb());
    const missing = await call(
      login,
      getDb(),
      "/api/login",
      jsonBody({ username: user.email, password: PASSWORD }),
    );
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: MESSAGES.botCheck });
    const token = botToken();
    expect(
      (
        await call(
          login,
          getDb(),
          "/api/login",
          jsonBody({ username: user.email, password: PASSWORD, recaptchaToken: token }),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await call(
          login,
          getDb(),
          "/api/login",
          jsonBody({ username: user.email, password: PASSWORD, recaptchaToken: token }),
        )
      ).status,
    ).toBe(400);
  });

  it("throttles: the 6th try on one account within 15 minutes is 429, even with the right password", async () => {
    const user = await createUser(getDb());
    for (let i = 0; i < 5; i++) {
      const response = await call(
        login,
        getDb(),
        "/api/login",
        jsonBody({ username: user.email, password: "Wrong123!", recaptchaToken: botToken() }),
      );
      expect(response.status).toBe(401);
    }
    const blocked = await call(
      login,
      getDb(),
      "/api/login",
      jsonBody({ username: user.email, password: PASSWORD, recaptchaToken: botToken() }),
    );
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ message: THROTTLED_MESSAGE });
  });

  it("throttles one address after 20 failures across accounts", async () => {
    const user = await createUser(getDb());
    for (let i = 0; i < 20; i++) {
      await call(login, getDb(), "/api/login", {
        ...jsonBody({
          username: `x${i}@example.bg`,
          password: "Wrong123!",
          recaptchaToken: botToken(),
        }),
        ip: "10.9.9.9",
      });
    }
    const blocked = await call(login, getDb(), "/api/login", {
      ...jsonBody({ username: user.email, password: PASSWORD, recaptchaToken: botToken() }),
      ip: "10.9.9.9",
    });
    expect(blocked.status).toBe(429);
    const elsewhere = await call(login, getDb(), "/api/login", {
      ...jsonBody({ username: user.email, password: PASSWORD, recaptchaToken: botToken() }),
      ip: "10.9.9.10",
    });
    expect(elsewhere.status).toBe(200);
  });

  it("answers 405 to GET", async () => {
    expect((await call(loginGet, getDb(), "/api/login")).status).toBe(405);
  });
});

describe("signed-in calls", () => {
  it("GET /api/user is 401 without a session and after logout", async () => {
    expect((await call(currentUser, getDb(), "/api/user")).status).toBe(401);
    const user = await createUser(getDb());
    const { token } = await signIn(user.email);
    const auth = { Authorization: `Bearer ${token}` };
    expect((await call(currentUser, getDb(), "/api/user", { headers: auth })).status).toBe(200);
    const out = await call(logout, getDb(), "/api/logout", { method: "POST", headers: auth });
    expect(await out.json()).toEqual({ success: true });
    expect((await call(currentUser, getDb(), "/api/user", { headers: auth })).status).toBe(401);
  });

  it("PUT /api/profile saves and returns the user; bad input is 400 with field errors", async () => {
    const user = await createUser(getDb());
    const { token } = await signIn(user.email);
    const auth = { Authorization: `Bearer ${token}` };
    const fields = {
      firstName: "Петя",
      lastName: "Иванова",
      companyName: "Нова Фирма ООД",
      companyAddress: "бул. Марица 10",
      companyCity: "Пловдив",
      postalCode: "4000",
      country: "България",
      companyBankAccount: "BG80BNBG96611020345678",
      companyBankName: "БНБ",
      companyBankBic: "BNBGBGSF",
    };
    const saved = await call(profile, getDb(), "/api/profile", jsonBody(fields, "PUT", auth));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      firstName: "Петя",
      lastName: "Иванова",
      companyName: "Нова Фирма ООД",
    });
    const bad = await call(
      profile,
      getDb(),
      "/api/profile",
      jsonBody({ ...fields, postalCode: "12" }, "PUT", auth),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.postalCode).toEqual({ _errors: [MESSAGES.postalBgDigits] });
    expect((await call(profile, getDb(), "/api/profile", jsonBody(fields, "PUT"))).status).toBe(
      401,
    );
  });

  it("POST /api/change-password checks the current password and keeps only this session", async () => {
    const user = await createUser(getDb());
    const first = await signIn(user.email);
    const second = await signIn(user.email);
    const wrong = await postApi<AnyAnswer>(
      changePassword,
      getDb(),
      "/api/change-password",
      { currentPassword: "Nope123!", password: "Novа1234!", confirmPassword: "Novа1234!" },
      { Authorization: `Bearer ${first.token}` },
      400,
    );
    expect(wrong).toEqual({ message: "Текущата парола е грешна" });
    const ok = await postApi<AnyAnswer>(
      changePassword,
      getDb(),
      "/api/change-password",
      { currentPassword: PASSWORD, newPassword: "Nova1234!", confirmPassword: "Nova1234!" },
      { Authorization: `Bearer ${first.token}` },
      200,
    );
    expect(ok).toEqual({ message: "Паролата е променена успешно" });
    expect(
      (
        await call(currentUser, getDb(), "/api/user", {
          headers: { Authorization: `Bearer ${first.token}` },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(currentUser, getDb(), "/api/user", {
          headers: { Authorization: `Bearer ${second.token}` },
        })
      ).status,
    ).toBe(401);
    await signIn(user.email, "Nova1234!");
  });

  it("GET /api/settings/logo and /api/settings/notification answer their shapes (401 without a session)", async () => {
    const user = await createUser(getDb());
    const { cookie } = await signIn(user.email);
    expect(
      await (
        await call(logo, getDb(), "/api/settings/logo", { headers: { Cookie: cookie } })
      ).json(),
    ).toEqual({ logo: null });
    expect(
      await (
        await call(notification, getDb(), "/api/settings/notification", {
          headers: { Cookie: cookie },
        })
      ).json(),
    ).toEqual({ message: null });
    await setNotification(getDb(), "Планирана поддръжка в неделя от 22:00 ч.");
    expect(
      await (
        await call(notification, getDb(), "/api/settings/notification", {
          headers: { Cookie: cookie },
        })
      ).json(),
    ).toEqual({
      message: "Планирана поддръжка в неделя от 22:00 ч.",
    });
    expect((await call(logo, getDb(), "/api/settings/logo")).status).toBe(401);
    expect((await call(notification, getDb(), "/api/settings/notification")).status).toBe(401);
  });

  it("POST /api/account/cancel-deletion cancels a pending deletion", async () => {
    const user = await createUser(getDb());
    const { cookie } = await signIn(user.email);
    expect(
      (
        await call(cancelDeletion, getDb(), "/api/account/cancel-deletion", {
          method: "POST",
          headers: { Cookie: cookie },
        })
      ).status,
    ).toBe(400);
    await getDb()
      .updateTable("users")
      .set({
        deletionRequestedAt: new Date(),
        deletionScheduledAt: new Date(Date.now() + 86_400_000),
      })
      .where("id", "=", user.id)
      .execute();
    const me = await (
      await call(currentUser, getDb(), "/api/user", { headers: { Cookie: cookie } })
    ).json();
    expect(me).toMatchObject({ accountStatus: "pending_deletion", accountDeletionRequested: true });
    const response = await call(cancelDeletion, getDb(), "/api/account/cancel-deletion", {
      method: "POST",
      headers: { Cookie: cookie },
    });
    expect(await response.json()).toEqual({
      success: true,
      message: "Заявката за изтриване е отменена",
    });
  });
});

describe("availability checks", () => {
  it("POST /api/check-email → {success, message}", async () => {
    const user = await createUser(getDb());
    expect(
      await (
        await call(checkEmail, getDb(), "/api/check-email", jsonBody({ email: "free@example.bg" }))
      ).json(),
    ).toEqual({ success: true, message: "Имейлът е свободен" });
    expect(
      await (
        await call(checkEmail, getDb(), "/api/check-email", jsonBody({ email: user.email }))
      ).json(),
    ).toEqual({ success: false, message: TAKEN.email });
    const bad = await call(checkEmail, getDb(), "/api/check-email", jsonBody({ email: "nope" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ success: false, message: MESSAGES.email });
  });

  it("POST /api/validation/check-company-name and check-eik → {success, error}", async () => {
    const user = await createUser(getDb());
    const company = await getDb()
      .selectFrom("companies")
      .select(["name", "eik"])
      .where("id", "=", user.companyId!)
      .executeTakeFirstOrThrow();
    expect(
      await (
        await call(checkCompanyName, getDb(), "/x", jsonBody({ companyName: "Свободно Име ООД" }))
      ).json(),
    ).toEqual({ success: true });
    expect(
      await (
        await call(
          checkCompanyName,
          getDb(),
          "/x",
          jsonBody({ companyName: ` ${company.name.toUpperCase()} ` }),
        )
      ).json(),
    ).toEqual({ success: false, error: TAKEN.companyName });
    expect(
      await (await call(checkEik, getDb(), "/x", jsonBody({ eik: "121220328" }))).json(),
    ).toEqual({ success: true });
    expect(
      await (await call(checkEik, getDb(), "/x", jsonBody({ eik: company.eik }))).json(),
    ).toEqual({ success: false, error: TAKEN.eik });
    const bad = await call(checkEik, getDb(), "/x", jsonBody({ eik: "175074751" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ success: false, error: MESSAGES.eikChecksum });
    // Ten digits are an ЕГН or ЛНЧ, checked as such; 11 and 12 digits are no identifier (#42).
    for (const [eik, error] of [
      ["1750747520", MESSAGES.personChecksum],
      ["17507475200", MESSAGES.eikFormat],
      ["175074752000", MESSAGES.eikFormat],
    ]) {
      const refused = await call(checkEik, getDb(), "/x", jsonBody({ eik }));
      expect(refused.status, eik).toBe(400);
      expect(await refused.json()).toEqual({ success: false, error });
    }
    expect(
      await (await call(checkEik, getDb(), "/x", jsonBody({ eik: "8032056031" }))).json(),
    ).toEqual({ success: true });
  });
});

describe("bot check configuration", () => {
  it("GET /api/recaptcha-key says isProduction false for the local check, true with keys", async () => {
    expect(await (await call(recaptchaKey, getDb(), "/api/recaptcha-key")).json()).toEqual({
      siteKey: "local",
      isProduction: false,
    });
    const withKeys = await call(recaptchaKey, getDb(), "/api/recaptcha-key", {
      config: { recaptcha: { siteKey: "site-123", secretKey: "secret" } },
    });
    expect(await withKeys.json()).toEqual({ siteKey: "site-123", isProduction: true });
  });

  it("GET /api/bot-check/challenge gives API clients a local token (404 with reCAPTCHA)", async () => {
    const user = await createUser(getDb());
    const { token } = (await (
      await call(challenge, getDb(), "/api/bot-check/challenge")
    ).json()) as { token: string };
    expect(
      (
        await call(
          login,
          getDb(),
          "/api/login",
          jsonBody({ username: user.email, password: PASSWORD, recaptchaToken: token }),
        )
      ).status,
    ).toBe(200);
    const off = await call(challenge, getDb(), "/x", {
      config: { recaptcha: { siteKey: "s", secretKey: "k" } },
    });
    expect(off.status).toBe(404);
  });
});

describe("POST /api/feedback", () => {
  it("checks in the spec's order, then stores the submission (201)", async () => {
    const user = await createUser(getDb());
    const { cookie } = await signIn(user.email);
    const send = (body: Record<string, unknown>) =>
      call(
        feedback,
        getDb(),
        "/api/feedback",
        jsonBody({ type: "support", ...body }, "POST", { Cookie: cookie }),
      );
    expect(await (await send({})).json()).toMatchObject({ message: "Моля, въведете съобщение" });
    expect(await (await send({ message: "Помощ" })).json()).toMatchObject({
      message: "Моля, изберете категория",
    });
    expect(
      await (await send({ message: "Помощ", category: "technical_bug" })).json(),
    ).toMatchObject({ message: "Моля, потвърдете reCAPTCHA" });
    const noEmail = await send({
      message: "Помощ",
      category: "technical_bug",
      useDifferentEmail: true,
      customEmail: "",
      recaptchaToken: botToken(),
    });
    expect(await noEmail.json()).toMatchObject({ message: "Моля, въведете имейл адрес" });
    const pdf = Buffer.from("%PDF-1.4 not an image").toString("base64");
    const wrongType = await send({
      message: "Помощ",
      category: "technical_bug",
      recaptchaToken: botToken(),
      fileContent: pdf,
      fileName: "a.pdf",
    });
    expect(wrongType.status).toBe(400);
    expect(await wrongType.json()).toMatchObject({
      message: "Разрешени са само файлове JPG или PNG",
    });

    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString(
      "base64",
    );
    const ok = await send({
      message: "Не мога да изтегля PDF",
      category: "technical_bug",
      severity: "high",
      recaptchaToken: botToken(),
      fileContent: png,
      fileName: "screen.png",
      useDifferentEmail: true,
      customEmail: "other@example.bg",
    });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toEqual({
      success: true,
      message: "Заявката за поддръжка е изпратена!",
    });
    const rows = await getDb()
      .selectFrom("feedback")
      .select(["type", "category", "severity", "contactEmail", "attachmentType", "companyId"])
      .execute();
    expect(rows).toEqual([
      {
        type: "support",
        category: "technical_bug",
        severity: "high",
        contactEmail: "other@example.bg",
        attachmentType: "image/png",
        companyId: user.companyId,
      },
    ]);
  });

  it("refuses an attachment over 5 MB", async () => {
    const user = await createUser(getDb());
    const { cookie } = await signIn(user.email);
    const big = Buffer.alloc(5_242_881);
    big.set([0xff, 0xd8, 0xff]);
    const response = await postApi<AnyAnswer>(
      feedback,
      getDb(),
      "/api/feedback",
      {
        type: "feedback",
        category: "other",
        message: "x",
        recaptchaToken: botToken(),
        fileContent: big.toString("base64"),
        fileName: "big.jpg",
      },
      { Cookie: cookie },
      413,
    );
    expect(response).toMatchObject({
      message: "Файлът е твърде голям. Максималният размер е 5MB",
    });
  });
});
