import { AnalyticsTable } from "~/components/analytics/analytics-table";
import { GroupedBars } from "~/components/analytics/charts";
import * as page from "~/components/layout/page.css";

/**
 * A count per week or month (the back office's dashboard and statistics): the bars and, after
 * them, the table of the same numbers, with its CSV when the page offers one.
 */
export function CountSection(props: {
  id: string;
  heading: string;
  chartTitle: string;
  what: string;
  periodLabel: string;
  countLabel: string;
  rows: { label: string; cell: string; count: number }[];
  csvHref?: string;
}) {
  return (
    <section className={page.card} aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`}>{props.heading}</h2>
      <GroupedBars
        title={props.chartTitle}
        description={`Стълб за всеки период с броя ${props.what}; числата са в таблицата след графиката.`}
        labels={props.rows.map((r) => r.label)}
        series={[{ name: props.countLabel, values: props.rows.map((r) => r.count) }]}
        unit="count"
      />
      <AnalyticsTable
        csvHref={props.csvHref}
        table={{
          title: props.heading,
          file: props.id,
          columns: [
            { label: props.periodLabel, kind: "text" },
            { label: props.countLabel, kind: "count" },
          ],
          rows: props.rows.map((r) => ({ cells: [r.cell, r.count] })),
        }}
      />
    </section>
  );
}
