import type { AppLoadContext } from "@remix-run/node";
import { AppError } from "~/utils/errors";
import type { Plan } from "~db/types";
import {
  localCancelPendingUpgrade,
  localCardOf,
  localResume,
  localScheduleDowngrade,
  localUpgrade,
  localUpgradeQuote,
  saveLocalCard,
  type UpgradeQuote,
} from "./local-billing.server";
import type { CardInput } from "./schema";
import {
  stripeCancelPendingUpgrade,
  stripePaymentMethodPortal,
  stripeResume,
  stripeScheduleDowngrade,
  stripeUpgrade,
  stripeUpgradeQuote,
} from "./stripe-billing.server";

/*
 * Billing, one facade for the pages: upgrade, schedule a downgrade (or cancel), resume, change the
 * card. It hides which provider runs — the local one (no keys) or Stripe — behind one answer:
 * what happened, or where the customer must go next (Stripe's pages, the 3-D Secure step).
 */

export type BillingStep =
  /** The plan changed now (local provider). */
  | { kind: "upgraded"; plan: Plan }
  /** A lower plan (or basic, for "cancel") from the end of the period. */
  | { kind: "scheduled"; to: Plan | "cancel" }
  | { kind: "resumed" }
  | { kind: "card-saved" }
  /** Continue elsewhere: Stripe Checkout, its Billing Portal or invoice page, or 3-D Secure. */
  | { kind: "redirect"; to: string }
  /** Stripe took the request; its webhook brings the change in a few seconds. */
  | { kind: "accepted" }
  /** The payment waiting for 3-D Secure was cancelled; the plan stays as it was. */
  | { kind: "upgrade-cancelled"; plan: Plan };

const provider = (context: AppLoadContext) => (context.config.billing.stripe ? "stripe" : "local");

/** Moves to a higher plan (paid now, prorated); may need 3-D Secure or Stripe's Checkout. */
export async function upgrade(
  context: AppLoadContext,
  user: { companyId: string; email: string },
  plan: Plan,
): Promise<BillingStep> {
  if (plan === "basic") throw new AppError("Това не е по-висок план", 409);
  if (provider(context) === "stripe") {
    const next = await stripeUpgrade(context, user.companyId, user.email, plan);
    return "redirect" in next ? { kind: "redirect", to: next.redirect } : { kind: "accepted" };
  }
  const result = await localUpgrade(context.db, context.config.billing, user.companyId, plan);
  if (result.kind === "requires_action") {
    return {
      kind: "redirect",
      to: `/settings/subscription/confirm?secret=${encodeURIComponent(result.clientSecret)}`,
    };
  }
  return { kind: "upgraded", plan };
}

export type { UpgradeQuote };

/** What an upgrade to `plan` charges today, for the customer to confirm before paying. */
export function upgradeQuote(
  context: AppLoadContext,
  companyId: string,
  plan: Exclude<Plan, "basic">,
): Promise<UpgradeQuote> {
  return provider(context) === "stripe"
    ? stripeUpgradeQuote(context, companyId, plan)
    : localUpgradeQuote(context.db, context.config.billing, companyId, plan);
}

/** «Откажи надграждането»: the payment waiting for 3-D Secure is cancelled, the plan stays. */
export async function cancelPendingUpgrade(
  context: AppLoadContext,
  companyId: string,
): Promise<BillingStep> {
  const plan =
    provider(context) === "stripe"
      ? await stripeCancelPendingUpgrade(context, companyId)
      : await localCancelPendingUpgrade(context.db, context.config.billing, companyId);
  if (!plan) throw new AppError("Няма надграждане, което чака плащане", 409);
  return { kind: "upgrade-cancelled", plan };
}

/** A lower plan, or the end of the paid plan ("cancel"), from the end of the period. */
export async function scheduleDowngrade(
  context: AppLoadContext,
  companyId: string,
  to: Plan | "cancel",
): Promise<BillingStep> {
  if (provider(context) === "stripe") {
    const next = await stripeScheduleDowngrade(context, companyId, to);
    return "redirect" in next ? { kind: "redirect", to: next.redirect } : { kind: "accepted" };
  }
  await localScheduleDowngrade(context.db, context.config.billing, companyId, to);
  return { kind: "scheduled", to };
}

/** Keeps the current plan: withdraws a scheduled downgrade. */
export async function resume(context: AppLoadContext, companyId: string): Promise<BillingStep> {
  if (provider(context) === "stripe") {
    const next = await stripeResume(context, companyId);
    return "redirect" in next ? { kind: "redirect", to: next.redirect } : { kind: "accepted" };
  }
  await localResume(context.db, context.config.billing, companyId);
  return { kind: "resumed" };
}

/**
 * Adds or changes the card: the local provider takes the checked card form; with Stripe the card
 * is typed on Stripe's Billing Portal (card null).
 */
export async function changeCard(
  context: AppLoadContext,
  companyId: string,
  card: CardInput | null,
): Promise<BillingStep> {
  if (provider(context) === "stripe") {
    const next = await stripePaymentMethodPortal(context, companyId);
    return "redirect" in next ? { kind: "redirect", to: next.redirect } : { kind: "accepted" };
  }
  if (!card) throw new AppError("Въведете картата", 400);
  await saveLocalCard(context.db, companyId, localCardOf(card));
  return { kind: "card-saved" };
}
