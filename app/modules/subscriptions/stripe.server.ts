import Stripe from "stripe";
import type { BillingConfig } from "~/utils/context.server";

const clients = new Map<string, Stripe>();

function address(base: string) {
  const url = new URL(base);
  const protocol = url.protocol === "http:" ? ("http" as const) : ("https" as const);
  return {
    host: url.hostname,
    port: Number(url.port || (protocol === "http" ? 80 : 443)),
    protocol,
  };
}

/** One Stripe client per key (tests point `apiHost` at msw's intercepted host). */
export function stripeClient(config: NonNullable<BillingConfig["stripe"]>): Stripe {
  const key = `${config.secretKey}@${config.apiBase ?? ""}`;
  let client = clients.get(key);
  if (!client) {
    client = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      ...(config.apiBase ? address(config.apiBase) : {}),
    });
    clients.set(key, client);
  }
  return client;
}
