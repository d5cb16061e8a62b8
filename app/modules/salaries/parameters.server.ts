import { type Kysely, sql } from "kysely";
import { AppError } from "~/utils/http.server";
import type { Database } from "~db/types";
import type { PayrollParameters } from "./payroll";
import { lastDayOf, SALARY_MESSAGES } from "./schema";

/* Payroll parameters and working days: dated data in the database, read for a month. */

export type ParametersRow = Awaited<ReturnType<typeof parametersRowFor>>;

function parametersRowFor(db: Kysely<Database>, month: string) {
  const day = lastDayOf(month);
  return db
    .selectFrom("payrollParameters")
    .selectAll()
    .where("validFrom", "<=", day)
    .where((eb) => eb.or([eb("validTo", "is", null), eb("validTo", ">=", day)]))
    .orderBy("validFrom", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The row's rates as the computation takes them. */
export function toPayrollParameters(row: NonNullable<ParametersRow>): PayrollParameters {
  const n = (value: string | number) => Number(value);
  return {
    minimumWageCents: row.minimumWageCents,
    maxInsurableCents: row.maxInsurableCents,
    employeeDoo: n(row.employeeDoo),
    employeeDooBefore1960: n(row.employeeDooBefore1960),
    employeeUpf: n(row.employeeUpf),
    employeeZo: n(row.employeeZo),
    employerDoo: n(row.employerDoo),
    employerDooBefore1960: n(row.employerDooBefore1960),
    employerUpf: n(row.employerUpf),
    employerZo: n(row.employerZo),
    employeePensionCivil: n(row.employeePensionCivil),
    employeePensionCivilBefore1960: n(row.employeePensionCivilBefore1960),
    employerPensionCivil: n(row.employerPensionCivil),
    employerPensionCivilBefore1960: n(row.employerPensionCivilBefore1960),
    incomeTax: n(row.incomeTax),
    civilExpenses: n(row.civilExpenses),
    sickEmployerShare: n(row.sickEmployerShare),
    sickEmployerDays: row.sickEmployerDays,
  };
}

/** The parameters valid on the month's last day, with their row id; AppError 422 when none. */
export async function parametersFor(db: Kysely<Database>, month: string) {
  const row = await parametersRowFor(db, month);
  if (!row)
    throw new AppError(SALARY_MESSAGES.noParameters, 422, { month: SALARY_MESSAGES.noParameters });
  return { id: row.id, row, parameters: toPayrollParameters(row) };
}

/** The month's working days: weekdays without the official days off. */
export async function workingDaysOf(db: Kysely<Database>, month: string): Promise<number> {
  const result = await sql<{ days: number }>`
    select count(*)::int as days
    from generate_series(${`${month}-01`}::date, ${lastDayOf(month)}::date, interval '1 day') d
    where extract(isodow from d) < 6
      and not exists (select 1 from public_holidays h where h.day = d::date)`.execute(db);
  return Number(result.rows[0]?.days ?? 0);
}
