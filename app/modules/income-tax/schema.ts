import { z } from "zod";
import { decimalProblem, MAX_AMOUNT_CENTS, parseDecimal } from "~/utils/money";
import { INCOME_TAX_MESSAGES } from "./rules";
import { SOLE_TRADER_MESSAGES } from "./sole-trader";

export { CONTRIBUTIONS_FORM_ID, INCOME_TAX_MESSAGES } from "./rules";
export { SOLE_TRADER_FORM_ID } from "./sole-trader";

/** An amount in cents, 0 when left out or blank; `message` when it cannot be read or is negative. */
const cents = (message: string) =>
  z
    .string({ errorMap: () => ({ message }) })
    .max(40, message)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") return 0;
      const parsed = parseDecimal(value, 2);
      if (parsed === null || parsed < 0n || parsed > BigInt(MAX_AMOUNT_CENTS)) {
        ctx.addIssue({ code: "custom", message: decimalProblem(value) ?? message });
        return z.NEVER;
      }
      return Number(parsed);
    });

/*
 * The form on /taxes/annual (decision 076): what the person paid in compulsory contributions for
 * the year, and whether they declared to the payers that they are self-insured (ЗДДФЛ чл. 43,
 * ал. 5). The year comes from the address, checked by the route.
 */
export const taxYearSchema = z.object({
  contributions: cents(INCOME_TAX_MESSAGES.contributions),
  selfInsuredDeclared: z
    .string()
    .max(10)
    .optional()
    .transform((value) => value === "on" || value === "true"),
});

export const TAX_YEAR_FIELDS = ["contributions", "selfInsuredDeclared"] as const;

/*
 * The sole trader's form on /taxes/annual (decision 080): the increases and the decreases of the
 * accounting result under ЗКПО, and the advance instalments paid for the year, in the currency of
 * the year's books.
 */
export const soleTraderYearSchema = z.object({
  increases: cents(SOLE_TRADER_MESSAGES.amount),
  decreases: cents(SOLE_TRADER_MESSAGES.amount),
  advancesPaid: cents(SOLE_TRADER_MESSAGES.amount),
});

export const SOLE_TRADER_FIELDS = ["increases", "decreases", "advancesPaid"] as const;
