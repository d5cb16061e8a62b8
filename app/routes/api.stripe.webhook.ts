import { type ActionFunctionArgs, json } from "@remix-run/node";
import { undocumented } from "~/modules/api/describe";
import { applyBillingEvent, type BillingEvent } from "~/modules/subscriptions/billing.server";
import { stripeClient } from "~/modules/subscriptions/stripe.server";
import { jsonError, methodNotAllowed } from "~/utils/http.server";
import { stripeDelivery } from "~/web/subscriptions/stripe-webhook.server";

/**
 * POST /api/stripe/webhook — Stripe's events. The signature is checked on the raw body
 * (`stripeDelivery`, as the card payments' webhook checks it); each event is applied once (its
 * id stored in the same transaction); the subscription is re-read from Stripe (and an invoice
 * too), so late, repeated or out-of-order deliveries cannot move the state backwards. A signed
 * event this app cannot use (an unknown company, an object of the wrong shape) is acknowledged
 * as ignored, so Stripe does not deliver it again for days.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const stripeConfig = context.config.billing.stripe;
  if (!stripeConfig) return jsonError("Stripe не е настроен", 404);
  const signature = request.headers.get("Stripe-Signature");
  const body = await request.text();
  const stripe = stripeClient(stripeConfig);
  const delivery = stripeDelivery(stripe, { body, signature }, stripeConfig.webhookSecret);
  if ("refused" in delivery) return delivery.refused;
  const event = delivery.event as BillingEvent;
  const result = await applyBillingEvent(context.db, context.config.billing, "stripe", event, {
    subscription: (id) => missingAsNull(stripe.subscriptions.retrieve(id)),
    invoice: (id) => missingAsNull(stripe.invoices.retrieve(id)),
  });
  // An event for a customer or subscription this app does not know (another system's, or one
  // deleted since) is acknowledged: answering 500 would have Stripe retry it for days.
  if (result === "ignored") console.warn(`Stripe event ${event.id} (${event.type}) ignored`);
  return json({ received: true, result });
}

/** The object as Stripe has it now; null when Stripe no longer has it (404 resource_missing). */
async function missingAsNull<T>(request: Promise<unknown>): Promise<T | null> {
  try {
    return (await request) as T;
  } catch (error) {
    const stripeError = error as { statusCode?: number; code?: string };
    if (stripeError.statusCode === 404 || stripeError.code === "resource_missing") return null;
    throw error;
  }
}

export const openapi = undocumented("Stripe's webhook: signed by Stripe, called by Stripe only");
