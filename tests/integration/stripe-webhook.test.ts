import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSubscription, statusData } from "~/modules/subscriptions/state.server";
import { action as webhook } from "~/routes/api.stripe.webhook";
import { createUser } from "../setup/factories";
import { call } from "../setup/routes";
import { signedStripeDelivery } from "../setup/stripe";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();
const SECRET = "whsec_test_0123456789";
const stripeConfig = {
  billing: {
    prices: { standard: 1900, full: 3900 },
    stripe: {
      secretKey: "sk_test_smetka",
      webhookSecret: SECRET,
      priceIds: { standard: "price_std", full: "price_full" },
    },
  },
};
const T = 1_790_000_000;
/** What Stripe says the subscription is now (the webhook re-reads it). */
let current: Record<string, unknown> = {};
let reads = 0;
/** What Stripe says each invoice is now (the webhook re-reads invoices too). */
const invoicesNow = new Map<string, Record<string, unknown>>();

// why: the webhook re-reads the subscription from Stripe's API; tests must not reach api.stripe.com.
const stripeApi = setupServer(
  http.get("https://api.stripe.com/v1/subscriptions/:id", ({ params }) => {
    reads += 1;
    return params.id === current.id
      ? HttpResponse.json(current)
      : HttpResponse.json(
          { error: { type: "invalid_request_error", message: "No such subscription" } },
          { status: 404 },
        );
  }),
  // why: invoice events are applied as Stripe has the invoice now, so a late event cannot undo a payment.
  http.get("https://api.stripe.com/v1/invoices/:id", ({ params }) => {
    const invoice = invoicesNow.get(String(params.id));
    return invoice
      ? HttpResponse.json(invoice)
      : HttpResponse.json(
          {
            error: {
              type: "invalid_request_error",
              code: "resource_missing",
              message: "No such invoice",
            },
          },
          { status: 404 },
        );
  }),
);
beforeAll(() => stripeApi.listen({ onUnhandledRequest: "error" }));
afterAll(() => stripeApi.close());

const subscription = (
  companyId: string,
  price: string,
  overrides: Record<string, unknown> = {},
) => ({
  id: "sub_1",
  object: "subscription",
  customer: "cus_1",
  status: "active",
  cancel_at_period_end: false,
  items: {
    data: [{ price: { id: price }, current_period_start: T, current_period_end: T + 30 * 86400 }],
  },
  metadata: { company_id: companyId },
  ...overrides,
});

/** A delivery as Stripe signs it (real HMAC with the webhook secret). */
function delivery(event: Record<string, unknown>, secret = SECRET) {
  return { ...signedStripeDelivery(event, secret), config: stripeConfig };
}

describe("POST /api/stripe/webhook", () => {
  it("refuses a missing or wrong signature and stores nothing", async () => {
    const user = await createUser(getDb());
    const event = {
      id: "evt_bad",
      type: "customer.subscription.updated",
      created: T,
      data: { object: subscription(user.companyId!, "price_full") },
    };
    const forged = await call(
      webhook,
      getDb(),
      "/api/stripe/webhook",
      delivery(event, "whsec_someone_else"),
    );
    expect(forged.status).toBe(400);
    const unsigned = await call(webhook, getDb(), "/api/stripe/webhook", {
      ...delivery(event),
      headers: { "Content-Type": "application/json" },
    });
    expect(unsigned.status).toBe(400);
    expect(await getDb().selectFrom("billingEvents").selectAll().execute()).toEqual([]);
    expect((await getSubscription(getDb(), user.companyId!)).plan).toBe("basic");
  });

  it("every event three times in shuffled order: each applied once, the state is Stripe's current one", async () => {
    const user = await createUser(getDb());
    const companyId = user.companyId!;
    const events = [
      {
        id: "evt_1",
        type: "customer.subscription.created",
        created: T,
        data: { object: subscription(companyId, "price_std") },
      },
      {
        id: "evt_2",
        type: "customer.subscription.updated",
        created: T + 5,
        data: { object: subscription(companyId, "price_full") },
      },
      {
        id: "evt_3",
        type: "invoice.paid",
        created: T + 6,
        data: {
          object: {
            id: "in_1",
            object: "invoice",
            customer: "cus_1",
            number: "SM-0001",
            status: "paid",
            amount_due: 3900,
            amount_paid: 3900,
            currency: "eur",
            created: T + 6,
            hosted_invoice_url: "https://invoice.stripe.com/i/1",
            metadata: { company_id: companyId },
          },
        },
      },
      {
        id: "evt_4",
        type: "customer.subscription.updated",
        created: T + 9,
        data: {
          object: subscription(companyId, "price_full", {
            cancel_at_period_end: true,
            metadata: { company_id: companyId, previous_plan: "standard" },
          }),
        },
      },
    ];
    current = subscription(companyId, "price_full", {
      cancel_at_period_end: true,
      metadata: { company_id: companyId, previous_plan: "standard" },
    });
    reads = 0;
    const deliveries = [...events, ...events, ...events].sort(() => Math.random() - 0.5);
    const results: string[] = [];
    for (const event of deliveries) {
      const response = await call(webhook, getDb(), "/api/stripe/webhook", delivery(event));
      expect(response.status).toBe(200);
      results.push(((await response.json()) as { result: string }).result);
    }
    expect(results.filter((r) => r === "applied")).toHaveLength(4);
    expect(results.filter((r) => r === "duplicate")).toHaveLength(8);
    expect(reads).toBeGreaterThanOrEqual(3);
    expect(statusData(await getSubscription(getDb(), companyId), "user")).toEqual({
      plan: "full",
      effectivePlan: "full",
      status: "active",
      currentPeriodEnd: new Date((T + 30 * 86400) * 1000).toISOString(),
      isCanceled: true,
      previousSubscriptionPlan: "standard",
    });
    const company = await getDb()
      .selectFrom("companies")
      .select("subscriptionPlan")
      .where("id", "=", companyId)
      .executeTakeFirstOrThrow();
    expect(company.subscriptionPlan).toBe("full");
    expect(
      await getDb()
        .selectFrom("subscriptionInvoices")
        .select(["number", "status", "amountCents"])
        .execute(),
    ).toEqual([{ number: "SM-0001", status: "paid", amountCents: 3900 }]);
  });

  it("a deleted subscription leaves the company on basic", async () => {
    const user = await createUser(getDb(), { plan: "full" });
    current = subscription(user.companyId!, "price_full", { status: "canceled" });
    const response = await call(
      webhook,
      getDb(),
      "/api/stripe/webhook",
      delivery({
        id: "evt_del",
        type: "customer.subscription.deleted",
        created: T,
        data: { object: current },
      }),
    );
    expect(response.status).toBe(200);
    expect(statusData(await getSubscription(getDb(), user.companyId!), "user")).toMatchObject({
      plan: "basic",
      status: "active",
      isCanceled: false,
    });
  });

  it("a payment that needs 3-D Secure: the invoice page to complete it, cleared once the invoice is paid", async () => {
    const user = await createUser(getDb(), { plan: "standard" });
    const companyId = user.companyId!;
    const invoice = {
      id: "in_3ds",
      object: "invoice",
      customer: "cus_1",
      number: "SM-0002",
      status: "open",
      amount_due: 2000,
      amount_paid: 0,
      currency: "eur",
      created: T,
      hosted_invoice_url: "https://invoice.stripe.com/i/in_3ds",
      lines: { data: [{ price: { id: "price_full" } }] },
      metadata: { company_id: companyId },
    };
    invoicesNow.set("in_3ds", invoice);
    await call(
      webhook,
      getDb(),
      "/x",
      delivery({
        id: "evt_a",
        type: "invoice.payment_action_required",
        created: T,
        data: { object: invoice },
      }),
    );
    expect((await getSubscription(getDb(), companyId)).pendingAction).toMatchObject({
      clientSecret: "invoice:in_3ds",
      url: "https://invoice.stripe.com/i/in_3ds",
      plan: "full",
      invoiceId: "in_3ds",
    });
    invoicesNow.set("in_3ds", { ...invoice, status: "paid", amount_paid: 2000 });
    await call(
      webhook,
      getDb(),
      "/x",
      delivery({
        id: "evt_b",
        type: "invoice.paid",
        created: T + 60,
        data: { object: { ...invoice, status: "paid", amount_paid: 2000 } },
      }),
    );
    expect((await getSubscription(getDb(), companyId)).pendingAction).toBeNull();

    // A late, older payment_action_required (delivered after invoice.paid) changes nothing.
    const late = await call(
      webhook,
      getDb(),
      "/x",
      delivery({
        id: "evt_late",
        type: "invoice.payment_action_required",
        created: T + 1,
        data: { object: invoice },
      }),
    );
    expect(late.status).toBe(200);
    expect((await getSubscription(getDb(), companyId)).pendingAction).toBeNull();
    const row = await getDb()
      .selectFrom("subscriptionInvoices")
      .select("status")
      .where("providerId", "=", "in_3ds")
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("paid");
  });

  it("acknowledges a signed event for a subscription or customer it does not know (200, not 500)", async () => {
    for (const [id, object] of [
      [
        "evt_unknown_sub",
        subscription("", "price_full", { id: "sub_gone", customer: "cus_gone", metadata: {} }),
      ],
      [
        "evt_unknown_invoice",
        {
          id: "in_gone",
          object: "invoice",
          customer: "cus_gone",
          number: null,
          status: "open",
          amount_due: 1,
          amount_paid: 0,
          currency: "eur",
          created: T,
        },
      ],
    ] as const) {
      const response = await call(
        webhook,
        getDb(),
        "/x",
        delivery({
          id,
          type: id.includes("sub") ? "customer.subscription.updated" : "invoice.paid",
          created: T,
          data: { object },
        }),
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, result: "ignored" });
    }
  });

  it("refuses a signature stamped outside the tolerance, in the past or in the future", async () => {
    const user = await createUser(getDb());
    const payload = JSON.stringify({
      id: "evt_time",
      type: "customer.subscription.updated",
      created: T,
      data: { object: subscription(user.companyId!, "price_full") },
    });
    const stripe = new Stripe("sk_test_x");
    for (const offset of [-3600, 3600]) {
      const signature = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: SECRET,
        timestamp: Math.floor(Date.now() / 1000) + offset,
      });
      const response = await call(webhook, getDb(), "/x", {
        method: "POST",
        body: payload,
        headers: { "Stripe-Signature": signature, "Content-Type": "application/json" },
        config: stripeConfig,
      });
      expect(response.status, `offset ${offset}`).toBe(400);
      expect(await response.json()).toEqual({ message: "Невалиден подпис" });
    }
    const stored = await getDb()
      .selectFrom("billingEvents")
      .select("id")
      .where("id", "=", "evt_time")
      .execute();
    expect(stored).toEqual([]);
  });

  it("acknowledges, without changing anything, signed events it cannot use (200, never 500)", async () => {
    const user = await createUser(getDb(), { plan: "standard" });
    const companyId = user.companyId!;
    const invoice = (overrides: Record<string, unknown>) => ({
      id: "in_odd",
      object: "invoice",
      customer: "cus_odd",
      number: null,
      status: "paid",
      amount_due: 100,
      amount_paid: 100,
      currency: "eur",
      created: T,
      metadata: { company_id: companyId },
      ...overrides,
    });
    const odd: [string, string, unknown][] = [
      [
        "evt_not_uuid",
        "customer.subscription.updated",
        subscription("not-a-uuid", "price_full", { id: "sub_odd", customer: "cus_odd" }),
      ],
      [
        "evt_unknown_company",
        "customer.subscription.updated",
        subscription("7f0c1a52-5d1e-4c55-9b8e-3a4d2c1b0e9f", "price_full", {
          id: "sub_odd",
          customer: "cus_odd",
        }),
      ],
      [
        "evt_unknown_company_invoice",
        "invoice.paid",
        invoice({ metadata: { company_id: "x'--" } }),
      ],
      ["evt_no_currency", "invoice.paid", invoice({ currency: undefined })],
      ["evt_null_currency", "invoice.paid", invoice({ id: "in_odd2", currency: null })],
      [
        "evt_bad_status",
        "customer.subscription.updated",
        subscription(companyId, "price_full", { id: "sub_odd", status: "paused" }),
      ],
      [
        "evt_bad_previous_plan",
        "customer.subscription.updated",
        subscription(companyId, "price_std", {
          id: "sub_odd",
          metadata: { company_id: companyId, previous_plan: "platinum" },
        }),
      ],
      ["evt_company_number", "invoice.paid", invoice({ metadata: { company_id: 42 } })],
    ];
    for (const [id, type, object] of odd) {
      const response = await call(
        webhook,
        getDb(),
        "/x",
        delivery({ id, type, created: T, data: { object } }),
      );
      expect(response.status, id).toBe(200);
      expect(await response.json(), id).toMatchObject({ received: true });
    }
    // Without data, or without data.object: acknowledged and ignored as well.
    for (const [id, data] of [
      ["evt_no_data", undefined],
      ["evt_no_object", {}],
      ["evt_object_null", { object: null }],
      ["evt_object_text", { object: "subscription" }],
    ] as const) {
      const response = await call(
        webhook,
        getDb(),
        "/x",
        delivery({ id, type: "customer.subscription.updated", created: T, data }),
      );
      expect(response.status, id).toBe(200);
      expect(await response.json(), id).toEqual({ received: true, result: "ignored" });
    }
    // The invoice without a currency was not recorded; the company's plan is untouched.
    expect(await getDb().selectFrom("subscriptionInvoices").select("providerId").execute()).toEqual(
      [],
    );
    // The plan name it does not know is dropped; the rest of that event applies.
    expect(statusData(await getSubscription(getDb(), companyId), "user")).toMatchObject({
      plan: "standard",
      status: "active",
      previousSubscriptionPlan: null,
    });
  });

  it("refuses a signed delivery that is not an event (400)", async () => {
    for (const event of [
      { type: "invoice.paid", created: T, data: {} },
      { id: 7, type: "invoice.paid", created: T, data: {} },
      { id: "evt_x", created: T, data: {} },
      { id: "evt_x", type: "invoice.paid", created: "yesterday", data: {} },
      [],
    ]) {
      const response = await call(
        webhook,
        getDb(),
        "/x",
        delivery(event as unknown as Record<string, unknown>),
      );
      expect(response.status, JSON.stringify(event)).toBe(400);
      expect(await response.json()).toEqual({ message: "Невалидно събитие" });
    }
  });

  it("refuses a signature header with two timestamps, however the later one is signed", async () => {
    const user = await createUser(getDb());
    const payload = JSON.stringify({
      id: "evt_two_stamps",
      type: "customer.subscription.updated",
      created: T,
      data: { object: subscription(user.companyId!, "price_full") },
    });
    const stripe = new Stripe("sk_test_x");
    const now = Math.floor(Date.now() / 1000);
    const future = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: now + 3600,
    });
    const present = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    for (const signature of [
      `t=${now},${future}`,
      `${future},t=${now}`,
      `${present},t=${now}`,
      `t=${now} ,${present.replace(/^t=\d+,/, "")}`,
    ]) {
      const response = await call(webhook, getDb(), "/x", {
        method: "POST",
        body: payload,
        headers: { "Stripe-Signature": signature, "Content-Type": "application/json" },
        config: stripeConfig,
      });
      expect(response.status, signature).toBe(400);
      expect(await response.json()).toEqual({ message: "Невалиден подпис" });
    }
    expect(await getDb().selectFrom("billingEvents").select("id").execute()).toEqual([]);
  });
});
