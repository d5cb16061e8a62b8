import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { undocumented } from "~/modules/api/describe";
import { getSubscription, statusData } from "~/modules/subscriptions/state.server";
import { requireApiUser } from "~/web/auth/guards.server";

/** GET /api/subscription/status → {success, data: {plan, effectivePlan, status, currentPeriodEnd, isCanceled, previousSubscriptionPlan}, timestamp}. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  const data = user.companyId
    ? statusData(await getSubscription(context.db, user.companyId), user.role, user.plan)
    : {
        plan: "basic" as const,
        effectivePlan: user.role === "admin" ? ("admin" as const) : ("basic" as const),
        status: "active" as const,
        currentPeriodEnd: null,
        isCanceled: false,
        previousSubscriptionPlan: null,
      };
  return json(
    { success: true, data, timestamp: new Date().toISOString() },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const openapi = undocumented("The billing page's own call, not the integration API");
