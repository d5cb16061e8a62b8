import { type AppLoadContext, json } from "@remix-run/node";
import { recordAct } from "~/modules/auth/acts.server";
import type { CompanyUser } from "~/modules/auth/session.server";
import { PORTAL_MESSAGES } from "~/modules/portal/constants";
import { portalUrl } from "~/modules/portal/json.server";
import {
  createPortalLink,
  expiryDay,
  listPortalLinks,
  mayShareWithClient,
  revokePortalLink,
} from "~/modules/portal/links.server";
import { portalLinkSchema } from "~/modules/portal/schema";
import { AppError } from "~/utils/errors";
import { parseFormValues, refuseWithAppError, typedValues } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";

/*
 * The «Портал за клиента» section of a client's page (issue #47 item 2, decision 069): its links
 * for the loader, and its two forms — make a link (shown once, in the answer) and revoke one.
 */

export const PORTAL_FORM_ID = "portal";

/** The section's data: the client's links, and whether this person may make and revoke them. */
export async function portalSection(
  context: Pick<AppLoadContext, "db">,
  user: CompanyUser,
  clientId: string,
) {
  const allowed = mayShareWithClient(user);
  const links = allowed ? await listPortalLinks(context.db, user.companyId, clientId) : [];
  return { allowed, links };
}

/** Answers the section's intents: `portal-create` (200 with the link, once) and `portal-revoke`. */
export async function portalLinkAnswer(
  context: Pick<AppLoadContext, "db" | "clientIp" | "config">,
  user: CompanyUser,
  client: { id: string; name: string },
  form: FormData,
) {
  const values = typedValues(form);
  try {
    if (!mayShareWithClient(user)) throw new AppError(PORTAL_MESSAGES.notAllowed, 403);
    if (values.intent === "portal-revoke") {
      const link = await revokePortalLink(
        context.db,
        user.companyId,
        client.id,
        values.linkId,
        user.id,
      );
      await recordAct(
        context,
        user,
        "portal.revoke",
        {
          type: "client",
          id: client.id,
          label: client.name,
        },
        { link: link.id },
      );
      return redirectWithToast(`/client/edit/${client.id}#portal`, "Връзката е отменена");
    }
    const parsed = parseFormValues(PORTAL_FORM_ID, portalLinkSchema, values, ["days", "expiresOn"]);
    if (parsed.refusal) return parsed.refusal;
    const day = expiryDay(parsed.data);
    const { link, token } = await createPortalLink(
      context.db,
      user.companyId,
      client.id,
      day,
      user.id,
    );
    await recordAct(
      context,
      user,
      "portal.link",
      { type: "client", id: client.id, label: client.name },
      { link: link.id, expiresAt: day },
    );
    // The token is in this answer only: nothing may keep it (a cache, a referrer). No form id:
    // it is not a refusal, and the form opens empty again beside the link.
    return json(
      { created: { url: portalUrl(context.config.appUrl, token), expiresOn: day } },
      { headers: { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" } },
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError(PORTAL_FORM_ID, error, {
      days: values.days ?? "",
      expiresOn: values.expiresOn ?? "",
    });
  }
}
