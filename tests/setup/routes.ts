import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import { expect } from "vitest";
import { issueLocalToken } from "~/modules/auth/bot-check.server";
import { createSession } from "~/modules/auth/session.server";
import { NotFoundError } from "~/utils/errors";
import { ReturnedAnswer } from "~/utils/http.server";
import { commitSessionCookie } from "~/web/auth/session-cookie.server";
import type { Database } from "~db/types";
import { makeContext, TEST_SESSION_SECRET } from "./context";

type RouteFunction = (args: {
  request: Request;
  params: Record<string, string>;
  context: AppLoadContext;
}) => unknown;

/** Calls a loader or action and returns its Response, whether it was returned or thrown. */
export async function call(
  fn: RouteFunction,
  db: Kysely<Database>,
  path: string,
  init: RequestInit & {
    params?: Record<string, string>;
    config?: Partial<AppLoadContext["config"]>;
    ip?: string;
  } = {},
): Promise<Response> {
  const { params = {}, config, ip, ...requestInit } = init;
  const context = makeContext(db, config);
  if (ip) context.clientIp = ip;
  const request = new Request(new URL(path, "http://localhost:3000"), requestInit);
  try {
    const result = await fn({ request, params, context });
    if (result instanceof Response) return result;
    return Response.json(result);
  } catch (error) {
    if (error instanceof Response) return error;
    // What the route guard returns in the server: the page's own answer (issue #41 item 1).
    if (error instanceof ReturnedAnswer) return error.response;
    // What the route guard answers for a record that is not there (decision 052).
    if (error instanceof NotFoundError) return new Response(error.message, { status: 404 });
    throw error;
  }
}

/** A JSON request body with its header, plus extra headers (Cookie, Authorization). */
export function jsonBody(
  body: unknown,
  method = "POST",
  headers: Record<string, string> = {},
): RequestInit {
  return {
    method,
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...headers },
  };
}

/** An answer's body untyped, as Response.json() gives it: for tests that read deep into errors. */
export type AnyAnswer = Awaited<ReturnType<Response["json"]>>;

/**
 * POSTs JSON to an API action with the headers given (a bearer or a cookie) and the route's
 * params, expects the status (201 unless said) and returns the answer's body, naming the call and
 * the answer in a failure.
 */
export async function postApi<T = { id: string }>(
  action: RouteFunction,
  db: Kysely<Database>,
  path: string,
  body: unknown,
  headers: Record<string, string>,
  status = 201,
  params: Record<string, string> = {},
): Promise<T> {
  const response = await call(action, db, path, { ...jsonBody(body, "POST", headers), params });
  const answer = await response.text();
  expect(response.status, `${path}: ${answer}`).toBe(status);
  return JSON.parse(answer) as T;
}

/** A url-encoded form body, as a browser without JavaScript sends it. */
export function formBody(
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): RequestInit {
  return {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  };
}

/** The Cookie header a browser would send back after this response. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** A fresh one-time token of the local bot check (the test context's secret). */
export function botToken(): string {
  return issueLocalToken(TEST_SESSION_SECRET);
}

/** Signs a user in through POST /api/login: the browser cookie and the bearer header. */
export async function signInApi(db: Kysely<Database>, user: { email: string; password: string }) {
  const { action: login } = await import("~/routes/api.login");
  const response = await call(
    login,
    db,
    "/api/login",
    jsonBody({ username: user.email, password: user.password, recaptchaToken: botToken() }),
  );
  const body = (await response.json()) as { token: string };
  return { cookie: cookiesFrom(response), bearer: { Authorization: `Bearer ${body.token}` } };
}

/**
 * The session /api/login would open for the user, without its argon2id check (about 0.1 s a
 * sign-in): for tests that sign in before every test and are not about signing in (the fuzz
 * table signs in twice before each of its ~140 tests). The cookie is the signed one the login
 * sets; the bearer token the one it answers.
 */
export async function sessionFor(db: Kysely<Database>, user: { id: string }) {
  const token = await createSession(db, user.id, { kind: "api", ip: "127.0.0.1", userAgent: null });
  const setCookie = await commitSessionCookie(makeContext(db), token);
  return {
    cookie: setCookie.split(";")[0] as string,
    bearer: { Authorization: `Bearer ${token}` },
  };
}
