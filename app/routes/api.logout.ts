import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getUser } from "~/modules/auth/guards.server";
import { clearSessionCookie, deleteSession } from "~/modules/auth/session.server";
import { methodNotAllowed } from "~/utils/http.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/logout: ends the session of the cookie or the bearer token. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getUser(request, context);
  if (user) await deleteSession(context.db, user.sessionId);
  return json({ success: true }, { headers: { "Set-Cookie": await clearSessionCookie(context) } });
}
