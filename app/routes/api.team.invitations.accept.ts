import { type ActionFunctionArgs, json } from "@remix-run/node";
import { answer, describeApi, errors, jsonContent, refusal, z } from "~/modules/api/describe";
import { listLoginCompanies } from "~/modules/team/companies.server";
import { acceptInvitation } from "~/modules/team/invitations.server";
import { loginCompanyJsonSchema } from "~/modules/team/json.server";
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

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  post: {
    summary:
      "Accept an invitation into the signed-in login (the session stays in its company: switch with PUT /api/companies/active)",
    request: { body: jsonContent(acceptInvitationApiSchema) },
    responses: {
      "200": answer(
        "The login is a member now",
        z.object({ company: loginCompanyJsonSchema.optional() }),
      ),
      "400": errors["400"],
      "401": errors["401"],
      "404": refusal("No such invitation"),
      "409": refusal("The login's address is not the invited one: send confirm: true"),
      "410": refusal("Used, expired (14 days) or revoked"),
    },
  },
}));
