import { type ActionFunctionArgs, json } from "@remix-run/node";
import {
  answer,
  describeApi,
  errors,
  jsonContent,
  month,
  refusal,
  z,
} from "~/modules/api/describe";
import { actorOf } from "~/modules/auth/acts.server";
import { PERIODS_FORBIDDEN, periodJsonSchema } from "~/modules/periods/json.server";
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

export const openapi = describeApi(() => ({
  post: {
    summary: "Unlock a month; the reason goes to the company's audit trail",
    request: {
      params: z.object({ month: month().openapi({ example: "2026-11" }) }),
      body: jsonContent(unlockSchema),
    },
    responses: {
      "200": answer("The month, open again", periodJsonSchema),
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal(PERIODS_FORBIDDEN),
      "409": refusal("The month is not locked"),
    },
  },
}));
