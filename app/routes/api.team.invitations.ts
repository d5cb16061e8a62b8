import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { inviteMember, listInvitations } from "~/modules/team/invitations.server";
import { inviteSchema } from "~/modules/team/schema";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";

/** GET /api/team/invitations → {invitations}: those not accepted yet (the owner only). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiCompanyUser(request, context, "team");
  return json(
    { invitations: await listInvitations(context.db, user.companyId) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * POST /api/team/invitations {email, role, ownDocumentsOnly?} → 201 with the invitation
 * («Поканен»); the e-mail with its single-use link (14 days) is sent before the answer. 400 for a
 * member already there or no free seat, 403 for a role above the caller's, 503 when the mail
 * cannot be sent (nothing is kept).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const user = await requireApiCompanyUser(request, context, "team");
  const { data } = await parseJsonBody(request, inviteSchema);
  try {
    const invitation = await inviteMember(context, user, data);
    return json(invitation, { status: 201 });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
