import { z } from "zod";
import { MAX_AMOUNT_CENTS, parseDecimal } from "~/utils/money";
import { boundedText, optionalDate } from "~/utils/schema";
import { PROTOCOL_MESSAGES } from "./protocol-rules";

/*
 * The protocol's forms (the page's «Издай протокола», «Коригиращ протокол») and the API's bodies
 * (decision 073): one schema each. Everything is optional on issue: the proposal decides.
 */

/** Issuing the proposed protocol: the person may move its date within the term, or the rate. */
export const issueProtocolSchema = z.object({
  protocolDate: optionalDate,
  vatRate: z
    .union([z.enum(["20", "9"]), z.literal(20), z.literal(9)], {
      errorMap: () => ({ message: PROTOCOL_MESSAGES.rate }),
    })
    .nullish()
    .transform((value) => (value === null || value === undefined ? undefined : Number(value))),
  acquisition: z
    .enum(["services", "goods"], { errorMap: () => ({ message: PROTOCOL_MESSAGES.kind }) })
    .nullish(),
  /** A credit or debit note: the supplier's invoice (an expense with a protocol) it corrects. */
  originalExpenseId: z.string().max(40).nullish(),
});

/** A correcting protocol: the supply's new base (in the period's currency), why, and the day. */
export const correctProtocolSchema = z.object({
  base: z
    .union([z.string().max(40), z.number()], {
      errorMap: () => ({ message: PROTOCOL_MESSAGES.base }),
    })
    .transform((value, ctx) => {
      const cents = parseDecimal(String(value).replace(",", "."), 2);
      if (cents === null || cents < 0n || cents > BigInt(MAX_AMOUNT_CENTS)) {
        ctx.addIssue({ code: "custom", message: PROTOCOL_MESSAGES.base });
        return z.NEVER;
      }
      return Number(cents);
    }),
  reason: boundedText(500, PROTOCOL_MESSAGES.reason),
  protocolDate: optionalDate,
});
