import { describe, expect, it, vi } from "vitest";
import {
  localUpgrade,
  parseLocalCard,
  saveLocalCard,
} from "~/modules/subscriptions/local-billing.server";
import { action as feedback } from "~/routes/api.feedback";
import { loader as incomplete3ds } from "~/routes/api.subscription.incomplete-3ds.check";
import { action as auth } from "~/routes/auth";
import { makeContext } from "../setup/context";
import { createUser } from "../setup/factories";
import { botToken, call, formBody, jsonBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

describe("answers as the spec words them", () => {
  it("GET /api/subscription/incomplete-3ds/check: data.requiresAuthentication, data.hasIncompleteAttempts", async () => {
    const user = await createUser(getDb());
    const session = await signInApi(getDb(), user);
    const ask = async () =>
      (await (
        await call(incomplete3ds, getDb(), "/api/subscription/incomplete-3ds/check", {
          headers: session.bearer,
        })
      ).json()) as {
        success: boolean;
        data: Record<string, unknown>;
      };
    expect(await ask()).toMatchObject({
      success: true,
      data: { requiresAuthentication: false, hasIncompleteAttempts: false, clientSecret: null },
    });
    const billing = makeContext(getDb()).config.billing;
    await saveLocalCard(
      getDb(),
      user.companyId!,
      parseLocalCard({ number: "4000002760003184", expiry: "12/39", cvc: "123" }),
    );
    const result = await localUpgrade(getDb(), billing, user.companyId!, "full");
    expect(result.kind).toBe("requires_action");
    const waiting = await ask();
    expect(waiting.data).toMatchObject({
      requiresAuthentication: true,
      hasIncompleteAttempts: true,
    });
    expect(waiting.data.clientSecret).toMatch(/^pi_local_/);
    expect(waiting.data).not.toHaveProperty("requiresAction");
  });

  it("login and registration say 'Възникна грешка при …' when something other than the person fails", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      // A database that fails every query: the form stays, with the spec's fallback and what was typed.
      const broken = new Proxy(getDb(), {
        get(target, key) {
          if (key === "selectFrom" || key === "insertInto" || key === "transaction") {
            return () => {
              throw Object.assign(new Error("connection refused"), { code: "ECONNREFUSED" });
            };
          }
          return Reflect.get(target, key);
        },
      });
      const login = await call(auth, broken, "/auth", {
        ...formBody({
          intent: "login",
          username: "a@example.bg",
          password: "Parola1!",
          recaptchaToken: botToken(),
          notRobot: "on",
        }),
      });
      expect(login.status).toBe(503);
      expect(await login.json()).toMatchObject({
        formId: "login",
        formError: "Възникна грешка при влизането",
        repopulateFields: { username: "a@example.bg" },
      });
      const register = await call(auth, broken, "/auth", {
        ...formBody({
          intent: "register",
          step: "1",
          direction: "next",
          username: "b@example.bg",
          password: "Parola1!",
          confirmPassword: "Parola1!",
        }),
      });
      expect(register.status).toBe(503);
      expect(await register.json()).toMatchObject({
        registering: true,
        formError: "Възникна грешка при регистрацията",
        step: 1,
        values: { username: "b@example.bg" },
      });
    } finally {
      errors.mockRestore();
    }
  });

  it("a feedback whose mail fails says 'Моля, опитайте отново по-късно.' and keeps no half-sent copy", async () => {
    const user = await createUser(getDb());
    const session = await signInApi(getDb(), user);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await call(feedback, getDb(), "/api/feedback", {
      ...jsonBody(
        {
          type: "support",
          category: "technical_bug",
          message: "Не работи",
          recaptchaToken: botToken(),
        },
        "POST",
        session.bearer,
      ),
      config: {
        mail: {
          smtpUrl: "smtp://127.0.0.1:1",
          from: "Сметка <no-reply@smetka.bg>",
          supportEmail: "support@smetka.bg",
        },
      },
    });
    errors.mockRestore();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: "Моля, опитайте отново по-късно." });
    expect(
      await getDb().selectFrom("feedback").select("id").where("userId", "=", user.id).execute(),
    ).toEqual([]);
  });
});
