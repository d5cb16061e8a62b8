import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AnalyticsTable } from "~/components/analytics/analytics-table";
import { GroupedBars, LineChart, StackedBars } from "~/components/analytics/charts";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as fieldStyles from "~/components/forms/field.css";
import { useFieldFrame } from "~/components/forms/field-frame";
import { MonthField } from "~/components/forms/month-field";
import * as page from "~/components/layout/page.css";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { Button } from "~/components/ui/button";
import { ANALYTICS_COST_NOTE } from "~/modules/analytics/figure-notes";
import { parsePeriod, presetOptions, shortMonth } from "~/modules/analytics/period";
import { analyticsSummary } from "~/modules/analytics/summary.server";
import { analyticsTables, change, type TableKey } from "~/modules/analytics/tables";
import { printDate, todayInSofia } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { countOf } from "~/utils/plural";
import { requireFeature } from "~/web/subscriptions/gate.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "analytics", "analytics.view");
  const params = new URL(request.url).searchParams;
  const today = todayInSofia();
  const { period, errors } = parsePeriod(params, today);
  const summary = await analyticsSummary(context.db, user.companyId, period, today);
  return json(
    {
      summary,
      period,
      errors,
      asked: { period: params.get("period"), from: params.get("from"), to: params.get("to") },
      presets: presetOptions(today),
      /** What «Разходи и заплати» includes, under the figure (issue #41 item 14). */
      costNote: ANALYTICS_COST_NOTE,
    },
    { status: errors ? 400 : 200 },
  );
}

/** «1 ден», «12 дни». */
const dayCount = (days: number) => countOf(days, "ден", "дни");
const euro = (cents: number) => formatMoney(cents, "EUR");

function PeriodForm() {
  const { period, errors, asked, presets } = useLoaderData<typeof loader>();
  const preset = useFieldFrame({ label: "Период", error: errors?.period });
  return (
    <Form method="get" aria-label="Период на анализа" className={page.card}>
      {errors ? (
        <p role="alert" className={fieldStyles.error}>
          Периодът не е приет — показани са последните 12 месеца. Поправете полетата по-долу.
        </p>
      ) : null}
      <div style={{ display: "flex", flexWrap: "wrap", gap: "0 1rem", alignItems: "flex-end" }}>
        {preset.frame(
          <select
            {...preset.aria}
            name="period"
            defaultValue={asked.period ?? period.preset}
            className={fieldStyles.input}
          >
            {presets.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>,
        )}
        <MonthField
          name="from"
          label="От месец (при избран период)"
          value={asked.from ?? period.from}
          error={errors?.from}
        />
        <MonthField
          name="to"
          label="До месец (при избран период)"
          value={asked.to ?? period.to}
          error={errors?.to}
        />
        <div className={fieldStyles.field}>
          <Button type="submit">Покажи</Button>
        </div>
      </div>
    </Form>
  );
}

function Figure(props: {
  label: string;
  now: number;
  before: number;
  hint?: string;
  /** What the figure includes. */
  note?: string;
}) {
  const delta = change(props.now, props.before);
  return (
    <section className={page.card}>
      <h2 className={page.cardTitle}>{props.label}</h2>
      <p style={{ fontSize: "1.5rem", fontWeight: 700, margin: "0.25rem 0" }}>{euro(props.now)}</p>
      <p style={{ margin: 0 }}>
        Година по-рано: {euro(props.before)}
        {delta === null ? "" : ` (${delta > 0 ? "+" : ""}${String(delta).replace(".", ",")} %)`}
      </p>
      {props.hint ? <p style={{ margin: "0.25rem 0 0" }}>{props.hint}</p> : null}
      {props.note ? (
        <p style={{ margin: "0.25rem 0 0" }}>
          <small>{props.note}</small>
        </p>
      ) : null}
    </section>
  );
}

export default function Analytics() {
  const { summary: s, period, costNote } = useLoaderData<typeof loader>();
  const tables = analyticsTables(s);
  const labels = s.months.map((m) => shortMonth(m.month));
  const query = new URLSearchParams({ period: period.preset, from: period.from, to: period.to });
  const csv = (table: TableKey) => `/analytics/export.csv?${query}&table=${table}`;
  const span = `${shortMonth(s.from)} – ${shortMonth(s.to)}`;
  const costs = s.total.expensesCents + s.total.salariesCents;
  const previousCosts = s.comparison.previous.expensesCents + s.comparison.previous.salariesCents;
  return (
    <div className={page.page}>
      <h1>Анализи</h1>
      <PeriodForm />
      <p>
        Период: <strong>{span}</strong>. Сумите са в евро без ДДС; левовите документи са
        преизчислени по 1,95583, другите валути — по курса на документа.
      </p>
      <div className={page.grid}>
        <Figure
          label="Приходи"
          now={s.total.revenueCents}
          before={s.comparison.previous.revenueCents}
        />
        <Figure
          label="Разходи и заплати"
          now={costs}
          before={previousCosts}
          hint={`Разходи ${euro(s.total.expensesCents)}, заплати ${euro(s.total.salariesCents)}`}
          note={costNote}
        />
        <Figure
          label="Печалба"
          now={s.total.profitCents}
          before={s.comparison.previous.profitCents}
        />
        <Figure
          label={s.total.vatPositionCents >= 0 ? "ДДС за внасяне" : "ДДС за възстановяване"}
          now={Math.abs(s.total.vatPositionCents)}
          before={Math.abs(s.comparison.previous.vatPositionCents)}
        />
      </div>

      <section aria-labelledby="months-title" className={page.card}>
        <h2 id="months-title">Приходи, разходи и печалба</h2>
        <GroupedBars
          title={`Приходи, разходи и печалба по месеци, ${span}`}
          description="Стълбове за всеки месец: приходи без ДДС, разходи заедно със заплатите и печалба (под нулата при загуба). Числата са в таблицата след графиката."
          labels={labels}
          series={[
            { name: "Приходи", values: s.months.map((m) => m.revenueCents) },
            {
              name: "Разходи и заплати",
              values: s.months.map((m) => m.expensesCents + m.salariesCents),
            },
            { name: "Печалба", values: s.months.map((m) => m.profitCents) },
          ]}
        />
        <AnalyticsTable table={tables.months} csvHref={csv("months")} />
      </section>

      <section aria-labelledby="categories-title" className={page.card}>
        <h2 id="categories-title">Разходи по категории</h2>
        {s.categories.length ? (
          <StackedBars
            title={`Разходи по категории и месеци, ${span}`}
            description="За всеки месец един стълб, разделен на категориите разходи (без ДДС с право на кредит). Числата са в таблицата след графиката."
            labels={labels}
            series={s.categories.map((c) => ({ name: c.name, values: c.months }))}
          />
        ) : null}
        <AnalyticsTable
          table={tables.categories}
          csvHref={csv("categories")}
          empty="Няма разходи за периода."
        />
      </section>

      <section aria-labelledby="vat-title" className={page.card}>
        <h2 id="vat-title">ДДС по месеци</h2>
        <LineChart
          title={`ДДС за внасяне или възстановяване по месеци, ${span}`}
          description="Линия през разликата между начисления ДДС по продажбите и ДДС с право на данъчен кредит за всеки месец; над нулата е за внасяне, под нулата — за възстановяване. Числата са в таблицата след графиката."
          labels={labels}
          series={{ name: "ДДС", values: s.months.map((m) => m.vatPositionCents) }}
          describe={(cents) =>
            cents >= 0 ? `за внасяне ${euro(cents)}` : `за възстановяване ${euro(-cents)}`
          }
        />
        <AnalyticsTable table={tables.vat} csvHref={csv("vat")} />
      </section>

      <section aria-labelledby="ageing-title" className={page.card}>
        <h2 id="ageing-title">Вземания по давност към днес</h2>
        <p>
          Неплатени фактури и дебитни известия: {euro(s.openCents)}.{" "}
          {s.dso !== null
            ? `Среден срок на събиране: ${s.dso} дни.`
            : s.dsoWaiting
              ? `Среден срок на събиране: ще се покаже, когато продажбите имат поне ${s.dsoWaiting.needed} дни история (първата фактура е от ${printDate(s.dsoWaiting.firstSaleOn)}, ${dayCount(s.dsoWaiting.days)} досега).`
              : "Среден срок на събиране: няма приходи за периода."}
        </p>
        <GroupedBars
          title="Неплатени вземания по дни след падежа"
          description="Стълб за всяка група: с ненастъпил падеж, 1–30, 31–60, 61–90 и над 90 дни след падежа. Числата са в таблицата след графиката."
          labels={s.ageing.map((b) => b.label)}
          series={[{ name: "Неплатено", values: s.ageing.map((b) => b.cents) }]}
        />
        <AnalyticsTable table={tables.ageing} csvHref={csv("ageing")} />
      </section>

      <section aria-labelledby="clients-title" className={page.card}>
        <h2 id="clients-title">Клиенти</h2>
        <AnalyticsTable
          table={tables.clients}
          csvHref={csv("clients")}
          empty="Няма издадени документи за периода."
        />
        <AnalyticsTable
          table={tables.overdue}
          csvHref={csv("overdue")}
          empty="Няма просрочени вземания."
        />
      </section>

      <section aria-labelledby="comparison-title" className={page.card}>
        <h2 id="comparison-title">Сравнение с година по-рано</h2>
        <AnalyticsTable table={tables.comparison} csvHref={csv("comparison")} />
      </section>
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Анализи | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
