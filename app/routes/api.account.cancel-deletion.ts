import { type ActionFunctionArgs, json } from "@remix-run/node";
import { cancelDeletion } from "~/modules/accounts/account.server";
import { undocumented } from "~/modules/api/describe";
import { methodNotAllowed } from "~/utils/http.server";
import { requireApiUser } from "~/web/auth/guards.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/account/cancel-deletion → {success, message}. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const cancelled = await cancelDeletion(context.db, user.id);
  return cancelled
    ? json({ success: true, message: "Заявката за изтриване е отменена" })
    : json({ success: false, message: "Няма заявка за изтриване на този профил" }, { status: 400 });
}

export const openapi = undocumented(
  "The account page's own call (cancelling the account's deletion), not the integration API",
);
