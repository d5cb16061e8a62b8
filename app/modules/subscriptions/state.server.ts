import type { Kysely, Transaction } from "kysely";
import type { Database, Plan, SubscriptionRow, SubscriptionStatus, UserRole } from "~db/types";
import { companyPlan, liveGrant } from "./company-plan.server";
import { publishUpdate, type SubscriptionUpdate } from "./events.server";
import { effectivePlan, PLAN_RANK, pendingDowngradeTo } from "./plans";

export type Subscription = Omit<SubscriptionRow, "updatedAt">;

/** The company's subscription; a company that never subscribed is on basic, active. */
export async function getSubscription(
  db: Kysely<Database>,
  companyId: string,
): Promise<Subscription> {
  const row = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("companyId", "=", companyId)
    .executeTakeFirst();
  if (row) return row;
  const [company, grant] = await Promise.all([
    db
      .selectFrom("companies")
      .select("subscriptionPlan")
      .where("id", "=", companyId)
      .executeTakeFirst(),
    liveGrant(db, companyId),
  ]);
  return {
    companyId,
    // Never paid: the company's plan (set directly, e.g. by a seed), unless a grant is what holds it.
    plan: grant ? "basic" : (company?.subscriptionPlan ?? "basic"),
    status: "active",
    currentPeriodStart: null,
    currentPeriodEnd: null,
    isCanceled: false,
    previousPlan: null,
    provider: "local",
    customerId: null,
    subscriptionId: null,
    paymentMethod: null,
    pendingAction: null,
    providerUpdatedAt: 0,
  };
}

const iso = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * GET /api/subscription/status's data (spec §7). `companyPlan` is what the gates read: above the
 * subscription's plan while an admin's grant holds it there.
 */
export function statusData(sub: Subscription, role: UserRole, companyPlan: Plan = sub.plan) {
  return {
    plan: sub.plan,
    effectivePlan: effectivePlan(role, companyPlan),
    status: sub.status,
    currentPeriodEnd: iso(sub.currentPeriodEnd),
    isCanceled: sub.isCanceled,
    previousSubscriptionPlan: sub.previousPlan,
  };
}

/** The derived pending downgrade, for pages. */
export function pendingDowngrade(sub: Subscription) {
  const to = pendingDowngradeTo(sub);
  return { hasPendingDowngrade: to !== null, pendingDowngradeTo: to };
}

export interface StateChange {
  plan?: Plan;
  status?: SubscriptionStatus;
  currentPeriodStart?: Date | null;
  currentPeriodEnd?: Date | null;
  isCanceled?: boolean;
  previousPlan?: Plan | null;
  provider?: "local" | "stripe";
  customerId?: string | null;
  subscriptionId?: string | null;
  paymentMethod?: string | null;
  pendingAction?: string | null;
  providerUpdatedAt?: number;
}

/**
 * Writes the company's subscription and its plan together, inside the caller's transaction, and
 * publishes a subscription_update when the plan, status, period or pending downgrade changed:
 * "upgrade" when the plan went up, "downgrade" when it went down or a downgrade was scheduled.
 */
export async function writeSubscription(
  trx: Transaction<Database>,
  companyId: string,
  change: StateChange,
) {
  const before = await getSubscription(trx, companyId);
  const after = { ...before, ...change } as Subscription;
  await trx
    .insertInto("subscriptions")
    .values({
      companyId,
      plan: after.plan,
      status: after.status,
      currentPeriodStart: after.currentPeriodStart,
      currentPeriodEnd: after.currentPeriodEnd,
      isCanceled: after.isCanceled,
      previousPlan: after.previousPlan,
      provider: after.provider,
      customerId: after.customerId,
      subscriptionId: after.subscriptionId,
      paymentMethod:
        change.paymentMethod !== undefined
          ? change.paymentMethod
          : before.paymentMethod && JSON.stringify(before.paymentMethod),
      pendingAction:
        change.pendingAction !== undefined
          ? change.pendingAction
          : before.pendingAction && JSON.stringify(before.pendingAction),
      providerUpdatedAt: after.providerUpdatedAt,
    })
    .onConflict((c) =>
      c.column("companyId").doUpdateSet((eb) => ({
        plan: eb.ref("excluded.plan"),
        status: eb.ref("excluded.status"),
        currentPeriodStart: eb.ref("excluded.currentPeriodStart"),
        currentPeriodEnd: eb.ref("excluded.currentPeriodEnd"),
        isCanceled: eb.ref("excluded.isCanceled"),
        previousPlan: eb.ref("excluded.previousPlan"),
        provider: eb.ref("excluded.provider"),
        customerId: eb.ref("excluded.customerId"),
        subscriptionId: eb.ref("excluded.subscriptionId"),
        paymentMethod: eb.ref("excluded.paymentMethod"),
        pendingAction: eb.ref("excluded.pendingAction"),
        providerUpdatedAt: eb.ref("excluded.providerUpdatedAt"),
        updatedAt: new Date(),
      })),
    )
    .execute();
  // An admin's grant (plan_grants) can hold the company above what it pays for.
  const grant = await liveGrant(trx, companyId);
  if (after.plan !== before.plan) {
    await trx
      .updateTable("companies")
      .set({ subscriptionPlan: companyPlan(after.plan, grant), updatedAt: new Date() })
      .where("id", "=", companyId)
      .execute();
  }
  // What the customer should hear about: the plan went up or down, a downgrade was scheduled or
  // withdrawn, or the status changed. A plain renewal (only the period moves) is not news.
  const up = PLAN_RANK[after.plan] > PLAN_RANK[before.plan];
  const down = PLAN_RANK[after.plan] < PLAN_RANK[before.plan];
  const scheduled = after.isCanceled && !before.isCanceled;
  const withdrawn = !after.isCanceled && before.isCanceled;
  const statusChanged = after.status !== before.status;
  if (!(up || down || scheduled || withdrawn || statusChanged)) return after;
  // "upgrade" when the plan went up (or a payment made the same plan active again), "downgrade"
  // when it went down or a downgrade was scheduled; withdrawing a scheduled downgrade is no
  // upgrade: the stream says the state changed, without an event type (and no toast).
  const eventType: SubscriptionUpdate["eventType"] = up
    ? "upgrade"
    : down || scheduled
      ? "downgrade"
      : withdrawn
        ? undefined
        : after.status === "active"
          ? "upgrade"
          : "downgrade";
  await publishUpdate(trx, companyId, {
    type: "subscription_update",
    ...(eventType ? { eventType } : {}),
    data: {
      plan: after.plan,
      effectivePlan: companyPlan(after.plan, grant),
      status: after.status,
      currentPeriodEnd: iso(after.currentPeriodEnd),
      previousPlan: after.previousPlan,
    },
  });
  return after;
}
