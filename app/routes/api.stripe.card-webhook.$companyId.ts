import { type ActionFunctionArgs, json } from "@remix-run/node";
import { undocumented } from "~/modules/api/describe";
import { cardKeys } from "~/modules/card-payments/accounts.server";
import { applyCardEvent, stripeSessionNow } from "~/modules/card-payments/apply.server";
import { companyStripe } from "~/modules/card-payments/stripe.server";
import { AppError } from "~/utils/errors";
import { jsonError, methodNotAllowed } from "~/utils/http.server";
import { isUuid } from "~/utils/uuid";
import { stripeDelivery } from "~/web/subscriptions/stripe-webhook.server";

/**
 * POST /api/stripe/card-webhook/{companyId} (issue #47 item 3, decision 071): the events of a
 * company's own Stripe account, sent to the endpoint Сметка made there when card payments were
 * connected. The signature is checked as the subscription's webhook checks it (`stripeDelivery`)
 * with that endpoint's secret (kept sealed); each event is applied once, the Checkout Session
 * re-read from the company's Stripe, so a late or repeated delivery cannot undo a payment. A company without Stripe connected is 404, like an unknown one.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const companyId = params.companyId;
  const body = await request.text();
  const keys = isUuid(companyId)
    ? await cardKeys(context.db, companyId, context.config.sessionSecret).catch((error) => {
        if (error instanceof AppError) return undefined;
        throw error;
      })
    : undefined;
  if (!companyId || keys?.provider !== "stripe") return jsonError("Не е намерено", 404);
  const stripe = companyStripe(keys.secretKey, context.config.billing.stripe?.apiBase);
  const delivery = stripeDelivery(
    stripe,
    { body, signature: request.headers.get("Stripe-Signature") },
    keys.webhookSecret,
  );
  if ("refused" in delivery) return delivery.refused;
  const { event } = delivery;
  const result = await applyCardEvent(context.db, companyId, "stripe", event, (id) =>
    stripeSessionNow(stripe, id),
  );
  // An event of another kind or for a session this app did not start is acknowledged: answering
  // an error would have Stripe deliver it again for days.
  if (result === "ignored") console.warn(`Card event ${event.id} (${event.type}) ignored`);
  return json({ received: true, result });
}

export const openapi = undocumented(
  "Stripe's webhook of a company's own account: signed by Stripe, called by Stripe only",
);
