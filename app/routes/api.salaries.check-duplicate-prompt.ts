import { json, type LoaderFunctionArgs } from "@remix-run/node";
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
