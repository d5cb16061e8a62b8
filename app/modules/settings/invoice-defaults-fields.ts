import type { DOCUMENT_LANGUAGES } from "~/modules/invoices/constants";

/*
 * The defaults of new documents without zod (invoice-defaults.ts builds the forms' schema): what
 * they hold, what a company starts with, the form's fields and messages.
 */

export type DocumentLanguage = keyof typeof DOCUMENT_LANGUAGES;

export interface InvoiceDefaults {
  paymentTermDays: number;
  language: DocumentLanguage;
  notes: string | null;
  footer: string | null;
}

/** What a company starts with when the admin has set nothing. */
export const BUILT_IN_DEFAULTS: InvoiceDefaults = {
  paymentTermDays: 7,
  language: "bg",
  notes: null,
  footer: null,
};

export const INVOICE_DEFAULTS_MESSAGES = {
  paymentTermDays: "Срокът за плащане е цяло число дни от 0 до 365",
  language: "Изберете език на документите",
} as const;
export const INVOICE_DEFAULTS_FIELDS = ["paymentTermDays", "language", "notes", "footer"] as const;
export const INVOICE_DEFAULTS_FORM_ID = "invoice-defaults";
