import type Stripe from "stripe";
import { z } from "zod";
import { jsonError } from "~/utils/http.server";

/*
 * Stripe's webhook deliveries, checked one way for every Stripe webhook of the app: the
 * subscription's (POST /api/stripe/webhook, the operator's account) and the card payments' of a
 * company's own account (POST /api/stripe/card-webhook/{companyId}, decision 071). The signature
 * is Stripe's library's (`stripe.webhooks.constructEvent`) on the raw body, with one timestamp in
 * the header, neither older nor newer than five minutes.
 */

export const STRIPE_TOLERANCE_SECONDS = 300;

export const STRIPE_WEBHOOK_MESSAGES = {
  badSignature: "Невалиден подпис",
  badEvent: "Невалидно събитие",
} as const;

/** A signed event's envelope: what applying it needs (its object is checked by its applier). */
export interface StripeDeliveryEvent {
  id: string;
  type: string;
  created: number;
  data: { object: unknown };
}

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
  return Math.abs(Date.now() / 1000 - Number(value)) <= STRIPE_TOLERANCE_SECONDS;
}

/**
 * The event of a delivery signed with `secret`, or the answer to refuse it with: 400 «Невалиден
 * подпис» (missing, wrong or out of time), 400 «Невалидно събитие» (signed but not an event: no
 * id, type or time — nothing could ever apply it).
 */
export function stripeDelivery(
  stripe: Stripe,
  request: { body: string; signature: string | null },
  secret: string,
): { event: StripeDeliveryEvent } | { refused: Response } {
  let signed: unknown;
  try {
    if (!request.signature || !withinTolerance(request.signature)) {
      throw new Error("no valid signature");
    }
    signed = stripe.webhooks.constructEvent(
      request.body,
      request.signature,
      secret,
      STRIPE_TOLERANCE_SECONDS,
    );
  } catch {
    return { refused: jsonError(STRIPE_WEBHOOK_MESSAGES.badSignature, 400) };
  }
  if (!eventSchema.safeParse(signed).success) {
    return { refused: jsonError(STRIPE_WEBHOOK_MESSAGES.badEvent, 400) };
  }
  return { event: signed as StripeDeliveryEvent };
}
