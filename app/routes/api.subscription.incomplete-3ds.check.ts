import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { undocumented } from "~/modules/api/describe";
import { hasOpenSubscriptionInvoice } from "~/modules/subscriptions/queries.server";
import { getSubscription } from "~/modules/subscriptions/state.server";
import { requireApiCompany } from "~/web/auth/guards.server";

/**
 * GET /api/subscription/incomplete-3ds/check → {success, data: {requiresAuthentication,
 * clientSecret, hasIncompleteAttempts, …}} (spec §3): whether a payment waits for 3-D Secure, and
 * whether any subscription payment was left unfinished; polled by the dialog every 3 s.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiCompany(request, context, "billing");
  const [sub, open] = await Promise.all([
    getSubscription(context.db, companyId),
    hasOpenSubscriptionInvoice(context.db, companyId),
  ]);
  return json(
    {
      success: true,
      data: {
        requiresAuthentication: sub.pendingAction !== null,
        clientSecret: sub.pendingAction?.clientSecret ?? null,
        hasIncompleteAttempts: sub.pendingAction !== null || open,
        pendingPlan: sub.pendingAction?.plan ?? null,
        plan: sub.plan,
        status: sub.status,
      },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const openapi = undocumented("The billing page's 3-D Secure check, not the integration API");
