import { type ActionFunctionArgs, json } from "@remix-run/node";
import { answer, describeApi, errors, jsonContent, refusal, z } from "~/modules/api/describe";
import { copyPreviousMonth, dismiss, monthSalaries } from "~/modules/salaries/salaries.server";
import { copyPreviousSchema } from "~/modules/salaries/schema";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { salaryJson, salaryJsonSchema } from "~/web/salaries/json.server";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

/**
 * POST /api/salaries/copy-previous {month} → {copied, salaries}: last month's salaries into this
 * month, recomputed with its parameters and working days, for employees without one yet.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const companyId = await requireApiFeatureCompany(request, context, "salaries", "salaries.edit");
  const { data } = await parseJsonBody(request, copyPreviousSchema);
  try {
    const copied = await copyPreviousMonth(context.db, companyId, data.month);
    await dismiss(context.db, companyId, data.month, "copy_prompt");
    const { salaries } = await monthSalaries(context.db, companyId, data.month);
    return json({ copied, salaries: salaries.map(salaryJson) }, { status: copied ? 201 : 200 });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => {
  const copied = z.object({ copied: z.number().int(), salaries: z.array(salaryJsonSchema) });
  return {
    post: {
      summary:
        "Copy last month's salaries into the month, recomputed with its parameters and working days",
      request: { body: jsonContent(copyPreviousSchema) },
      responses: {
        "200": answer("Nothing to copy: {copied: 0, salaries: []}", copied),
        "201": answer("Copied", copied),
        "400": errors["400"],
        "403": refusal('The plan does not include salaries: {message, requiredPlan: "full"}'),
      },
    },
  };
});
