import { z } from "zod";
import { boundedText, isoDate, optionalText } from "~/utils/schema";
import { VAT_GROUND_KINDS, VAT_MESSAGES, type VatGroundKind } from "./vat-rows";

export {
  ADD_GROUND_FIELDS,
  ADD_RATE_FIELDS,
  END_ROW_FIELDS,
  groundsOn,
  ratesOn,
  VAT_GROUND_KINDS,
  VAT_MESSAGES,
  type VatGroundKind,
  type VatGroundRow,
  type VatRateRow,
  validOn,
  vatDateOf,
} from "./vat-rows";

/*
 * VAT rates and legal grounds as dated rows (issue #14): the admin forms' schemas; which rows hold
 * on a day, the kinds and the messages are in vat-rows.ts (no zod). The rows themselves come from
 * the database (vat.server.ts); nothing here is a list of rates.
 */

/** Whole per cent, 0 to 100, as typed in a form. */
const wholePercent = z
  .string({ required_error: VAT_MESSAGES.rate, invalid_type_error: VAT_MESSAGES.rate })
  .max(10, VAT_MESSAGES.rate)
  .trim()
  .regex(/^\d{1,3}$/, VAT_MESSAGES.rate)
  .transform(Number)
  .refine((rate) => rate >= 0 && rate <= 100, VAT_MESSAGES.rate);

export const addRateSchema = z.object({
  rate: wholePercent,
  name: boundedText(100, VAT_MESSAGES.name),
  validFrom: isoDate(VAT_MESSAGES.validFrom),
});

/** Setting a row's last day (a rate's or a ground's). */
export const endRowSchema = z.object({
  id: z.string({ required_error: VAT_MESSAGES.rowNotFound }).max(40, VAT_MESSAGES.rowNotFound),
  validTo: isoDate(VAT_MESSAGES.validTo),
});

export const addGroundSchema = z.object({
  text: boundedText(200, VAT_MESSAGES.groundText),
  textEn: optionalText(300),
  label: boundedText(200, VAT_MESSAGES.groundLabel),
  kind: z.enum(Object.keys(VAT_GROUND_KINDS) as [VatGroundKind], {
    errorMap: () => ({ message: VAT_MESSAGES.groundKind }),
  }),
  validFrom: isoDate(VAT_MESSAGES.validFrom),
});
