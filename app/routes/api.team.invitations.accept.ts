import { type ActionFunctionArgs, json } from "@remix-run/node";
import { listLoginCompanies } from "~/modules/team/companies.server";
import { acceptInvitation } from "~/modules/team/invitations.server";
import { acceptInvitationApiSchema } from "~/modules/team/schema";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { requireApiUser } from "~/web/auth/guards.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/team/invitations/accept {token, confirm?} → {company}: the caller's login joins the
 * company with the invited role (the session stays in its own company: switch with
 * PUT /api/companies/active). A login with another address than invited needs confirm: true
 * (409 without it); a used, expired or revoked invitation is 410; an unknown one 404.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request, context);
  const { data } = await parseJsonBody(request, acceptInvitationApiSchema);
  try {
    const { companyId } = await acceptInvitation(context, user, data.token, data.confirm === true);
    const company = (await listLoginCompanies(context.db, user)).find((c) => c.id === companyId);
    return json({ company: company ?? null });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
