import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/_app.settings_.subscription";
import { createUser } from "../setup/factories";
import { call, formBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();
const config = {
  appUrl: "https://app.smetka.test",
  billing: {
    prices: { standard: 1900, full: 3900 },
    stripe: {
      secretKey: "sk_test_smetka",
      webhookSecret: "whsec_x",
      priceIds: { standard: "price_std", full: "price_full" },
    },
  },
};
const requests: { method: string; path: string; body: URLSearchParams }[] = [];
let invoiceStatus = "paid";

const record = async (request: Request) => {
  requests.push({
    method: request.method,
    path: new URL(request.url).pathname,
    body: new URLSearchParams(await request.text()),
  });
};

// why: the Stripe provider only asks Stripe to act; these stand in for Stripe's API (no network in tests).
const stripeApi = setupServer(
  // why: a first subscription goes through Checkout.
  http.post("https://api.stripe.com/v1/checkout/sessions", async ({ request }) => {
    await record(request);
    return HttpResponse.json({
      id: "cs_1",
      object: "checkout.session",
      url: "https://checkout.stripe.com/c/pay/cs_1",
    });
  }),
  // why: an upgrade re-reads the subscription for its item id.
  http.get("https://api.stripe.com/v1/subscriptions/sub_1", () =>
    HttpResponse.json({
      id: "sub_1",
      object: "subscription",
      items: {
        object: "list",
        data: [{ id: "si_1", price: { id: "price_std" }, current_period_end: 1_790_000_000 }],
      },
    }),
  ),
  // why: upgrades swap the price with proration; cancellations set cancel_at_period_end.
  http.post("https://api.stripe.com/v1/subscriptions/sub_1", async ({ request }) => {
    await record(request);
    return HttpResponse.json({
      id: "sub_1",
      object: "subscription",
      latest_invoice: {
        id: "in_9",
        object: "invoice",
        status: invoiceStatus,
        hosted_invoice_url: "https://invoice.stripe.com/i/in_9",
      },
    });
  }),
  // why: card changes go to the Billing Portal.
  http.post("https://api.stripe.com/v1/billing_portal/sessions", async ({ request }) => {
    await record(request);
    return HttpResponse.json({
      id: "bps_1",
      object: "billing_portal.session",
      url: "https://billing.stripe.com/p/session/1",
    });
  }),
);
beforeAll(() => stripeApi.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  requests.length = 0;
});
afterAll(() => stripeApi.close());

async function customer(subscribed: boolean) {
  const user = await createUser(getDb(), { plan: subscribed ? "standard" : "basic" });
  if (subscribed) {
    await getDb()
      .insertInto("subscriptions")
      .values({
        companyId: user.companyId!,
        plan: "standard",
        provider: "stripe",
        customerId: "cus_1",
        subscriptionId: "sub_1",
      })
      .execute();
  }
  return { ...user, ...(await signInApi(getDb(), user)) };
}

const post = (cookie: string, fields: Record<string, string>) =>
  call(action, getDb(), "/settings/subscription", {
    ...formBody(fields, { Cookie: cookie }),
    config,
  });

describe("the Stripe provider", () => {
  it("a first subscription goes to Checkout with the plan's price and the company in metadata", async () => {
    const me = await customer(false);
    const response = await post(me.cookie, { intent: "upgrade", plan: "full" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://checkout.stripe.com/c/pay/cs_1");
    const body = requests[0]!.body;
    expect(body.get("mode")).toBe("subscription");
    expect(body.get("line_items[0][price]")).toBe("price_full");
    expect(body.get("subscription_data[metadata][company_id]")).toBe(me.companyId);
    expect(body.get("customer_email")).toBe(me.email);
    expect(body.get("success_url")).toBe(
      "https://app.smetka.test/subscription-success?session_id={CHECKOUT_SESSION_ID}",
    );
  });

  it("an upgrade is prorated now; a payment that needs 3-D Secure goes to Stripe's invoice page", async () => {
    const me = await customer(true);
    invoiceStatus = "paid";
    const paid = await post(me.cookie, { intent: "upgrade", plan: "full" });
    expect(paid.headers.get("Location")).toBe("/settings/subscription");
    const update = requests.find((r) => r.path === "/v1/subscriptions/sub_1")!.body;
    expect(update.get("items[0][id]")).toBe("si_1");
    expect(update.get("items[0][price]")).toBe("price_full");
    expect(update.get("proration_behavior")).toBe("always_invoice");
    expect(update.get("metadata[previous_plan]")).toBe("standard");

    invoiceStatus = "open";
    const needsAction = await post(me.cookie, { intent: "upgrade", plan: "full" });
    expect(needsAction.headers.get("Location")).toBe("https://invoice.stripe.com/i/in_9");
  });

  it("cancel is at the period's end; the card is changed on the Billing Portal", async () => {
    const me = await customer(true);
    await post(me.cookie, { intent: "cancel" });
    expect(requests.at(-1)!.body.get("cancel_at_period_end")).toBe("true");
    const portal = await post(me.cookie, { intent: "card" });
    expect(portal.headers.get("Location")).toBe("https://billing.stripe.com/p/session/1");
    expect(requests.at(-1)!.body.get("return_url")).toBe(
      "https://app.smetka.test/settings/subscription?tab=payment",
    );
  });
});
