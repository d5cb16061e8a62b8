import { describe, expect, it, vi } from "vitest";
import { action as register } from "~/routes/api.register";
import { action as forgotPassword } from "~/routes/forgot-password";
import { settleAfterResponse } from "~/utils/later.server";
import { createUser, registrationPayload } from "../setup/factories";
import { botToken, call, formBody, jsonBody } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();
// Port 1 on loopback refuses at once: a mail server that is down.
const downSmtp = {
  mail: {
    smtpUrl: "smtp://127.0.0.1:1",
    from: "Сметка <no-reply@smetka.bg>",
    supportEmail: undefined,
  },
};

describe("a mail that cannot be sent", () => {
  it("on the forgotten-password page is sent after the answer, which is the same as for no account", async () => {
    const user = await createUser(getDb());
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const known = await call(forgotPassword, getDb(), "/forgot-password", {
        ...formBody({ email: user.email }),
        config: downSmtp,
      });
      const unknown = await call(forgotPassword, getDb(), "/forgot-password", {
        ...formBody({ email: "nobody.here@example.bg" }),
        config: downSmtp,
      });
      // The answer does not wait for the account lookup or the mail: it cannot tell them apart.
      expect(errors).not.toHaveBeenCalled();
      expect(known.status).toBe(200);
      expect(await known.json()).toEqual({ sent: true });
      expect(unknown.status).toBe(200);
      expect(await unknown.json()).toEqual({ sent: true });
      await settleAfterResponse();
      expect(errors).toHaveBeenCalledWith("Password reset mail failed:", expect.any(Error));
    } finally {
      errors.mockRestore();
    }
  });

  it("does not undo a registration, and the answer says the verification mail was not sent", async () => {
    const payload = registrationPayload({ recaptchaToken: botToken() });
    const response = await call(register, getDb(), "/api/register", {
      ...jsonBody(payload),
      config: downSmtp,
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      verificationEmailSent: false,
      message: "Имейлът за потвърждение не можа да бъде изпратен. Опитайте отново по-късно.",
    });
  });
});
