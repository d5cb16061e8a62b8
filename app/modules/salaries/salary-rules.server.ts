import { type Kysely, sql, type Transaction } from "kysely";
import { addDays } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { MAX_AMOUNT_CENTS } from "~/utils/money";
import { lastDayOf } from "~/utils/periods";
import type { Database } from "~db/types";
import { sickLeaveRules, workingDaysBetween } from "./parameters.server";
import {
  employerSickDays,
  fullYearsBetween,
  PAYROLL_MESSAGES,
  type PayrollResult,
} from "./payroll";
import { SALARY_MESSAGES, type SalaryInput } from "./schema";

/*
 * What a salary is checked against before it is written (the limit of an amount, the employment's
 * dates, the absences) and the days and seniority its dates decide; salaries.server writes it.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The result's columns as the salaries table stores them. */
export function resultColumns(result: PayrollResult) {
  return {
    employedDays: result.employedDays,
    workedDays: result.workedDays,
    sickEmployerDays: result.sickEmployerDays,
    sickNoiDays: result.sickNoiDays,
    earnedCents: result.earnedCents,
    seniorityBonusCents: result.seniorityBonusCents,
    sickPayCents: result.sickPayCents,
    grossCents: result.grossCents,
    insurableCents: result.insurableCents,
    employeeDooCents: result.employeeDooCents,
    employeeUpfCents: result.employeeUpfCents,
    employeeZoCents: result.employeeZoCents,
    employeeContributionsCents: result.employeeContributionsCents,
    taxableCents: result.taxableCents,
    taxCents: result.taxCents,
    netCents: result.netCents,
    employerDooCents: result.employerDooCents,
    employerTzpbCents: result.employerTzpbCents,
    employerGvrsCents: result.employerGvrsCents,
    employerUpfCents: result.employerUpfCents,
    employerZoCents: result.employerZoCents,
    employerContributionsCents: result.employerContributionsCents,
    totalCostCents: result.totalCostCents,
  };
}

/**
 * Every sum a salary row stores and НАП's files carry (earned = gross + seniority bonus + bonuses,
 * the gross with sick pay, the taxable base, net, contributions, the employer's total cost) within
 * the one limit of an amount (MAX_AMOUNT_CENTS), not only its parts (issue #43 item 6): 400 on the
 * gross (or on the bonus, when there is one).
 */
export function refuseFiguresOverLimit(result: PayrollResult, bonusCents = 0) {
  const over = Object.entries(resultColumns(result)).some(
    ([column, value]) => column.endsWith("Cents") && value > MAX_AMOUNT_CENTS,
  );
  if (over) {
    const message = SALARY_MESSAGES.figuresTooLarge;
    throw new AppError(message, 400, bonusCents > 0 ? { bonus: message } : { gross: message });
  }
}

/** The sums of a month that the list's totals, the CSV, обр. 6 and the payment slips carry. */
const MONTH_SUMS = [
  "earnedCents",
  "grossCents",
  "insurableCents",
  "taxableCents",
  "employeeContributionsCents",
  "taxCents",
  "netCents",
  "employerContributionsCents",
  "totalCostCents",
] as const;

/**
 * The month's totals within the limit of one amount (what a salary just written adds to them):
 * 400 with the Bulgarian message. Run in the transaction that wrote, after the write.
 */
export async function refuseMonthOverLimit(
  db: Db,
  companyId: string,
  month: string,
  field = "gross",
) {
  const sums = await db
    .selectFrom("salaries")
    .select(
      MONTH_SUMS.map((column) =>
        sql<string>`coalesce(sum(${sql.ref(column)}), 0)::text`.as(column),
      ),
    )
    .where("companyId", "=", companyId)
    .where("month", "=", month)
    .executeTakeFirstOrThrow();
  if (MONTH_SUMS.some((column) => BigInt(sums[column]) > BigInt(MAX_AMOUNT_CENTS))) {
    const message = SALARY_MESSAGES.monthTooLarge;
    throw new AppError(message, 400, { [field]: message });
  }
}

/**
 * The days of the month the dates decide (decision 023): the first and last day in employment, its
 * working days (all the entered working days when the employment covers the month, else the
 * calendar's within it, at most the entered), and the sick days the employer pays under the rule
 * dated by the day the incapacity began (null: in the month), less its days before the month.
 */
export async function employmentDays(
  db: Db,
  employee: { startDate: string; endDate: string | null; insuredSixMonths: boolean },
  input: Pick<SalaryInput, "month" | "workingDays" | "sickDays" | "sickFrom">,
) {
  const first = `${input.month}-01`;
  const last = lastDayOf(input.month);
  const firstInsuredDay = employee.startDate > first ? employee.startDate : first;
  const lastInsuredDay = employee.endDate && employee.endDate < last ? employee.endDate : last;
  const k = db as Kysely<Database>;
  const whole = firstInsuredDay === first && lastInsuredDay === last;
  const employedDays = whole
    ? input.workingDays
    : Math.min(input.workingDays, await workingDaysBetween(k, firstInsuredDay, lastInsuredDay));
  let sickEmployerDays = 0;
  if (input.sickDays > 0) {
    const beganOn = input.sickFrom ?? firstInsuredDay;
    const [rules, daysBeforeMonth] = await Promise.all([
      sickLeaveRules(k),
      beganOn < first ? workingDaysBetween(k, beganOn, addDays(first, -1)) : Promise.resolve(0),
    ]);
    sickEmployerDays = employerSickDays({
      rules,
      beganOn,
      sickDays: input.sickDays,
      insuredSixMonths: employee.insuredSixMonths,
      daysBeforeMonth,
    });
  }
  return { firstInsuredDay, lastInsuredDay, employedDays, sickEmployerDays };
}

/** A month wholly before the employment or after it: 400 with the Bulgarian message. */
export function refuseOutsideEmployment(
  employee: { startDate: string; endDate: string | null },
  month: string,
) {
  if (
    employee.startDate > lastDayOf(month) ||
    (employee.endDate && employee.endDate < `${month}-01`)
  ) {
    throw new AppError(SALARY_MESSAGES.notActive, 400, { employeeId: SALARY_MESSAGES.notActive });
  }
}

/** More unpaid and sick days than the working days in employment: 400 on unpaidDays. */
export function refuseTooManyAbsences(
  employee: { contractType: string },
  input: Pick<SalaryInput, "unpaidDays" | "sickDays">,
  employedDays: number,
) {
  if (employee.contractType !== "civil" && input.unpaidDays + input.sickDays > employedDays) {
    const message = PAYROLL_MESSAGES.tooManyForEmployment(employedDays);
    throw new AppError(message, 400, { unpaidDays: message });
  }
}

/**
 * The seniority bonus's years and percentage for a month (labour contracts): the years the employee
 * had when hired plus the full years of this employment by the month's last day; the percentage
 * as agreed, never below the month's legal minimum (dated, parameters). None without a percentage.
 */
export function seniorityOf(
  employee: {
    contractType: string;
    startDate: string;
    seniorityYears: number;
    seniorityPercent: string | number | null;
  },
  month: string,
  minimumPercent: number,
) {
  if (employee.contractType !== "labour" || employee.seniorityPercent === null) {
    return { years: 0, percent: 0 };
  }
  const years = employee.seniorityYears + fullYearsBetween(employee.startDate, lastDayOf(month));
  return { years, percent: Math.max(Number(employee.seniorityPercent), minimumPercent) };
}
