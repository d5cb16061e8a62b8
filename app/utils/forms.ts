import { useActionData } from "@remix-run/react";

/** A form action's answer when it refuses (see forms.server.ts). */
export interface FormAnswer {
  formId: string;
  fieldErrors: Record<string, string>;
  /** What was typed, for the page to show again. */
  repopulateFields?: Record<string, unknown>;
  /** A message about the whole form. */
  formError?: string;
  /** The control (name or id) that should get focus: the first one with an error. */
  focus?: string;
  /** A page the message points to (e.g. the expense a new one repeats). */
  link?: { to: string; text: string };
}

/**
 * The formId of an answer about whichever form was sent (a form refused for its company before
 * the action read it): each form of the page shows what was typed into its fields.
 */
export const ANY_FORM = "*";

/** The action's answer when it is about this form; undefined otherwise. */
export function useFormAnswer(formId: string): FormAnswer | undefined {
  const data = useActionData() as Partial<FormAnswer> | undefined;
  return data?.formId === formId || data?.formId === ANY_FORM ? (data as FormAnswer) : undefined;
}

/** A typed value from the answer, or the default. */
export function typedOr(answer: FormAnswer | undefined, name: string, fallback = ""): string {
  const value = answer?.repopulateFields?.[name];
  return typeof value === "string" ? value : fallback;
}

/**
 * The props of a form's fields from its answer and the values it opens with: `field(name)` gives
 * the name, the message and what was typed (else the default) to a text field or a select;
 * `checkbox(name)` the same with whether it is ticked. Passwords are never in either.
 */
export function answerFields(
  answer: FormAnswer | undefined,
  defaults: Record<string, string | boolean | null | undefined> = {},
) {
  const typed = answer?.repopulateFields;
  // A step's answer without messages (the wizard's next step) may carry no fieldErrors at all.
  const error = (name: string): string | undefined => answer?.fieldErrors?.[name];
  return {
    /** Every message by field, for a component that draws several fields. */
    errors: answer?.fieldErrors,
    error,
    field: (name: string) => {
      const value = typed && Object.hasOwn(typed, name) ? typed[name] : defaults[name];
      return {
        name,
        error: error(name),
        defaultValue: typeof value === "string" ? value : undefined,
      };
    },
    checkbox: (name: string) => {
      const value = typed ? typed[name] : defaults[name];
      return {
        name,
        error: error(name),
        defaultChecked: value === true || value === "on" || value === "true",
      };
    },
  };
}
