import { describe, expect, it } from "vitest";
import {
  applyBillingEvent,
  type BillingEvent,
  type BillingSubscriptionObject,
} from "~/modules/subscriptions/billing.server";
import {
  type EventHub,
  pgliteHub,
  postgresHub,
  type SubscriptionUpdate,
} from "~/modules/subscriptions/events.server";
import {
  localConfirmPayment,
  localRenewDue,
  localResume,
  localScheduleDowngrade,
  localUpgrade,
  parseLocalCard,
  saveLocalCard,
} from "~/modules/subscriptions/local-billing.server";
import {
  getSubscription,
  pendingDowngrade,
  statusData,
} from "~/modules/subscriptions/state.server";
import type { BillingConfig } from "~/utils/context.server";
import { createUser } from "../setup/factories";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();
const billing: BillingConfig = { prices: { standard: 1900, full: 3900 }, stripe: null };
const card = (number: string) => parseLocalCard({ number, expiry: "12/39", cvc: "123" });

async function hubFor(): Promise<EventHub> {
  const opened = getDb.opened();
  if (opened.pglite) return pgliteHub(opened.pglite);
  const hub = postgresHub(opened.url as string);
  for (let i = 0; i < 50 && !hub.connected(); i++) await new Promise((r) => setTimeout(r, 50));
  return hub;
}

async function company() {
  const user = await createUser(getDb());
  return user.companyId as string;
}

describe("the local billing provider", () => {
  it("upgrades, prorates, schedules a downgrade, renews into it, and says so on the event stream", async () => {
    const hub = await hubFor();
    const companyId = await company();
    const other = await company();
    const heard: SubscriptionUpdate[] = [];
    const strangerHeard: SubscriptionUpdate[] = [];
    const stop = hub.subscribe(companyId, (e) => heard.push(e));
    const stopOther = hub.subscribe(other, (e) => strangerHeard.push(e));
    try {
      await expect(localUpgrade(getDb(), billing, companyId, "standard")).rejects.toMatchObject({
        status: 402,
      });
      await saveLocalCard(getDb(), companyId, card("4242 4242 4242 4242"));
      expect(await localUpgrade(getDb(), billing, companyId, "standard")).toEqual({
        kind: "changed",
        eventType: "upgrade",
      });
      let sub = await getSubscription(getDb(), companyId);
      expect(statusData(sub, "user")).toMatchObject({
        plan: "standard",
        effectivePlan: "standard",
        status: "active",
        isCanceled: false,
      });
      const company = await getDb()
        .selectFrom("companies")
        .select("subscriptionPlan")
        .where("id", "=", companyId)
        .executeTakeFirstOrThrow();
      expect(company.subscriptionPlan).toBe("standard");

      await localUpgrade(getDb(), billing, companyId, "full");
      sub = await getSubscription(getDb(), companyId);
      expect(sub).toMatchObject({ plan: "full", previousPlan: "standard" });
      const invoices = await getDb()
        .selectFrom("subscriptionInvoices")
        .selectAll()
        .where("companyId", "=", companyId)
        .orderBy("createdAt")
        .execute();
      expect(invoices.map((i) => i.amountCents)).toEqual([1900, expect.any(Number)]);
      expect(invoices[1]!.amountCents).toBeGreaterThan(1900); // the difference for (almost) the whole month
      expect(invoices[1]!.amountCents).toBeLessThanOrEqual(2000);

      await localScheduleDowngrade(getDb(), billing, companyId, "cancel");
      sub = await getSubscription(getDb(), companyId);
      expect(pendingDowngrade(sub)).toEqual({
        hasPendingDowngrade: true,
        pendingDowngradeTo: "standard",
      });
      await localResume(getDb(), billing, companyId);
      expect(pendingDowngrade(await getSubscription(getDb(), companyId)).hasPendingDowngrade).toBe(
        false,
      );
      await localScheduleDowngrade(getDb(), billing, companyId, "basic");
      expect(pendingDowngrade(await getSubscription(getDb(), companyId)).pendingDowngradeTo).toBe(
        "basic",
      );

      const end = (await getSubscription(getDb(), companyId)).currentPeriodEnd as Date;
      expect(await localRenewDue(getDb(), billing, new Date(end.getTime() - 1000))).toBe(0);
      expect(await localRenewDue(getDb(), billing, new Date(end.getTime() + 1000))).toBe(1);
      sub = await getSubscription(getDb(), companyId);
      expect(statusData(sub, "user")).toMatchObject({
        plan: "basic",
        status: "active",
        isCanceled: false,
        currentPeriodEnd: null,
      });

      // The stream delivers after the commit: wait for the six, then nothing went to the stranger.
      await expect
        .poll(() => heard.map((e) => [e.eventType, e.data.plan]))
        .toEqual([
          ["upgrade", "standard"],
          ["upgrade", "full"],
          ["downgrade", "full"],
          // Withdrawing the scheduled downgrade is news without a type: no 'Upgrade Complete!'.
          [undefined, "full"],
          ["downgrade", "full"],
          ["downgrade", "basic"],
        ]);
      expect(strangerHeard).toEqual([]);
    } finally {
      stop();
      stopOther();
      await hub.close();
    }
  });

  it("a renewal charges the next period quietly: a new invoice, no event on the stream", async () => {
    const hub = await hubFor();
    const companyId = await company();
    const heard: SubscriptionUpdate[] = [];
    const stop = hub.subscribe(companyId, (e) => heard.push(e));
    try {
      await saveLocalCard(getDb(), companyId, card("4242 4242 4242 4242"));
      await localUpgrade(getDb(), billing, companyId, "standard");
      const end = (await getSubscription(getDb(), companyId)).currentPeriodEnd as Date;
      expect(await localRenewDue(getDb(), billing, new Date(end.getTime() + 1000))).toBe(1);
      const sub = await getSubscription(getDb(), companyId);
      expect(sub.plan).toBe("standard");
      expect((sub.currentPeriodEnd as Date).getTime()).toBeGreaterThan(
        end.getTime() + 27 * 86_400_000,
      );
      const invoices = await getDb()
        .selectFrom("subscriptionInvoices")
        .select("amountCents")
        .where("companyId", "=", companyId)
        .execute();
      expect(invoices.map((i) => i.amountCents)).toEqual([1900, 1900]);
      // An upgrade after the renewal is news: once it is heard, anything the renewal sent is too
      // (one stream, in order), so nothing between the two upgrades means the renewal was quiet.
      await localUpgrade(getDb(), billing, companyId, "full");
      await expect.poll(() => heard.map((e) => e.eventType)).toEqual(["upgrade", "upgrade"]);
    } finally {
      stop();
      await hub.close();
    }
  });

  it("a 3-D Secure card waits for the customer: refused leaves the plan, approved upgrades", async () => {
    const companyId = await company();
    await saveLocalCard(getDb(), companyId, card("4000 0027 6000 3184"));
    const result = await localUpgrade(getDb(), billing, companyId, "full");
    expect(result.kind).toBe("requires_action");
    const secret = (result as { clientSecret: string }).clientSecret;
    let sub = await getSubscription(getDb(), companyId);
    expect(sub).toMatchObject({
      plan: "basic",
      pendingAction: { clientSecret: secret, plan: "full" },
    });
    await expect(localUpgrade(getDb(), billing, companyId, "full")).rejects.toMatchObject({
      status: 409,
    });

    expect(await localConfirmPayment(getDb(), billing, companyId, secret, false)).toBe(false);
    expect((await getSubscription(getDb(), companyId)).plan).toBe("basic");
    expect(await localConfirmPayment(getDb(), billing, companyId, secret, true)).toBe(true);
    sub = await getSubscription(getDb(), companyId);
    expect(sub).toMatchObject({ plan: "full", pendingAction: null });
    await expect(
      localConfirmPayment(getDb(), billing, companyId, secret, true),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("cards: declined and unknown numbers are refused in Bulgarian", () => {
    expect(() => card("4000 0000 0000 0002")).toThrow("Картата е отказана");
    expect(() => card("4111 1111 1111 1111")).toThrow("тестовите карти");
    expect(() =>
      parseLocalCard({ number: "4242424242424242", expiry: "01/20", cvc: "123" }),
    ).toThrow("срок на валидност");
  });
});

describe("billing events", () => {
  it("replaying every event three times in shuffled order leaves the same state", async () => {
    const companyId = await company();
    const t = 1_790_000_000;
    const sub = (overrides: Partial<BillingSubscriptionObject>): BillingSubscriptionObject => ({
      object: "subscription",
      id: "sub_123",
      customer: "cus_123",
      status: "active",
      cancel_at_period_end: false,
      current_period_start: t,
      current_period_end: t + 30 * 86400,
      metadata: { company_id: companyId, plan: "standard" },
      ...overrides,
    });
    const finalObject = sub({
      cancel_at_period_end: true,
      metadata: { company_id: companyId, plan: "full", previous_plan: "standard" },
    });
    const events: BillingEvent[] = [
      { id: "evt_1", type: "customer.subscription.created", created: t, data: { object: sub({}) } },
      {
        id: "evt_2",
        type: "customer.subscription.updated",
        created: t + 10,
        data: {
          object: sub({
            metadata: { company_id: companyId, plan: "full", previous_plan: "standard" },
          }),
        },
      },
      {
        id: "evt_3",
        type: "invoice.paid",
        created: t + 11,
        data: {
          object: {
            object: "invoice",
            id: "in_1",
            customer: "cus_123",
            number: "A-1",
            status: "paid",
            amount_due: 2000,
            amount_paid: 2000,
            currency: "eur",
            created: t + 11,
            metadata: { company_id: companyId, plan: "full" },
          },
        },
      },
      {
        id: "evt_4",
        type: "customer.subscription.updated",
        created: t + 20,
        data: { object: finalObject },
      },
    ];
    // Stripe is asked for the subscription as it is now, whichever event arrives.
    const reread = { subscription: async () => finalObject, invoice: async () => null };
    const shuffled = [...events, ...events, ...events].sort(() => Math.random() - 0.5);
    const results = [];
    for (const e of shuffled)
      results.push(
        await applyBillingEvent(getDb(), { ...billing, stripe: null }, "stripe", e, reread),
      );
    expect(results.filter((r) => r === "applied")).toHaveLength(4);
    expect(results.filter((r) => r === "duplicate")).toHaveLength(8);
    const state = statusData(await getSubscription(getDb(), companyId), "user");
    expect(state).toEqual({
      plan: "full",
      effectivePlan: "full",
      status: "active",
      currentPeriodEnd: new Date((t + 30 * 86400) * 1000).toISOString(),
      isCanceled: true,
      previousSubscriptionPlan: "standard",
    });
    const invoices = await getDb()
      .selectFrom("subscriptionInvoices")
      .select(["providerId", "status"])
      .where("companyId", "=", companyId)
      .execute();
    expect(invoices).toEqual([{ providerId: "in_1", status: "paid" }]);
  });
});
