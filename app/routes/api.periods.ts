import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, refusal, z } from "~/modules/api/describe";
import { PERIODS_FORBIDDEN, periodJsonSchema } from "~/modules/periods/json.server";
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

export const openapi = describeApi(() => ({
  get: {
    summary: "Months with their state: this one and the 23 before it, and any older locked month",
    responses: {
      "200": answer("Newest first", z.object({ periods: z.array(periodJsonSchema) })),
      "401": errors["401"],
      "403": refusal(PERIODS_FORBIDDEN),
    },
  },
}));
