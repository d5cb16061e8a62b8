import { type AppLoadContext, createCookie } from "@remix-run/node";
import { closeCustomerView, openCustomerSession } from "~/modules/admin/impersonation.server";
import { findSessionUser, IMPERSONATION_MS, type SessionUser } from "~/modules/auth/session.server";
import {
  clearSessionCookie,
  commitSessionCookie,
  readSessionToken,
} from "~/web/auth/session-cookie.server";

/*
 * The cookies of "view as customer" (spec §1, issue #14; the sessions themselves are in
 * modules/admin/impersonation.server.ts): the admin's own token moves into a second cookie that
 * only /admin-return receives, and the session cookie carries the customer's session.
 */

const cookies = new Map<string, ReturnType<typeof createCookie>>();

/** The admin's own session token while they look as a customer; sent only to /admin-return. */
function adminReturnCookie(config: AppLoadContext["config"]) {
  const key = `${config.sessionSecret}|${config.secureCookies}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    cookie = createCookie("__admin_return", {
      httpOnly: true,
      sameSite: "lax",
      secure: config.secureCookies,
      path: "/admin-return",
      maxAge: IMPERSONATION_MS / 1000,
      secrets: [config.sessionSecret],
    });
    cookies.set(key, cookie);
  }
  return cookie;
}

/**
 * Opens the customer's view in this browser: the Set-Cookie headers that sign it in as the
 * customer and keep the admin's token for the way back.
 */
export async function startImpersonation(
  context: AppLoadContext,
  request: Request,
  admin: SessionUser,
  userId: string,
  companyId?: string | null,
): Promise<Headers> {
  const { token } = await openCustomerSession(
    context,
    admin,
    userId,
    request.headers.get("User-Agent"),
    companyId,
  );
  return customerViewCookies(context, request, token);
}

/**
 * The cookies of a customer's view opened in this browser: the customer's session, and the
 * admin's own token (when this browser is signed in as an admin) kept for /admin-return.
 */
export async function customerViewCookies(
  context: AppLoadContext,
  request: Request,
  customerToken: string,
): Promise<Headers> {
  const current = await readSessionToken(request, context);
  const admin = current ? await findSessionUser(context.db, current) : null;
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSessionCookie(context, customerToken));
  if (current && admin?.role === "admin") {
    headers.append("Set-Cookie", await adminReturnCookie(context.config).serialize(current));
  }
  return headers;
}

/**
 * Ends the customer's view: the impersonated session (if still open) is deleted and recorded,
 * and the admin's own session comes back when its token is still good. Returns where to go and
 * the Set-Cookie headers.
 */
export async function endImpersonation(
  context: AppLoadContext,
  request: Request,
  customerId: string | null,
): Promise<{ to: string; headers: Headers }> {
  const token = await readSessionToken(request, context);
  const current = await closeCustomerView(context, token);
  const returnCookie = adminReturnCookie(context.config);
  const kept = await returnCookie.parse(request.headers.get("Cookie"));
  const admin = typeof kept === "string" && kept ? await findSessionUser(context.db, kept) : null;
  const headers = new Headers();
  headers.append("Set-Cookie", await returnCookie.serialize("", { maxAge: 0 }));
  if (admin?.role !== "admin") {
    // No admin session to return to (another browser, or it expired): sign in again.
    if (current?.impersonator) {
      headers.append("Set-Cookie", await clearSessionCookie(context));
    }
    return { to: "/hatterscastle/login", headers };
  }
  headers.append("Set-Cookie", await commitSessionCookie(context, kept as string));
  const back = customerId ?? current?.id;
  return { to: back ? `/hatterscastle/users/${back}` : "/hatterscastle", headers };
}
