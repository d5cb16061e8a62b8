import { type Kysely, sql } from "kysely";
import { AppError } from "~/utils/errors";
import { lastDayOf } from "~/utils/periods";
import type { Database } from "~db/types";
import type { PayrollParameters, SickLeaveRule } from "./payroll";
import { SALARY_MESSAGES } from "./schema";

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
    employerGvrs: n(row.employerGvrs),
    seniorityMinPercent: n(row.seniorityMinPercent),
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
export function workingDaysOf(db: Kysely<Database>, month: string): Promise<number> {
  return workingDaysBetween(db, `${month}-01`, lastDayOf(month));
}

/** Working days from one day to another, both included (0 when the second is before the first). */
export async function workingDaysBetween(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<number> {
  if (to < from) return 0;
  const result = await sql<{ days: number }>`
    select count(*)::int as days
    from generate_series(${from}::date, ${to}::date, interval '1 day') d
    where extract(isodow from d) < 6
      and not exists (select 1 from public_holidays h where h.day = d::date)`.execute(db);
  return Number(result.rows[0]?.days ?? 0);
}

/** The dated rules of the employer's sick days (КСО чл. 40, ал. 5), oldest first. */
export async function sickLeaveRules(db: Kysely<Database>): Promise<SickLeaveRule[]> {
  const rows = await db
    .selectFrom("sickLeaveRules")
    .select(["validFrom", "employerDays"])
    .orderBy("validFrom")
    .execute();
  return rows.map((r) => ({ validFrom: String(r.validFrom), employerDays: r.employerDays }));
}
