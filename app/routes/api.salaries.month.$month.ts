import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, month, refusal, z } from "~/modules/api/describe";
import { monthSalaries } from "~/modules/salaries/salaries.server";
import { SALARY_MESSAGES } from "~/modules/salaries/schema";
import { MONTH, previousMonth } from "~/utils/periods";
import { salaryJson, salaryJsonSchema } from "~/web/salaries/json.server";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

/**
 * GET /api/salaries/month/{yyyy-MM} — the salaries of a month and of the one before (spec §7;
 * full plan only, 403 below it): {success, data: {month, salaries, previousMonth}}.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "salaries", "salaries.view");
  const month = params.month ?? "";
  if (!MONTH.test(month)) {
    return json({ success: false, message: SALARY_MESSAGES.month }, { status: 400 });
  }
  const [current, previous] = await Promise.all([
    monthSalaries(context.db, companyId, month),
    monthSalaries(context.db, companyId, previousMonth(month)),
  ]);
  return json({
    success: true,
    data: {
      month,
      salaries: current.salaries.map(salaryJson),
      previousMonth: previous.salaries.map(salaryJson),
    },
  });
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "The salaries of a month and of the month before (spec)",
    request: { params: z.object({ month: month() }) },
    responses: {
      "200": answer(
        "The two months",
        z.object({
          success: z.literal(true).optional(),
          data: z
            .object({
              month: month().openapi({ example: "2026-11" }).optional(),
              salaries: z.array(salaryJsonSchema).optional(),
              previousMonth: z.array(salaryJsonSchema).optional(),
            })
            .optional(),
        }),
      ),
      "400": errors["400"],
      "403": refusal('The plan does not include salaries: {message, requiredPlan: "full"}'),
    },
  },
}));
