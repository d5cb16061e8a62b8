import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, refusal, z } from "~/modules/api/describe";
import { shouldShowCopyPrompt } from "~/modules/salaries/salaries.server";
import { currentMonth } from "~/web/salaries/form.server";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

/**
 * GET /api/salaries/check-duplicate-prompt → {shouldShow}: this month (Sofia) has no salaries, the
 * previous month has some, and the prompt was neither used nor dismissed (spec §7).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "salaries", "salaries.view");
  return json({ shouldShow: await shouldShowCopyPrompt(context.db, companyId, currentMonth()) });
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary:
      "Whether to offer copying last month's salaries: this month (Sofia) empty, last month not, not dismissed",
    responses: {
      "200": answer("The answer", z.object({ shouldShow: z.boolean().optional() })),
      "403": refusal('The plan does not include salaries: {message, requiredPlan: "full"}'),
    },
  },
}));
