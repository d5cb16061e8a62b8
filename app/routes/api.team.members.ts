import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiCompanyUser } from "~/modules/auth/guards.server";
import { listMembers } from "~/modules/team/members.server";

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
