import { z } from "zod";
import { boundedText, isoDate, optionalDate, optionalText } from "~/utils/schema";

/** The forms of recurring invoices and reminders, shared by the pages and the server. */

export { MODES, RECURRING_FIELDS } from "./constants";

export const recurringSchema = z
  .object({
    name: boundedText(100, "Дайте име на периодичната фактура"),
    frequency: z.enum(["monthly", "quarterly", "yearly"], {
      errorMap: () => ({ message: "Изберете колко често" }),
    }),
    dayOfMonth: z.coerce
      .number({ invalid_type_error: "Денят е число от 1 до 31" })
      .int("Денят е число от 1 до 31")
      .min(1, "Денят е число от 1 до 31")
      .max(31, "Денят е число от 1 до 31"),
    startOn: isoDate("Въведете начална дата"),
    endOn: optionalDate,
    mode: z.enum(["draft", "issue", "issue_and_email"], {
      errorMap: () => ({ message: "Изберете какво да става с фактурата" }),
    }),
  })
  .superRefine((value, ctx) => {
    if (value.endOn && value.endOn < value.startOn) {
      ctx.addIssue({
        code: "custom",
        path: ["endOn"],
        message: "Крайната дата не може да е преди началната",
      });
    }
  });

const DAYS_MESSAGE = "Въведете до 5 числа от 1 до 365, разделени със запетая (напр. 3, 10, 30)";

export const reminderSchema = z.object({
  enabled: z
    .string()
    .optional()
    .transform((value) => value === "on"),
  days: z
    .string({ required_error: DAYS_MESSAGE })
    .max(100, DAYS_MESSAGE)
    .transform((value, ctx) => {
      const parts = value
        .split(/[\s,;]+/)
        .map((part) => part.trim())
        .filter(Boolean);
      const days = parts.map(Number);
      if (
        parts.length === 0 ||
        parts.length > 5 ||
        days.some((d) => !Number.isInteger(d) || d < 1 || d > 365)
      ) {
        ctx.addIssue({ code: "custom", message: DAYS_MESSAGE });
        return z.NEVER;
      }
      return days;
    }),
  message: optionalText(2000),
});

/** A recurring invoice's line description: it may hold period placeholders (placeholders.ts). */
export const lineDescriptionSchema = boundedText(500, "Въведете описание на реда");
