import { type Kysely, sql } from "kysely";
import { monthsBetween, type Period, shortMonth } from "~/modules/analytics/period";
import type { AnalyticsTable } from "~/modules/analytics/tables";
import { DOCUMENT_TYPES, type DocumentTypeKey } from "~/modules/invoices/schema";
import { PLAN_NAMES } from "~/modules/subscriptions/plans";
import type { Database } from "~db/types";

/*
 * /hatterscastle/statistics (issue #14, part 2): the service's figures month by month over a
 * period — sign-ups, paying customers per plan at each month's end, subscription revenue, churn,
 * documents issued by type, expenses entered and active companies. The operator's own company is
 * left out of every figure. Months are Sofia's calendar months.
 */

const SOFIA = "Europe/Sofia";
const PAID_PLANS = ["standard", "full"] as const;
const DOC_TYPES = Object.keys(DOCUMENT_TYPES) as DocumentTypeKey[];

type Counted = { month: string; count: number | string | bigint };

/** A count per month of the period, zero where the query found none. */
function perMonth(months: string[], rows: Counted[], pick?: (row: Counted) => boolean): number[] {
  return months.map((month) =>
    rows
      .filter((row) => row.month === month && (!pick || pick(row)))
      .reduce((sum, row) => sum + Number(row.count), 0),
  );
}

/** yyyy-MM of a timestamp column in Sofia's time. */
const sofiaMonth = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone ${SOFIA}, 'YYYY-MM')`;

export async function monthlyStatistics(db: Kysely<Database>, period: Period) {
  const months = monthsBetween(period.from, period.to);
  // The period's first instant and the instant after its last, in Sofia's time.
  const start = sql<Date>`(${`${period.from}-01`}::date)::timestamp at time zone ${SOFIA}`;
  const end = sql<Date>`((${`${period.to}-01`}::date + interval '1 month')::timestamp) at time zone ${SOFIA}`;
  const notOperator = (column: string) =>
    sql<boolean>`not exists (select 1 from companies c where c.id = ${sql.ref(column)} and c.is_operator)`;

  const [signUps, paying, revenue, churn, documents, expenses, active] = await Promise.all([
    db
      .selectFrom("users")
      .select([sofiaMonth("users.created_at").as("month"), sql<number>`count(*)`.as("count")])
      .where("users.role", "=", "user")
      .where(notOperator("users.company_id"))
      .where("users.createdAt", ">=", start)
      .where("users.createdAt", "<", end)
      .groupBy(sql`1`)
      .execute(),
    // A company pays for a plan at a month's end when a paid invoice's period covers that moment.
    sql<Counted & { plan: string }>`
      with month_ends as (
        select to_char(m, 'YYYY-MM') as month,
          ((m + interval '1 month')::timestamp at time zone ${SOFIA}) as at
        from generate_series(${`${period.from}-01`}::timestamp, ${`${period.to}-01`}::timestamp,
          interval '1 month') as m
      ), covering as (
        select distinct on (e.month, i.company_id) e.month, i.plan
        from month_ends e
        join subscription_invoices i on i.status = 'paid'
          and i.plan in ('standard', 'full')
          and coalesce(i.period_start, i.created_at) < e.at
          and coalesce(i.period_end, i.created_at + interval '1 month') >= e.at
        join companies c on c.id = i.company_id and not c.is_operator
        order by e.month, i.company_id, coalesce(i.period_start, i.created_at) desc
      )
      select month, plan, count(*) as count from covering group by month, plan`.execute(db),
    db
      .selectFrom("subscriptionInvoices")
      .select([
        sofiaMonth("subscription_invoices.created_at").as("month"),
        sql<number>`sum(amount_cents)`.as("count"),
      ])
      .where("status", "=", "paid")
      .where(notOperator("subscription_invoices.company_id"))
      .where("createdAt", ">=", start)
      .where("createdAt", "<", end)
      .groupBy(sql`1`)
      .execute(),
    // A subscription that ended (the company went back to the free plan) is one churned customer.
    db
      .selectFrom("billingEvents")
      .select([
        sofiaMonth("billing_events.received_at").as("month"),
        sql<number>`count(distinct company_id)`.as("count"),
      ])
      .where("type", "=", "customer.subscription.deleted")
      .where("companyId", "is not", null)
      .where(notOperator("billing_events.company_id"))
      .where("receivedAt", ">=", start)
      .where("receivedAt", "<", end)
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom("documents")
      .select([
        sql<string>`to_char(issue_date, 'YYYY-MM')`.as("month"),
        "type",
        sql<number>`count(*)`.as("count"),
      ])
      .where("status", "<>", "draft")
      .where(notOperator("documents.company_id"))
      .where("issueDate", ">=", `${period.from}-01`)
      .where(sql<boolean>`issue_date < ${`${period.to}-01`}::date + interval '1 month'`)
      .groupBy([sql`1`, "type"])
      .execute(),
    db
      .selectFrom("expenses")
      .select([sofiaMonth("expenses.created_at").as("month"), sql<number>`count(*)`.as("count")])
      .where(notOperator("expenses.company_id"))
      .where("createdAt", ">=", start)
      .where("createdAt", "<", end)
      .groupBy(sql`1`)
      .execute(),
    // Active: someone of the company signed in (not an admin's view as them), or a document or
    // an expense was entered. Sessions end after 30 days, the entries stay.
    sql<Counted>`
      select month, count(distinct company_id) as count from (
        select to_char(s.created_at at time zone ${SOFIA}, 'YYYY-MM') as month, u.company_id
          from sessions s join users u on u.id = s.user_id
          where s.impersonator_id is null and s.created_at >= ${start} and s.created_at < ${end}
        union all
        select to_char(d.created_at at time zone ${SOFIA}, 'YYYY-MM'), d.company_id
          from documents d where d.created_at >= ${start} and d.created_at < ${end}
        union all
        select to_char(x.created_at at time zone ${SOFIA}, 'YYYY-MM'), x.company_id
          from expenses x where x.created_at >= ${start} and x.created_at < ${end}
      ) a
      join companies c on c.id = a.company_id and not c.is_operator
      group by month`.execute(db),
  ]);

  return {
    from: period.from,
    to: period.to,
    months,
    signUps: perMonth(months, signUps),
    paying: Object.fromEntries(
      PAID_PLANS.map((plan) => [
        plan,
        perMonth(months, paying.rows, (r) => "plan" in r && r.plan === plan),
      ]),
    ) as Record<(typeof PAID_PLANS)[number], number[]>,
    revenueCents: perMonth(months, revenue),
    churn: perMonth(months, churn),
    documents: Object.fromEntries(
      DOC_TYPES.map((type) => [
        type,
        perMonth(months, documents, (r) => (r as { type?: string }).type === type),
      ]),
    ) as Record<DocumentTypeKey, number[]>,
    expenses: perMonth(months, expenses),
    activeCompanies: perMonth(months, active.rows),
  };
}
export type MonthlyStatistics = Awaited<ReturnType<typeof monthlyStatistics>>;

export const STATISTICS_TABLES = [
  "signups",
  "paying",
  "revenue",
  "churn",
  "documents",
  "expenses",
  "active",
] as const;
export type StatisticsTableKey = (typeof STATISTICS_TABLES)[number];

/** The statistics as tables: the page draws them beside the charts, the CSV writes the same rows. */
export function statisticsTables(s: MonthlyStatistics): Record<StatisticsTableKey, AnalyticsTable> {
  const month = { label: "Месец", kind: "text" as const };
  const count = (label: string) => ({ label, kind: "count" as const });
  const single = (title: string, file: string, label: string, values: number[]) => ({
    title,
    file,
    columns: [month, count(label)],
    rows: s.months.map((m, i) => ({ cells: [shortMonth(m), values[i] ?? 0] })),
  });
  return {
    signups: single("Регистрации по месеци", "registracii", "Регистрации", s.signUps),
    paying: {
      title: "Плащащи клиенти по план в края на месеца",
      file: "plashtashti-klienti",
      columns: [month, ...PAID_PLANS.map((p) => count(PLAN_NAMES[p])), count("Общо")],
      rows: s.months.map((m, i) => {
        const values = PAID_PLANS.map((p) => s.paying[p][i] ?? 0);
        return { cells: [shortMonth(m), ...values, values.reduce((a, b) => a + b, 0)] };
      }),
    },
    revenue: {
      title: "Приходи от абонаменти по месеци",
      file: "prihodi-ot-abonamenti",
      columns: [month, { label: "Платени фактури за абонамент", kind: "cents" }],
      rows: s.months.map((m, i) => ({ cells: [shortMonth(m), s.revenueCents[i] ?? 0] })),
    },
    churn: single("Прекратени абонаменти по месеци", "prekrateni", "Прекратени", s.churn),
    documents: {
      title: "Издадени документи по вид и месец",
      file: "dokumenti-po-vid",
      columns: [month, ...DOC_TYPES.map((t) => count(DOCUMENT_TYPES[t])), count("Общо")],
      rows: s.months.map((m, i) => {
        const values = DOC_TYPES.map((t) => s.documents[t][i] ?? 0);
        return { cells: [shortMonth(m), ...values, values.reduce((a, b) => a + b, 0)] };
      }),
    },
    expenses: single("Въведени разходи по месеци", "razhodi", "Разходи", s.expenses),
    active: single("Активни фирми по месеци", "aktivni-firmi", "Активни фирми", s.activeCompanies),
  };
}
