import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseLocalCard, saveLocalCard } from "~/modules/subscriptions/local-billing.server";
import { getSubscription } from "~/modules/subscriptions/state.server";
import { readToast } from "~/utils/toast.server";
import { createUser } from "../setup/factories";
import { call, cookiesFrom, formBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #41, item 9: an upgrade shows what is charged today before it charges; a payment refused
 * at 3-D Secure can be given up («Откажи надграждането»: the plan stays, the payment is voided),
 * with the local provider and with Stripe; «Upgrade Complete!» comes after its Bulgarian.
 */

const getDb = setupTestDatabase();
const page = () => import("~/routes/_app.settings_.subscription");
const confirmPage = () => import("~/routes/_app.settings_.subscription_.confirm");

async function customer(plan: "basic" | "standard" = "basic") {
  const user = await createUser(getDb(), { plan });
  const session = await signInApi(getDb(), user);
  return { ...user, companyId: user.companyId as string, headers: { Cookie: session.cookie } };
}

/** The toast a redirect carries, as the next page reads it. */
async function toastOf(response: Response) {
  const request = new Request("http://localhost:3000/", {
    headers: { Cookie: cookiesFrom(response) },
  });
  return (await readToast(request)).toast;
}

type Loaded = {
  upgradeStep: {
    quote?: { plan: string; amountCents: number; fromBasic: boolean; periodEnd: string };
    error?: string;
  } | null;
  pendingAction: unknown;
};

describe("the local provider", () => {
  it("shows the amount charged today before charging, and charges only on «Потвърди и плати»", async () => {
    const me = await customer();
    const { loader, action } = await page();
    await saveLocalCard(
      getDb(),
      me.companyId,
      parseLocalCard({ number: "4242424242424242", expiry: "12/39", cvc: "123" }),
    );
    const shown = (await (
      await call(loader, getDb(), "/settings/subscription?upgrade=standard", {
        headers: me.headers,
      })
    ).json()) as Loaded;
    expect(shown.upgradeStep?.quote).toMatchObject({
      plan: "standard",
      amountCents: 1900,
      fromBasic: true,
    });
    // Looking at the step charged nothing.
    expect((await getSubscription(getDb(), me.companyId)).plan).toBe("basic");

    const paid = await call(
      action,
      getDb(),
      "/settings/subscription",
      formBody({ intent: "upgrade", plan: "standard" }, me.headers),
    );
    expect(paid.status).toBe(302);
    // Bulgarian first, the spec's English words beside it.
    expect(await toastOf(paid)).toMatchObject({
      title: "Надграждането е завършено.",
      description: "Планът е Стандартен.",
      english: "Upgrade Complete!",
    });
    expect((await getSubscription(getDb(), me.companyId)).plan).toBe("standard");

    // Mid-period the step shows the prorated difference, less than a month of the higher plan.
    const higher = (await (
      await call(loader, getDb(), "/settings/subscription?upgrade=full", { headers: me.headers })
    ).json()) as Loaded;
    expect(higher.upgradeStep?.quote?.fromBasic).toBe(false);
    expect(higher.upgradeStep?.quote?.amountCents).toBeGreaterThan(0);
    expect(higher.upgradeStep?.quote?.amountCents).toBeLessThanOrEqual(3900 - 1900);
    const lower = (await (
      await call(loader, getDb(), "/settings/subscription?upgrade=standard", {
        headers: me.headers,
      })
    ).json()) as Loaded;
    expect(lower.upgradeStep).toEqual({ error: "Това не е по-висок план" });
  });

  it("«Откажи надграждането» after a refused 3-D Secure: the plan stays, the payment is voided, the banner goes", async () => {
    const me = await customer();
    const { action } = await page();
    await saveLocalCard(
      getDb(),
      me.companyId,
      parseLocalCard({ number: "4000002760003184", expiry: "12/39", cvc: "123" }),
    );
    const asked = await call(
      action,
      getDb(),
      "/settings/subscription",
      formBody({ intent: "upgrade", plan: "full" }, me.headers),
    );
    expect(asked.headers.get("Location")).toMatch(/^\/settings\/subscription\/confirm\?secret=/);
    const secret = new URL(asked.headers.get("Location")!, "http://x").searchParams.get("secret")!;
    const refused = await call(
      (await confirmPage()).action,
      getDb(),
      "/settings/subscription/confirm",
      formBody({ intent: "refuse", secret }, me.headers),
    );
    expect(refused.status).toBe(302);
    // Refused at the bank: the payment still waits, and the shell shows the banner on every page.
    const layout = await import("~/routes/_app");
    const before = (await (
      await call(layout.loader, getDb(), "/dashboard", { headers: me.headers })
    ).json()) as { pendingPayment: unknown };
    expect(before.pendingPayment).not.toBeNull();

    const cancelled = await call(
      action,
      getDb(),
      "/settings/subscription",
      formBody({ intent: "cancel-upgrade" }, me.headers),
    );
    expect(cancelled.status).toBe(302);
    expect(await toastOf(cancelled)).toMatchObject({ title: "Надграждането е отказано" });
    const sub = await getSubscription(getDb(), me.companyId);
    expect(sub).toMatchObject({ plan: "basic", pendingAction: null });
    const invoices = await getDb()
      .selectFrom("subscriptionInvoices")
      .select(["status", "plan"])
      .where("companyId", "=", me.companyId)
      .execute();
    expect(invoices).toEqual([{ status: "void", plan: "full" }]);
    const after = (await (
      await call(layout.loader, getDb(), "/dashboard", { headers: me.headers })
    ).json()) as { pendingPayment: unknown };
    expect(after.pendingPayment).toBeNull();

    // Nothing left to cancel: refused with a message, not a 500.
    const again = await call(
      action,
      getDb(),
      "/settings/subscription",
      formBody({ intent: "cancel-upgrade" }, me.headers),
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      formError: "Няма надграждане, което чака плащане",
    });
  });
});

const config = {
  appUrl: "https://app.smetka.test",
  billing: {
    prices: { standard: 1900, full: 3900 },
    stripe: {
      secretKey: "sk_test_smetka_steps",
      webhookSecret: "whsec_x",
      priceIds: { standard: "price_std", full: "price_full" },
    },
  },
};
const requests: { method: string; path: string; body: URLSearchParams }[] = [];
const record = async (request: Request) => {
  requests.push({
    method: request.method,
    path: new URL(request.url).pathname,
    body: new URLSearchParams(await request.text()),
  });
};

// why: the Stripe provider asks Stripe's API; these stand in for it (no network in tests).
const stripeApi = setupServer(
  // why: the quote and the upgrade read the subscription's item.
  http.get("https://api.stripe.com/v1/subscriptions/sub_2", () =>
    HttpResponse.json({
      id: "sub_2",
      object: "subscription",
      items: {
        object: "list",
        data: [{ id: "si_2", price: { id: "price_std" }, current_period_end: 1_790_000_000 }],
      },
    }),
  ),
  // why: a subscription Stripe no longer has: the quote must say so, not fail the page.
  http.get("https://api.stripe.com/v1/subscriptions/sub_gone", () =>
    HttpResponse.json(
      { error: { type: "invalid_request_error", message: "No such subscription: 'sub_gone'" } },
      { status: 404 },
    ),
  ),
  // why: what an upgrade charges today is Stripe's preview of the proration invoice.
  http.post("https://api.stripe.com/v1/invoices/create_preview", async ({ request }) => {
    await record(request);
    return HttpResponse.json({
      id: "upcoming_in_1",
      object: "invoice",
      amount_due: 1234,
      currency: "eur",
      period_end: 1_790_000_000,
      lines: { object: "list", data: [] },
    });
  }),
  // why: «Откажи надграждането» first reads what the waiting invoice is for (only an upgrade's).
  http.get("https://api.stripe.com/v1/invoices/:id", ({ params }) =>
    HttpResponse.json({
      id: params.id,
      object: "invoice",
      billing_reason: params.id === "in_renewal" ? "subscription_cycle" : "subscription_update",
      status: "open",
    }),
  ),
  // why: cancelling the waiting upgrade voids its invoice at Stripe (the pending update is dropped).
  http.post("https://api.stripe.com/v1/invoices/in_pending/void", async ({ request }) => {
    await record(request);
    return HttpResponse.json({
      id: "in_pending",
      object: "invoice",
      customer: "cus_2",
      number: "SM-0002",
      status: "void",
      amount_due: 1234,
      amount_paid: 0,
      currency: "eur",
      created: 1_780_000_000,
      metadata: {},
    });
  }),
);
beforeAll(() => stripeApi.listen({ onUnhandledRequest: "bypass" }));
afterEach(() => {
  requests.length = 0;
});
afterAll(() => stripeApi.close());

describe("the Stripe provider", () => {
  async function subscribed() {
    const me = await customer("standard");
    await getDb()
      .insertInto("subscriptions")
      .values({
        companyId: me.companyId,
        plan: "standard",
        provider: "stripe",
        customerId: "cus_2",
        subscriptionId: "sub_2",
      })
      .onConflict((c) =>
        c.column("companyId").doUpdateSet({
          plan: "standard",
          provider: "stripe",
          customerId: "cus_2",
          subscriptionId: "sub_2",
        }),
      )
      .execute();
    return me;
  }

  it("the confirmation step shows Stripe's prorated amount for today", async () => {
    const me = await subscribed();
    const { loader } = await page();
    const shown = (await (
      await call(loader, getDb(), "/settings/subscription?upgrade=full", {
        headers: me.headers,
        config,
      })
    ).json()) as Loaded;
    expect(shown.upgradeStep?.quote).toMatchObject({
      plan: "full",
      amountCents: 1234,
      fromBasic: false,
    });
    const preview = requests.find((r) => r.path === "/v1/invoices/create_preview")!.body;
    expect(preview.get("subscription")).toBe("sub_2");
    expect(preview.get("subscription_details[items][0][id]")).toBe("si_2");
    expect(preview.get("subscription_details[items][0][price]")).toBe("price_full");
    expect(preview.get("subscription_details[proration_behavior]")).toBe("always_invoice");
  });

  it("«Откажи надграждането» voids the waiting invoice at Stripe and the banner goes at once", async () => {
    const me = await subscribed();
    await getDb()
      .insertInto("subscriptionInvoices")
      .values({
        companyId: me.companyId,
        providerId: "in_pending",
        number: "SM-0002",
        plan: "full",
        amountCents: 1234,
        currency: "EUR",
        status: "open",
        providerUpdatedAt: 1,
      })
      .execute();
    await getDb()
      .updateTable("subscriptions")
      .set({
        pendingAction: JSON.stringify({
          clientSecret: "invoice:in_pending",
          url: "https://invoice.stripe.com/i/in_pending",
          plan: "full",
          invoiceId: "in_pending",
          createdAt: new Date().toISOString(),
        }),
      })
      .where("companyId", "=", me.companyId)
      .execute();
    const { action } = await page();
    const cancelled = await call(action, getDb(), "/settings/subscription", {
      ...formBody({ intent: "cancel-upgrade" }, me.headers),
      config,
    });
    expect(cancelled.status).toBe(302);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /v1/invoices/in_pending/void",
    ]);
    expect(await getSubscription(getDb(), me.companyId)).toMatchObject({
      plan: "standard",
      pendingAction: null,
    });
    const invoice = await getDb()
      .selectFrom("subscriptionInvoices")
      .select("status")
      .where("providerId", "=", "in_pending")
      .executeTakeFirstOrThrow();
    expect(invoice.status).toBe("void");
  });

  it("the confirmation step says the amount cannot be had when Stripe refuses, instead of a 500 (review of item 9)", async () => {
    const me = await subscribed();
    await getDb()
      .updateTable("subscriptions")
      .set({ subscriptionId: "sub_gone" })
      .where("companyId", "=", me.companyId)
      .execute();
    const { loader } = await page();
    const response = await call(loader, getDb(), "/settings/subscription?upgrade=full", {
      headers: me.headers,
      config,
    });
    expect(response.status).toBe(200);
    const shown = (await response.json()) as Loaded;
    expect(shown.upgradeStep).toEqual({
      error: "Сумата не може да бъде изчислена сега: опитайте отново след малко",
    });
  });

  it("a renewal waiting for 3-D Secure is not voided by «Откажи надграждането» (review of item 9)", async () => {
    const me = await subscribed();
    const waiting = JSON.stringify({
      clientSecret: "invoice:in_renewal",
      url: "https://invoice.stripe.com/i/in_renewal",
      plan: "standard",
      invoiceId: "in_renewal",
      createdAt: new Date().toISOString(),
    });
    await getDb()
      .updateTable("subscriptions")
      .set({ pendingAction: waiting })
      .where("companyId", "=", me.companyId)
      .execute();
    const { action } = await page();
    const refused = await call(action, getDb(), "/settings/subscription", {
      ...formBody({ intent: "cancel-upgrade" }, me.headers),
      config,
    });
    expect(refused.status).toBe(409);
    expect(requests.map((r) => r.path)).not.toContain("/v1/invoices/in_renewal/void");
    expect((await getSubscription(getDb(), me.companyId)).pendingAction).not.toBeNull();
  });
});
