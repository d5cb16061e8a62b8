import { json } from "@remix-run/node";
import type { ZodTypeAny, z } from "zod";
import type { AppError } from "./errors";
import type { FormAnswer } from "./forms";
import { fieldErrorsOf } from "./schema";

/*
 * The one shape of a form action's answer when it refuses: which form, the message per field,
 * a message for the whole form, what was typed (so a page rendered without JavaScript shows it
 * again) and where focus should go. Pages read it with useFormAnswer and answerFields
 * (utils/forms.ts); decision 054 is the one way a form is written.
 */

/** The text fields of a form as typed (files left out). */
export function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") values[key] = value;
  return values;
}

/** The longest text a refused form shows back: more than any field takes (the longest is 5,000). */
export const ECHO_MAX_CHARS = 10_000;
const ECHO_MAX_KEY = 200;
// Control characters other than tab and line breaks, and lone surrogates.
const UNSHOWABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * What a refused form sends back to be shown again: every text without NUL and the other control
 * characters (tab and line breaks stay), without lone surrogates, and at most ECHO_MAX_CHARS long;
 * field names that are not plain text (or "__proto__") are left out. The check itself ran on
 * what was sent; this is only what the page shows.
 */
export function echoedValues<T extends object>(values: T): T {
  const echo = (value: unknown): unknown => {
    if (typeof value === "string") return value.slice(0, ECHO_MAX_CHARS).replace(UNSHOWABLE, "");
    if (Array.isArray(value)) return value.map(echo);
    if (value === null || typeof value !== "object") return value;
    const prototype = Object.getPrototypeOf(value);
    if (prototype === Object.prototype || prototype === null) return echoedValues(value);
    return value;
  };
  return Object.fromEntries(
    Object.entries(values)
      .filter(
        ([key]) =>
          key !== "__proto__" && key.length <= ECHO_MAX_KEY && key.replace(UNSHOWABLE, "") === key,
      )
      .map(([key, value]) => [key, echo(value)]),
  ) as T;
}

/** Fields never sent back to the page, whatever form they are in. */
const SECRETS: ReadonlySet<string> = new Set([
  "password",
  "confirmPassword",
  "currentPassword",
  "cardNumber",
  "cvc",
  // A company's Stripe key (decision 071) is a secret too.
  "secretKey",
]);

/** Whether a field is one that is never sent back to the page (a password, a card number). */
export function isSecretField(name: string): boolean {
  return SECRETS.has(name);
}

/** Typed values without the fields never sent back to the page. */
export function withoutSecrets<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !SECRETS.has(key))) as T;
}

/**
 * A refused form: its answer with HTTP 400 (or the status given); what was typed via
 * echoedValues, without passwords and card numbers. A form that sends back more than a
 * FormAnswer names its answer's type (`refuseForm<EditorActionData>(answer, status)`, the
 * document editor's, whose typed values are nested lines); otherwise the answer is a FormAnswer.
 */
export function refuseForm<T extends FormAnswer = FormAnswer>(answer: NoInfer<T>, status = 400) {
  const { repopulateFields } = answer;
  if (!repopulateFields) return json<T>(answer, { status });
  const shown = withoutSecrets(repopulateFields) as NonNullable<T["repopulateFields"]>;
  return json<T>({ ...answer, repopulateFields: echoedValues(shown) }, { status });
}

/** The one message for an intent the action does not know. */
export const UNKNOWN_INTENT = "Неизвестно действие";

/**
 * The answer of an action that switches on a posted `intent` to one it does not know: 400 with
 * UNKNOWN_INTENT as the form's message (for `formId` when the page shows it at a form).
 */
export function refuseUnknownIntent(formId = "") {
  return refuseForm({ formId, fieldErrors: {}, formError: UNKNOWN_INTENT }, 400);
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

/**
 * How a form's typed values meet its schema. By default an empty field counts as not filled in
 * (the schema's optional and default apply); `keepEmpty` hands "" to schemas written for it (the
 * account and client forms', where a blank required field must not hide the rules checked
 * across fields).
 */
export interface FormReading {
  formError?: string;
  keepEmpty?: boolean;
}

/**
 * A form's typed values read by its zod schema: the data, or the message per field.
 * parseFormValues wraps it for an action; a strategy or a wizard that answers in its own shape
 * calls it directly.
 */
export function checkFormValues<T extends ZodTypeAny>(
  schema: T,
  values: Record<string, string>,
  keepEmpty = false,
):
  | { data: z.infer<T>; fieldErrors?: undefined }
  | { data?: undefined; fieldErrors: Record<string, string> } {
  const input = keepEmpty
    ? values
    : Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ""));
  const parsed = schema.safeParse(input);
  return parsed.success ? { data: parsed.data } : { fieldErrors: fieldErrorsOf(parsed.error) };
}

/**
 * A plain form's values read by its zod schema: the data, or the refusal to return (400 with the
 * message per field, what was typed, and focus on the first invalid control in `order`).
 */
export function parseFormValues<T extends ZodTypeAny>(
  formId: string,
  schema: T,
  values: Record<string, string>,
  order: readonly string[],
  reading: string | FormReading = {},
): { data: z.infer<T>; refusal?: undefined } | { data?: undefined; refusal: Response } {
  const { formError = "Проверете отбелязаните полета", keepEmpty = false } =
    typeof reading === "string" ? { formError: reading } : reading;
  const parsed = checkFormValues(schema, values, keepEmpty);
  if (!parsed.fieldErrors) return { data: parsed.data };
  const { fieldErrors } = parsed;
  return {
    refusal: refuseForm({
      formId,
      fieldErrors,
      formError,
      repopulateFields: values,
      focus: order.find((name) => fieldErrors[name]) ?? Object.keys(fieldErrors)[0],
    }),
  };
}
