import { z } from "zod";
import { isBookDate, isIsoDate } from "./dates";
import { SAFE_TEXT, TEXT_MESSAGES } from "./safe-text";

/*
 * Building blocks every zod schema uses for what people type, shared by the browser and the server:
 * every text has a length limit, and control characters (NUL above all: PostgreSQL refuses it in
 * text) and lone UTF-16 surrogates are refused with a Bulgarian message instead of reaching SQL.
 */

export { fieldErrorsOf } from "./field-errors";
export { BULGARIAN_TEXT, isSafeText, SAFE_TEXT, searchTerm, TEXT_MESSAGES } from "./safe-text";

/**
 * zod's own messages in Bulgarian, for whatever a schema does not word itself (a wrong type in a
 * JSON body, an unknown key of an enum): no English reaches the people or the API's clients.
 */
const bulgarianErrors: z.ZodErrorMap = (issue, context) => {
  switch (issue.code) {
    case z.ZodIssueCode.invalid_type:
      return {
        message: issue.received === "undefined" ? TEXT_MESSAGES.required : TEXT_MESSAGES.invalid,
      };
    case z.ZodIssueCode.too_big:
      return {
        message:
          issue.type === "string"
            ? TEXT_MESSAGES.tooLong(Number(issue.maximum))
            : `Стойността е твърде голяма: най-много ${issue.maximum}`,
      };
    case z.ZodIssueCode.too_small:
      return {
        message:
          issue.type === "string" && Number(issue.minimum) <= 1
            ? TEXT_MESSAGES.required
            : `Стойността е твърде малка: най-малко ${issue.minimum}`,
      };
    case z.ZodIssueCode.invalid_string:
      return {
        message: issue.validation === "email" ? "Невалиден имейл адрес" : TEXT_MESSAGES.invalid,
      };
    case z.ZodIssueCode.invalid_date:
      return { message: TEXT_MESSAGES.date };
    default:
      return {
        message:
          context.defaultError === "Required" ? TEXT_MESSAGES.required : TEXT_MESSAGES.invalid,
      };
  }
};
z.setErrorMap(bulgarianErrors);

/** A trimmed string of at most `max` characters, with only characters that may be stored. */
export function boundedText(max: number, requiredMessage?: string) {
  const base = z
    .string(
      requiredMessage
        ? { required_error: requiredMessage, invalid_type_error: requiredMessage }
        : undefined,
    )
    .trim()
    .max(max, TEXT_MESSAGES.tooLong(max))
    .regex(SAFE_TEXT, TEXT_MESSAGES.invalidChars);
  return requiredMessage ? base.min(1, requiredMessage) : base;
}

/** An optional text: empty or missing becomes null. */
export function optionalText(max: number) {
  return boundedText(max)
    .nullish()
    .transform((value) => value || null);
}

/** One message for a date: not a date at all, or a date outside 1900–2100. */
function checkDate(message: string) {
  return (value: string | null, ctx: z.RefinementCtx) => {
    if (value === null) return;
    if (!isIsoDate(value)) ctx.addIssue({ code: "custom", message });
    else if (!isBookDate(value)) ctx.addIssue({ code: "custom", message: TEXT_MESSAGES.dateRange });
  };
}

/** A required yyyy-mm-dd date within the books' range. */
export function isoDate(message: string = TEXT_MESSAGES.date) {
  return z
    .string({ required_error: message, invalid_type_error: message })
    .max(40, message)
    .trim()
    .superRefine(checkDate(message));
}

/** An optional yyyy-mm-dd date: empty or missing becomes null. */
export const optionalDate = z
  .string({ invalid_type_error: TEXT_MESSAGES.date })
  .max(40, TEXT_MESSAGES.date)
  .nullish()
  .transform((value) => value?.trim() || null)
  .superRefine(checkDate(TEXT_MESSAGES.date));
