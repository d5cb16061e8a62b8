import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, jsonContent, refusal, z } from "~/modules/api/describe";
import { inviteMember, listInvitations } from "~/modules/team/invitations.server";
import { invitationJsonSchema } from "~/modules/team/json.server";
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

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "The invitations not accepted yet (the owner)",
    responses: {
      "200": answer(
        "Newest first",
        z.object({ invitations: z.array(invitationJsonSchema).optional() }),
      ),
      "401": errors["401"],
      "403": refusal(
        "The role in the company does not allow it: «Достъп отказан: ролята ви във фирмата не позволява това» (or a rule of the team: one's own role, a role above one's own, a member ranked at or above)",
      ),
    },
  },
  post: {
    summary:
      "Invite an address with a role (the owner): an e-mail with a single-use link valid 14 days; «Поканен» until accepted. Accountants use no seat",
    request: { body: jsonContent(inviteSchema) },
    responses: {
      "201": answer("Invited; the mail is sent", invitationJsonSchema),
      "400": refusal("Bad fields, a member already, or no free seat in the plan"),
      "401": errors["401"],
      "403": refusal(
        "The role in the company does not allow it: «Достъп отказан: ролята ви във фирмата не позволява това» (or a rule of the team: one's own role, a role above one's own, a member ranked at or above)",
      ),
      "503": refusal("The mail could not be sent: nothing is kept"),
    },
  },
}));
