import type { ZodError } from "zod";

/*
 * A zod error as a form's answer, without zod itself (only its type): a page's action may use it
 * without bringing zod into the page's JavaScript.
 */

/** zod issues as {field: message}; nested paths joined with dots ("lines.2.unitPrice"). */
export function fieldErrorsOf(error: ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    messages[key] ??= issue.message;
  }
  return messages;
}
