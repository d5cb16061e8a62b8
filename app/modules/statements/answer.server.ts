import { z } from "zod";
import { MAX_AMOUNT_CENTS, parseDecimal } from "~/utils/money";
import { boundedText } from "~/utils/schema";
import { RECONCILIATION_ANSWER_MESSAGES } from "./schema";

/*
 * The client's dispute of an act in the portal (decision 070): its own balance (cents, may be
 * negative when the client says the company owes it) and the differences, required. Server-only:
 * the portal's pages load no zod.
 */

const amount = z
  .string({ required_error: RECONCILIATION_ANSWER_MESSAGES.amount })
  .max(40, RECONCILIATION_ANSWER_MESSAGES.amount)
  .transform((value, ctx) => {
    const cents = parseDecimal(value, 2);
    if (cents === null || cents > BigInt(MAX_AMOUNT_CENTS) || cents < -BigInt(MAX_AMOUNT_CENTS)) {
      ctx.addIssue({ code: "custom", message: RECONCILIATION_ANSWER_MESSAGES.amount });
      return z.NEVER;
    }
    return Number(cents);
  });

/** «Не потвърждавам»: the client's balance and the differences. */
export const reconciliationDisputeSchema = z.object({
  amount,
  note: boundedText(2000, RECONCILIATION_ANSWER_MESSAGES.note),
});

/** The dispute form's fields in the order they are drawn (focus goes to the first refused). */
export const DISPUTE_FIELDS = ["amount", "note"] as const;
