import Stripe from "stripe";

/*
 * Stripe's webhook deliveries as Stripe signs them: the real HMAC of the payload with the
 * endpoint's signing secret (Stripe's own `generateTestHeaderString`), for the subscription's
 * webhook and the card payments' webhook of a company's own account.
 */

const signer = new Stripe("sk_test_signer");

/** A POST of the event signed with `secret` (now, or at `timestamp` in seconds). */
export function signedStripeDelivery(
  event: Record<string, unknown>,
  secret: string,
  timestamp?: number,
) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return {
    method: "POST",
    body: payload,
    headers: { "Stripe-Signature": signature, "Content-Type": "application/json" },
  };
}
