import { z } from "zod";
import { MAX_AMOUNT_CENTS, parseDecimal, scaledToString } from "~/utils/money";
import { isoDate, optionalText } from "~/utils/schema";
import {
  PAYROLL_PARAMETER_MESSAGES,
  PAYROLL_RATE_FIELDS,
  type PayrollRateField,
} from "./parameter-fields";

export {
  MAX_INSURABLE_FIELDS,
  PAYROLL_PARAMETER_FIELDS,
  PAYROLL_PARAMETER_MESSAGES,
  PAYROLL_RATE_FIELDS,
  type PayrollRateField,
  SICK_LEAVE_RULE_FIELDS,
} from "./parameter-fields";

/*
 * The admin's forms for payroll parameters (/hatterscastle/invoice-settings, issue #14): a new
 * dated row with every rate, and the correction or confirmation of a row's maximum insurable
 * income. Shared by the page and the server.
 */

const percent = (message: string, max: bigint) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .max(20, message)
    .transform((value, ctx) => {
      const scaled = parseDecimal(value.trim(), 2);
      if (scaled === null || scaled < 0n || scaled > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return scaledToString(scaled, 2);
    });

/** Euro typed by a person, as cents. */
export const euroCents = z
  .string({
    required_error: PAYROLL_PARAMETER_MESSAGES.amount,
    invalid_type_error: PAYROLL_PARAMETER_MESSAGES.amount,
  })
  .max(40, PAYROLL_PARAMETER_MESSAGES.amount)
  .transform((value, ctx) => {
    const cents = parseDecimal(value.trim(), 2);
    if (cents === null || cents <= 0n || cents > BigInt(MAX_AMOUNT_CENTS)) {
      ctx.addIssue({ code: "custom", message: PAYROLL_PARAMETER_MESSAGES.amount });
      return z.NEVER;
    }
    return Number(cents);
  });

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");

const rates = Object.fromEntries(
  Object.keys(PAYROLL_RATE_FIELDS).map((key) => [
    key,
    key.startsWith("tzpb")
      ? percent(PAYROLL_PARAMETER_MESSAGES.tzpb, 1_000n)
      : percent(PAYROLL_PARAMETER_MESSAGES.percent, 10_000n),
  ]),
) as Record<PayrollRateField, ReturnType<typeof percent>>;

export const payrollParametersSchema = z
  .object({
    validFrom: isoDate(PAYROLL_PARAMETER_MESSAGES.validFrom),
    minimumWage: euroCents,
    maxInsurable: euroCents,
    maxInsurableConfirmed: checkbox,
    ...rates,
    note: optionalText(500),
  })
  .superRefine((row, ctx) => {
    if (typeof row.minimumWage === "number" && typeof row.maxInsurable === "number") {
      if (row.maxInsurable < row.minimumWage) {
        ctx.addIssue({
          code: "custom",
          path: ["maxInsurable"],
          message: PAYROLL_PARAMETER_MESSAGES.maxBelowMinimum,
        });
      }
    }
    if (typeof row.tzpbMin === "string" && typeof row.tzpbMax === "string") {
      if (Number(row.tzpbMin) > Number(row.tzpbMax)) {
        ctx.addIssue({
          code: "custom",
          path: ["tzpbMax"],
          message: PAYROLL_PARAMETER_MESSAGES.tzpbOrder,
        });
      }
    }
  });
export type PayrollParametersInput = z.infer<typeof payrollParametersSchema>;

/**
 * A dated rule of the employer's sick days (КСО чл. 40, ал. 5): for an incapacity that began on
 * or after the day; a rule of the same day is replaced.
 */
export const sickLeaveRuleSchema = z.object({
  validFrom: isoDate(PAYROLL_PARAMETER_MESSAGES.sickValidFrom),
  employerDays: z
    .string({ required_error: PAYROLL_PARAMETER_MESSAGES.sickDays })
    .max(10, PAYROLL_PARAMETER_MESSAGES.sickDays)
    .trim()
    .regex(/^\d{1,2}$/, PAYROLL_PARAMETER_MESSAGES.sickDays)
    .transform(Number)
    .refine((days) => days <= 30, PAYROLL_PARAMETER_MESSAGES.sickDays),
  note: optionalText(500),
});
export type SickLeaveRuleInput = z.infer<typeof sickLeaveRuleSchema>;

/** Correcting or confirming a row's maximum insurable income. */
export const maxInsurableSchema = z.object({
  id: z.string({ required_error: PAYROLL_PARAMETER_MESSAGES.notFound }).max(40),
  maxInsurable: euroCents,
  maxInsurableConfirmed: checkbox,
});
