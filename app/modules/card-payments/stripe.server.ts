import Stripe from "stripe";

/*
 * A Stripe client for a company's own account (decision 071), by its restricted key. Tests mock
 * api.stripe.com with msw; `apiBase` points at another address (stripe-mock) when configured.
 */

const clients = new Map<string, Stripe>();

/** One client per key (a few companies' keys at most are live in one process). */
export function companyStripe(secretKey: string, apiBase?: string): Stripe {
  const key = `${secretKey}@${apiBase ?? ""}`;
  let client = clients.get(key);
  if (!client) {
    const url = apiBase ? new URL(apiBase) : null;
    const protocol = url?.protocol === "http:" ? ("http" as const) : ("https" as const);
    client = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      ...(url
        ? {
            host: url.hostname,
            port: Number(url.port || (protocol === "http" ? 80 : 443)),
            protocol,
          }
        : {}),
    });
    if (clients.size > 100) clients.clear();
    clients.set(key, client);
  }
  return client;
}

/** A Stripe error's HTTP status (401 bad key, 403 missing permission), or undefined. */
export function stripeStatus(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" ? status : undefined;
}
