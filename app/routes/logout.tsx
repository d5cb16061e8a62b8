import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteSession, findSessionUser } from "~/modules/auth/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { endImpersonation } from "~/web/admin/impersonation.server";
import { clearSessionCookie, readSessionToken } from "~/web/auth/session-cookie.server";

/** Ends the session (the row and the cookie) and goes to / (an admin: /hatterscastle/login) with the goodbye toast. */
async function logout({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const token = await readSessionToken(request, context);
  const user = token ? await findSessionUser(context.db, token) : null;
  // Leaving a customer's view ends it and returns the admin to the back office.
  if (user?.impersonator) {
    const { to, headers } = await endImpersonation(context, request, user.id);
    return redirectWithToast(to, { title: "Върнахте се в администрацията" }, { headers });
  }
  if (user) await deleteSession(context.db, user.sessionId);
  return redirectWithToast(
    user?.role === "admin" ? "/hatterscastle/login" : "/",
    { title: "Успешно излизане", description: "До скоро!" },
    { headers: { "Set-Cookie": await clearSessionCookie(context) } },
  );
}

// GET /logout forces logout (spec §2); the menu's «Изход» posts here.
export const loader = logout;
export const action = logout;
