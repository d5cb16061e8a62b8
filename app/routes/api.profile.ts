import { type ActionFunctionArgs, json } from "@remix-run/node";
import { personalSchema, profileSchema } from "~/modules/accounts/schema";
import { updatePersonal, updateProfile } from "~/modules/accounts/service.server";
import { can } from "~/modules/auth/capabilities";
import { getUser, requireApiUser } from "~/modules/auth/guards.server";
import { userJson } from "~/modules/auth/user-json.server";
import { AppError, jsonError, methodNotAllowed, parseJsonBody } from "~/utils/http.server";

export const loader = () => methodNotAllowed("PUT");

/** PUT /api/profile (the profile form's fields) → the updated user. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const user = await requireApiUser(request, context);
  try {
    // The company's data only with the role's settings (decision 028); else the names.
    if (can(user, "settings")) {
      const { data } = await parseJsonBody(request, profileSchema);
      await updateProfile(context.db, user, data);
    } else {
      const { data } = await parseJsonBody(request, personalSchema);
      await updatePersonal(context.db, user.id, data);
    }
  } catch (error) {
    if (error instanceof AppError) return jsonError(error.message, error.status, error.fields);
    throw error;
  }
  const updated = await getUser(request, context);
  return json(userJson(updated!));
}
