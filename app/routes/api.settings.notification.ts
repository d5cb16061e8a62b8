import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { undocumented } from "~/modules/api/describe";
import { getNotification } from "~/modules/settings/queries.server";
import { requireApiUser } from "~/web/auth/guards.server";

/** GET /api/settings/notification → {message} (null when the admins set none). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiUser(request, context);
  return json({ message: await getNotification(context.db) });
}

export const openapi = undocumented(
  "The back office's notice the pages show, not the integration API",
);
