import { json, type LoaderFunctionArgs } from "@remix-run/node";
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
