import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { dismiss, isDismissed } from "~/modules/salaries/salaries.server";
import { SALARY_MESSAGES } from "~/modules/salaries/schema";
import { jsonError, methodNotAllowed } from "~/utils/http.server";
import { MONTH } from "~/utils/periods";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

/** GET /api/salaries/banner-dismissal/{yyyy-MM} → {dismissed} (spec §7). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "salaries", "salaries.view");
  if (!MONTH.test(params.month ?? "")) return jsonError(SALARY_MESSAGES.month, 400);
  return json({
    dismissed: await isDismissed(context.db, companyId, params.month as string, "banner"),
  });
}

/** POST dismisses the salary reminder for the month → {dismissed: true}. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const companyId = await requireApiFeatureCompany(request, context, "salaries", "salaries.view");
  if (!MONTH.test(params.month ?? "")) return jsonError(SALARY_MESSAGES.month, 400);
  await dismiss(context.db, companyId, params.month as string, "banner");
  return json({ dismissed: true });
}
