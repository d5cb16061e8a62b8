import { isValidIBAN } from "ibantools";
import type { z } from "zod";
import { normalizeIban } from "./iban-format";
import { IBAN_MESSAGE } from "./iban-message";
import { optionalText } from "./schema";

/*
 * The one IBAN rule of every form and API call that takes one (registration, profile, employees):
 * the electronic format (spaces and dashes removed, upper case) and the ISO 13616 check digits
 * (mod 97), both by ibantools. Shared by the browser and the server; what needs no zod is in
 * iban-format.ts and iban-message.ts.
 */

export { bulgarianBankCode, isValidIban, normalizeIban } from "./iban-format";
export { IBAN_MESSAGE } from "./iban-message";

/** An IBAN field from a text field of the form's own kind: normalised, then its digits checked. */
export function checkedIban<T extends z.ZodType<string, z.ZodTypeDef, unknown>>(text: T) {
  return text.transform(normalizeIban).refine(isValidIBAN, IBAN_MESSAGE);
}

/** An optional IBAN field: empty becomes null; anything typed must be a valid IBAN. */
export const optionalIban = optionalText(50)
  .transform((value) => (value ? normalizeIban(value) : null))
  .refine((value) => value === null || isValidIBAN(value), IBAN_MESSAGE);
