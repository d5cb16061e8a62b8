import type { AppLoadContext } from "@remix-run/node";
import type { SessionUser } from "./session.server";

// The user each request was answered for, by its load context: the guards note it when they look
// the user up (web/auth/guards.server.ts), the audit of impersonated requests reads it.
const requestUsers = new WeakMap<AppLoadContext, SessionUser>();

/** Notes the user a request is answered for. */
export function rememberRequestUser(context: AppLoadContext, user: SessionUser): void {
  requestUsers.set(context, user);
}

/** The user a request was answered for, once its loaders or action looked them up. */
export function requestUser(context: AppLoadContext): SessionUser | undefined {
  return requestUsers.get(context);
}
