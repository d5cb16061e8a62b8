import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { userJson } from "~/modules/auth/user-json.server";
import { requireApiUser } from "~/web/auth/guards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  return json(userJson(user), { headers: { "Cache-Control": "no-store" } });
}
