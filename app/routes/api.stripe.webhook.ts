import { type ActionFunctionArgs, json } from "@remix-run/node";
import { z } from "zod";
import { undocumented } from "~/modules/api/describe";
import { applyBillingEvent, type BillingEvent } from "~/modules/subscriptions/billing.server";
import { stripeClient } from "~/modules/subscriptions/stripe.server";
import { jsonError, methodNotAllowed } from "~/utils/http.server";

/**
 * POST /api/stripe/webhook — Stripe's events. The signature is checked on the raw body; each
 * event is applied once (its id stored in the same transaction); the subscription is re-read
 * from Stripe (and an invoice too), so late, repeated or out-of-order deliveries cannot move the
 * state backwards. A signed event this app cannot use (an unknown company, an object of the wrong
 * shape) is acknowledged as ignored, so Stripe does not deliver it again for days.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const stripeConfig = context.config.billing.stripe;
  if (!stripeConfig) return jsonError("Stripe не е настроен", 404);
  const signature = request.headers.get("Stripe-Signature");
  const body = await request.text();
  const stripe = stripeClient(stripeConfig);
  let signed: unknown;
  try {
    if (!signature || !withinTolerance(signature)) throw new Error("no valid signature");
    signed = stripe.webhooks.constructEvent(
      body,
      signature,
      stripeConfig.webhookSecret,
      TOLERANCE_SECONDS,
    );
  } catch {
    return jsonError("Невалиден подпис", 400);
  }
  // Signed but not an event (no id, type or time): nothing could ever apply it.
  if (!eventSchema.safeParse(signed).success) return jsonError("Невалидно събитие", 400);
  const event = signed as BillingEvent;
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

const eventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().min(0).max(1e11),
});

/**
 * Stripe's library refuses old signatures; a timestamp from the future is refused here. The
 * header must carry exactly one timestamp: the library signs with the last `t=`, so a second
 * one would let a future-stamped signature pass a check of the first.
 */
function withinTolerance(signature: string): boolean {
  const stamps = signature
    .split(",")
    .map((part) => part.split("="))
    .filter(([key]) => key?.trim() === "t");
  if (stamps.length !== 1) return false;
  const value = stamps[0]?.[1] ?? "";
  if (!/^\d{1,12}$/.test(value)) return false;
  return Math.abs(Date.now() / 1000 - Number(value)) <= TOLERANCE_SECONDS;
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
