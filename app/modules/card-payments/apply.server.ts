import type { Kysely } from "kysely";
import type Stripe from "stripe";
import { z } from "zod";
import { type Actor, recordCompanyAudit } from "~/modules/audit/trail.server";
import { bankFeesCategory } from "~/modules/expenses/categories.server";
import { expenseSchema } from "~/modules/expenses/schema";
import { createExpense, DuplicateExpenseError } from "~/modules/expenses/service.server";
import { recordPayment } from "~/modules/invoices/payments.server";
import { ecbRateOn } from "~/modules/reference/ecb-rates.server";
import { companyPlan, liveGrant } from "~/modules/subscriptions/company-plan.server";
import { PLAN_RANK } from "~/modules/subscriptions/plans";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { formatCents } from "~/utils/money";
import type { CardProvider, Database } from "~db/types";
import { LOCAL_SUPPLIER, STRIPE_SUPPLIER } from "./constants";

/*
 * Card payment events in Stripe's shape (checkout.session.*), applied the same way whether the
 * company's Stripe sent them to its webhook or the local provider made them (decision 071), as
 * billing events are (subscriptions/billing.server.ts): each event id once per company, stored in
 * the transaction that applies it; the session re-read from Stripe, so a late or repeated delivery
 * cannot undo a payment; a paid session becomes the document's payment (method card) once.
 */

/** A Checkout Session as it is now, with the fee Stripe took (when known). */
export interface CardSessionNow {
  id: string;
  status: "open" | "complete" | "expired";
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  amountTotal: number;
  currency: string;
  paymentIntentId: string | null;
  fee: { cents: number; currency: string } | null;
}

export interface CardEvent {
  id: string;
  type: string;
  created: number;
  data: { object: unknown };
}

const sessionSchema = z.object({
  object: z.literal("checkout.session"),
  id: z.string().regex(/^[A-Za-z0-9_]{1,255}$/),
  status: z.enum(["open", "complete", "expired"]).nullish(),
  payment_status: z.enum(["paid", "unpaid", "no_payment_required"]),
  amount_total: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .nullish(),
});

type BalanceTransaction = { fee?: number; currency?: string } | string | null | undefined;

/** The session's state from Stripe's object (retrieved with the charge's balance transaction). */
export function sessionNowOf(session: Stripe.Checkout.Session): CardSessionNow {
  const intent = session.payment_intent;
  const charge =
    intent &&
    typeof intent === "object" &&
    intent.latest_charge &&
    typeof intent.latest_charge === "object"
      ? intent.latest_charge
      : null;
  const balance = charge?.balance_transaction as BalanceTransaction;
  const fee =
    balance && typeof balance === "object" && typeof balance.fee === "number" && balance.currency
      ? { cents: balance.fee, currency: balance.currency.toUpperCase() }
      : null;
  return {
    id: session.id,
    status:
      session.status === "complete"
        ? "complete"
        : session.status === "expired"
          ? "expired"
          : "open",
    paymentStatus: session.payment_status === "paid" ? "paid" : "unpaid",
    amountTotal: session.amount_total ?? 0,
    currency: (session.currency ?? "").toUpperCase(),
    paymentIntentId: typeof intent === "string" ? intent : (intent?.id ?? null),
    fee,
  };
}

/** Reads a Checkout Session from the company's Stripe as it is now; null when Stripe has none. */
export async function stripeSessionNow(stripe: Stripe, id: string): Promise<CardSessionNow | null> {
  try {
    const session = await stripe.checkout.sessions.retrieve(id, {
      expand: ["payment_intent.latest_charge.balance_transaction"],
    });
    return sessionNowOf(session);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 404) return null;
    throw error;
  }
}

export type CardApplyResult = "applied" | "duplicate" | "ignored";

/** The client, as the company's audit trail names who paid. */
function clientActor(clientName: string): Actor {
  return {
    id: null,
    email: null,
    name: `${clientName} (портал за клиента)`.slice(0, 300),
    role: null,
    impersonatorEmail: null,
    ip: null,
  };
}

/**
 * Applies one event to the company's card payment. `reread` gives the session as the provider
 * has it now (Stripe); the local provider's events carry it whole (`local`).
 */
export async function applyCardEvent(
  db: Kysely<Database>,
  companyId: string,
  provider: CardProvider,
  event: CardEvent,
  now: (sessionId: string) => Promise<CardSessionNow | null>,
): Promise<CardApplyResult> {
  const object = sessionSchema.safeParse(event.data?.object);
  const session = object.success ? await now(object.data.id) : null;
  return applySession(db, companyId, provider, session, event);
}

/**
 * Applies a session as the provider has it now — for an event (stored once), or with no event
 * when the client comes back from Stripe Checkout before its webhook does (`event` null).
 */
export async function applySession(
  db: Kysely<Database>,
  companyId: string,
  provider: CardProvider,
  session: CardSessionNow | null,
  event: Pick<CardEvent, "id" | "type"> | null,
): Promise<CardApplyResult> {
  const result = await db.transaction().execute(async (trx) => {
    if (event) {
      const fresh = await trx
        .insertInto("cardEvents")
        .values({ companyId, id: event.id, type: event.type.slice(0, 255) })
        .onConflict((c) => c.columns(["companyId", "id"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!fresh) return { result: "duplicate" as const };
    }
    if (!session) return { result: "ignored" as const };
    const payment = await trx
      .selectFrom("cardPayments")
      .innerJoin("documents", (join) =>
        join
          .onRef("documents.id", "=", "cardPayments.documentId")
          .onRef("documents.companyId", "=", "cardPayments.companyId"),
      )
      .innerJoin("clients", (join) =>
        join
          .onRef("clients.id", "=", "documents.clientId")
          .onRef("clients.companyId", "=", "documents.companyId"),
      )
      .select([
        "cardPayments.id",
        "cardPayments.documentId",
        "cardPayments.status",
        "cardPayments.currency",
        "documents.number",
        "clients.name as clientName",
      ])
      .where("cardPayments.companyId", "=", companyId)
      .where("cardPayments.provider", "=", provider)
      .where("cardPayments.sessionId", "=", session.id)
      .forUpdate("cardPayments")
      .executeTakeFirst();
    if (!payment || payment.status === "paid") return { result: "ignored" as const };
    if (session.paymentStatus !== "paid") {
      const ended =
        session.status === "expired" || Boolean(event?.type.endsWith("async_payment_failed"));
      if (!ended) return { result: "ignored" as const };
      await trx
        .updateTable("cardPayments")
        .set({ status: session.status === "expired" ? "expired" : "failed" })
        .where("companyId", "=", companyId)
        .where("id", "=", payment.id)
        .execute();
      return { result: "applied" as const };
    }
    // Paid: the document's payment, once. What cannot be recorded (the document was paid by bank
    // meanwhile, its month locked) is kept as the card payment's problem for the company to see.
    let paymentId: string | null = null;
    let problem: string | null = null;
    if (session.currency !== payment.currency) {
      problem = `Платено в ${session.currency}, документът е в ${payment.currency}`;
    } else {
      try {
        paymentId = await recordPayment(trx, companyId, payment.documentId, {
          paidOn: todayInSofia(),
          amount: session.amountTotal,
          method: "card",
          note:
            provider === "stripe"
              ? `Карта през портала (Stripe ${session.paymentIntentId ?? session.id})`.slice(0, 200)
              : "Карта през портала (тестов доставчик)",
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        problem = error.message.slice(0, 500);
      }
    }
    await trx
      .updateTable("cardPayments")
      .set({
        status: "paid",
        paidAt: new Date(),
        paymentId,
        problem,
        feeCents: session.fee?.cents ?? null,
      })
      .where("companyId", "=", companyId)
      .where("id", "=", payment.id)
      .execute();
    await recordCompanyAudit(trx, {
      companyId,
      actor: clientActor(payment.clientName),
      action: "payment.add",
      target: { type: "document", id: payment.documentId, label: payment.number },
      details: {
        amount: formatCents(session.amountTotal),
        method: "card",
        ...(problem ? { problem } : {}),
      },
    });
    return { result: "applied" as const, paid: { id: payment.id, number: payment.number } };
  });
  if ("paid" in result && result.paid && session?.fee && session.fee.cents > 0) {
    await recordCardFee(db, companyId, provider, result.paid, session.fee).catch(
      (error: unknown) => {
        console.warn(
          `Card payment ${result.paid.id}: its fee was not recorded as an expense`,
          error,
        );
      },
    );
  }
  return result.result;
}

/** Whether the company keeps expenses (standard plan and up, or the operator's company). */
async function keepsExpenses(db: Kysely<Database>, companyId: string): Promise<boolean> {
  const company = await db
    .selectFrom("companies")
    .select(["subscriptionPlan", "isOperator"])
    .where("id", "=", companyId)
    .executeTakeFirst();
  if (!company) return false;
  if (company.isOperator) return true;
  const plan = companyPlan(company.subscriptionPlan, await liveGrant(db, companyId));
  return PLAN_RANK[plan] >= PLAN_RANK.standard;
}

/**
 * The provider's fee as an expense under «Банкови такси» (decisions 057, 065: posted to the books
 * by createExpense), once: the card payment's id is the document number, so a repeat is a
 * duplicate, never a second expense.
 */
async function recordCardFee(
  db: Kysely<Database>,
  companyId: string,
  provider: CardProvider,
  paid: { id: string; number: string | null },
  fee: { cents: number; currency: string },
): Promise<void> {
  if (!(await keepsExpenses(db, companyId))) return;
  const today = todayInSofia();
  // A fee in a currency other than the euro or the lev (the local provider's, in the document's
  // currency) is an expense at the ECB's rate of the day, as a typed expense's empty rate is.
  const rate = await ecbRateOn(db, fee.currency, today);
  const parsed = expenseSchema.safeParse({
    supplierName: provider === "stripe" ? STRIPE_SUPPLIER : LOCAL_SUPPLIER,
    documentType: "other",
    documentNumber: paid.id,
    documentDate: today,
    description: `Такса за плащане с карта по документ № ${paid.number ?? ""}`.trim(),
    categoryId: await bankFeesCategory(db, companyId),
    currency: fee.currency,
    ...(rate ? { eurRate: rate.eurRate } : {}),
    amounts: [{ vatRate: null, base: formatCents(fee.cents).replace(/\s/g, ""), vat: "0" }],
    vatCredit: "none",
    paid: true,
    paidOn: today,
    paymentMethod: "other",
  });
  if (!parsed.success) {
    console.warn(`Card payment ${paid.id}: fee in ${fee.currency} not recorded`);
    return;
  }
  try {
    const expenseId = await createExpense(db, companyId, null, parsed.data);
    await db
      .updateTable("cardPayments")
      .set({ feeExpenseId: expenseId })
      .where("companyId", "=", companyId)
      .where("id", "=", paid.id)
      .execute();
  } catch (error) {
    if (!(error instanceof DuplicateExpenseError)) throw error;
  }
}
