import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { parsePeriod } from "~/modules/analytics/period";
import { analyticsSummary } from "~/modules/analytics/summary.server";
import { analyticsTables, TABLE_KEYS, type TableKey } from "~/modules/analytics/tables";
import { csvResponse, excelCsv, excelNumber } from "~/utils/csv.server";
import { printDate, todayInSofia } from "~/utils/dates";
import { recordDownload } from "~/web/auth/downloads.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

/**
 * GET /analytics/export.csv?table=months|categories|vat|ageing|clients|overdue|comparison&<period>
 * — one of /analytics' tables for Excel, the very rows the page shows (modules/analytics/tables).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "analytics", "exports");
  const params = new URL(request.url).searchParams;
  const key = params.get("table") as TableKey;
  if (!TABLE_KEYS.includes(key)) {
    return json({ message: "Непозната таблица за изтегляне" }, { status: 400 });
  }
  const today = todayInSofia();
  const { period, errors } = parsePeriod(params, today);
  if (errors) return json({ message: "Невалиден период", errors }, { status: 400 });
  const summary = await analyticsSummary(context.db, user.companyId, period, today);
  const table = analyticsTables(summary)[key];
  const rows = table.rows.map((row) =>
    row.cells.map((cell, i) => {
      if (cell === null) return "";
      switch (table.columns[i]!.kind) {
        case "cents":
          return excelNumber(Number(cell));
        case "percent":
          return String(cell).replace(".", ",");
        case "date":
          return printDate(String(cell));
        default:
          return String(cell);
      }
    }),
  );
  const name = `${table.file}-${period.from}-${period.to}.csv`;
  const csv = csvResponse(excelCsv([table.columns.map((c) => c.label), ...rows]), name, name);
  return recordDownload(context, user, "export", csv, name);
}
