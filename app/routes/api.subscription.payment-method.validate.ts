import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { undocumented } from "~/modules/api/describe";
import { getSubscription } from "~/modules/subscriptions/state.server";
import { requireApiCompany } from "~/web/auth/guards.server";

/** GET /api/subscription/payment-method/validate → {success, data: {isValid, requiresAction, …}}. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiCompany(request, context, "billing");
  const sub = await getSubscription(context.db, companyId);
  const card = sub.paymentMethod;
  const now = new Date();
  const expired =
    card !== null &&
    (card.expYear < now.getUTCFullYear() ||
      (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1));
  return json(
    {
      success: true,
      data: {
        isValid: card !== null && !expired && sub.pendingAction === null,
        requiresAction: sub.pendingAction !== null,
        clientSecret: sub.pendingAction?.clientSecret ?? null,
        paymentMethod: card && {
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
        },
      },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const openapi = undocumented("The billing page's card check, not the integration API");
