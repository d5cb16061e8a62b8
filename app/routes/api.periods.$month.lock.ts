import { type ActionFunctionArgs, json } from "@remix-run/node";
import { answer, describeApi, errors, month, refusal, z } from "~/modules/api/describe";
import { actorOf } from "~/modules/auth/acts.server";
import { PERIODS_FORBIDDEN, periodJsonSchema } from "~/modules/periods/json.server";
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

export const openapi = describeApi(() => ({
  post: {
    summary:
      "Lock a month: no document, payment, expense, salary or bank booking dated in it is created, issued, changed or deleted (409)",
    request: { params: z.object({ month: month().openapi({ example: "2026-11" }) }) },
    responses: {
      "200": answer("The month, locked", periodJsonSchema),
      "400": refusal("Not a yyyy-MM month, or a month still to come"),
      "401": errors["401"],
      "403": refusal(PERIODS_FORBIDDEN),
      "409": refusal("The month is locked already"),
    },
  },
}));
