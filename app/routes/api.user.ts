import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { undocumented } from "~/modules/api/describe";
import { userJson } from "~/modules/auth/user-json.server";
import { requireApiUser } from "~/web/auth/guards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  return json(userJson(user), { headers: { "Cache-Control": "no-store" } });
}

export const openapi = undocumented("The pages' signed-in user, not the integration API");
