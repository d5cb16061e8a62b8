import type { ActionFunctionArgs } from "@remix-run/node";
import { describeApi, errors, idParams, refusal } from "~/modules/api/describe";
import { revokeInvitation } from "~/modules/team/invitations.server";
import { apiErrorResponse, methodNotAllowed } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";

/** DELETE /api/team/invitations/{id} → 204: the link stops working; 404 for any other. */
/** The methods this call serves (`Allow` of its 405s, route-guard.server.ts). */
export const allow = "DELETE";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(allow);
  const user = await requireApiCompanyUser(request, context, "team");
  try {
    await revokeInvitation(context, user, params.id ?? "");
    return new Response(null, { status: 204 });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  delete: {
    summary: "Revoke an invitation: its link stops working (the owner)",
    request: { params: idParams() },
    responses: {
      "204": { description: "Revoked" },
      "401": errors["401"],
      "403": refusal(
        "The role in the company does not allow it: «Достъп отказан: ролята ви във фирмата не позволява това» (or a rule of the team: one's own role, a role above one's own, a member ranked at or above)",
      ),
      "404": refusal("No such live invitation in the company"),
    },
  },
}));
