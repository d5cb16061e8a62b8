import { z } from "zod";
import { isBookDate, isIsoDate } from "./dates";

/*
 * Building blocks every zod schema uses for what people type, shared by the browser and the server:
 * every text has a length limit, and control characters (NUL above all: PostgreSQL refuses it in
 * text) and lone UTF-16 surrogates are refused with a Bulgarian message instead of reaching SQL.
 */

export const TEXT_MESSAGES = {
  invalid: "Невалидна стойност",
  required: "Полето е задължително",
  invalidChars: "Текстът съдържа недопустими символи",
  tooLong: (max: number) => `Текстът е твърде дълъг: най-много ${max} символа`,
  date: "Въведете валидна дата",
  dateRange: "Датата трябва да е между 01.01.1900 и 31.12.2100 г.",
} as const;

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

/**
 * Text without control characters (tab and line breaks allowed) and without lone surrogates:
 * every character is either outside U+0000–U+001F, U+007F and U+D800–U+DFFF, or a valid
 * surrogate pair.
 */
export const SAFE_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  /^(?:[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

/** True when a string may be stored as typed (see SAFE_TEXT). */
export const isSafeText = (value: string) => SAFE_TEXT.test(value);

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

/** zod issues as {field: message}; nested paths joined with dots ("lines.2.unitPrice"). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    messages[key] ??= issue.message;
  }
  return messages;
}

/** What a search box sent, as a list can use it: trimmed, at most 100 characters, "" when unsafe. */
export function searchTerm(value: string | null | undefined): string {
  const text = Array.from((value ?? "").trim())
    .slice(0, 100)
    .join("");
  return isSafeText(text) ? text : "";
}
