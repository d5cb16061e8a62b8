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
        .groupBy("subscriptionPlan")
        .execute(),
      db
        .selectFrom("subscriptions")
        .select(["status", sql<number>`count(*)`.as("count")])
        .groupBy("status")
        .execute(),
      db
        .selectFrom("subscriptions")
        .select(["plan", sql<number>`count(*)`.as("count")])
        .where("status", "in", PAYING)
        .where("plan", "in", ["standard", "full"])
        .groupBy("plan")
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
        .where(sql<boolean>`(created_at at time zone 'Europe/Sofia')::date >= ${firstMonday}::date`)
        .groupBy(sql`1`)
        .execute(),
      db
        .selectFrom("sessions")
        .innerJoin("users", "users.id", "sessions.userId")
        .select(sql<number>`count(distinct users.company_id)`.as("count"))
        .where("users.companyId", "is not", null)
        .where("sessions.createdAt", ">=", sql<Date>`now() - interval '30 days'`)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom("subscriptions")
        .select(sql<number>`count(*)`.as("count"))
        .where((eb) => eb.or([eb("isCanceled", "=", true), eb("status", "=", "canceled")]))
        .where("updatedAt", ">=", sql<Date>`now() - interval '30 days'`)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom("documentMonthTotals")
        .select([
          sql<string>`to_char(month, 'YYYY-MM')`.as("month"),
          sql<number>`sum(count)`.as("count"),
        ])
        .where("month", ">=", `${firstMonth}-01`)
        .groupBy("month")
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
          sql<boolean>`subscriptions.pending_action is not null`.as("awaitingThreeDSecure"),
          sql<string>`to_char(subscriptions.updated_at at time zone 'Europe/Sofia', 'YYYY-MM-DD')`.as(
            "since",
          ),
        ])
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
      awaitingThreeDSecure: Boolean(a.awaitingThreeDSecure),
    })),
  };
}
export type AdminStatistics = Awaited<ReturnType<typeof adminStatistics>>;
