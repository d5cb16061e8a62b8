import { type ActionFunctionArgs, json } from "@remix-run/node";
import { undocumented } from "~/modules/api/describe";
import { deleteSession } from "~/modules/auth/session.server";
import { methodNotAllowed } from "~/utils/http.server";
import { getUser } from "~/web/auth/guards.server";
import { clearSessionCookie } from "~/web/auth/session-cookie.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/logout: ends the session of the cookie or the bearer token. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getUser(request, context);
  if (user) await deleteSession(context.db, user.sessionId);
  return json({ success: true }, { headers: { "Set-Cookie": await clearSessionCookie(context) } });
}

export const openapi = undocumented("Ends the session or token of the caller; the pages' sign-out");
