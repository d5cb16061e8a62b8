import { type AppLoadContext, json, redirect } from "@remix-run/node";
import {
  ACCESS_DENIED,
  accessDeniedDetails,
  type Capability,
  CUSTOMER_VIEW_READ_ONLY,
  can,
  READ_ONLY_IN_CUSTOMER_VIEW,
} from "~/modules/auth/capabilities";
import { rememberRequestUser } from "~/modules/auth/request-user.server";
import { type CompanyUser, findSessionUser, type SessionUser } from "~/modules/auth/session.server";
import { AppError } from "~/utils/errors";
import { redirectWithToast } from "~/utils/toast.server";
import type { MemberRole } from "~db/types";
import {
  checkApiCompany,
  checkFormCompany,
  pageCompanyOf,
  userInCompany,
} from "./form-company.server";
import { readSessionToken } from "./session-cookie.server";

// For GET, the one lookup the root, layout and page loaders of one request share.
const lookups = new WeakMap<AppLoadContext, { token: string; user: Promise<SessionUser | null> }>();
// The context of each request a user was looked up for: the company checks of its forms need it.
const requestContexts = new WeakMap<Request, AppLoadContext>();

/** The signed-in user, or null for a guest. */
export async function getUser(
  request: Request,
  context: AppLoadContext,
): Promise<SessionUser | null> {
  requestContexts.set(request, context);
  const token = await readSessionToken(request, context);
  if (!token) return null;
  // An action may change the user (name, plan, sign-out), so only reads share one lookup.
  const shared = request.method === "GET" || request.method === "HEAD";
  let found = shared ? lookups.get(context) : undefined;
  if (!found || found.token !== token) {
    found = { token, user: findSessionUser(context.db, token) };
    // A form refused for its company (issue #41 item 1): the same request's loaders draw the
    // page in the form's company, as the person had it, beside what they typed.
    const pageCompany = shared ? pageCompanyOf(context) : undefined;
    if (pageCompany) {
      found.user = found.user.then((user) =>
        user && user.companyId !== pageCompany
          ? userInCompany(context.db, user, pageCompany).then((other) => other ?? user)
          : user,
      );
    }
    if (shared) lookups.set(context, found);
  }
  const user = await found.user;
  if (user) rememberRequestUser(context, user);
  return user;
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

// The API calls that move a session between companies or end it: a header naming the old
// company must not stop them.
const API_COMPANY_FREE = new Set(["/api/companies/active", "/api/logout"]);

/**
 * For the JSON API: the user, or a 401 JSON answer. A call that changes something and names its
 * company (`X-Company-Id`) for another company than the session's is refused with 409 here, for
 * every call (issue #41 item 1), not only those that name a capability.
 */
export async function requireApiUser(
  request: Request,
  context: AppLoadContext,
): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (!user) throw json({ message: "Не сте влезли в профила си" }, { status: 401 });
  const { pathname } = new URL(request.url);
  if (request.method !== "GET" && request.method !== "HEAD" && !API_COMPANY_FREE.has(pathname)) {
    await checkApiCompany(request, context, user);
  }
  return user;
}

/** Guest-only pages (login, registration, password reset) send a signed-in user to /dashboard. */
export async function requireGuest(request: Request, context: AppLoadContext): Promise<void> {
  if (await getUser(request, context)) throw redirect("/dashboard");
}

const NO_COMPANY = () => json({ message: "Достъп отказан" }, { status: 403 });

/**
 * The refusal of a capability the role lacks. The API answers 403 with a Bulgarian message. A page
 * the role cannot open answers 403 saying which role lacks which right and who has it (issue #41
 * item 14: the layout's ErrorBoundary draws it inside the shell, AccessDenied); a refused form
 * goes to /dashboard with the toast «Достъп отказан» and the same reason.
 */
export async function capabilityRefusal(
  request: Request,
  kind: "api" | "page" = new URL(request.url).pathname.startsWith("/api/") ? "api" : "page",
  refused?: { role: MemberRole | null; capability: Capability; companyName?: string | null },
): Promise<Response> {
  if (kind === "api") return json({ message: ACCESS_DENIED.api }, { status: 403 });
  const details = refused
    ? accessDeniedDetails(refused.role, refused.capability, refused.companyName ?? null)
    : null;
  if (details && (request.method === "GET" || request.method === "HEAD")) {
    const { message, ...accessDenied } = details;
    return json({ message, accessDenied }, { status: 403 });
  }
  return redirectWithToast("/dashboard", {
    type: "error",
    title: ACCESS_DENIED.title,
    description: details?.message ?? ACCESS_DENIED.description,
  });
}

/**
 * The one check of a role's capability (decision 028), for a user already signed in: throws the
 * refusal (the API's or a page's: by the guard, else by the request's path) unless the role in
 * the active company has it.
 */
export async function requireCapability(
  request: Request,
  user: SessionUser,
  capability: Capability,
  kind?: "api" | "page",
): Promise<CompanyUser> {
  if (!user.companyId || !user.companyRole) throw NO_COMPANY();
  const context = requestContexts.get(request);
  const api =
    (kind ?? (new URL(request.url).pathname.startsWith("/api/") ? "api" : "page")) === "api";
  // The company the form was opened for (or the API call names) must be the session's.
  let acting = user;
  if (context && api) await checkApiCompany(request, context, user);
  else if (context) acting = await checkFormCompany(request, context, user);
  if (!acting.companyId || !acting.companyRole) throw NO_COMPANY();
  // An admin's view of a customer reads who has access but never grants it.
  if (
    acting.impersonator &&
    request.method !== "GET" &&
    request.method !== "HEAD" &&
    (READ_ONLY_IN_CUSTOMER_VIEW as readonly Capability[]).includes(capability)
  ) {
    throw new AppError(CUSTOMER_VIEW_READ_ONLY, 403);
  }
  if (!can(acting, capability)) {
    throw await capabilityRefusal(request, kind, {
      role: acting.companyRole,
      capability,
      companyName: acting.companyName,
    });
  }
  return acting as CompanyUser;
}

/**
 * For a page mixing the person's own and the company's forms (settings): the company check of
 * a posted form alone, before its body is read (the capability is checked per intent after).
 */
export async function checkPageForm(request: Request, user: SessionUser): Promise<SessionUser> {
  const context = requestContexts.get(request);
  if (!context || !user.companyId) return user;
  return checkFormCompany(request, context, user);
}

/**
 * The guard of a company's pages: the signed-in user working in a company whose role there has
 * the capability (a guest goes to /auth; a refused role gets the 403 page saying why, a refused
 * form /dashboard with the toast).
 */
export async function requireCompanyUser(
  request: Request,
  context: AppLoadContext,
  capability: Capability,
): Promise<CompanyUser> {
  return requireCapability(request, await requireUser(request, context), capability, "page");
}

/** For API calls (cookie or bearer): the caller working in a company with the capability. */
export async function requireApiCompanyUser(
  request: Request,
  context: AppLoadContext,
  capability: Capability,
): Promise<CompanyUser> {
  return requireCapability(request, await requireApiUser(request, context), capability, "api");
}

/** For API calls: the id of the company the caller works in, when their role has the capability. */
export async function requireApiCompany(
  request: Request,
  context: AppLoadContext,
  capability: Capability,
): Promise<string> {
  return (await requireApiCompanyUser(request, context, capability)).companyId;
}
