import type { LoaderFunctionArgs } from "@remix-run/node";
import { SALARY_CSV_HEADER, salaryCsvRows } from "~/modules/salaries/csv.server";
import { csvResponse, excelCsv } from "~/utils/csv.server";
import { MONTH } from "~/utils/periods";
import { recordDownload } from "~/web/auth/downloads.server";
import { currentMonth } from "~/web/salaries/form.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

/** GET /salaries/export.csv?month=yyyy-MM — the month's payroll for the accountant's Excel. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "salaries", "payroll.files");
  const asked = new URL(request.url).searchParams.get("month") ?? "";
  const month = MONTH.test(asked) ? asked : currentMonth();
  const rows = await salaryCsvRows(context.db, user.companyId, month);
  const csv = csvResponse(
    excelCsv([SALARY_CSV_HEADER, ...rows]),
    `salaries-${month}.csv`,
    `Заплати-${month}.csv`,
  );
  return recordDownload(context, user, "payroll.files", csv, `Заплати-${month}.csv`, { month });
}
