import { type ActionFunctionArgs, json } from "@remix-run/node";
import { actorOf } from "~/modules/auth/acts.server";
import { unlockPeriod } from "~/modules/periods/locks.server";
import { unlockSchema } from "~/modules/periods/schema";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";

/**
 * POST /api/periods/{yyyy-MM}/unlock {reason} → 200 the period, open again; the reason goes to
 * the audit trail (decision 058). 400 without a reason, 409 when the month is not locked. Owner
 * and accountant.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiCompanyUser(request, context, "periods");
  const { data } = await parseJsonBody(request, unlockSchema);
  try {
    const period = await unlockPeriod(
      context.db,
      user.companyId,
      params.month ?? "",
      actorOf(user, context),
      data.reason,
    );
    return json(period);
  } catch (error) {
    return apiErrorResponse(error);
  }
}
