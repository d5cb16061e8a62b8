import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiCompany } from "~/modules/auth/guards.server";
import { getSubscription } from "~/modules/subscriptions/state.server";

/**
 * GET /api/subscription/incomplete-3ds/check → {success, data: {requiresAction, clientSecret,
 * plan, status}}: whether a payment waits for 3-D Secure; polled by the dialog every 3 s.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiCompany(request, context);
  const sub = await getSubscription(context.db, companyId);
  return json(
    {
      success: true,
      data: {
        requiresAction: sub.pendingAction !== null,
        clientSecret: sub.pendingAction?.clientSecret ?? null,
        pendingPlan: sub.pendingAction?.plan ?? null,
        plan: sub.plan,
        status: sub.status,
      },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
