import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getLogoDataUrl } from "~/modules/accounts/account.server";
import { undocumented } from "~/modules/api/describe";
import { requireApiUser } from "~/web/auth/guards.server";

/** GET /api/settings/logo → {logo}: a data: URL, or null when there is none. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  return json({ logo: await getLogoDataUrl(context.db, user.companyId) });
}

export const openapi = undocumented("The pages' logo, not the integration API");
