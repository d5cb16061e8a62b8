import { z } from "zod";
import { decimalProblem, MAX_AMOUNT_CENTS, parseDecimal } from "~/utils/money";
import { INCOME_TAX_MESSAGES } from "./rules";

export { CONTRIBUTIONS_FORM_ID, INCOME_TAX_MESSAGES } from "./rules";

/*
 * The form on /taxes/annual (decision 076): what the person paid in compulsory contributions for
 * the year, and whether they declared to the payers that they are self-insured (ЗДДФЛ чл. 43,
 * ал. 5). The year comes from the address, checked by the route.
 */
export const taxYearSchema = z.object({
  contributions: z
    .string({ errorMap: () => ({ message: INCOME_TAX_MESSAGES.contributions }) })
    .max(40, INCOME_TAX_MESSAGES.contributions)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return 0;
      const cents = parseDecimal(value, 2);
      if (cents === null || cents < 0n || cents > BigInt(MAX_AMOUNT_CENTS)) {
        ctx.addIssue({
          code: "custom",
          message: decimalProblem(value) ?? INCOME_TAX_MESSAGES.contributions,
        });
        return z.NEVER;
      }
      return Number(cents);
    }),
  selfInsuredDeclared: z
    .string()
    .max(10)
    .optional()
    .transform((value) => value === "on" || value === "true"),
});

export const TAX_YEAR_FIELDS = ["contributions", "selfInsuredDeclared"] as const;
