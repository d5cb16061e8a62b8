import type { ActionFunctionArgs } from "@remix-run/node";
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
