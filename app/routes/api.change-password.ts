import { type ActionFunctionArgs, json } from "@remix-run/node";
import { changePassword } from "~/modules/accounts/account.server";
import { changePasswordSchema } from "~/modules/accounts/schema";
import { refuseWhileImpersonating } from "~/modules/admin/impersonation.server";
import { undocumented } from "~/modules/api/describe";
import { AppError } from "~/utils/errors";
import { apiErrorResponse, jsonError, methodNotAllowed, readJson } from "~/utils/http.server";
import { requireApiUser } from "~/web/auth/guards.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/change-password {currentPassword, password (or newPassword), confirmPassword} → {message}. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  try {
    refuseWhileImpersonating(user);
  } catch (error) {
    return apiErrorResponse(error);
  }
  const body = await readJson(request);
  if (!body) return jsonError("Невалидна заявка: очаква се JSON", 400);
  // Spec §7: the answer is {message}, shown to the user as it is — so one message, not a field map.
  const parsed = changePasswordSchema.safeParse({
    ...body,
    password: body.password ?? body.newPassword,
  });
  if (!parsed.success) return jsonError(parsed.error.issues[0]!.message, 400);
  try {
    await changePassword(context.db, user, parsed.data.currentPassword, parsed.data.password);
  } catch (error) {
    if (error instanceof AppError) return jsonError(error.message, error.status);
    throw error;
  }
  return json({ message: "Паролата е променена успешно" });
}

export const openapi = undocumented(
  "The profile page's password change: a person's password, not an integration's",
);
