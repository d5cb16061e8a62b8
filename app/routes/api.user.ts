import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/guards.server";
import { userJson } from "~/modules/auth/user-json.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  return json(userJson(user), { headers: { "Cache-Control": "no-store" } });
}
