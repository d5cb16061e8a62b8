import { type ActionFunctionArgs, json } from "@remix-run/node";
import { answer, describeApi, errors, refusal, z } from "~/modules/api/describe";
import { recordAct } from "~/modules/auth/acts.server";
import { getClient } from "~/modules/clients/queries.server";
import { CLIENT_NOT_FOUND } from "~/modules/invoices/visibility.server";
import { PORTAL_MESSAGES } from "~/modules/portal/constants";
import { portalLinkJson, portalLinkJsonSchema } from "~/modules/portal/json.server";
import { mayShareWithClient, revokePortalLink } from "~/modules/portal/links.server";
import { AppError } from "~/utils/errors";
import { apiErrorResponse, methodNotAllowed } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";

/** The methods this call serves (`Allow` of its 405s, route-guard.server.ts). */
export const allow = "DELETE";

/** DELETE /api/clients/{id}/portal-links/{linkId} → 200 with the link, revoked (decision 069). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(allow);
  try {
    const user = await requireApiCompanyUser(request, context, "clients.edit");
    if (!mayShareWithClient(user)) throw new AppError(PORTAL_MESSAGES.notAllowed, 403);
    const client = await getClient(context.db, user.companyId, params.id);
    if (!client) throw new AppError(CLIENT_NOT_FOUND, 404);
    const link = await revokePortalLink(
      context.db,
      user.companyId,
      client.id,
      params.linkId,
      user.id,
    );
    await recordAct(
      context,
      user,
      "portal.revoke",
      { type: "client", id: client.id, label: client.name },
      { link: link.id },
    );
    return json(portalLinkJson(link));
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export const openapi = describeApi(() => ({
  delete: {
    summary: "Revoke a client's portal link: it stops working at once",
    request: { params: z.object({ id: z.string().uuid(), linkId: z.string().uuid() }) },
    responses: {
      "200": answer("The link, revoked", portalLinkJsonSchema),
      "401": errors["401"],
      "403": refusal(
        "The role may not: only the owner, the accountant and staff who see all of the company's documents",
      ),
      "404": refusal("No such client or link"),
      "409": refusal("The link is already revoked"),
    },
  },
}));
