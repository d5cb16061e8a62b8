import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { listPeriods } from "~/modules/periods/locks.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";

/**
 * GET /api/periods → {periods: [{month, label, locked, lockedAt, lockedBy}]}: this month and the
 * 23 before it, and any older locked month, newest first (decision 058). Owner and accountant.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiCompanyUser(request, context, "periods");
  const periods = await listPeriods(context.db, user.companyId);
  return json({ periods }, { headers: { "Cache-Control": "no-store" } });
}
