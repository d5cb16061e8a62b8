import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BackupsCard } from "~/components/admin/backups-card";
import { CountSection } from "~/components/admin/count-section";
import { AnalyticsTable } from "~/components/analytics/analytics-table";
import * as page from "~/components/layout/page.css";
import { SUBSCRIPTION_STATUS_NAMES } from "~/modules/admin/constants";
import { adminStatistics } from "~/modules/admin/statistics.server";
import { shortMonth } from "~/modules/analytics/period";
import { backupOverview } from "~/modules/backup/overview.server";
import { PLAN_NAMES } from "~/modules/subscriptions/plans";
import { printDate, todayInSofia } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { requireAdmin } from "~/web/admin/guard.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json({
    stats: await adminStatistics(context.db, context.config.billing.prices, todayInSofia()),
    backups: await backupOverview(context.db, context.config.backup),
  });
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <section className={page.card}>
      <h2 className={page.cardTitle}>{label}</h2>
      <p style={{ fontSize: "1.5rem", fontWeight: 700, margin: 0 }}>{value}</p>
    </section>
  );
}

export default function AdminDashboard() {
  const { stats, backups } = useLoaderData<typeof loader>();
  const weekLabel = (week: string) => printDate(week).slice(0, 5);
  return (
    <div className={page.page}>
      <h1>Админ панел</h1>
      <div className={page.grid}>
        <Figure label="Клиенти (фирми)" value={String(stats.customers)} />
        <Figure
          label="Месечни приходи от абонаменти (MRR)"
          value={formatMoney(stats.mrrCents, "EUR")}
        />
        <Figure label="Активни фирми за 30 дни" value={String(stats.activeCompanies)} />
        <Figure label="Прекратени абонаменти за 30 дни" value={String(stats.churned30Days)} />
      </div>

      <BackupsCard {...backups} />

      <section className={page.card} aria-labelledby="plans-title">
        <h2 id="plans-title">Клиенти по план и състояние</h2>
        <AnalyticsTable
          table={{
            title: "Фирми по план",
            file: "firmi-po-plan",
            columns: [
              { label: "План", kind: "text" },
              { label: "Фирми", kind: "count" },
            ],
            rows: stats.byPlan.map((p) => ({ cells: [PLAN_NAMES[p.plan], p.count] })),
          }}
        />
        <AnalyticsTable
          empty="Още няма абонаменти."
          table={{
            title: "Абонаменти по състояние",
            file: "abonamenti-po-sastoyanie",
            columns: [
              { label: "Състояние", kind: "text" },
              { label: "Абонаменти", kind: "count" },
            ],
            rows: stats.byStatus.map((s) => ({
              cells: [SUBSCRIPTION_STATUS_NAMES[s.status] ?? s.status, s.count],
            })),
          }}
        />
      </section>

      <CountSection
        id="signups"
        heading="Регистрации по седмици"
        chartTitle="Нови регистрации за последните 12 седмици"
        what="нови потребители"
        periodLabel="Седмица от"
        countLabel="Регистрации"
        rows={stats.signUps.map((w) => ({
          label: weekLabel(w.week),
          cell: printDate(w.week),
          count: w.count,
        }))}
      />
      <CountSection
        id="documents"
        heading="Издадени документи по месеци"
        chartTitle="Издадени фактури и известия от всички фирми за последните 12 месеца"
        what="издадени документи"
        periodLabel="Месец"
        countLabel="Документи"
        rows={stats.documentsPerMonth.map((m) => ({
          label: shortMonth(m.month),
          cell: shortMonth(m.month),
          count: m.count,
        }))}
      />

      <section className={page.card} aria-labelledby="attention-title">
        <h2 id="attention-title">Плащания за проверка</h2>
        <AnalyticsTable
          empty="Няма неуспешни плащания или плащания, чакащи 3-D Secure."
          table={{
            title: "Неуспешни плащания и чакащи 3-D Secure",
            file: "plashtania",
            columns: [
              { label: "Фирма", kind: "text" },
              { label: "ЕИК", kind: "text" },
              { label: "План", kind: "text" },
              { label: "Състояние", kind: "text" },
              { label: "От", kind: "date" },
            ],
            rows: stats.attention.map((a) => ({
              cells: [
                a.name,
                a.eik,
                PLAN_NAMES[a.plan as keyof typeof PLAN_NAMES] ?? a.plan,
                a.awaitingThreeDSecure
                  ? "Чака 3-D Secure"
                  : (SUBSCRIPTION_STATUS_NAMES[a.status] ?? a.status),
                a.since,
              ],
            })),
          }}
        />
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Админ панел | Сметка" }];
