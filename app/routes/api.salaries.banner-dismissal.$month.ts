import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, month, z } from "~/modules/api/describe";
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

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "Whether the salary reminder is dismissed for the month",
    request: { params: z.object({ month: month() }) },
    responses: {
      "200": answer("The answer", z.object({ dismissed: z.boolean().optional() })),
    },
  },
  post: {
    summary: "Dismiss the salary reminder for the month",
    request: { params: z.object({ month: month() }) },
    responses: {
      "200": answer("Dismissed", z.object({ dismissed: z.literal(true).optional() })),
    },
  },
}));
