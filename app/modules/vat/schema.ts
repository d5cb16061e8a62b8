import { z } from "zod";
import { isValidEgn, isValidLnch } from "~/modules/reference/egn";
import { MONTH, previousMonth } from "~/utils/periods";
import { boundedText } from "~/utils/schema";

/** The VAT report's month and filing settings, shared by the page, the API and the server. */

export const MONTH_MESSAGE = "Изберете месец във вида гггг-мм (напр. 2026-11)";

/** The month asked for, when it is a real month from 2007 (ЗДДС) up to the current one. */
export function parseMonth(value: string | null | undefined, today: string): string | null {
  const month = (value ?? "").trim();
  if (!MONTH.test(month) || month < "2007-01" || month > today.slice(0, 7)) return null;
  return month;
}

/** The month before the given day's (the one being filed by the 14th). */
export const monthToFile = (today: string) => previousMonth(today.slice(0, 7));

export const FILING_FIELDS = [
  "filerName",
  "filerEgn",
  "filerRole",
  "filerCity",
  "filerPostalCode",
  "filerAddress",
  "creditCoefficient",
] as const;

export const filingSchema = z.object({
  filerName: boundedText(100, "Въведете името на лицето, което подава"),
  filerEgn: z
    .string({ required_error: "Въведете ЕГН или ЛНЧ" })
    .trim()
    .refine((v) => isValidEgn(v) || isValidLnch(v), "Невалидно ЕГН или ЛНЧ"),
  filerRole: z.enum(["R", "A"], { errorMap: () => ({ message: "Изберете качеството" }) }),
  filerCity: boundedText(50, "Въведете населеното място"),
  filerPostalCode: z
    .string({ required_error: "Пощенският код е 4 цифри" })
    .trim()
    .regex(/^\d{4}$/, "Пощенският код е 4 цифри"),
  filerAddress: boundedText(150, "Въведете адреса"),
  creditCoefficient: z
    .string()
    .trim()
    .default("1")
    .transform((v, ctx) => {
      const n = Number(v.replace(",", "."));
      if (!/^[01]([.,]\d{1,2})?$/.test(v) || n < 0 || n > 1) {
        ctx.addIssue({ code: "custom", message: "Коефициентът е число от 0,00 до 1,00" });
        return z.NEVER;
      }
      return n;
    }),
});
