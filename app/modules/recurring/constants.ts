/* The recurring invoices' modes and form fields, without zod (schema.ts builds the schemas). */

export const MODES = {
  draft: "Създай чернова (проверявам и издавам сам)",
  issue: "Издай автоматично",
  issue_and_email: "Издай и изпрати по имейл на клиента",
} as const;

export const RECURRING_FIELDS = [
  "name",
  "frequency",
  "dayOfMonth",
  "startOn",
  "endOn",
  "mode",
] as const;
