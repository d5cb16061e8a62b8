import type Stripe from "stripe";

/*
 * Stripe's webhook signatures, checked the way POST /api/stripe/webhook checks them: on the raw
 * body, with one timestamp in the header, neither older nor newer than five minutes.
 */

export const TOLERANCE_SECONDS = 300;

/**
 * Stripe's library refuses old signatures; a timestamp from the future is refused here. The
 * header must carry exactly one timestamp: the library signs with the last `t=`.
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

/** The signed event, or null when the signature is missing, wrong or out of time. */
export function signedEvent(
  stripe: Stripe,
  body: string,
  signature: string | null,
  secret: string,
): unknown {
  try {
    if (!signature || !withinTolerance(signature)) return null;
    return stripe.webhooks.constructEvent(body, signature, secret, TOLERANCE_SECONDS);
  } catch {
    return null;
  }
}
