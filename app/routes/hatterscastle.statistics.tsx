import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { CountSection } from "~/components/admin/count-section";
import { AnalyticsTable } from "~/components/analytics/analytics-table";
import { GroupedBars, type Series } from "~/components/analytics/charts";
import * as fieldStyles from "~/components/forms/field.css";
import { MonthField } from "~/components/forms/month-field";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import {
  monthlyStatistics,
  type StatisticsTableKey,
  statisticsTables,
} from "~/modules/admin/monthly-statistics.server";
import { parsePeriod, shortMonth } from "~/modules/analytics/period";
import type { AnalyticsTable as Table } from "~/modules/analytics/tables";
import { DOCUMENT_TYPES, type DocumentTypeKey } from "~/modules/invoices/constants";
import { PLAN_NAMES } from "~/modules/subscriptions/plans";
import { todayInSofia } from "~/utils/dates";
import { requireAdmin } from "~/web/admin/guard.server";

/**
 * /hatterscastle/statistics?from=yyyy-MM&to=yyyy-MM (default: the last 12 months): the service's
 * figures month by month, each a chart with its table and CSV; the operator's company left out.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const { period, errors } = parsePeriod(params, todayInSofia());
  const stats = await monthlyStatistics(context.db, period);
  return json(
    {
      stats,
      tables: statisticsTables(stats),
      period,
      errors,
      asked: { from: params.get("from"), to: params.get("to") },
    },
    { status: errors ? 400 : 200 },
  );
}

function PeriodForm() {
  const { period, errors, asked } = useLoaderData<typeof loader>();
  return (
    <Form method="get" aria-label="Период на статистиката" className={page.card}>
      {errors ? (
        <p role="alert" className={fieldStyles.error}>
          Периодът не е приет — показани са последните 12 месеца. Поправете полетата по-долу.
        </p>
      ) : null}
      <div style={{ display: "flex", flexWrap: "wrap", gap: "0 1rem", alignItems: "flex-end" }}>
        <MonthField
          name="from"
          label="От месец"
          value={asked.from ?? period.from}
          error={errors?.from}
        />
        <MonthField name="to" label="До месец" value={asked.to ?? period.to} error={errors?.to} />
        <div className={fieldStyles.field}>
          <Button type="submit">Покажи</Button>
        </div>
      </div>
    </Form>
  );
}

/** Several series per month: the bars, then the table of the same numbers with its CSV. */
function SeriesSection(props: {
  id: string;
  table: Table;
  chartTitle: string;
  description: string;
  labels: string[];
  series: Series[];
  unit: "euro" | "count";
  csvHref: string;
}) {
  return (
    <section className={page.card} aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`}>{props.table.title}</h2>
      <GroupedBars
        title={props.chartTitle}
        description={`${props.description} Числата са в таблицата след графиката.`}
        labels={props.labels}
        series={props.series}
        unit={props.unit}
      />
      <AnalyticsTable table={props.table} csvHref={props.csvHref} />
    </section>
  );
}

export default function AdminStatistics() {
  const { stats: s, tables, period } = useLoaderData<typeof loader>();
  const labels = s.months.map(shortMonth);
  const span = `${shortMonth(s.from)} – ${shortMonth(s.to)}`;
  const query = new URLSearchParams({ from: period.from, to: period.to });
  const csv = (table: StatisticsTableKey) =>
    `/hatterscastle/statistics/export.csv?${query}&table=${table}`;
  const count = (key: StatisticsTableKey, values: number[], what: string) => (
    <CountSection
      id={key}
      heading={tables[key].title}
      chartTitle={`${tables[key].title}, ${span}`}
      what={what}
      periodLabel="Месец"
      countLabel={tables[key].columns[1]!.label}
      rows={s.months.map((m, i) => ({
        label: shortMonth(m),
        cell: shortMonth(m),
        count: values[i] ?? 0,
      }))}
      csvHref={csv(key)}
    />
  );
  return (
    <div className={page.page}>
      <h1>Статистика</h1>
      <PeriodForm />
      <p>
        Период: <strong>{span}</strong>. Фирмата на екипа не влиза в числата; суми в евро.
      </p>
      {count("signups", s.signUps, "нови потребители")}
      <SeriesSection
        id="paying"
        table={tables.paying}
        chartTitle={`Плащащи клиенти по план в края на всеки месец, ${span}`}
        description="За всеки месец по един стълб за всеки платен план: фирмите с платен период, който обхваща края на месеца."
        labels={labels}
        series={(["standard", "full"] as const).map((plan) => ({
          name: PLAN_NAMES[plan],
          values: s.paying[plan],
        }))}
        unit="count"
        csvHref={csv("paying")}
      />
      <SeriesSection
        id="revenue"
        table={tables.revenue}
        chartTitle={`Приходи от абонаменти по месеци, ${span}`}
        description="Стълб за всеки месец със сумата на платените фактури за абонамент."
        labels={labels}
        series={[{ name: "Приходи", values: s.revenueCents }]}
        unit="euro"
        csvHref={csv("revenue")}
      />
      {count("churn", s.churn, "фирми, чийто платен абонамент е прекратен")}
      <SeriesSection
        id="documents"
        table={tables.documents}
        chartTitle={`Издадени документи по вид и месец, ${span}`}
        description="За всеки месец по един стълб за всеки вид документ, издаден от клиентите."
        labels={labels}
        series={(Object.keys(DOCUMENT_TYPES) as DocumentTypeKey[]).map((type) => ({
          name: DOCUMENT_TYPES[type],
          values: s.documents[type],
        }))}
        unit="count"
        csvHref={csv("documents")}
      />
      {count("expenses", s.expenses, "въведени разходни документи")}
      {count("active", s.activeCompanies, "фирми с вход, нов документ или нов разход")}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Статистика | Сметка" }];
