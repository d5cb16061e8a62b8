import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, refusal, z } from "~/modules/api/describe";
import { emailLogoUrl } from "~/modules/settings/app-settings.server";
import { requireApiAdmin } from "~/web/admin/guard.server";

/** GET /api/admin/settings/email-logo → {emailLogo}: the e-mail logo's public URL, or null (spec §7). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiAdmin(request, context);
  return json({ emailLogo: await emailLogoUrl(context) });
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary:
      "The logo at the top of every e-mail, set on /hatterscastle/settings (spec §7): its public URL, versioned by its content, or null when none is set",
    responses: {
      "200": answer(
        "The e-mail logo",
        z.object({
          emailLogo: z
            .string()
            .url()
            .nullable()
            .openapi({ example: "https://app.smetka.bg/email-logo?v=3f2a9c0d1e4b5a67" }),
        }),
      ),
      "401": errors["401"],
      "403": refusal("Signed in, not an admin"),
    },
  },
}));
