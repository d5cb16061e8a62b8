import { z } from "zod";
import { MONTH } from "~/utils/periods";
import { boundedText } from "~/utils/schema";
import { PERIOD_MESSAGES } from "./constants";

/** A month in the address or a form: yyyy-MM. */
export const monthSchema = z.string().regex(MONTH, PERIOD_MESSAGES.month);

/** «Отключи»: the reason is required (the audit trail keeps it). Shared with the API. */
export const unlockSchema = z.object({
  reason: boundedText(500, PERIOD_MESSAGES.reason).pipe(z.string().min(3, PERIOD_MESSAGES.reason)),
});
