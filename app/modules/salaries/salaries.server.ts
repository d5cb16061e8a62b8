import { type Kysely, sql, type Transaction } from "kysely";
import { postSalary } from "~/modules/ledger/post-payroll.server";
import { assertPeriodOpen } from "~/modules/periods/locks.server";
import { todayInSofia } from "~/utils/dates";
import { AppError, NotFoundError } from "~/utils/errors";
import { formatMoney } from "~/utils/money";
import { lastDayOf, previousMonth } from "~/utils/periods";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { settleSalary } from "./bank-payment.server";
import { parametersFor, workingDaysOf } from "./parameters.server";
import { computePayroll, minimumGrossCents } from "./payroll";
import {
  employmentDays,
  refuseFiguresOverLimit,
  refuseMonthOverLimit,
  refuseOutsideEmployment,
  refuseTooManyAbsences,
  resultColumns,
  seniorityOf,
} from "./salary-rules.server";
import { SALARY_MESSAGES, type SalaryInput } from "./schema";

/* A month's payroll: one salary per employee and month, computed with the month's parameters. */

type Db = Kysely<Database> | Transaction<Database>;

const MONEY_COLUMNS = [
  "grossCents",
  "employeeContributionsCents",
  "taxCents",
  "netCents",
  "employerContributionsCents",
  "totalCostCents",
] as const;
export type SalaryTotals = Record<(typeof MONEY_COLUMNS)[number], number> & { count: number };

/** Everything a salary row needs: the employee's snapshot, the parameters and the figures. */
async function salaryColumns(db: Db, companyId: string, input: SalaryInput) {
  const [employee, company, { id: parametersId, parameters }] = await Promise.all([
    db
      .selectFrom("employees")
      .select([
        "id",
        "name",
        "contractType",
        "bornBefore1960",
        "startDate",
        "endDate",
        "hoursPerDay",
        "insuredSixMonths",
        "seniorityYears",
        "seniorityPercent",
      ])
      .where("companyId", "=", companyId)
      .where("id", "=", input.employeeId)
      .executeTakeFirst(),
    db
      .selectFrom("companies")
      .select("tzpbRate")
      .where("id", "=", companyId)
      .executeTakeFirstOrThrow(),
    parametersFor(db as Kysely<Database>, input.month),
  ]);
  // Another company's employee (or none) is not found, as reading it is (issue #43 item 2).
  if (!employee) {
    throw new AppError(SALARY_MESSAGES.employeeNotFound, 404, {
      employeeId: SALARY_MESSAGES.employeeNotFound,
    });
  }
  refuseOutsideEmployment(employee, input.month);
  if (
    employee.contractType !== "civil" &&
    input.agreedGrossCents < minimumGrossCents(parameters, employee.hoursPerDay)
  ) {
    const message = `${SALARY_MESSAGES.belowMinimum}: ${formatMoney(minimumGrossCents(parameters, employee.hoursPerDay), "EUR")}`;
    throw new AppError(message, 400, { gross: message });
  }
  const days = await employmentDays(db, employee, input);
  refuseTooManyAbsences(employee, input, days.employedDays);
  const seniority = seniorityOf(employee, input.month, parameters.seniorityMinPercent);
  const result = computePayroll(
    {
      contract: employee.contractType,
      bornBefore1960: employee.bornBefore1960,
      grossCents: input.agreedGrossCents,
      workingDays: input.workingDays,
      employedDays: days.employedDays,
      unpaidDays: input.unpaidDays,
      sickDays: input.sickDays,
      sickEmployerDays: days.sickEmployerDays,
      bonusCents: input.bonusCents,
      tzpbRate: Number(company.tzpbRate),
      hoursPerDay: employee.hoursPerDay,
      seniorityYears: seniority.years,
      seniorityPercent: seniority.percent,
    },
    parameters,
  );
  refuseFiguresOverLimit(result, input.bonusCents);
  return {
    employeeId: employee.id,
    month: input.month,
    status: input.status,
    employeeName: employee.name,
    contractType: employee.contractType,
    bornBefore1960: employee.bornBefore1960,
    parametersId,
    tzpbRate: company.tzpbRate,
    gvrsRate: employee.contractType === "labour" ? String(parameters.employerGvrs) : "0",
    seniorityYears: result.seniorityBonusCents ? seniority.years : 0,
    seniorityPercent: result.seniorityBonusCents ? String(seniority.percent) : "0",
    agreedGrossCents: input.agreedGrossCents,
    workingDays: input.workingDays,
    unpaidDays: input.unpaidDays,
    sickDays: input.sickDays,
    sickFrom: input.sickFrom,
    firstInsuredDay: days.firstInsuredDay,
    lastInsuredDay: days.lastInsuredDay,
    bonusCents: input.bonusCents,
    notes: input.notes,
    ...resultColumns(result),
  };
}

const duplicate = (error: unknown): never => {
  if ((error as { code?: string }).code === "23505") {
    throw new AppError(SALARY_MESSAGES.salaryTaken, 409, {
      employeeId: SALARY_MESSAGES.salaryTaken,
    });
  }
  throw error;
};

/**
 * The day a salary was paid after its status is set: kept while it stays paid, today when it
 * becomes paid, none otherwise (the books date the net's payment by it, decision 059).
 */
const paidOnAfter = (
  status: string,
  before?: { status: string; paidOn: string | null } | undefined,
): string | null =>
  status !== "paid"
    ? null
    : before?.status === "paid" && before.paidOn
      ? before.paidOn
      : todayInSofia();

/** Records a month's salary of an employee (one per month), posted if approved or paid. */
export async function createSalary(db: Kysely<Database>, companyId: string, input: SalaryInput) {
  const columns = await salaryColumns(db, companyId, input);
  const paidOn = paidOnAfter(input.status);
  return db.transaction().execute(async (trx) => {
    // A salary's month is its own (decision 058); its payment's day is the payment's.
    await assertPeriodOpen(trx, companyId, input.month, paidOn);
    const row = await trx
      .insertInto("salaries")
      .values({ ...columns, paidOn, companyId })
      .returning("id")
      .executeTakeFirstOrThrow()
      .catch(duplicate);
    await refuseMonthOverLimit(trx, companyId, input.month);
    await settleSalary(trx, companyId, row.id);
    return row.id;
  });
}

/** Changes a salary; an approved or paid one only changes its status. */
export async function updateSalary(
  db: Kysely<Database>,
  companyId: string,
  id: string,
  input: SalaryInput,
) {
  const current = await getSalary(db, companyId, id);
  if (!current) throw new AppError(SALARY_MESSAGES.salaryNotFound, 404);
  if (current.status !== "draft") {
    const sameFigures =
      current.employeeId === input.employeeId &&
      current.month === input.month &&
      current.agreedGrossCents === input.agreedGrossCents &&
      current.workingDays === input.workingDays &&
      current.unpaidDays === input.unpaidDays &&
      current.sickDays === input.sickDays &&
      (current.sickFrom ?? null) === input.sickFrom &&
      current.bonusCents === input.bonusCents;
    if (!sameFigures) {
      throw new AppError(SALARY_MESSAGES.approvedLocked, 409, {
        status: SALARY_MESSAGES.approvedLocked,
      });
    }
    await db.transaction().execute(async (trx) => {
      const before = await rowForUpdate(trx, companyId, id);
      const paidOn = paidOnAfter(input.status, before);
      await assertPeriodOpen(trx, companyId, before?.month, before?.paidOn, paidOn);
      await trx
        .updateTable("salaries")
        .set({ status: input.status, paidOn, notes: input.notes, updatedAt: new Date() })
        .where("companyId", "=", companyId)
        .where("id", "=", id)
        .execute();
      await settleSalary(trx, companyId, id);
    });
    return;
  }
  const columns = await salaryColumns(db, companyId, input);
  await db.transaction().execute(async (trx) => {
    const before = await rowForUpdate(trx, companyId, id);
    const paidOn = paidOnAfter(input.status, before);
    await assertPeriodOpen(trx, companyId, before?.month, input.month, paidOn);
    await trx
      .updateTable("salaries")
      .set({ ...columns, paidOn, updatedAt: new Date() })
      .where("companyId", "=", companyId)
      .where("id", "=", id)
      .execute()
      .catch(duplicate);
    await refuseMonthOverLimit(trx, companyId, input.month);
    await settleSalary(trx, companyId, id);
  });
}

/**
 * Sets the status of a salary (approve, mark paid, back to draft): approved it is accrued in the
 * books, paid its net is paid that day, a draft again reverses both (decision 059).
 */
export async function setSalaryStatus(
  db: Kysely<Database>,
  companyId: string,
  id: string,
  status: "draft" | "approved" | "paid",
) {
  if (!isUuid(id)) throw new AppError(SALARY_MESSAGES.salaryNotFound, 404);
  await db.transaction().execute(async (trx) => {
    const before = await rowForUpdate(trx, companyId, id);
    if (!before) throw new AppError(SALARY_MESSAGES.salaryNotFound, 404);
    const paidOn = paidOnAfter(status, before);
    await assertPeriodOpen(trx, companyId, before.month, before.paidOn, paidOn);
    await trx
      .updateTable("salaries")
      .set({ status, paidOn, updatedAt: new Date() })
      .where("companyId", "=", companyId)
      .where("id", "=", id)
      .execute();
    await settleSalary(trx, companyId, id);
  });
}

/** A salary's month, status and day paid, its row locked for the change (undefined: none). */
async function rowForUpdate(trx: Transaction<Database>, companyId: string, id: string) {
  return trx
    .selectFrom("salaries")
    .select(["month", "status", "paidOn"])
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

/** Deletes a draft salary. */
export async function deleteSalary(db: Kysely<Database>, companyId: string, id: string) {
  const current = await getSalary(db, companyId, id);
  if (!current) throw new AppError(SALARY_MESSAGES.salaryNotFound, 404);
  if (current.status !== "draft") throw new AppError(SALARY_MESSAGES.approvedLocked, 409);
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("salaries")
      .where("companyId", "=", companyId)
      .where("id", "=", id)
      .returning("month")
      .executeTakeFirst();
    await assertPeriodOpen(trx, companyId, row?.month);
    await postSalary(trx, companyId, id, null);
  });
}

/** One salary of the company; undefined for anything else. */
export function getSalary(db: Kysely<Database>, companyId: string, id: string | undefined) {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return db
    .selectFrom("salaries")
    .selectAll()
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .executeTakeFirst();
}
export type Salary = NonNullable<Awaited<ReturnType<typeof getSalary>>>;

/** The company's salary for a page, or the 404 page. */
export async function requireSalary(
  db: Kysely<Database>,
  companyId: string,
  id: string | undefined,
) {
  const salary = await getSalary(db, companyId, id);
  if (!salary) throw new NotFoundError();
  return salary;
}

/** A month's salaries by employee name, with their totals (to the cent, from the same rows). */
export async function monthSalaries(db: Kysely<Database>, companyId: string, month: string) {
  const salaries = await db
    .selectFrom("salaries")
    .selectAll()
    .where("companyId", "=", companyId)
    .where("month", "=", month)
    .orderBy("employeeName")
    .orderBy("id")
    .execute();
  const totals: SalaryTotals = { count: salaries.length } as SalaryTotals;
  for (const column of MONEY_COLUMNS) {
    totals[column] = salaries.reduce((sum, s) => sum + s[column], 0);
  }
  return { salaries, totals };
}

/**
 * Copies the previous month's salaries into this month, recomputed with this month's parameters
 * and working days, for employees still working and without a salary yet. One transaction.
 */
export async function copyPreviousMonth(db: Kysely<Database>, companyId: string, month: string) {
  const from = previousMonth(month);
  const workingDays = await workingDaysOf(db, month);
  return db.transaction().execute(async (trx) => {
    await assertPeriodOpen(trx, companyId, month);
    const previous = await trx
      .selectFrom("salaries")
      .innerJoin("employees", (join) =>
        join
          .onRef("employees.id", "=", "salaries.employeeId")
          .onRef("employees.companyId", "=", "salaries.companyId"),
      )
      .select([
        "salaries.employeeId",
        "salaries.agreedGrossCents",
        "employees.grossCents as contractGrossCents",
      ])
      .where("salaries.companyId", "=", companyId)
      .where("salaries.month", "=", from)
      .where("employees.startDate", "<=", lastDayOf(month))
      .where((eb) =>
        eb.or([eb("employees.endDate", "is", null), eb("employees.endDate", ">=", `${month}-01`)]),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("salaries as s")
              .select("s.id")
              .whereRef("s.companyId", "=", "salaries.companyId")
              .whereRef("s.employeeId", "=", "salaries.employeeId")
              .where("s.month", "=", month),
          ),
        ),
      )
      .execute();
    if (!previous.length) return 0;
    const rows = [];
    for (const p of previous) {
      rows.push({
        ...(await salaryColumns(trx, companyId, {
          employeeId: p.employeeId,
          month,
          // The contract's gross as it is now (a raise since last month is taken).
          agreedGrossCents: p.contractGrossCents,
          workingDays,
          unpaidDays: 0,
          sickDays: 0,
          sickFrom: null,
          bonusCents: 0,
          status: "draft",
          notes: null,
        })),
        companyId,
      });
    }
    await trx.insertInto("salaries").values(rows).execute();
    await refuseMonthOverLimit(trx, companyId, month, "month");
    return rows.length;
  });
}

/** The spec's duplicate-salary prompt: this month empty, last month not, not dismissed. */
export async function shouldShowCopyPrompt(db: Kysely<Database>, companyId: string, month: string) {
  return shouldRemind(db, companyId, month, "copy_prompt");
}

/** The red dot on «Заплати»: this month empty, last month not, the banner not dismissed. */
export async function salaryReminder(db: Kysely<Database>, companyId: string, month: string) {
  return shouldRemind(db, companyId, month, "banner");
}

async function shouldRemind(
  db: Kysely<Database>,
  companyId: string,
  month: string,
  kind: "banner" | "copy_prompt",
) {
  // One round trip: the shell asks this on every page of a company with salaries.
  const salariesIn = (m: string) =>
    sql<boolean>`exists (select 1 from salaries where company_id = ${companyId} and month = ${m})`;
  const row = await db
    .selectNoFrom([
      sql<boolean>`not ${salariesIn(month)} and ${salariesIn(previousMonth(month))}
        and not exists (select 1 from salary_dismissals
          where company_id = ${companyId} and month = ${month} and kind = ${kind})`.as("remind"),
    ])
    .executeTakeFirstOrThrow();
  return row.remind;
}

/** Whether the company dismissed the banner (or the prompt) for the month. */
export async function isDismissed(
  db: Kysely<Database>,
  companyId: string,
  month: string,
  kind: "banner" | "copy_prompt",
) {
  const row = await db
    .selectFrom("salaryDismissals")
    .select("month")
    .where("companyId", "=", companyId)
    .where("month", "=", month)
    .where("kind", "=", kind)
    .executeTakeFirst();
  return row !== undefined;
}

/** Dismisses the banner (or the prompt) for the month; idempotent. */
export async function dismiss(
  db: Kysely<Database>,
  companyId: string,
  month: string,
  kind: "banner" | "copy_prompt",
) {
  await db
    .insertInto("salaryDismissals")
    .values({ companyId, month, kind })
    .onConflict((c) => c.columns(["companyId", "month", "kind"]).doNothing())
    .execute();
}
