import Stripe from "stripe";
import type { BillingConfig } from "~/utils/context.server";

const clients = new Map<string, Stripe>();

/** One Stripe client per key (tests point `apiHost` at msw's intercepted host). */
export function stripeClient(config: NonNullable<BillingConfig["stripe"]>): Stripe {
  const key = `${config.secretKey}@${config.apiHost ?? ""}`;
  let client = clients.get(key);
  if (!client) {
    client = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      ...(config.apiHost ? { host: config.apiHost } : {}),
    });
    clients.set(key, client);
  }
  return client;
}
