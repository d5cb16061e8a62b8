import type { AppLoadContext } from "@remix-run/node";
import { AppError } from "~/utils/errors";
import type { Plan } from "~db/types";
import { applyBillingEvent, type BillingInvoiceObject } from "./billing.server";
import type { UpgradeQuote } from "./local-billing.server";
import { PLAN_RANK } from "./plans";
import { getSubscription } from "./state.server";
import { stripeClient } from "./stripe.server";

/*
 * The Stripe provider. Card details never reach this server: a first subscription goes through
 * Stripe Checkout, card changes through the Billing Portal, and payments that need 3-D Secure
 * through Stripe's hosted invoice page. Every resulting change comes back as a webhook event and
 * is applied by billing.server.ts — this module only asks Stripe to act.
 */

type Next = { redirect: string } | { done: true };

function setup(context: AppLoadContext) {
  const config = context.config.billing.stripe;
  if (!config) throw new Error("Stripe is not configured");
  return { stripe: stripeClient(config), priceIds: config.priceIds, appUrl: context.config.appUrl };
}

/**
 * A higher plan: Checkout for a first subscription (Stripe takes the card and any 3-D Secure),
 * otherwise the subscription's price is swapped with proration invoiced now; when that payment
 * needs authentication the customer is sent to the invoice's page to complete it.
 */
export async function stripeUpgrade(
  context: AppLoadContext,
  companyId: string,
  email: string,
  plan: Exclude<Plan, "basic">,
): Promise<Next> {
  const { stripe, priceIds, appUrl } = setup(context);
  const sub = await getSubscription(context.db, companyId);
  if (PLAN_RANK[plan] <= PLAN_RANK[sub.plan]) throw new AppError("Това не е по-висок план", 409);
  const metadata = { company_id: companyId, plan, previous_plan: sub.plan };
  if (!sub.subscriptionId) {
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: priceIds[plan], quantity: 1 }],
      client_reference_id: companyId,
      ...(sub.customerId ? { customer: sub.customerId } : { customer_email: email }),
      subscription_data: { metadata },
      metadata,
      success_url: `${appUrl}/subscription-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appUrl}/settings/subscription`,
    });
    if (!session.url) throw new AppError("Stripe не върна страница за плащане", 502);
    return { redirect: session.url };
  }
  const current = await stripe.subscriptions.retrieve(sub.subscriptionId);
  const item = current.items.data[0];
  if (!item) throw new AppError("Абонаментът няма позиция за смяна", 409);
  const updated = await stripe.subscriptions.update(sub.subscriptionId, {
    items: [{ id: item.id, price: priceIds[plan] }],
    proration_behavior: "always_invoice",
    payment_behavior: "pending_if_incomplete",
    cancel_at_period_end: false,
    metadata,
    expand: ["latest_invoice"],
  });
  const invoice = updated.latest_invoice;
  if (
    invoice &&
    typeof invoice !== "string" &&
    invoice.status === "open" &&
    invoice.hosted_invoice_url
  ) {
    return { redirect: invoice.hosted_invoice_url };
  }
  return { done: true };
}

/**
 * What an upgrade would charge today (issue #41, item 9): a first subscription a month of the
 * plan (Checkout), otherwise Stripe's own preview of the proration invoiced now.
 */
export async function stripeUpgradeQuote(
  context: AppLoadContext,
  companyId: string,
  plan: Exclude<Plan, "basic">,
): Promise<UpgradeQuote> {
  const { stripe, priceIds } = setup(context);
  const sub = await getSubscription(context.db, companyId);
  if (PLAN_RANK[plan] <= PLAN_RANK[sub.plan]) throw new AppError("Това не е по-висок план", 409);
  if (!sub.subscriptionId) {
    const end = new Date();
    end.setUTCMonth(end.getUTCMonth() + 1);
    return {
      plan,
      amountCents: context.config.billing.prices[plan],
      currency: "EUR",
      fromBasic: true,
      periodEnd: end.toISOString(),
    };
  }
  const current = await stripe.subscriptions.retrieve(sub.subscriptionId);
  const item = current.items.data[0];
  if (!item) throw new AppError("Абонаментът няма позиция за смяна", 409);
  const preview = await stripe.invoices.createPreview({
    ...(sub.customerId ? { customer: sub.customerId } : {}),
    subscription: sub.subscriptionId,
    subscription_details: {
      items: [{ id: item.id, price: priceIds[plan] }],
      proration_behavior: "always_invoice",
    },
  });
  const periodEnd = item.current_period_end ?? preview.period_end;
  return {
    plan,
    amountCents: preview.amount_due,
    currency: "EUR",
    fromBasic: false,
    periodEnd: new Date(periodEnd * 1000).toISOString(),
  };
}

/**
 * «Откажи надграждането» (issue #41, item 9): the proration invoice waiting for 3-D Secure is
 * voided, which discards the subscription's pending update (it stays on its price), and applied
 * at once so the banner goes without waiting for the webhook (which then changes nothing).
 */
export async function stripeCancelPendingUpgrade(
  context: AppLoadContext,
  companyId: string,
): Promise<Plan | false> {
  const { stripe } = setup(context);
  const sub = await getSubscription(context.db, companyId);
  const pending = sub.pendingAction;
  if (!pending) return false;
  // Only an upgrade's proration may be given up: a renewal waiting for 3-D Secure voided would
  // be a period never paid for (Stripe does not collect a voided invoice again).
  const waiting = await stripe.invoices.retrieve(pending.invoiceId);
  if (waiting.billing_reason !== "subscription_update") {
    throw new AppError(
      "Това плащане е за подновяване на абонамента, не за надграждане: потвърдете го или сменете картата",
      409,
    );
  }
  let voided: Awaited<ReturnType<typeof stripe.invoices.voidInvoice>>;
  try {
    voided = await stripe.invoices.voidInvoice(pending.invoiceId);
  } catch (error) {
    // Paid or voided meanwhile: Stripe refuses, and its webhook brings what happened.
    if ((error as { type?: string }).type === "StripeInvalidRequestError") {
      throw new AppError("Плащането вече не може да бъде отказано: обновете страницата", 409);
    }
    throw error;
  }
  await applyBillingEvent(context.db, context.config.billing, "stripe", {
    id: `evt_smetka_void_${voided.id}`,
    type: "invoice.voided",
    created: Math.floor(Date.now() / 1000),
    data: { object: voided as unknown as BillingInvoiceObject },
  });
  return pending.plan;
}

/**
 * A lower plan or a cancellation at the end of the period. Cancel: cancel_at_period_end (the
 * company falls back to basic); a lower paid plan: the subscription schedule's next phase.
 */
export async function stripeScheduleDowngrade(
  context: AppLoadContext,
  companyId: string,
  to: Plan | "cancel",
): Promise<Next> {
  const { stripe, priceIds } = setup(context);
  const sub = await getSubscription(context.db, companyId);
  if (!sub.subscriptionId) throw new AppError("Нямате платен абонамент", 409);
  const target = to === "cancel" ? "basic" : to;
  if (target === "basic") {
    await stripe.subscriptions.update(sub.subscriptionId, {
      cancel_at_period_end: true,
      metadata: { company_id: companyId, plan: sub.plan, previous_plan: "basic" },
    });
    return { done: true };
  }
  if (PLAN_RANK[target] >= PLAN_RANK[sub.plan]) throw new AppError("Това не е по-нисък план", 409);
  const current = await stripe.subscriptions.retrieve(sub.subscriptionId);
  const item = current.items.data[0];
  const schedule = await stripe.subscriptionSchedules.create({
    from_subscription: sub.subscriptionId,
  });
  await stripe.subscriptionSchedules.update(schedule.id, {
    end_behavior: "release",
    phases: [
      {
        items: [
          { price: item?.price.id ?? priceIds[sub.plan as "standard" | "full"], quantity: 1 },
        ],
        start_date: schedule.phases[0]?.start_date,
        end_date: item?.current_period_end,
        metadata: { company_id: companyId, plan: sub.plan, previous_plan: target },
      },
      {
        items: [{ price: priceIds[target], quantity: 1 }],
        metadata: { company_id: companyId, plan: target },
      },
    ],
  });
  // Marked as a pending downgrade until the phase changes (Stripe then sends the new price).
  await stripe.subscriptions.update(sub.subscriptionId, {
    metadata: {
      company_id: companyId,
      plan: sub.plan,
      previous_plan: target,
      pending_downgrade: "1",
    },
  });
  return { done: true };
}

/** Keeps the current plan: no cancellation at period end. */
export async function stripeResume(context: AppLoadContext, companyId: string): Promise<Next> {
  const { stripe } = setup(context);
  const sub = await getSubscription(context.db, companyId);
  if (!sub.subscriptionId) return { done: true };
  await stripe.subscriptions.update(sub.subscriptionId, { cancel_at_period_end: false });
  return { done: true };
}

/** Card changes (with any 3-D Secure) on Stripe's Billing Portal. */
export async function stripePaymentMethodPortal(
  context: AppLoadContext,
  companyId: string,
): Promise<Next> {
  const { stripe, appUrl } = setup(context);
  const sub = await getSubscription(context.db, companyId);
  if (!sub.customerId)
    throw new AppError("Картата се добавя при първото плащане на абонамент", 409);
  const session = await stripe.billingPortal.sessions.create({
    customer: sub.customerId,
    return_url: `${appUrl}/settings/subscription?tab=payment`,
  });
  return { redirect: session.url };
}
