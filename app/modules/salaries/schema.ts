import { z } from "zod";
import { IBAN_MESSAGE, optionalIban } from "~/utils/iban";
import { MAX_AMOUNT_CENTS, parseDecimal } from "~/utils/money";
import { MONTH_NAMES } from "~/utils/periods";
import { boundedText, isoDate, optionalDate, optionalText } from "~/utils/schema";
import { isUuid } from "~/utils/uuid";
import { EGN_MESSAGES, egnBirthDate, isValidEgn, isValidLnch } from "./egn";
import { PAYROLL_MESSAGES, validateDays } from "./payroll";

/* Employees and salaries as the forms and the JSON API give them: one schema each, shared. */

export const EMPLOYEE_FORM_ID = "employee";
export const SALARY_FORM_ID = "salary";

export const CONTRACT_TYPES = {
  labour: "Трудов договор",
  management: "Договор за управление",
  civil: "Граждански договор",
} as const;

/** The employees list's filter. */
export const EMPLOYEE_STATES = { active: "Настоящи", former: "Бивши", all: "Всички" } as const;
export type EmployeeState = keyof typeof EMPLOYEE_STATES;

export const SALARY_STATUSES = {
  draft: "Чернова",
  approved: "Одобрена",
  paid: "Изплатена",
} as const;

export const SALARY_MESSAGES = {
  name: "Въведете името на служителя",
  idNumber: "Въведете ЕГН или ЛНЧ",
  position: "Въведете длъжността",
  contractType: "Изберете вида на договора",
  startDate: "Въведете датата на постъпване",
  endBeforeStart: "Датата на напускане не може да е преди датата на постъпване",
  gross: "Въведете брутното възнаграждение: сума до 99 999 999 999,99",
  hours: "Работното време е от 1 до 12 часа на ден",
  iban: IBAN_MESSAGE,
  idTaken: "Вече има служител с това ЕГН/ЛНЧ",
  employeeNotFound: "Служителят не е намерен",
  employee: "Изберете служител",
  month: "Месецът трябва да е във формат ГГГГ-ММ",
  days: "Въведете брой дни",
  workingDays: "Работните дни са от 1 до 31",
  tooManyAbsences: PAYROLL_MESSAGES.tooManyAbsences,
  bonus: "Въведете сума на бонусите до 99 999 999 999,99",
  status: "Изберете състояние",
  salaryNotFound: "Заплатата не е намерена",
  salaryTaken: "Служителят вече има заплата за този месец",
  noParameters:
    "Няма параметри за заплати за този месец (минимална заплата, осигуровки): обърнете се към поддръжката",
  hasSalaries: "Служителят има заплати: въведете дата на напускане вместо да го изтривате",
  notActive: "Служителят не работи през този месец",
  belowMinimum: "Брутното възнаграждение е под минималната работна заплата за работното време",
  approvedLocked: "Одобрена или изплатена заплата не се променя: върнете я в чернова",
} as const;

export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A yyyy-MM month, or the Bulgarian message. */
export const monthSchema = z
  .string({ required_error: SALARY_MESSAGES.month, invalid_type_error: SALARY_MESSAGES.month })
  .max(7, SALARY_MESSAGES.month)
  .regex(MONTH, SALARY_MESSAGES.month)
  .refine((m) => m >= "2000-01" && m <= "2099-12", SALARY_MESSAGES.month);

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
    iban: optionalIban,
  })
  .superRefine((data, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (!isValidEgn(data.idNumber) && !isValidLnch(data.idNumber)) {
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
    bonus: money(SALARY_MESSAGES.bonus, false),
    status: z
      .enum(Object.keys(SALARY_STATUSES) as [keyof typeof SALARY_STATUSES], {
        errorMap: () => ({ message: SALARY_MESSAGES.status }),
      })
      .default("draft"),
    notes: optionalText(1000),
  })
  .superRefine((data, ctx) => {
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
  })
  .transform((data) => ({
    employeeId: data.employeeId,
    month: data.month,
    agreedGrossCents: data.gross,
    workingDays: data.workingDays as number,
    unpaidDays: data.unpaidDays ?? 0,
    sickDays: data.sickDays ?? 0,
    bonusCents: data.bonus,
    status: data.status,
    notes: data.notes,
  }));
export type SalaryInput = z.infer<typeof salarySchema>;

/** The form's controls in the order they appear: the first with an error gets focus. */
export const EMPLOYEE_FIELD_ORDER = [
  "name",
  "idNumber",
  "position",
  "contractType",
  "startDate",
  "endDate",
  "gross",
  "hoursPerDay",
  "iban",
] as const;
export const SALARY_FIELD_ORDER = [
  "employeeId",
  "month",
  "gross",
  "workingDays",
  "unpaidDays",
  "sickDays",
  "bonus",
  "status",
  "notes",
] as const;

/** The month before a yyyy-MM month. */
export function previousMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

/** The month after a yyyy-MM month. */
export function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

/** The last day of a yyyy-MM month as yyyy-mm-dd. */
export function lastDayOf(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const day = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, "0")}`;
}

/** «ноември 2026» for 2026-11. */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} ${y}`;
}
