import { z } from "zod";
import { DOCUMENT_LANGUAGES } from "~/modules/invoices/constants";
import { boundedText } from "~/utils/schema";
import { type DocumentLanguage, INVOICE_DEFAULTS_MESSAGES } from "./invoice-defaults-fields";

export {
  BUILT_IN_DEFAULTS,
  type DocumentLanguage,
  INVOICE_DEFAULTS_FIELDS,
  INVOICE_DEFAULTS_FORM_ID,
  INVOICE_DEFAULTS_MESSAGES,
  type InvoiceDefaults,
} from "./invoice-defaults-fields";

/*
 * The defaults of new documents (issue #14): the admin sets them for new companies at
 * /hatterscastle/invoice-settings; each company gets its own copy when it is made and edits it on
 * /settings. One schema for both forms.
 */

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
