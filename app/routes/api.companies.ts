import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { listLoginCompanies } from "~/modules/team/companies.server";
import { requireApiUser } from "~/web/auth/guards.server";

/**
 * GET /api/companies → {companies: [{id, name, eik, role, roleLabel, ownDocumentsOnly, active}]}:
 * the login's companies with its role in each; `active` marks the one this session works in.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  return json(
    { companies: await listLoginCompanies(context.db, user) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
