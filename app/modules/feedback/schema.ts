import { z } from "zod";
import { isOwnKey } from "~/utils/own-keys";
import { boundedText } from "~/utils/schema";
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_MESSAGES,
  MESSAGE_MAX,
  SUPPORT_CATEGORIES,
} from "./constants";

export {
  ATTACHMENT_MAX_BYTES,
  FEEDBACK_CATEGORIES,
  FEEDBACK_MESSAGES,
  feedbackCategoryName,
  MESSAGE_MAX,
  SEVERITIES,
  SUPPORT_CATEGORIES,
} from "./constants";

const checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

/**
 * The feedback/support submission (spec §3), checked in the spec's order (§5): the message, the
 * category — then the bot check (the route's) — then the other e-mail (customEmailProblem).
 */
export const feedbackSchema = z
  .object({
    type: z.enum(["feedback", "support"]),
    category: boundedText(50).optional(),
    severity: z
      .enum(["low", "medium", "high", ""])
      .nullable()
      .optional()
      .transform((value) => value || null),
    message: boundedText(MESSAGE_MAX).optional(),
    useDifferentEmail: checkbox,
    customEmail: boundedText(254).nullable().optional(),
  })
  .superRefine((data, ctx) => {
    if (!data.message?.trim()) {
      ctx.addIssue({ code: "custom", path: ["message"], message: FEEDBACK_MESSAGES.message });
      return;
    }
    const categories = data.type === "support" ? SUPPORT_CATEGORIES : FEEDBACK_CATEGORIES;
    if (!isOwnKey(categories, data.category)) {
      ctx.addIssue({ code: "custom", path: ["category"], message: FEEDBACK_MESSAGES.category });
    }
  });

/** The fourth check (after the bot check): a different e-mail, when chosen, must be given. */
export function customEmailProblem(data: FeedbackInput): string | null {
  return data.useDifferentEmail && !data.customEmail?.trim() ? FEEDBACK_MESSAGES.customEmail : null;
}

export type FeedbackInput = z.infer<typeof feedbackSchema>;
