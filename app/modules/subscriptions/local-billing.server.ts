import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { BillingConfig } from "~/utils/context.server";
import { AppError } from "~/utils/errors";
import { ownValue } from "~/utils/own-keys";
import type { Database, PaymentMethodSummary, Plan } from "~db/types";
import {
  applyBillingEvent,
  type BillingEvent,
  type BillingInvoiceObject,
  type BillingSubscriptionObject,
} from "./billing.server";
import { PLAN_NAMES, PLAN_RANK, pendingDowngradeTo } from "./plans";
import { CARD_MESSAGES, type CardInput, cardSchema } from "./schema";
import { getSubscription, type Subscription, writeSubscription } from "./state.server";

/*
 * The local billing provider: Stripe's flows in-process, for running and testing without an
 * account. Test cards as Stripe's: 4242 4242 4242 4242 pays; 4000 0027 6000 3184 asks for 3-D
 * Secure on every payment; 4000 0000 0000 0002 is declined. It makes Stripe-shaped events and
 * applies them through the same code as the webhook.
 */

export const TEST_CARDS = {
  "4242424242424242": { brand: "visa", threeDSecure: false, declined: false },
  "5555555555554444": { brand: "mastercard", threeDSecure: false, declined: false },
  "4000002760003184": { brand: "visa", threeDSecure: true, declined: false },
  "4000000000000002": { brand: "visa", threeDSecure: false, declined: true },
} as const;

type LocalCard = PaymentMethodSummary & { threeDSecure: boolean };

const now = () => Math.floor(Date.now() / 1000);
const eventId = () => `evt_local_${randomUUID()}`;

function addMonth(seconds: number) {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

function priceOf(billing: BillingConfig, plan: Plan) {
  return plan === "basic" ? 0 : billing.prices[plan];
}

function subscriptionObject(
  companyId: string,
  sub: Subscription,
  change: Partial<{
    plan: Plan;
    start: number | null;
    end: number | null;
    cancel: boolean;
    previous: Plan | null;
  }>,
): BillingSubscriptionObject {
  const plan = change.plan ?? sub.plan;
  const previous = change.previous !== undefined ? change.previous : sub.previousPlan;
  return {
    object: "subscription",
    id: sub.subscriptionId ?? `sub_local_${companyId}`,
    customer: sub.customerId ?? `cus_local_${companyId}`,
    status: "active",
    cancel_at_period_end: change.cancel ?? sub.isCanceled,
    current_period_start:
      change.start !== undefined
        ? change.start
        : sub.currentPeriodStart && Math.floor(sub.currentPeriodStart.getTime() / 1000),
    current_period_end:
      change.end !== undefined
        ? change.end
        : sub.currentPeriodEnd && Math.floor(sub.currentPeriodEnd.getTime() / 1000),
    metadata: { company_id: companyId, plan, ...(previous ? { previous_plan: previous } : {}) },
  };
}

function invoiceObject(
  companyId: string,
  plan: Plan,
  amount: number,
  status: BillingInvoiceObject["status"],
  period: { start: number; end: number },
  description: string,
  clientSecret?: string,
): BillingInvoiceObject {
  const id = `in_local_${randomUUID()}`;
  return {
    object: "invoice",
    id,
    customer: `cus_local_${companyId}`,
    number: `LOC-${id.slice(-8).toUpperCase()}`,
    status,
    amount_due: amount,
    amount_paid: status === "paid" ? amount : 0,
    currency: "eur",
    period_start: period.start,
    period_end: period.end,
    created: now(),
    description,
    metadata: {
      company_id: companyId,
      plan,
      ...(clientSecret ? { client_secret: clientSecret } : {}),
    },
  };
}

const event = (type: string, object: BillingEvent["data"]["object"]): BillingEvent => ({
  id: eventId(),
  type,
  created: now(),
  data: { object },
});

async function apply(db: Kysely<Database>, billing: BillingConfig, events: BillingEvent[]) {
  for (const e of events) await applyBillingEvent(db, billing, "local", e);
}

/** The local provider's card from a checked card form; only the test cards exist here. */
export function localCardOf(input: CardInput): LocalCard {
  const card = ownValue(TEST_CARDS, input.number);
  if (!card) throw new AppError(CARD_MESSAGES.unknown, 400, { number: CARD_MESSAGES.unknown });
  if (card.declined)
    throw new AppError(CARD_MESSAGES.declined, 402, { number: CARD_MESSAGES.declined });
  return {
    brand: card.brand,
    last4: input.number.slice(-4),
    expMonth: input.expiry.month,
    expYear: input.expiry.year,
    threeDSecure: card.threeDSecure,
  };
}

/** Checks a card typed into the local provider's form (tests and scripts). */
export function parseLocalCard(input: { number: string; expiry: string; cvc: string }): LocalCard {
  const parsed = cardSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError(issue.message, 400, { [String(issue.path[0])]: issue.message });
  }
  return localCardOf(parsed.data);
}

export async function saveLocalCard(db: Kysely<Database>, companyId: string, card: LocalCard) {
  await db
    .transaction()
    .execute((trx) => writeSubscription(trx, companyId, { paymentMethod: JSON.stringify(card) }));
}

export type ChangeResult =
  | { kind: "changed"; eventType: "upgrade" | "downgrade" }
  | { kind: "requires_action"; clientSecret: string };

/** What an upgrade charges today (issue #41, item 9: shown before the customer confirms). */
export interface UpgradeQuote {
  plan: Exclude<Plan, "basic">;
  /** Charged today, VAT included as in the plan's price: the prorated difference (or a month). */
  amountCents: number;
  currency: "EUR";
  /** A new monthly period starts today (from basic), or the current one goes on to its end. */
  fromBasic: boolean;
  /** The end of the period the amount pays for. */
  periodEnd: string;
}

export const PENDING_PAYMENT_MESSAGE = "Има плащане, което чака потвърждение (3-D Secure)";

/** The amounts and period of an upgrade to `plan` now. */
function upgradeFigures(billing: BillingConfig, sub: Subscription, plan: Plan) {
  const t = now();
  const periodEnd = sub.currentPeriodEnd ? Math.floor(sub.currentPeriodEnd.getTime() / 1000) : null;
  const fromBasic = sub.plan === "basic" || !periodEnd || periodEnd <= t;
  const start = fromBasic ? t : Math.floor((sub.currentPeriodStart?.getTime() ?? t * 1000) / 1000);
  const end = fromBasic ? addMonth(t) : (periodEnd as number);
  const fraction = fromBasic ? 1 : Math.max(0, (end - t) / Math.max(1, end - start));
  const amount = Math.round(
    (priceOf(billing, plan) - (fromBasic ? 0 : priceOf(billing, sub.plan))) * fraction,
  );
  return { start, end, amount, fromBasic };
}

/** What an upgrade to `plan` would charge today with the local provider. */
export async function localUpgradeQuote(
  db: Kysely<Database>,
  billing: BillingConfig,
  companyId: string,
  plan: Exclude<Plan, "basic">,
): Promise<UpgradeQuote> {
  const sub = await getSubscription(db, companyId);
  if (PLAN_RANK[plan] <= PLAN_RANK[sub.plan]) throw new AppError("Това не е по-висок план", 409);
  const { end, amount, fromBasic } = upgradeFigures(billing, sub, plan);
  return {
    plan,
    amountCents: amount,
    currency: "EUR",
    fromBasic,
    periodEnd: new Date(end * 1000).toISOString(),
  };
}

/**
 * Moves to a higher plan now, charging the difference for the rest of the period (a new period
 * from basic); a card with 3-D Secure leaves the payment waiting for the customer.
 */
export async function localUpgrade(
  db: Kysely<Database>,
  billing: BillingConfig,
  companyId: string,
  plan: Plan,
): Promise<ChangeResult> {
  const sub = await getSubscription(db, companyId);
  if (PLAN_RANK[plan] <= PLAN_RANK[sub.plan]) throw new AppError("Това не е по-висок план", 409);
  const card = sub.paymentMethod as LocalCard | null;
  if (!card) throw new AppError(CARD_MESSAGES.noCard, 402);
  if (sub.pendingAction) throw new AppError(PENDING_PAYMENT_MESSAGE, 409);
  const { start, end, amount, fromBasic } = upgradeFigures(billing, sub, plan);
  const description = fromBasic
    ? `План ${PLAN_NAMES[plan]} — месечен абонамент`
    : `Преминаване от ${PLAN_NAMES[sub.plan]} към ${PLAN_NAMES[plan]} до края на периода`;
  const upgraded = subscriptionObject(companyId, sub, {
    plan,
    start,
    end,
    cancel: false,
    previous: sub.plan,
  });
  if (card.threeDSecure) {
    const clientSecret = `pi_local_${randomUUID()}_secret_${randomBytes(12).toString("hex")}`;
    const invoice = invoiceObject(
      companyId,
      plan,
      amount,
      "open",
      { start, end },
      description,
      clientSecret,
    );
    await apply(db, billing, [event("invoice.payment_action_required", invoice)]);
    return { kind: "requires_action", clientSecret };
  }
  const invoice = invoiceObject(companyId, plan, amount, "paid", { start, end }, description);
  await apply(db, billing, [
    event("invoice.paid", invoice),
    event("customer.subscription.updated", upgraded),
  ]);
  return { kind: "changed", eventType: "upgrade" };
}

/** The customer's answer on the (local) bank's 3-D Secure page. */
export async function localConfirmPayment(
  db: Kysely<Database>,
  billing: BillingConfig,
  companyId: string,
  clientSecret: string,
  approved: boolean,
) {
  const sub = await getSubscription(db, companyId);
  const pending = sub.pendingAction;
  if (!pending || pending.clientSecret !== clientSecret) {
    throw new AppError("Няма плащане, което чака потвърждение", 404);
  }
  const invoice = await db
    .selectFrom("subscriptionInvoices")
    .selectAll()
    .where("companyId", "=", companyId)
    .where("providerId", "=", pending.invoiceId)
    .executeTakeFirstOrThrow();
  const start = Math.floor((invoice.periodStart?.getTime() ?? Date.now()) / 1000);
  const end = Math.floor((invoice.periodEnd?.getTime() ?? Date.now()) / 1000);
  const object: BillingInvoiceObject = {
    object: "invoice",
    id: invoice.providerId,
    customer: `cus_local_${companyId}`,
    number: invoice.number,
    status: approved ? "paid" : "open",
    amount_due: invoice.amountCents,
    amount_paid: approved ? invoice.amountCents : 0,
    currency: "eur",
    period_start: start,
    period_end: end,
    created: Math.floor(invoice.createdAt.getTime() / 1000),
    description: invoice.description,
    metadata: { company_id: companyId, plan: pending.plan },
  };
  if (!approved) {
    await apply(db, billing, [event("invoice.payment_failed", object)]);
    return false;
  }
  await apply(db, billing, [
    event("invoice.paid", object),
    event(
      "customer.subscription.updated",
      subscriptionObject(companyId, sub, {
        plan: pending.plan,
        start,
        end,
        cancel: false,
        previous: sub.plan,
      }),
    ),
  ]);
  return true;
}

/**
 * «Откажи надграждането» (issue #41, item 9): the payment waiting for 3-D Secure is cancelled
 * (its invoice voided, as Stripe voids one) and the subscription stays on its plan. Returns the
 * plan the upgrade was for; false when nothing was waiting.
 */
export async function localCancelPendingUpgrade(
  db: Kysely<Database>,
  billing: BillingConfig,
  companyId: string,
): Promise<Plan | false> {
  const sub = await getSubscription(db, companyId);
  const pending = sub.pendingAction;
  if (!pending) return false;
  const invoice = await db
    .selectFrom("subscriptionInvoices")
    .selectAll()
    .where("companyId", "=", companyId)
    .where("providerId", "=", pending.invoiceId)
    .executeTakeFirst();
  if (!invoice) {
    await db
      .transaction()
      .execute((trx) => writeSubscription(trx, companyId, { pendingAction: null }));
    return pending.plan;
  }
  await apply(db, billing, [
    event("invoice.voided", {
      object: "invoice",
      id: invoice.providerId,
      customer: `cus_local_${companyId}`,
      number: invoice.number,
      status: "void",
      amount_due: invoice.amountCents,
      amount_paid: 0,
      currency: invoice.currency.toLowerCase(),
      period_start: invoice.periodStart && Math.floor(invoice.periodStart.getTime() / 1000),
      period_end: invoice.periodEnd && Math.floor(invoice.periodEnd.getTime() / 1000),
      created: Math.floor(invoice.createdAt.getTime() / 1000),
      description: invoice.description,
      metadata: { company_id: companyId, plan: pending.plan },
    } satisfies BillingInvoiceObject),
  ]);
  return pending.plan;
}

/**
 * Schedules a move down at the end of the period: `to` a lower plan, or (cancel) the previous
 * plan from full, otherwise basic — the pending-downgrade rule of the spec.
 */
export async function localScheduleDowngrade(
  db: Kysely<Database>,
  billing: BillingConfig,
  companyId: string,
  to: Plan | "cancel",
) {
  const sub = await getSubscription(db, companyId);
  if (sub.plan === "basic") throw new AppError("Основният план няма какво да бъде отменено", 409);
  if (to !== "cancel" && PLAN_RANK[to] >= PLAN_RANK[sub.plan])
    throw new AppError("Това не е по-нисък план", 409);
  const previous = to === "cancel" ? (sub.plan === "full" ? sub.previousPlan : null) : to;
  await apply(db, billing, [
    event(
      "customer.subscription.updated",
      subscriptionObject(companyId, sub, { cancel: true, previous }),
    ),
  ]);
}

/** Keeps the current plan after all (undoes a scheduled downgrade). */
export async function localResume(db: Kysely<Database>, billing: BillingConfig, companyId: string) {
  const sub = await getSubscription(db, companyId);
  if (!sub.isCanceled) return;
  await apply(db, billing, [
    event("customer.subscription.updated", subscriptionObject(companyId, sub, { cancel: false })),
  ]);
}

/**
 * Periods that have ended: a scheduled downgrade takes effect (a new period unless basic), an
 * ongoing paid plan renews and is charged. Run by the server's sweep; `at` for tests.
 */
export async function localRenewDue(db: Kysely<Database>, billing: BillingConfig, at = new Date()) {
  const due = await db
    .selectFrom("subscriptions")
    .select("companyId")
    .where("provider", "=", "local")
    .where("plan", "<>", "basic")
    .where("currentPeriodEnd", "<=", at)
    .execute();
  for (const { companyId } of due) {
    const sub = await getSubscription(db, companyId);
    const start = Math.floor((sub.currentPeriodEnd as Date).getTime() / 1000);
    const target = pendingDowngradeTo(sub) ?? sub.plan;
    if (target === "basic") {
      await apply(db, billing, [
        event("customer.subscription.deleted", {
          ...subscriptionObject(companyId, sub, {}),
          status: "canceled",
        }),
      ]);
      continue;
    }
    const end = addMonth(start);
    const invoice = invoiceObject(
      companyId,
      target,
      priceOf(billing, target),
      "paid",
      { start, end },
      `План ${PLAN_NAMES[target]} — месечен абонамент`,
    );
    await apply(db, billing, [
      event("invoice.paid", invoice),
      event(
        "customer.subscription.updated",
        subscriptionObject(companyId, sub, {
          plan: target,
          start,
          end,
          cancel: false,
          previous: target === sub.plan ? sub.previousPlan : sub.plan,
        }),
      ),
    ]);
  }
  return due.length;
}
