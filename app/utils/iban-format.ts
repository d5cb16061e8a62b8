import { electronicFormatIBAN, isValidIBAN } from "ibantools";

/*
 * The IBAN rule without zod (utils/iban.ts builds the schemas' fields from it): the electronic
 * format (spaces and dashes removed, upper case) and the ISO 13616 check digits (mod 97), both by
 * ibantools. Shared by the browser and the server; its message is in iban-message.ts.
 */

/** An IBAN in electronic format: "bg80 bnbg 9661…" → "BG80BNBG9661…". */
export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value.trim()) ?? value;
}

/** True when the IBAN (in any spacing or case) has a correct structure and check digits. */
export function isValidIban(value: string): boolean {
  return isValidIBAN(normalizeIban(value));
}

// BG kk BBBB bbbb tt aaaaaaaa: the bank is the four letters after the check digits (BNB Ordinance 13).
const BULGARIAN_IBAN = /^BG\d{2}([A-Z]{4})\d{6}[0-9A-Z]{8}$/;

/** The bank code of a Bulgarian IBAN (the first four letters of the bank's BIC), or null. */
export function bulgarianBankCode(iban: string): string | null {
  return BULGARIAN_IBAN.exec(normalizeIban(iban))?.[1] ?? null;
}
