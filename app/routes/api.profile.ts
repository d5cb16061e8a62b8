import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { profileJson } from "~/modules/accounts/profile-json.server";
import { personalSchema, profileSchema } from "~/modules/accounts/schema";
import { getProfile, updatePersonal, updateProfile } from "~/modules/accounts/service.server";
import { undocumented } from "~/modules/api/describe";
import { can } from "~/modules/auth/capabilities";
import { userJson } from "~/modules/auth/user-json.server";
import { AppError } from "~/utils/errors";
import { jsonError, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { getUser, requireApiUser } from "~/web/auth/guards.server";

/** GET /api/profile → the profile's fields, the company's under the names PUT takes. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  const p = await getProfile(context.db, user.id, can(user, "settings") ? user.companyId : null);
  return json(profileJson(p), { headers: { "Cache-Control": "no-store" } });
}

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

export const openapi = undocumented(
  "The profile page's own call (the person's and the company's fields), not the integration API",
);
