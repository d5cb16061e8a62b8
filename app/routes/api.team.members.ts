import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, refusal, z } from "~/modules/api/describe";
import { memberJsonSchema } from "~/modules/team/json.server";
import { listMembers } from "~/modules/team/members.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";

/**
 * GET /api/team/members → {members: [{userId, email, firstName, lastName, role, roleLabel,
 * ownDocumentsOnly, joinedAt}]}: the members of the company the caller works in (the owner only).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiCompanyUser(request, context, "team");
  return json(
    { members: await listMembers(context.db, user.companyId) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "The company's members with their roles (the owner)",
    responses: {
      "200": answer(
        "Owner first, then by rank and name",
        z.object({ members: z.array(memberJsonSchema).optional() }),
      ),
      "401": errors["401"],
      "403": refusal(
        "The role in the company does not allow it: «Достъп отказан: ролята ви във фирмата не позволява това» (or a rule of the team: one's own role, a role above one's own, a member ranked at or above)",
      ),
    },
  },
}));
