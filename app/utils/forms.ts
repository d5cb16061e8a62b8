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
