import { type ActionFunctionArgs, json } from "@remix-run/node";
import { actorOf } from "~/modules/auth/acts.server";
import { lockPeriod } from "~/modules/periods/locks.server";
import { apiErrorResponse, methodNotAllowed } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";

/**
 * POST /api/periods/{yyyy-MM}/lock → 200 the period: nothing dated in the month is created,
 * changed or deleted any more (decision 058). 409 when it is locked already; 400 for a month
 * that is not yyyy-MM or is in the future. Owner and accountant.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiCompanyUser(request, context, "periods");
  try {
    const period = await lockPeriod(
      context.db,
      user.companyId,
      params.month ?? "",
      actorOf(user, context),
    );
    return json(period);
  } catch (error) {
    return apiErrorResponse(error);
  }
}
