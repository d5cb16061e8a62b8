import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import {
  clearSessionCookie,
  deleteSession,
  findSessionUser,
  readSessionToken,
} from "~/modules/auth/session.server";
import { toastHeader } from "~/utils/toast.server";

/** Ends the session (the row and the cookie) and goes to / with the goodbye toast. */
async function logout({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const token = await readSessionToken(request, context);
  const user = token ? await findSessionUser(context.db, token) : null;
  if (user) await deleteSession(context.db, user.sessionId);
  const headers = new Headers();
  headers.append("Set-Cookie", await clearSessionCookie(context));
  headers.append(
    "Set-Cookie",
    await toastHeader({ type: "success", title: "Успешно излизане", description: "До скоро!" }),
  );
  return redirect("/", { headers });
}

// GET /logout forces logout (spec §2); the menu's «Изход» posts here.
export const loader = logout;
export const action = logout;
