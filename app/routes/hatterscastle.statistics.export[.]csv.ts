import { json, type LoaderFunctionArgs } from "@remix-run/node";
import {
  monthlyStatistics,
  STATISTICS_TABLES,
  type StatisticsTableKey,
  statisticsTables,
} from "~/modules/admin/monthly-statistics.server";
import { parsePeriod } from "~/modules/analytics/period";
import { csvResponse, excelCsv, excelNumber } from "~/utils/csv.server";
import { todayInSofia } from "~/utils/dates";
import { requireAdmin } from "~/web/admin/guard.server";

/**
 * GET /hatterscastle/statistics/export.csv?table=signups|paying|revenue|churn|documents|expenses|
 * active&from=yyyy-MM&to=yyyy-MM — one of the statistics' tables for Excel, the rows the page shows.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const key = params.get("table") as StatisticsTableKey;
  if (!STATISTICS_TABLES.includes(key)) {
    return json({ message: "Непозната таблица за изтегляне" }, { status: 400 });
  }
  const { period, errors } = parsePeriod(params, todayInSofia());
  if (errors) return json({ message: "Невалиден период", errors }, { status: 400 });
  const table = statisticsTables(await monthlyStatistics(context.db, period))[key];
  const rows = table.rows.map((row) =>
    row.cells.map((cell, i) =>
      cell === null
        ? ""
        : table.columns[i]!.kind === "cents"
          ? excelNumber(Number(cell))
          : String(cell),
    ),
  );
  const name = `${table.file}-${period.from}-${period.to}.csv`;
  return csvResponse(excelCsv([table.columns.map((c) => c.label), ...rows]), name, name);
}
