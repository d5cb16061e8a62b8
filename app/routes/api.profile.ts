import { type ActionFunctionArgs, json } from "@remix-run/node";
import { personalSchema, profileSchema } from "~/modules/accounts/schema";
import { updatePersonal, updateProfile } from "~/modules/accounts/service.server";
import { getUser, requireApiUser } from "~/modules/auth/guards.server";
import { userJson } from "~/modules/auth/user-json.server";
import {
  AppError,
  formatFieldErrors,
  jsonError,
  methodNotAllowed,
  readJson,
} from "~/utils/http.server";

export const loader = () => methodNotAllowed("PUT");

/** PUT /api/profile (the profile form's fields) → the updated user. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const user = await requireApiUser(request, context);
  const body = await readJson(request);
  if (!body) return jsonError("Невалидна заявка: очаква се JSON", 400);
  const parsed = (user.companyId ? profileSchema : personalSchema).safeParse(body);
  if (!parsed.success) {
    return json(
      { message: "Invalid data", errors: formatFieldErrors(parsed.error.format()) },
      { status: 400 },
    );
  }
  try {
    if (user.companyId)
      await updateProfile(context.db, user, parsed.data as Parameters<typeof updateProfile>[2]);
    else await updatePersonal(context.db, user.id, parsed.data);
  } catch (error) {
    if (error instanceof AppError) return jsonError(error.message, error.status, error.fields);
    throw error;
  }
  const updated = await getUser(request, context);
  return json(userJson(updated!));
}
