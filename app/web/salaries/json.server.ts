import { json } from "@remix-run/node";
import type { Kysely } from "kysely";
import type { Employee } from "~/modules/salaries/employees.server";
import type { Salary } from "~/modules/salaries/salaries.server";
import { employeeSchema, type SalaryInput, salarySchema } from "~/modules/salaries/schema";
import {
  API_MESSAGES,
  apiErrorResponse,
  formatFieldErrors,
  parseJsonBody,
} from "~/utils/http.server";
import { centsToDecimal } from "~/utils/money";
import { lastDayOf } from "~/utils/periods";
import { decimal, month, z } from "~/utils/zod-openapi.server";
import { withSalaryDefaults } from "~/web/salaries/form.server";
import type { Database } from "~db/types";

/** A per cent as the API gives it: "0.60", "0.10". */
function percentText(value: string | number): string {
  return Number(value).toFixed(2);
}

/** An employee as the JSON API gives it (amounts as decimal strings). */
export function employeeJson(
  e: Pick<
    Employee,
    | "id"
    | "name"
    | "idKind"
    | "idNumber"
    | "position"
    | "contractType"
    | "startDate"
    | "endDate"
    | "grossCents"
  > &
    Partial<Employee>,
) {
  return {
    id: e.id,
    name: e.name,
    idKind: e.idKind,
    idNumber: e.idNumber,
    birthDate: e.birthDate ?? null,
    bornBefore1960: e.bornBefore1960 ?? false,
    position: e.position,
    contractType: e.contractType,
    startDate: e.startDate,
    endDate: e.endDate,
    gross: centsToDecimal(e.grossCents),
    hoursPerDay: e.hoursPerDay ?? 8,
    insuredSixMonths: e.insuredSixMonths ?? true,
    occupationCode: e.occupationCode ?? null,
    seniorityYears: e.seniorityYears ?? 0,
    seniorityPercent:
      e.seniorityPercent === null || e.seniorityPercent === undefined
        ? null
        : percentText(e.seniorityPercent),
    iban: e.iban ?? null,
  };
}

/** A salary as the JSON API gives it: the inputs and every figure. */
export function salaryJson(s: Salary) {
  const d = centsToDecimal;
  return {
    id: s.id,
    employeeId: s.employeeId,
    employeeName: s.employeeName,
    month: s.month,
    status: s.status,
    contractType: s.contractType,
    bornBefore1960: s.bornBefore1960,
    agreedGross: d(s.agreedGrossCents),
    workingDays: s.workingDays,
    unpaidDays: s.unpaidDays,
    sickDays: s.sickDays,
    sickFrom: s.sickFrom ?? null,
    employedDays: s.employedDays ?? s.workingDays,
    workedDays: s.workedDays,
    sickEmployerDays: s.sickEmployerDays,
    sickNoiDays: s.sickNoiDays,
    firstInsuredDay: s.firstInsuredDay ?? `${s.month}-01`,
    lastInsuredDay: s.lastInsuredDay ?? lastDayOf(s.month),
    bonus: d(s.bonusCents),
    seniorityYears: s.seniorityYears,
    seniorityPercent: percentText(s.seniorityPercent),
    seniorityBonus: d(s.seniorityBonusCents),
    earned: d(s.earnedCents),
    sickPay: d(s.sickPayCents),
    gross: d(s.grossCents),
    insurable: d(s.insurableCents),
    employee: {
      doo: d(s.employeeDooCents),
      upf: d(s.employeeUpfCents),
      zo: d(s.employeeZoCents),
      total: d(s.employeeContributionsCents),
    },
    taxable: d(s.taxableCents),
    tax: d(s.taxCents),
    net: d(s.netCents),
    employer: {
      doo: d(s.employerDooCents),
      tzpb: d(s.employerTzpbCents),
      gvrs: d(s.employerGvrsCents),
      upf: d(s.employerUpfCents),
      zo: d(s.employerZoCents),
      total: d(s.employerContributionsCents),
    },
    totalCost: d(s.totalCostCents),
    tzpbRate: s.tzpbRate,
    gvrsRate: percentText(s.gvrsRate),
    notes: s.notes,
  };
}

/**
 * A salary from a JSON body (POST/PUT /api/salaries): gross (or GET's agreedGross) defaults to the
 * contract's, workingDays to the calendar's; otherwise the API's 400 with Bulgarian field errors.
 * A body with agreedGross is GET's own shape: its `gross` is the computed month's gross (with
 * bonuses and sick pay), so agreedGross is the agreed one and a salary PUT back as GET gave it
 * keeps its figures (issue #43 item 6).
 */
export async function salaryFromJson(
  db: Kysely<Database>,
  companyId: string,
  request: Request,
): Promise<SalaryInput> {
  const { data: raw } = await parseJsonBody(request, z.record(z.unknown()));
  const { agreedGross, ...rest } = raw;
  const body = await withSalaryDefaults(db, companyId, {
    ...rest,
    gross: agreedGross === undefined || agreedGross === null ? rest.gross : agreedGross,
  }).catch((error) => {
    // Another company's employee is the API's 404 (issue #43 item 2).
    throw apiErrorResponse(error);
  });
  const parsed = salarySchema.safeParse(body);
  if (!parsed.success) {
    throw json(
      { message: API_MESSAGES.invalid, errors: formatFieldErrors(parsed.error.format()) },
      { status: 400 },
    );
  }
  return parsed.data;
}

/** The body of POST /api/employees and PUT /api/employees/{id}: the schema the routes parse with. */
export const employeeInputJsonSchema = employeeSchema.openapi("EmployeeInput");

/** The company's payroll settings as the API shows them. */
export const payrollSettingsJsonSchema = z
  .object({
    activityCode: z
      .string()
      .regex(/^[0-9]{4}$/)
      .nullable()
      .optional(),
    tzpbRate: z.string().describe("Per cent (0.4–1.1)").optional(),
  })
  .openapi("PayrollSettings");

/** An employee as employeeJson gives it. */
export const employeeJsonSchema = z
  .intersection(
    employeeInputJsonSchema,
    z.object({
      id: z.string().uuid().optional(),
      idKind: z.enum(["egn", "lnch"]).optional(),
      birthDate: z.string().date().nullable().optional(),
      bornBefore1960: z.boolean().optional(),
    }),
  )
  .openapi("Employee");

/** The body salaryFromJson reads (it fills the defaults before salarySchema parses). */
export const salaryInputJsonSchema = z
  .object({
    employeeId: z.string().uuid(),
    month: month().openapi({ example: "2026-11" }),
    gross: decimal()
      .describe(
        "The agreed gross. Default: the contract's gross. Gross + bonus at most 99999999999.99, and so every figure of the salary and the month's totals",
      )
      .openapi({ example: "2000.00" })
      .optional(),
    agreedGross: decimal()
      .describe(
        "GET's agreedGross: when given, it is the agreed gross and `gross` (GET's computed month's gross) is ignored, so a salary PUT back as GET gave it keeps its figures",
      )
      .openapi({ example: "2000.00" })
      .optional(),
    workingDays: z
      .number()
      .int()
      .describe("Default: the month's weekdays without official days off")
      .optional(),
    unpaidDays: z.number().int().openapi({ default: 0 }).optional(),
    sickDays: z.number().int().openapi({ default: 0 }).optional(),
    sickFrom: z
      .string()
      .date()
      .nullable()
      .describe(
        "The day the incapacity began (may be in an earlier month; not after the month); null: in the month. Dates the employer's days (КСО чл. 40, ал. 5)",
      )
      .optional(),
    bonus: decimal().openapi({ example: "0.00" }).optional(),
    status: z.enum(["draft", "approved", "paid"]).openapi({ default: "draft" }).optional(),
    notes: z.string().nullable().optional(),
  })
  .openapi("SalaryInput");

/** A salary as salaryJson gives it. */
export const salaryJsonSchema = z
  .object({
    id: z.string().uuid().optional(),
    employeeId: z.string().uuid().optional(),
    employeeName: z.string().optional(),
    month: month().openapi({ example: "2026-11" }).optional(),
    status: z.enum(["draft", "approved", "paid"]).optional(),
    workingDays: z.number().int().describe("The month's working days").optional(),
    employedDays: z
      .number()
      .int()
      .describe("Working days of the month within the employment (start and end dates)")
      .optional(),
    workedDays: z.number().int().describe("employedDays − unpaidDays − sickDays").optional(),
    unpaidDays: z.number().int().optional(),
    sickDays: z.number().int().optional(),
    sickFrom: z.string().date().nullable().optional(),
    sickEmployerDays: z.number().int().describe("Sick days the employer pays (sickPay)").optional(),
    sickNoiDays: z.number().int().describe("Sick days НОИ pays").optional(),
    firstInsuredDay: z.string().date().describe("First day of the month in employment").optional(),
    lastInsuredDay: z.string().date().describe("Last day of the month in employment").optional(),
    seniorityYears: z.number().int().optional(),
    seniorityPercent: z.string().describe("Per cent, e.g. 0.60").optional(),
    seniorityBonus: decimal()
      .describe("The seniority bonus (in gross, insurable and taxable)")
      .openapi({ example: "0.00" })
      .optional(),
    gross: decimal().openapi({ example: "2000.00" }).optional(),
    sickPay: decimal().openapi({ example: "0.00" }).optional(),
    insurable: decimal().openapi({ example: "2000.00" }).optional(),
    employee: z.object({}).passthrough().describe("doo, upf, zo, total").optional(),
    tax: decimal().openapi({ example: "172.44" }).optional(),
    net: decimal().openapi({ example: "1551.96" }).optional(),
    employer: z.object({}).passthrough().describe("doo, tzpb, gvrs, upf, zo, total").optional(),
    gvrsRate: z.string().describe("The ГВРС rate, per cent (0.10; 0.00 civil)").optional(),
    totalCost: decimal().openapi({ example: "2378.40" }).optional(),
  })
  .openapi("Salary");
