import type { Kysely } from "kysely";
import type { BillingConfig } from "~/utils/context.server";
import type { Database, Plan, SubscriptionStatus } from "~db/types";
import { PLANS } from "./plans";
import { writeSubscription } from "./state.server";

/*
 * Billing events in Stripe's shape, applied the same way whether Stripe sent them to the webhook
 * or the local provider made them in-process: each event id once (stored in the same
 * transaction), stale deliveries ignored, subscription objects re-read from the provider when it
 * can be asked (Stripe), so order and repetition do not matter.
 */

export interface BillingSubscriptionObject {
  object: "subscription";
  id: string;
  customer: string;
  status: SubscriptionStatus;
  cancel_at_period_end: boolean;
  current_period_start?: number | null;
  current_period_end?: number | null;
  items?: {
    data: {
      price: { id: string };
      current_period_start?: number;
      current_period_end?: number;
    }[];
  };
  metadata: {
    company_id?: string;
    plan?: string;
    previous_plan?: string;
    /** A lower plan scheduled for the next period (Stripe subscription schedule). */
    pending_downgrade?: string;
  };
}

export interface BillingInvoiceObject {
  object: "invoice";
  id: string;
  customer: string;
  number: string | null;
  status: "draft" | "open" | "paid" | "void" | "uncollectible";
  amount_due: number;
  amount_paid: number;
  currency: string;
  hosted_invoice_url?: string | null;
  period_start?: number | null;
  period_end?: number | null;
  created: number;
  description?: string | null;
  metadata?: { company_id?: string; plan?: string; client_secret?: string } | null;
  lines?: {
    data: {
      price?: { id: string } | null;
      pricing?: { price_details?: { price?: string } } | null;
    }[];
  };
}

export interface BillingEvent {
  id: string;
  type: string;
  created: number;
  data: { object: BillingSubscriptionObject | BillingInvoiceObject | { object: string } };
}

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** The plan a subscription object is for: its metadata, or the configured Stripe price. */
export function planOf(object: BillingSubscriptionObject, billing: BillingConfig): Plan {
  const fromMeta = object.metadata?.plan;
  if (fromMeta && (PLANS as readonly string[]).includes(fromMeta)) return fromMeta as Plan;
  const price = object.items?.data[0]?.price.id;
  if (price && billing.stripe) {
    if (price === billing.stripe.priceIds.full) return "full";
    if (price === billing.stripe.priceIds.standard) return "standard";
  }
  return "basic";
}

async function companyFor(
  db: Kysely<Database>,
  object: { customer?: string; id: string; metadata?: { company_id?: string } | null },
) {
  if (object.metadata?.company_id) return object.metadata.company_id;
  const row = await db
    .selectFrom("subscriptions")
    .select("companyId")
    .where((eb) =>
      eb.or([
        ...(object.customer ? [eb("customerId", "=", object.customer)] : []),
        eb("subscriptionId", "=", object.id),
      ]),
    )
    .executeTakeFirst();
  return row?.companyId ?? null;
}

/** The paid plan an invoice is for, from its lines' prices (Stripe) — basic when none matches. */
function invoicePlan(invoice: BillingInvoiceObject, billing: BillingConfig): Plan {
  const prices = (invoice.lines?.data ?? []).map(
    (l) => l.price?.id ?? l.pricing?.price_details?.price,
  );
  if (billing.stripe && prices.includes(billing.stripe.priceIds.full)) return "full";
  if (billing.stripe && prices.includes(billing.stripe.priceIds.standard)) return "standard";
  return "basic";
}

export type ApplyResult = "applied" | "duplicate" | "ignored";

/** How to ask the provider for an object as it is now (Stripe); null when it does not exist. */
export interface Reread {
  subscription(id: string): Promise<BillingSubscriptionObject | null>;
  invoice(id: string): Promise<BillingInvoiceObject | null>;
}

/**
 * Applies one event. `reread` fetches the current subscription or invoice from the provider
 * (Stripe) so an old or repeated event can never move the state backwards; without it (the local
 * provider, whose events are made in order) an event older than the last one applied to the same
 * subscription or invoice is ignored.
 */
export async function applyBillingEvent(
  db: Kysely<Database>,
  billing: BillingConfig,
  provider: "local" | "stripe",
  event: BillingEvent,
  reread?: Reread,
): Promise<ApplyResult> {
  const object = event.data.object;
  let current = object.object === "subscription" ? (object as BillingSubscriptionObject) : null;
  if (current && reread) current = (await reread.subscription(current.id)) ?? current;
  let invoiceNow = object.object === "invoice" ? (object as BillingInvoiceObject) : null;
  if (invoiceNow && reread) invoiceNow = (await reread.invoice(invoiceNow.id)) ?? invoiceNow;
  const companyId = await companyFor(db, object as BillingInvoiceObject);

  return db.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto("billingEvents")
      .values({ id: event.id, provider, type: event.type, companyId })
      .onConflict((c) => c.column("id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!fresh) return "duplicate";
    if (!companyId) return "ignored";
    const sub = await trx
      .selectFrom("subscriptions")
      .select(["providerUpdatedAt", "pendingAction"])
      .where("companyId", "=", companyId)
      .forUpdate()
      .executeTakeFirst();
    const stamp = event.created * 1000;

    if (current && event.type.startsWith("customer.subscription.")) {
      if (!reread && sub && stamp < Number(sub.providerUpdatedAt)) return "ignored";
      const deleted =
        event.type === "customer.subscription.deleted" || current.status === "canceled";
      const item = current.items?.data[0];
      await writeSubscription(trx, companyId, {
        provider,
        customerId: current.customer,
        subscriptionId: deleted ? null : current.id,
        plan: deleted ? "basic" : planOf(current, billing),
        // A subscription that ended leaves the company on the free basic plan, active.
        status: deleted ? "active" : current.status,
        currentPeriodStart: deleted
          ? null
          : toDate(current.current_period_start ?? item?.current_period_start),
        currentPeriodEnd: deleted
          ? null
          : toDate(current.current_period_end ?? item?.current_period_end),
        isCanceled: deleted
          ? false
          : current.cancel_at_period_end || current.metadata?.pending_downgrade === "1",
        previousPlan: (current.metadata?.previous_plan as Plan | undefined) ?? null,
        providerUpdatedAt: Math.max(stamp, Number(sub?.providerUpdatedAt ?? 0)),
      });
      return "applied";
    }

    if (invoiceNow) {
      const invoice = invoiceNow;
      const known = await trx
        .selectFrom("subscriptionInvoices")
        .select("providerUpdatedAt")
        .where("providerId", "=", invoice.id)
        .forUpdate()
        .executeTakeFirst();
      // Without a re-read, an event older than the last one applied to this invoice is stale
      // (e.g. payment_action_required delivered after invoice.paid).
      if (!reread && known && stamp < Number(known.providerUpdatedAt)) return "ignored";
      await trx
        .insertInto("subscriptionInvoices")
        .values({
          companyId,
          providerId: invoice.id,
          number: invoice.number,
          plan: (invoice.metadata?.plan as Plan | undefined) ?? null,
          amountCents: invoice.status === "paid" ? invoice.amount_paid : invoice.amount_due,
          currency: invoice.currency.toUpperCase(),
          status: invoice.status,
          description: invoice.description ?? null,
          periodStart: toDate(invoice.period_start),
          periodEnd: toDate(invoice.period_end),
          hostedUrl: invoice.hosted_invoice_url ?? null,
          providerUpdatedAt: Math.max(stamp, Number(known?.providerUpdatedAt ?? 0)),
          createdAt: new Date(invoice.created * 1000),
        })
        .onConflict((c) =>
          c.column("providerId").doUpdateSet((eb) => ({
            status: eb.ref("excluded.status"),
            amountCents: eb.ref("excluded.amountCents"),
            number: eb.ref("excluded.number"),
            hostedUrl: eb.ref("excluded.hostedUrl"),
            providerUpdatedAt: eb.ref("excluded.providerUpdatedAt"),
          })),
        )
        .execute();
      const pending = sub?.pendingAction;
      const settled = invoice.status !== "open" && invoice.status !== "draft";
      if (settled && pending?.invoiceId === invoice.id) {
        await writeSubscription(trx, companyId, { pendingAction: null });
      }
      // A payment waits for 3-D Secure only while its invoice is still open.
      if (event.type === "invoice.payment_action_required" && invoice.status === "open") {
        // The local provider names its payment; Stripe's customer authenticates on the invoice page.
        const local = invoice.metadata?.client_secret;
        await writeSubscription(trx, companyId, {
          pendingAction: JSON.stringify({
            clientSecret: local ?? `invoice:${invoice.id}`,
            url: local ? null : (invoice.hosted_invoice_url ?? null),
            plan: invoice.metadata?.plan ?? invoicePlan(invoice, billing),
            invoiceId: invoice.id,
            createdAt: new Date(stamp).toISOString(),
          }),
        });
      }
      return "applied";
    }
    return "ignored";
  });
}
