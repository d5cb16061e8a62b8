import { type ActionFunctionArgs, json } from "@remix-run/node";
import { answer, describeApi, errors, jsonContent, refusal, z } from "~/modules/api/describe";
import { memberJsonSchema } from "~/modules/team/json.server";
import { changeMemberRole, listMembers, removeMember } from "~/modules/team/members.server";
import { memberRoleSchema } from "~/modules/team/schema";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { requireApiCompanyUser, requireCapability } from "~/web/auth/guards.server";

/**
 * PUT /api/team/members/{userId} {role, ownDocumentsOnly?} → the member; «owner» transfers the
 * ownership. DELETE → 204: removes the member (their sessions and tokens for the company end at
 * once); one's own id leaves the company (any member but the owner). 403 for one's own role, a
 * role above one's own or a member ranked at or above; 404 for anyone not a member.
 */
/** The methods this call serves (`Allow` of its 405s, route-guard.server.ts). */
export const allow = "PUT, DELETE";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(allow);
  const userId = params.userId ?? "";
  // Leaving is anyone's; everything else about members is the owner's.
  const leaving = request.method === "DELETE";
  const user = await requireApiCompanyUser(request, context, "company");
  if (!(leaving && userId === user.id)) await requireCapability(request, user, "team", "api");
  try {
    if (request.method === "DELETE") {
      await removeMember(context, user, userId);
      return new Response(null, { status: 204 });
    }
    const { data } = await parseJsonBody(request, memberRoleSchema);
    await changeMemberRole(context, user, userId, data);
    const member = (await listMembers(context.db, user.companyId)).find((m) => m.userId === userId);
    return json(member ?? null);
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  put: {
    summary:
      "Change a member's role (the owner). «owner» transfers the ownership (the owner becomes an accountant); a lower role ends the member's sessions and tokens for the company at once",
    request: {
      params: z.object({ userId: z.string().uuid() }),
      body: jsonContent(memberRoleSchema),
    },
    responses: {
      "200": answer("The member as now", memberJsonSchema),
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal(
        "The role in the company does not allow it: «Достъп отказан: ролята ви във фирмата не позволява това» (or a rule of the team: one's own role, a role above one's own, a member ranked at or above)",
      ),
      "404": refusal("Not a member of the company"),
    },
  },
  delete: {
    summary:
      "Remove a member (the owner): their sessions and tokens for the company end at once. One's own id leaves the company (any member but the owner)",
    request: { params: z.object({ userId: z.string().uuid() }) },
    responses: {
      "204": { description: "Removed" },
      "401": errors["401"],
      "403": refusal(
        "The role in the company does not allow it: «Достъп отказан: ролята ви във фирмата не позволява това» (or a rule of the team: one's own role, a role above one's own, a member ranked at or above)",
      ),
      "404": refusal("Not a member of the company"),
      "409": refusal("The owner cannot leave or be removed: transfer the ownership first"),
    },
  },
}));
