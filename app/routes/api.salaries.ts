import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import {
  answer,
  decimal,
  describeApi,
  errors,
  jsonContent,
  month,
  refusal,
  z,
} from "~/modules/api/describe";
import { createSalary, getSalary, monthSalaries } from "~/modules/salaries/salaries.server";
import { SALARY_MESSAGES } from "~/modules/salaries/schema";
import { apiErrorResponse, jsonError, methodNotAllowed } from "~/utils/http.server";
import { centsToDecimal } from "~/utils/money";
import { MONTH } from "~/utils/periods";
import { currentMonth } from "~/web/salaries/form.server";
import {
  salaryFromJson,
  salaryInputJsonSchema,
  salaryJson,
  salaryJsonSchema,
} from "~/web/salaries/json.server";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

/** GET /api/salaries?month=yyyy-MM → {month, salaries, totals} (the current month by default). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "salaries", "salaries.view");
  const asked = new URL(request.url).searchParams.get("month");
  if (asked !== null && !MONTH.test(asked)) return jsonError(SALARY_MESSAGES.month, 400);
  const month = asked ?? currentMonth();
  const { salaries, totals } = await monthSalaries(context.db, companyId, month);
  return json({
    month,
    salaries: salaries.map(salaryJson),
    totals: {
      count: totals.count,
      gross: centsToDecimal(totals.grossCents),
      employeeContributions: centsToDecimal(totals.employeeContributionsCents),
      tax: centsToDecimal(totals.taxCents),
      net: centsToDecimal(totals.netCents),
      employerContributions: centsToDecimal(totals.employerContributionsCents),
      totalCost: centsToDecimal(totals.totalCostCents),
    },
  });
}

/**
 * POST /api/salaries {employeeId, month, gross?, workingDays?, unpaidDays, sickDays, bonus,
 * status, notes} → 201 with the computed salary; 409 when the employee has the month's salary.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const companyId = await requireApiFeatureCompany(request, context, "salaries", "salaries.edit");
  const input = await salaryFromJson(context.db, companyId, request);
  try {
    const id = await createSalary(context.db, companyId, input);
    const saved = await getSalary(context.db, companyId, id);
    return json(saved && salaryJson(saved), { status: 201 });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "A month's salaries with their totals",
    request: { query: z.object({ month: month().openapi({ example: "2026-11" }).optional() }) },
    responses: {
      "200": answer(
        "The month",
        z.object({
          month: month(),
          salaries: z.array(salaryJsonSchema),
          totals: z.object({
            count: z.number().int(),
            gross: decimal(),
            employeeContributions: decimal(),
            tax: decimal(),
            net: decimal(),
            employerContributions: decimal(),
            totalCost: decimal(),
          }),
        }),
      ),
      "403": refusal('The plan does not include salaries: {message, requiredPlan: "full"}'),
    },
  },
  post: {
    summary: "Compute and record an employee's salary for a month",
    request: { body: jsonContent(salaryInputJsonSchema) },
    responses: {
      "201": answer("The salary", salaryJsonSchema),
      "400": errors["400"],
      "404": refusal("No such employee in your company"),
      "409": refusal("The employee already has the month's salary"),
      "422": refusal("No payroll parameters for the month"),
    },
  },
}));
