import { type ActionFunctionArgs, json } from "@remix-run/node";
import {
  applyBillingEvent,
  type BillingEvent,
  type BillingSubscriptionObject,
} from "~/modules/subscriptions/billing.server";
import { stripeClient } from "~/modules/subscriptions/stripe.server";
import { methodNotAllowed } from "~/utils/http.server";

/**
 * POST /api/stripe/webhook — Stripe's events. The signature is checked on the raw body; each
 * event is applied once (its id stored in the same transaction); the subscription is re-read
 * from Stripe, so late, repeated or out-of-order deliveries cannot move the state backwards.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const stripeConfig = context.config.billing.stripe;
  if (!stripeConfig) return json({ message: "Stripe is not configured" }, { status: 404 });
  const signature = request.headers.get("Stripe-Signature");
  const body = await request.text();
  const stripe = stripeClient(stripeConfig);
  let event: BillingEvent;
  try {
    if (!signature) throw new Error("no signature");
    event = stripe.webhooks.constructEvent(
      body,
      signature,
      stripeConfig.webhookSecret,
    ) as unknown as BillingEvent;
  } catch {
    return json({ message: "Invalid signature" }, { status: 400 });
  }
  const result = await applyBillingEvent(
    context.db,
    context.config.billing,
    "stripe",
    event,
    async (id) => (await stripe.subscriptions.retrieve(id)) as unknown as BillingSubscriptionObject,
  );
  return json({ received: true, result });
}
