import { json } from "@remix-run/node";
import type { ZodError } from "zod";
import type { FormAnswer } from "./forms";
import type { AppError } from "./http.server";

/*
 * The one shape of a form action's answer when it refuses (remix-validated-form's, plus a message
 * for the whole form): which form, the message per field, what was typed (so a page rendered
 * without JavaScript shows it again) and where focus should go. Pages read it with useFormAnswer.
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

/** The text fields of a form as typed (files left out). */
export function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") values[key] = value;
  return values;
}

/** A refused form: its answer with HTTP 400 (or the status given). */
export function refuseForm(answer: FormAnswer, status = 400) {
  return json<FormAnswer>(answer, { status });
}

/** A form refused by a domain rule (AppError): its message, its field errors, what was typed. */
export function refuseWithAppError(
  formId: string,
  error: AppError,
  values: Record<string, unknown>,
  formError = error.message,
) {
  return refuseForm(
    { formId, fieldErrors: error.fields ?? {}, repopulateFields: values, formError },
    error.status,
  );
}
