import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "~/modules/accounts/schema";
import { action as login } from "~/routes/api.login";
import { createUser, PASSWORD } from "../setup/factories";
import { call, jsonBody } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();
const verified: URLSearchParams[] = [];

// why: Google's siteverify is a third party on the internet; tests must not (and here cannot) reach it.
const google = setupServer(
  http.post("https://www.google.com/recaptcha/api/siteverify", async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    verified.push(form);
    return HttpResponse.json({ success: form.get("response") === "human-response" });
  }),
);
beforeAll(() => google.listen({ onUnhandledRequest: "error" }));
afterAll(() => google.close());

const recaptcha = { recaptcha: { siteKey: "site-key", secretKey: "secret-key" } };

describe("login with Google reCAPTCHA keys", () => {
  it("verifies the token on the server with the secret key and the client's address", async () => {
    const user = await createUser(getDb());
    const response = await call(login, getDb(), "/api/login", {
      ...jsonBody({ username: user.email, password: PASSWORD, recaptchaToken: "human-response" }),
      config: recaptcha,
      ip: "203.0.113.7",
    });
    expect(response.status).toBe(200);
    const last = verified.at(-1)!;
    expect(Object.fromEntries(last)).toEqual({
      secret: "secret-key",
      response: "human-response",
      remoteip: "203.0.113.7",
    });
  });

  it("refuses a token Google does not accept, with the same message as the local check", async () => {
    const user = await createUser(getDb());
    const response = await call(login, getDb(), "/api/login", {
      ...jsonBody({ username: user.email, password: PASSWORD, recaptchaToken: "bot-response" }),
      config: recaptcha,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: MESSAGES.botCheck });
  });
});
