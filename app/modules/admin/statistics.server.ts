import { type Kysely, sql } from "kysely";
import { addMonths } from "~/modules/analytics/period";
import type { BillingConfig } from "~/utils/context.server";
import type { Database, Plan } from "~db/types";

/*
 * The back office's figures (/hatterscastle and /hatterscastle/statistics): customers by plan and
 * subscription status, monthly recurring revenue, sign-ups per week, churn, companies active in
 * the last 30 days, documents issued per month, and the payments that need attention.
 */

/** Subscriptions that are paid for (a canceled one counts until its period ends). */
const PAYING = ["active", "trialing", "past_due"] as const;
/** Payments an operator should look at: failed or waiting for 3-D Secure. */
const NEEDS_ATTENTION = ["past_due", "incomplete", "unpaid"] as const;

/** Subscriptions of customers: the operator's own company is left out of every figure. */
export function customerSubscriptions(db: Kysely<Database>) {
  return db
    .selectFrom("subscriptions")
    .innerJoin("companies", "companies.id", "subscriptions.companyId")
    .where("companies.isOperator", "=", false);
}

/** Users who are not of the operator's company (admins keep their books there). */
export const notOperatorUser = sql<boolean>`not exists (select 1 from companies c
  where c.id = users.company_id and c.is_operator)`;

/** The Monday (yyyy-mm-dd) of the ISO week of a day. */
function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

export async function adminStatistics(
  db: Kysely<Database>,
  prices: BillingConfig["prices"],
  today: string,
) {
  const firstMonday = (() => {
    const d = new Date(`${mondayOf(today)}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - 7 * 11);
    return d.toISOString().slice(0, 10);
  })();
  const firstMonth = addMonths(today.slice(0, 7), -11);
  const [plans, statuses, paying, signUps, active, churned, documents, attention] =
    await Promise.all([
      db
        .selectFrom("companies")
        .select(["subscriptionPlan as plan", sql<number>`count(*)`.as("count")])
        .where("isOperator", "=", false)
        .groupBy("subscriptionPlan")
        .execute(),
      customerSubscriptions(db)
        .select(["subscriptions.status", sql<number>`count(*)`.as("count")])
        .groupBy("subscriptions.status")
        .execute(),
      customerSubscriptions(db)
        .select(["subscriptions.plan", sql<number>`count(*)`.as("count")])
        .where("subscriptions.status", "in", PAYING)
        .where("subscriptions.plan", "in", ["standard", "full"])
        .groupBy("subscriptions.plan")
        .execute(),
      db
        .selectFrom("users")
        .select([
          sql<string>`to_char(date_trunc('week', (created_at at time zone 'Europe/Sofia')), 'YYYY-MM-DD')`.as(
            "week",
          ),
          sql<number>`count(*)`.as("count"),
        ])
        .where("role", "=", "user")
        .where(notOperatorUser)
        .where(sql<boolean>`(created_at at time zone 'Europe/Sofia')::date >= ${firstMonday}::date`)
        .groupBy(sql`1`)
        .execute(),
      db
        .selectFrom("sessions")
        .innerJoin("users", "users.id", "sessions.userId")
        .innerJoin("companies", "companies.id", "users.companyId")
        .select(sql<number>`count(distinct users.company_id)`.as("count"))
        .where("companies.isOperator", "=", false)
        // A view an admin opened as the customer is not the customer's activity.
        .where("sessions.impersonatorId", "is", null)
        .where("sessions.createdAt", ">=", sql<Date>`now() - interval '30 days'`)
        .executeTakeFirstOrThrow(),
      customerSubscriptions(db)
        .select(sql<number>`count(*)`.as("count"))
        .where((eb) =>
          eb.or([
            eb("subscriptions.isCanceled", "=", true),
            eb("subscriptions.status", "=", "canceled"),
          ]),
        )
        .where("subscriptions.updatedAt", ">=", sql<Date>`now() - interval '30 days'`)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom("documentMonthTotals")
        .innerJoin("companies", "companies.id", "documentMonthTotals.companyId")
        .select([
          sql<string>`to_char(document_month_totals.month, 'YYYY-MM')`.as("month"),
          sql<number>`sum(document_month_totals.count)`.as("count"),
        ])
        .where("companies.isOperator", "=", false)
        .where("documentMonthTotals.month", ">=", `${firstMonth}-01`)
        .groupBy("documentMonthTotals.month")
        .execute(),
      db
        .selectFrom("subscriptions")
        .innerJoin("companies", "companies.id", "subscriptions.companyId")
        .select([
          "companies.id as companyId",
          "companies.name",
          "companies.eik",
          "subscriptions.plan",
          "subscriptions.status",
          sql<boolean>`subscriptions.pending_action is not null`.as("awaitingAuthentication"),
          sql<string>`to_char(subscriptions.updated_at at time zone 'Europe/Sofia', 'YYYY-MM-DD')`.as(
            "since",
          ),
        ])
        .where("companies.isOperator", "=", false)
        .where((eb) =>
          eb.or([
            eb("subscriptions.status", "in", NEEDS_ATTENTION),
            eb("subscriptions.pendingAction", "is not", null),
          ]),
        )
        .orderBy("subscriptions.updatedAt")
        .limit(50)
        .execute(),
    ]);
  const byPlan = (["basic", "standard", "full"] as Plan[]).map((plan) => ({
    plan,
    count: Number(plans.find((r) => r.plan === plan)?.count ?? 0),
  }));
  const weeks: { week: string; count: number }[] = [];
  for (let i = 0; i < 12; i++) {
    const d = new Date(`${firstMonday}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 7 * i);
    const week = d.toISOString().slice(0, 10);
    weeks.push({ week, count: Number(signUps.find((r) => r.week === week)?.count ?? 0) });
  }
  const months: { month: string; count: number }[] = [];
  for (let i = 0; i < 12; i++) {
    const month = addMonths(firstMonth, i);
    months.push({ month, count: Number(documents.find((r) => r.month === month)?.count ?? 0) });
  }
  return {
    customers: byPlan.reduce((s, p) => s + p.count, 0),
    byPlan,
    byStatus: statuses
      .map((r) => ({ status: r.status, count: Number(r.count) }))
      .sort((a, b) => a.status.localeCompare(b.status)),
    mrrCents: paying.reduce(
      (s, r) => s + Number(r.count) * prices[r.plan as "standard" | "full"],
      0,
    ),
    signUps: weeks,
    activeCompanies: Number(active.count),
    churned30Days: Number(churned.count),
    documentsPerMonth: months,
    attention: attention.map((a) => ({
      ...a,
      awaitingThreeDSecure: Boolean(a.awaitingAuthentication),
    })),
  };
}
export type AdminStatistics = Awaited<ReturnType<typeof adminStatistics>>;
