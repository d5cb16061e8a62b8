import { type ActionFunctionArgs, json } from "@remix-run/node";
import { applyBillingEvent, type BillingEvent } from "~/modules/subscriptions/billing.server";
import { stripeClient } from "~/modules/subscriptions/stripe.server";
import { jsonError, methodNotAllowed } from "~/utils/http.server";

/**
 * POST /api/stripe/webhook — Stripe's events. The signature is checked on the raw body; each
 * event is applied once (its id stored in the same transaction); the subscription is re-read
 * from Stripe (and an invoice too), so late, repeated or out-of-order deliveries cannot move the
 * state backwards.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const stripeConfig = context.config.billing.stripe;
  if (!stripeConfig) return jsonError("Stripe не е настроен", 404);
  const signature = request.headers.get("Stripe-Signature");
  const body = await request.text();
  const stripe = stripeClient(stripeConfig);
  let event: BillingEvent;
  try {
    if (!signature || !withinTolerance(signature)) throw new Error("no valid signature");
    event = stripe.webhooks.constructEvent(
      body,
      signature,
      stripeConfig.webhookSecret,
      TOLERANCE_SECONDS,
    ) as unknown as BillingEvent;
  } catch {
    return jsonError("Невалиден подпис", 400);
  }
  const result = await applyBillingEvent(context.db, context.config.billing, "stripe", event, {
    subscription: (id) => missingAsNull(stripe.subscriptions.retrieve(id)),
    invoice: (id) => missingAsNull(stripe.invoices.retrieve(id)),
  });
  // An event for a customer or subscription this app does not know (another system's, or one
  // deleted since) is acknowledged: answering 500 would have Stripe retry it for days.
  if (result === "ignored") console.warn(`Stripe event ${event.id} (${event.type}) ignored`);
  return json({ received: true, result });
}

const TOLERANCE_SECONDS = 300;

/** Stripe's library refuses old signatures; a timestamp from the future is refused here. */
function withinTolerance(signature: string): boolean {
  const stamp = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
  return Number.isFinite(stamp) && Math.abs(Date.now() / 1000 - stamp) <= TOLERANCE_SECONDS;
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
