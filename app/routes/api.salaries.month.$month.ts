import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { monthSalaries } from "~/modules/salaries/salaries.server";
import { SALARY_MESSAGES } from "~/modules/salaries/schema";
import { MONTH, previousMonth } from "~/utils/periods";
import { salaryJson } from "~/web/salaries/json.server";
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
