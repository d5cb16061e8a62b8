import type { Kysely } from "kysely";
import { employeesOfMonth, getEmployee } from "~/modules/salaries/employees.server";
import {
  parametersFor,
  sickLeaveRules,
  toPayrollParameters,
  workingDaysBetween,
  workingDaysOf,
} from "~/modules/salaries/parameters.server";
import { computePayroll, type PayrollResult } from "~/modules/salaries/payroll";
import { createSalary, type Salary, updateSalary } from "~/modules/salaries/salaries.server";
import {
  employmentDays,
  refuseFiguresOverLimit,
  refuseOutsideEmployment,
  refuseTooManyAbsences,
  seniorityOf,
} from "~/modules/salaries/salary-rules.server";
import {
  SALARY_FIELD_ORDER,
  SALARY_FORM_ID,
  SALARY_MESSAGES,
  type SalaryInput,
  salarySchema,
} from "~/modules/salaries/schema";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import type { FormAnswer } from "~/utils/forms";
import { typedValues } from "~/utils/forms.server";
import { centsToDecimal } from "~/utils/money";
import { lastDayOf, MONTH } from "~/utils/periods";
import { fieldErrorsOf } from "~/utils/schema";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";

/*
 * The salary form of /salaries/add and /salaries/edit/{id}: what it needs to show (the month's
 * employees and parameters), and one reading of what it posts («Изчисли» or «Запиши»).
 */

/** The current month in Sofia (yyyy-MM). */
export const currentMonth = () => todayInSofia().slice(0, 7);

/**
 * The month's employees (with what the live computation needs: the working days within their
 * employment when it starts or ends in the month), parameters, ТЗПБ and the sick-day rules.
 */
export async function salaryFormData(db: Kysely<Database>, companyId: string, month: string) {
  const [employees, details, company, parameters, sickRules] = await Promise.all([
    employeesOfMonth(db, companyId, month),
    db
      .selectFrom("employees")
      .select([
        "id",
        "contractType",
        "bornBefore1960",
        "hoursPerDay",
        "startDate",
        "endDate",
        "insuredSixMonths",
        "seniorityYears",
        "seniorityPercent",
      ])
      .where("companyId", "=", companyId)
      .execute(),
    db
      .selectFrom("companies")
      .select("tzpbRate")
      .where("id", "=", companyId)
      .executeTakeFirstOrThrow(),
    parametersFor(db, month).catch(() => null),
    sickLeaveRules(db),
  ]);
  const byId = new Map(details.map((d) => [d.id, d]));
  const first = `${month}-01`;
  const last = lastDayOf(month);
  return {
    employees: await Promise.all(
      employees.map(async (e) => {
        const d = byId.get(e.id);
        const from = d && d.startDate > first ? d.startDate : first;
        const to = d?.endDate && d.endDate < last ? d.endDate : last;
        return {
          ...e,
          bornBefore1960: d?.bornBefore1960 ?? false,
          hoursPerDay: d?.hoursPerDay ?? 8,
          insuredSixMonths: d?.insuredSixMonths ?? true,
          // The seniority bonus's years by the month's end and its percentage (labour contracts).
          ...(d && parameters
            ? seniorityFor(d, month, toPayrollParameters(parameters.row).seniorityMinPercent)
            : { seniorityYears: 0, seniorityPercent: 0 }),
          // Null: the employment covers the month (all its working days).
          employedDays:
            from === first && to === last ? null : await workingDaysBetween(db, from, to),
        };
      }),
    ),
    parameters: parameters ? toPayrollParameters(parameters.row) : null,
    tzpbRate: Number(company.tzpbRate),
    sickRules,
  };
}

function seniorityInput(s: { years: number; percent: number }) {
  return { seniorityYears: s.years, seniorityPercent: s.percent };
}

function seniorityFor(
  employee: Parameters<typeof seniorityOf>[0],
  month: string,
  minimumPercent: number,
) {
  return seniorityInput(seniorityOf(employee, month, minimumPercent));
}

/** A recorded salary as the form's fields. */
export function salaryFormValues(salary: Salary): Record<string, string> {
  const money = (cents: number) => (cents ? centsToDecimal(cents).replace(".", ",") : "");
  return {
    employeeId: salary.employeeId,
    month: salary.month,
    gross: money(salary.agreedGrossCents),
    workingDays: String(salary.workingDays),
    unpaidDays: salary.unpaidDays ? String(salary.unpaidDays) : "",
    sickDays: salary.sickDays ? String(salary.sickDays) : "",
    sickFrom: salary.sickFrom ?? "",
    bonus: money(salary.bonusCents),
    status: salary.status,
    notes: salary.notes ?? "",
  };
}

export type SalaryFormOutcome =
  | { saved: true; id: string; month: string }
  | { saved: false; answer: FormAnswer; status: number; figures: PayrollResult | null };

/**
 * Fills what was left empty: the contract's gross, the month's working days. An employee named
 * that is not the company's is not found (AppError 404), as reading it is (issue #43 item 2).
 */
export async function withSalaryDefaults<T extends Record<string, unknown>>(
  db: Kysely<Database>,
  companyId: string,
  values: T,
): Promise<T> {
  const filled: Record<string, unknown> = { ...values };
  const empty = (v: unknown) =>
    v === undefined || v === null || (typeof v === "string" && !v.trim());
  if (typeof filled.employeeId === "string" && isUuid(filled.employeeId)) {
    const employee = await getEmployee(db, companyId, filled.employeeId);
    if (!employee) {
      throw new AppError(SALARY_MESSAGES.employeeNotFound, 404, {
        employeeId: SALARY_MESSAGES.employeeNotFound,
      });
    }
    if (empty(filled.gross)) filled.gross = centsToDecimal(employee.grossCents).replace(".", ",");
  }
  if (empty(filled.workingDays) && typeof filled.month === "string" && MONTH.test(filled.month)) {
    filled.workingDays = String(await workingDaysOf(db, filled.month));
  }
  return filled as T;
}

/** The figures the input gives (for «Изчисли» without JavaScript). */
async function figuresOf(db: Kysely<Database>, companyId: string, input: SalaryInput) {
  const [employee, data] = await Promise.all([
    getEmployee(db, companyId, input.employeeId),
    salaryFormData(db, companyId, input.month),
  ]);
  if (!employee || !data.parameters) return null;
  refuseOutsideEmployment(employee, input.month);
  const days = await employmentDays(db, employee, input);
  refuseTooManyAbsences(employee, input, days.employedDays);
  const figures = computePayroll(
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
      tzpbRate: data.tzpbRate,
      hoursPerDay: employee.hoursPerDay,
      ...seniorityInput(seniorityOf(employee, input.month, data.parameters.seniorityMinPercent)),
    },
    data.parameters,
  );
  refuseFiguresOverLimit(figures, input.bonusCents);
  return figures;
}

/** Computes («Изчисли») or saves («Запиши») the posted salary form; creates without an id. */
export async function submitSalaryForm(
  db: Kysely<Database>,
  request: Request,
  companyId: string,
  id?: string,
): Promise<SalaryFormOutcome> {
  const typed = typedValues(await request.formData());
  const values = await withSalaryDefaults(db, companyId, typed).catch((error) => {
    if (!(error instanceof AppError)) throw error;
    return error;
  });
  if (values instanceof AppError) {
    const fieldErrors = values.fields ?? {};
    return {
      saved: false,
      status: values.status,
      figures: null,
      answer: {
        formId: SALARY_FORM_ID,
        fieldErrors,
        formError: values.message,
        repopulateFields: typed,
        focus: Object.keys(fieldErrors)[0],
      },
    };
  }
  const refuse = (
    fieldErrors: Record<string, string>,
    formError: string | undefined,
    status: number,
    figures: PayrollResult | null = null,
  ): SalaryFormOutcome => ({
    saved: false,
    status,
    figures,
    answer: {
      formId: SALARY_FORM_ID,
      fieldErrors,
      ...(formError && { formError }),
      repopulateFields: values,
      focus: SALARY_FIELD_ORDER.find((name) => fieldErrors[name]) ?? Object.keys(fieldErrors)[0],
    },
  });
  const input = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ""));
  const parsed = salarySchema.safeParse(input);
  if (!parsed.success) {
    return refuse(fieldErrorsOf(parsed.error), "Проверете отбелязаните полета", 400);
  }
  try {
    if (values.intent === "calculate") {
      const figures = await figuresOf(db, companyId, parsed.data);
      return refuse({}, undefined, 200, figures);
    }
    if (id) {
      await updateSalary(db, companyId, id, parsed.data);
      return { saved: true, id, month: parsed.data.month };
    }
    return {
      saved: true,
      id: await createSalary(db, companyId, parsed.data),
      month: parsed.data.month,
    };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return refuse(error.fields ?? {}, error.message, error.status);
    }
    throw error;
  }
}
