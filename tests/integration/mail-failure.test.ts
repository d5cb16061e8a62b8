import { describe, expect, it } from "vitest";
import { action as register } from "~/routes/api.register";
import { action as forgotPassword } from "~/routes/forgot-password";
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
  it("is shown on the forgotten-password page with 503, keeping the e-mail typed", async () => {
    const user = await createUser(getDb());
    const response = await call(forgotPassword, getDb(), "/forgot-password", {
      ...formBody({ email: user.email }),
      config: downSmtp,
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      formError: "Имейлът не можа да бъде изпратен. Опитайте отново по-късно.",
      repopulateFields: { email: user.email },
    });
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
