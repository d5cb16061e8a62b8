import { json } from "@remix-run/node";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Employee } from "~/modules/salaries/employees.server";
import type { Salary } from "~/modules/salaries/salaries.server";
import { type SalaryInput, salarySchema } from "~/modules/salaries/schema";
import {
  API_MESSAGES,
  apiErrorResponse,
  formatFieldErrors,
  parseJsonBody,
} from "~/utils/http.server";
import { centsToDecimal } from "~/utils/money";
import { lastDayOf } from "~/utils/periods";
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
