import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/modules/admin/guard.server";
import { emailLogoUrl } from "~/modules/settings/app-settings.server";

/** GET /api/admin/settings/email-logo → {emailLogo}: the e-mail logo's public URL, or null (spec §7). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiAdmin(request, context);
  return json({ emailLogo: await emailLogoUrl(context) });
}
