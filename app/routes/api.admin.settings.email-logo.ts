import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { emailLogoUrl } from "~/modules/settings/app-settings.server";
import { requireApiAdmin } from "~/web/admin/guard.server";

/** GET /api/admin/settings/email-logo → {emailLogo}: the e-mail logo's public URL, or null (spec §7). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiAdmin(request, context);
  return json({ emailLogo: await emailLogoUrl(context) });
}
