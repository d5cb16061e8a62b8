import { type AppLoadContext, json, redirect } from "@remix-run/node";
import { findSessionUser, readSessionToken, type SessionUser } from "./session.server";

// The user each request was answered for (the audit of impersonated requests reads it), and, for
// GET, the one lookup the root, layout and page loaders of one request share.
const requestUsers = new WeakMap<AppLoadContext, SessionUser>();
const lookups = new WeakMap<AppLoadContext, { token: string; user: Promise<SessionUser | null> }>();

/** The signed-in user, or null for a guest. */
export async function getUser(
  request: Request,
  context: AppLoadContext,
): Promise<SessionUser | null> {
  const token = await readSessionToken(request, context);
  if (!token) return null;
  // An action may change the user (name, plan, sign-out), so only reads share one lookup.
  const shared = request.method === "GET" || request.method === "HEAD";
  let found = shared ? lookups.get(context) : undefined;
  if (!found || found.token !== token) {
    found = { token, user: findSessionUser(context.db, token) };
    if (shared) lookups.set(context, found);
  }
  const user = await found.user;
  if (user) requestUsers.set(context, user);
  return user;
}

/** The user a request was answered for, once its loaders or action looked them up. */
export function requestUser(context: AppLoadContext): SessionUser | undefined {
  return requestUsers.get(context);
}

/** The signed-in user; a guest is sent to /auth with a redirectTo back to this page. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (user) return user;
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const query = back === "/dashboard" ? "" : `?${new URLSearchParams({ redirectTo: back })}`;
  throw redirect(`/auth${query}`);
}

/** For the JSON API: the user, or a 401 JSON answer. */
export async function requireApiUser(
  request: Request,
  context: AppLoadContext,
): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (user) return user;
  throw json({ message: "Не сте влезли в профила си" }, { status: 401 });
}

/** Guest-only pages (login, registration, password reset) send a signed-in user to /dashboard. */
export async function requireGuest(request: Request, context: AppLoadContext): Promise<void> {
  if (await getUser(request, context)) throw redirect("/dashboard");
}

/** A signed-in user who belongs to a company (the tenant every business row is scoped to). */
export async function requireCompanyUser(
  request: Request,
  context: AppLoadContext,
): Promise<SessionUser & { companyId: string }> {
  const user = await requireUser(request, context);
  if (!user.companyId) throw json({ message: "Достъп отказан" }, { status: 403 });
  return user as SessionUser & { companyId: string };
}

/** An API caller (cookie or bearer) who belongs to a company: that company's id, or 401/403 JSON. */
export async function requireApiCompany(
  request: Request,
  context: AppLoadContext,
): Promise<string> {
  const user = await requireApiUser(request, context);
  if (!user.companyId) throw json({ message: "Достъп отказан" }, { status: 403 });
  return user.companyId;
}
