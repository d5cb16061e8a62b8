import type { LoaderFunctionArgs } from "@remix-run/node";
import { currentMonth } from "~/modules/salaries/form.server";
import { monthSalaries } from "~/modules/salaries/salaries.server";
import { CONTRACT_TYPES, MONTH, SALARY_STATUSES } from "~/modules/salaries/schema";
import { requireFeature } from "~/modules/subscriptions/gate.server";
import { csvResponse, excelCsv, excelNumber } from "~/utils/csv.server";

const HEADER = [
  "Служител",
  "Договор",
  "Работни дни",
  "Отработени дни",
  "Неплатен отпуск",
  "Болничен",
  "Брутно",
  "Осигурителен доход",
  "ДОО служител",
  "УПФ служител",
  "ЗО служител",
  "Осигуровки служител",
  "Данъчна основа",
  "Данък",
  "Нето",
  "ДОО работодател",
  "ТЗПБ",
  "УПФ работодател",
  "ЗО работодател",
  "Осигуровки работодател",
  "Общ разход",
  "Състояние",
];

/** GET /salaries/export.csv?month=yyyy-MM — the month's payroll for the accountant's Excel. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "salaries");
  const asked = new URL(request.url).searchParams.get("month") ?? "";
  const month = MONTH.test(asked) ? asked : currentMonth();
  const { salaries } = await monthSalaries(context.db, user.companyId, month);
  const n = excelNumber;
  const rows = salaries.map((s) => [
    s.employeeName,
    CONTRACT_TYPES[s.contractType],
    String(s.workingDays),
    String(s.workedDays),
    String(s.unpaidDays),
    String(s.sickDays),
    n(s.grossCents),
    n(s.insurableCents),
    n(s.employeeDooCents),
    n(s.employeeUpfCents),
    n(s.employeeZoCents),
    n(s.employeeContributionsCents),
    n(s.taxableCents),
    n(s.taxCents),
    n(s.netCents),
    n(s.employerDooCents),
    n(s.employerTzpbCents),
    n(s.employerUpfCents),
    n(s.employerZoCents),
    n(s.employerContributionsCents),
    n(s.totalCostCents),
    SALARY_STATUSES[s.status],
  ]);
  return csvResponse(excelCsv([HEADER, ...rows]), `salaries-${month}.csv`, `Заплати-${month}.csv`);
}
