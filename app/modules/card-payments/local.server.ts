import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { LivePortalLink } from "~/modules/portal/links.server";
import { localCardOf } from "~/modules/subscriptions/local-billing.server";
import type { CardInput } from "~/modules/subscriptions/schema";
import { AppError } from "~/utils/errors";
import type { Database } from "~db/types";
import { applyCardEvent, type CardSessionNow } from "./apply.server";
import { portalCardPayment } from "./checkout.server";
import { CARD_PAYMENT_MESSAGES } from "./constants";

/*
 * The local card provider (decision 071): Stripe Checkout's flow in-process, for demos and tests
 * without Stripe — the same test cards as the subscription's local provider (4242 4242 4242 4242
 * pays, 4000 0027 6000 3184 asks for 3-D Secure, 4000 0000 0000 0002 is declined), and the same
 * Stripe-shaped event applied through the same code as the company's Stripe webhook.
 */

type Link = Pick<LivePortalLink, "companyId" | "clientId">;

/** Stripe's standard fee for EEA cards (1.5 % + €0.25), so a demo shows a fee as Stripe would. */
export const localFee = (cents: number) => Math.round(cents * 0.015) + 25;

/** The link's local card payment still to be paid (open or waiting for 3-D Secure), or undefined. */
export async function localCardPayment(db: Kysely<Database>, link: Link, id: string | undefined) {
  const payment = await portalCardPayment(db, link, id);
  if (payment?.provider !== "local") return undefined;
  return payment;
}

async function requireWaiting(
  db: Kysely<Database>,
  link: Link,
  id: string,
  status: "open" | "authenticating",
) {
  const payment = await localCardPayment(db, link, id);
  if (!payment) throw new AppError(CARD_PAYMENT_MESSAGES.notFound, 404);
  if (payment.status !== status) throw new AppError(CARD_PAYMENT_MESSAGES.notFound, 409);
  return payment;
}

async function complete(
  db: Kysely<Database>,
  link: Link,
  payment: { sessionId: string; amountCents: number; currency: string },
  paid: boolean,
) {
  const now: CardSessionNow = {
    id: payment.sessionId,
    status: paid ? "complete" : "expired",
    paymentStatus: paid ? "paid" : "unpaid",
    amountTotal: payment.amountCents,
    currency: payment.currency,
    paymentIntentId: null,
    fee: paid ? { cents: localFee(payment.amountCents), currency: payment.currency } : null,
  };
  await applyCardEvent(
    db,
    link.companyId,
    "local",
    {
      id: `evt_local_${randomUUID()}`,
      type: paid ? "checkout.session.completed" : "checkout.session.expired",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          object: "checkout.session",
          id: now.id,
          status: now.status,
          payment_status: now.paymentStatus,
          amount_total: now.amountTotal,
          currency: now.currency.toLowerCase(),
        },
      },
    },
    async () => now,
  );
}

/**
 * Pays with a test card: paid at once, or waiting for the bank's 3-D Secure confirmation. A
 * declined or unknown card is refused at its field (the payment stays open for another card).
 */
export async function payLocally(
  db: Kysely<Database>,
  link: Link,
  id: string,
  input: CardInput,
): Promise<"paid" | "authenticate"> {
  const payment = await requireWaiting(db, link, id, "open");
  const card = localCardOf(input);
  if (card.threeDSecure) {
    await db
      .updateTable("cardPayments")
      .set({ status: "authenticating" })
      .where("companyId", "=", link.companyId)
      .where("id", "=", payment.id)
      .where("status", "=", "open")
      .execute();
    return "authenticate";
  }
  await complete(db, link, payment, true);
  return "paid";
}

/** The local stand-in for the bank's 3-D Secure page: approved pays, refused fails. */
export async function confirmLocally(
  db: Kysely<Database>,
  link: Link,
  id: string,
  approved: boolean,
): Promise<"paid" | "failed"> {
  const payment = await requireWaiting(db, link, id, "authenticating");
  if (approved) {
    await complete(db, link, payment, true);
    return "paid";
  }
  await db
    .updateTable("cardPayments")
    .set({ status: "failed" })
    .where("companyId", "=", link.companyId)
    .where("id", "=", payment.id)
    .where("status", "=", "authenticating")
    .execute();
  return "failed";
}
