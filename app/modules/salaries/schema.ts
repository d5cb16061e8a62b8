import { z } from "zod";
import {
  EGN_MESSAGES,
  egnBirthDate,
  egnProblem,
  isValidEgn,
  isValidLnch,
} from "~/modules/reference/egn";
import { optionalIban } from "~/utils/iban";
import { MAX_AMOUNT_CENTS, parseDecimal } from "~/utils/money";
import { lastDayOf, MONTH } from "~/utils/periods";
import { boundedText, isoDate, optionalDate, optionalText } from "~/utils/schema";
import { isUuid } from "~/utils/uuid";
import { CONTRACT_TYPES, SALARY_MESSAGES, SALARY_STATUSES } from "./constants";
import { validateDays } from "./payroll";

export {
  CONTRACT_TYPES,
  EMPLOYEE_FIELD_ORDER,
  EMPLOYEE_FORM_ID,
  EMPLOYEE_STATES,
  type EmployeeState,
  PAYROLL_SETTINGS_FORM_ID,
  SALARY_FIELD_ORDER,
  SALARY_FORM_ID,
  SALARY_MESSAGES,
  SALARY_STATUSES,
} from "./constants";

/* Employees and salaries as the forms and the JSON API give them: one schema each, shared. */

/** A yyyy-MM month, or the Bulgarian message. */
export const monthSchema = z
  .string({ required_error: SALARY_MESSAGES.month, invalid_type_error: SALARY_MESSAGES.month })
  .max(7, SALARY_MESSAGES.month)
  .regex(MONTH, SALARY_MESSAGES.month)
  .refine((m) => m >= "2000-01" && m <= "2099-12", SALARY_MESSAGES.month);

/** POST /api/salaries/copy-previous: the month to fill from the one before. */
export const copyPreviousSchema = z.object({ month: monthSchema });

/** A sum of money typed as 1234,56 or 1234.56 → cents. */
const money = (message: string, required: boolean) =>
  z
    .union([z.string().max(40, message), z.number()], { errorMap: () => ({ message }) })
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === "") {
        if (!required) return 0;
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      const cents = parseDecimal(value, 2);
      if (cents === null || cents < 0n || cents > BigInt(MAX_AMOUNT_CENTS)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Number(cents);
    });

const days = (message: string, min: number, max: number) =>
  z
    .union([z.string().max(10, message), z.number()], { errorMap: () => ({ message }) })
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === "") return min === 0 ? 0 : undefined;
      const n = typeof value === "number" ? value : Number(value.trim());
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });

/** Yes or no: a JSON boolean, or the form's "yes"/"no" (missing: yes). */
const yesNo = (message: string) =>
  z
    .union([z.boolean(), z.enum(["yes", "no", "true", "false"])], {
      errorMap: () => ({ message }),
    })
    .nullish()
    .transform((value) => !(value === false || value === "no" || value === "false"));

/** An optional code of a fixed number of digits (spaces, dots and dashes dropped): null when empty. */
const digitsCode = (length: number, message: string) =>
  z
    .union([z.string().max(40, message), z.number()], { errorMap: () => ({ message }) })
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined) return null;
      const code = String(value).replace(/[\s.-]/g, "");
      if (code === "") return null;
      if (!new RegExp(`^\\d{${length}}$`).test(code)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return code;
    });

/** НКПД: the 8-digit code of a position (Национална класификация на професиите и длъжностите). */
export const occupationCodeSchema = digitsCode(8, SALARY_MESSAGES.occupationCode);

/** КИД-2008: the 4-digit code of the company's main economic activity («62.01» → «6201»). */
export const activityCodeSchema = digitsCode(4, SALARY_MESSAGES.activityCode);

/** The company's payroll settings (/settings «Заплати и НАП», PUT /api/settings/payroll). */
export const payrollSettingsSchema = z.object({ activityCode: activityCodeSchema });
export type PayrollSettingsInput = z.infer<typeof payrollSettingsSchema>;

/** A per cent with up to 2 decimals, 0–100, or null when empty ("0,6" → "0.60"). */
const optionalPercent = (message: string) =>
  z
    .union([z.string().max(20, message), z.number()], { errorMap: () => ({ message }) })
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || String(value).trim() === "") return null;
      const scaled = parseDecimal(typeof value === "number" ? String(value) : value.trim(), 2);
      if (scaled === null || scaled < 0n || scaled > 10_000n) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Number(scaled) / 100;
    });

/** An employee, as the form and POST/PUT /api/employees give it. */
export const employeeSchema = z
  .object({
    name: boundedText(200, SALARY_MESSAGES.name),
    idNumber: boundedText(20, SALARY_MESSAGES.idNumber).transform((v) => v.replace(/\s/g, "")),
    position: boundedText(200, SALARY_MESSAGES.position),
    contractType: z.enum(Object.keys(CONTRACT_TYPES) as [keyof typeof CONTRACT_TYPES], {
      errorMap: () => ({ message: SALARY_MESSAGES.contractType }),
    }),
    startDate: isoDate(SALARY_MESSAGES.startDate),
    endDate: optionalDate,
    gross: money(SALARY_MESSAGES.gross, true),
    hoursPerDay: days(SALARY_MESSAGES.hours, 1, 12).default(8),
    insuredSixMonths: yesNo(SALARY_MESSAGES.insuredSixMonths),
    occupationCode: occupationCodeSchema,
    seniorityYears: days(SALARY_MESSAGES.seniorityYears, 0, 70),
    seniorityPercent: optionalPercent(SALARY_MESSAGES.seniorityPercent),
    iban: optionalIban,
  })
  .superRefine((data, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    // An ЕГН born after today is refused even when its digits pass as a ЛНЧ: a number that reads
    // as an ЕГН is an ЕГН (its date decides, as below).
    if (egnProblem(data.idNumber) === "future") {
      issue("idNumber", EGN_MESSAGES.bornInFuture(egnBirthDate(data.idNumber) as string));
    } else if (!isValidEgn(data.idNumber) && !isValidLnch(data.idNumber)) {
      issue(
        "idNumber",
        /^\d{10}$/.test(data.idNumber) ? EGN_MESSAGES.egn : SALARY_MESSAGES.idNumber,
      );
    }
    if (data.endDate && data.endDate < data.startDate) {
      issue("endDate", SALARY_MESSAGES.endBeforeStart);
    }
  })
  .transform((data) => {
    // An ЕГН that is also a valid ЛНЧ is read as an ЕГН (its date decides).
    const egn = isValidEgn(data.idNumber);
    return {
      ...data,
      grossCents: data.gross,
      idKind: egn ? ("egn" as const) : ("lnch" as const),
      birthDate: egn ? egnBirthDate(data.idNumber) : null,
    };
  });
export type EmployeeInput = z.infer<typeof employeeSchema>;

/** One month's salary of an employee, as the form and POST/PUT /api/salaries give it. */
export const salarySchema = z
  .object({
    employeeId: z
      .string({ required_error: SALARY_MESSAGES.employee })
      .max(40, SALARY_MESSAGES.employee)
      .refine(isUuid, SALARY_MESSAGES.employee),
    month: monthSchema,
    gross: money(SALARY_MESSAGES.gross, true),
    workingDays: days(SALARY_MESSAGES.workingDays, 1, 31),
    unpaidDays: days(SALARY_MESSAGES.days, 0, 31),
    sickDays: days(SALARY_MESSAGES.days, 0, 31),
    sickFrom: optionalDate,
    bonus: money(SALARY_MESSAGES.bonus, false),
    status: z
      .enum(Object.keys(SALARY_STATUSES) as [keyof typeof SALARY_STATUSES], {
        errorMap: () => ({ message: SALARY_MESSAGES.status }),
      })
      .default("draft"),
    notes: optionalText(1000),
  })
  .superRefine((data, ctx) => {
    // Each part within the limit is not enough: the month's gross is their sum (issue #43 item 6).
    if (
      typeof data.gross === "number" &&
      typeof data.bonus === "number" &&
      data.gross + data.bonus > MAX_AMOUNT_CENTS
    ) {
      ctx.addIssue({ code: "custom", path: ["bonus"], message: SALARY_MESSAGES.grossWithBonus });
    }
    if (data.workingDays === undefined) {
      ctx.addIssue({ code: "custom", path: ["workingDays"], message: SALARY_MESSAGES.workingDays });
      return;
    }
    const problems = validateDays({
      workingDays: data.workingDays,
      unpaidDays: data.unpaidDays ?? 0,
      sickDays: data.sickDays ?? 0,
    });
    for (const [field, message] of Object.entries(problems)) {
      ctx.addIssue({ code: "custom", path: [field], message });
    }
    if (data.sickFrom && typeof data.month === "string" && data.sickFrom > lastDayOf(data.month)) {
      ctx.addIssue({ code: "custom", path: ["sickFrom"], message: SALARY_MESSAGES.sickFromAfter });
    }
  })
  .transform((data) => ({
    employeeId: data.employeeId,
    month: data.month,
    agreedGrossCents: data.gross,
    workingDays: data.workingDays as number,
    unpaidDays: data.unpaidDays ?? 0,
    sickDays: data.sickDays ?? 0,
    // The day the incapacity began (null: in the month); kept only with sick days.
    sickFrom: data.sickDays ? data.sickFrom : null,
    bonusCents: data.bonus,
    status: data.status,
    notes: data.notes,
  }));
export type SalaryInput = z.infer<typeof salarySchema>;
