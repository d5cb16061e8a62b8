import type { Kysely } from "kysely";
import { excelNumber } from "~/utils/csv.server";
import type { Database } from "~db/types";
import { monthSalaries } from "./salaries.server";
import { CONTRACT_TYPES, SALARY_STATUSES } from "./schema";

/*
 * A month's payroll as CSV for the accountant, one definition for /salaries/export.csv and the
 * company's export (modules/export, one file per month).
 */

export const SALARY_CSV_HEADER = [
  "Служител",
  "Договор",
  "Работни дни",
  "Отработени дни",
  "Неплатен отпуск",
  "Болничен",
  "Допълнително за трудов стаж",
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
  "ГВРС",
  "УПФ работодател",
  "ЗО работодател",
  "Осигуровки работодател",
  "Общ разход",
  "Състояние",
];

/** The month's salaries as CSV rows (the /salaries page's order). */
export async function salaryCsvRows(
  db: Kysely<Database>,
  companyId: string,
  month: string,
): Promise<string[][]> {
  const { salaries } = await monthSalaries(db, companyId, month);
  const n = excelNumber;
  return salaries.map((s) => [
    s.employeeName,
    CONTRACT_TYPES[s.contractType],
    String(s.workingDays),
    String(s.workedDays),
    String(s.unpaidDays),
    String(s.sickDays),
    n(s.seniorityBonusCents),
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
    n(s.employerGvrsCents),
    n(s.employerUpfCents),
    n(s.employerZoCents),
    n(s.employerContributionsCents),
    n(s.totalCostCents),
    SALARY_STATUSES[s.status],
  ]);
}

/** The months that have salaries, oldest first (the export writes one CSV per month). */
export async function salaryMonths(db: Kysely<Database>, companyId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("salaries")
    .select("month")
    .distinct()
    .where("companyId", "=", companyId)
    .orderBy("month")
    .execute();
  return rows.map((row) => row.month);
}
