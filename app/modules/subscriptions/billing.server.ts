import type { Kysely } from "kysely";
import { z } from "zod";
import type { BillingConfig } from "~/utils/context.server";
import { isUuid } from "~/utils/uuid";
import type { Database, Plan, SubscriptionStatus } from "~db/types";
import { PLANS } from "./plans";
import { writeSubscription } from "./state.server";
import { issueOperatorInvoice } from "./tax-invoices.server";

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

/*
 * What an event's object must look like before anything is read or written with it: a signed
 * event can still carry a company id that is not one, a status or plan this app does not know,
 * or an invoice without a currency; such an event is acknowledged and ignored (logged), since
 * answering 500 would have Stripe deliver it again for days.
 */
const providerId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,255}$/)
  .max(255);
const seconds = z.number().int().min(0).max(1e11);
const metaText = z.string().max(500);
const SUBSCRIPTION_STATUSES = [
  "active",
  "trialing",
  "past_due",
  "incomplete",
  "incomplete_expired",
  "unpaid",
  "canceled",
] as const satisfies readonly SubscriptionStatus[];

const subscriptionSchema = z.object({
  object: z.literal("subscription"),
  id: providerId,
  customer: providerId,
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancel_at_period_end: z.boolean(),
  current_period_start: seconds.nullish(),
  current_period_end: seconds.nullish(),
  items: z
    .object({
      data: z.array(
        z.object({
          price: z.object({ id: z.string().max(255) }),
          current_period_start: seconds.optional(),
          current_period_end: seconds.optional(),
        }),
      ),
    })
    .optional(),
  metadata: z
    .object({
      company_id: metaText.optional(),
      plan: metaText.optional(),
      // A plan name this app does not know is no previous plan (the column allows only these).
      previous_plan: z.enum(PLANS).optional().catch(undefined),
      pending_downgrade: metaText.optional(),
    })
    .nullish()
    .transform((metadata) => metadata ?? {}),
}) satisfies z.ZodType<BillingSubscriptionObject, z.ZodTypeDef, unknown>;

const invoiceSchema = z.object({
  object: z.literal("invoice"),
  id: providerId,
  customer: providerId.nullish().transform((c) => c ?? ""),
  number: z.string().max(255).nullable(),
  status: z.enum(["draft", "open", "paid", "void", "uncollectible"]),
  amount_due: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  amount_paid: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  currency: z.string().regex(/^[A-Za-z]{3}$/),
  hosted_invoice_url: z.string().max(2000).nullish(),
  period_start: seconds.nullish(),
  period_end: seconds.nullish(),
  created: seconds,
  description: z.string().max(5000).nullish(),
  metadata: z
    .object({
      company_id: metaText.optional(),
      plan: z.enum(PLANS).optional().catch(undefined),
      client_secret: metaText.optional(),
    })
    .nullish(),
  // Only read for the plan of a payment waiting for 3-D Secure: a shape it cannot read is no plan.
  lines: z
    .object({
      data: z.array(
        z.object({
          price: z.object({ id: z.string() }).nullish(),
          pricing: z
            .object({ price_details: z.object({ price: z.string().optional() }).optional() })
            .nullish(),
        }),
      ),
    })
    .optional()
    .catch(undefined),
}) satisfies z.ZodType<BillingInvoiceObject, z.ZodTypeDef, unknown>;

/** The parsed object, or null (logged) when it is not what the event's kind needs. */
function parsed<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, value: unknown, eventId: string) {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const where = result.error.issues.map((i) => i.path.join(".") || "(object)").join(", ");
  console.warn(`Billing event ${eventId}: its object cannot be used (${where})`);
  return null;
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

/**
 * The company an object is for: its metadata's company id when that names an existing company
 * (a malformed or unknown one names none), else the subscription with its customer or id.
 */
async function companyFor(db: Kysely<Database>, object: unknown): Promise<string | null> {
  const { id, customer, metadata } = (object ?? {}) as Record<string, unknown>;
  const claimed = (metadata as Record<string, unknown> | null | undefined)?.company_id;
  if (claimed !== undefined && claimed !== null && claimed !== "") {
    if (typeof claimed !== "string" || !isUuid(claimed)) return null;
    const company = await db
      .selectFrom("companies")
      .select("id")
      .where("id", "=", claimed)
      .executeTakeFirst();
    return company?.id ?? null;
  }
  const keys = [customer, id].filter((key): key is string => providerId.safeParse(key).success);
  if (keys.length === 0) return null;
  const row = await db
    .selectFrom("subscriptions")
    .select("companyId")
    .where((eb) =>
      eb.or([
        ...(typeof customer === "string" && keys.includes(customer)
          ? [eb("customerId", "=", customer)]
          : []),
        ...(typeof id === "string" && keys.includes(id) ? [eb("subscriptionId", "=", id)] : []),
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
  const object: unknown = (event.data as { object?: unknown } | undefined)?.object;
  const kind =
    object && typeof object === "object" ? (object as { object?: unknown }).object : undefined;
  let current = kind === "subscription" ? parsed(subscriptionSchema, object, event.id) : null;
  if (current && reread) {
    const now = await reread.subscription(current.id);
    current = now ? parsed(subscriptionSchema, now, event.id) : current;
  }
  let invoiceNow = kind === "invoice" ? parsed(invoiceSchema, object, event.id) : null;
  if (invoiceNow && reread) {
    const now = await reread.invoice(invoiceNow.id);
    invoiceNow = now ? parsed(invoiceSchema, now, event.id) : invoiceNow;
  }
  const unusable = (kind === "subscription" && !current) || (kind === "invoice" && !invoiceNow);
  const companyId = unusable ? null : await companyFor(db, object);

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
        previousPlan: current.metadata.previous_plan ?? null,
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
          plan: invoice.metadata?.plan ?? null,
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
      // A payment made is the operator's tax invoice from now on (issue #31 item 3).
      if (invoice.status === "paid") await issueOperatorInvoice(trx, invoice.id, new Date(stamp));
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
