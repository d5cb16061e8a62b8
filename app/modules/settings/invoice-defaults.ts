import { z } from "zod";
import { DOCUMENT_LANGUAGES } from "~/modules/invoices/schema";
import { boundedText } from "~/utils/schema";

/*
 * The defaults of new documents (issue #14): the admin sets them for new companies at
 * /hatterscastle/invoice-settings; each company gets its own copy when it is made and edits it on
 * /settings. One schema for both forms.
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

/** A text area: line breaks kept, empty → null. */
const note = (max: number) =>
  boundedText(max)
    .optional()
    .transform((value) => value || null);

export const invoiceDefaultsSchema = z.object({
  paymentTermDays: z
    .string({ required_error: INVOICE_DEFAULTS_MESSAGES.paymentTermDays })
    .max(10, INVOICE_DEFAULTS_MESSAGES.paymentTermDays)
    .trim()
    .regex(/^\d{1,3}$/, INVOICE_DEFAULTS_MESSAGES.paymentTermDays)
    .transform(Number)
    .refine((days) => days <= 365, INVOICE_DEFAULTS_MESSAGES.paymentTermDays),
  language: z.enum(Object.keys(DOCUMENT_LANGUAGES) as [DocumentLanguage], {
    errorMap: () => ({ message: INVOICE_DEFAULTS_MESSAGES.language }),
  }),
  notes: note(1000),
  footer: note(500),
});
export const INVOICE_DEFAULTS_FIELDS = ["paymentTermDays", "language", "notes", "footer"] as const;
export const INVOICE_DEFAULTS_FORM_ID = "invoice-defaults";
