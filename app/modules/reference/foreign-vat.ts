/*
 * A foreign supplier's VAT number, as an expense keeps it (issue #42 item 13): the country's
 * two-letter prefix and 2 to 14 letters or digits (Norway's NO999888777MVA, the United Kingdom's
 * GB…, Switzerland's CHE…), an EU member state's in the format VIES takes (Greece as EL). A
 * Bulgarian number (BG) is checked by the Bulgarian identifiers' rules, not here.
 */

/** A VAT number of another EU member state (VIES prefixes; Greece EL, Northern Ireland XI). */
export const EU_VAT_NUMBER =
  /^(AT|BE|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)[0-9A-Z]{2,13}$/;

export const EU_PREFIX =
  /^(AT|BE|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)/;

/** Another country's VAT number, compacted: its prefix and 2–14 letters or digits. */
export const OTHER_VAT_NUMBER = /^[A-Z]{2}[0-9A-Z]{2,14}$/;

/** A VAT number as written on a foreign document, compacted: no spaces, dots or dashes, upper case, GR → EL. */
export function compactForeignVat(value: string): string {
  const compact = value.replace(/[\s.-]/g, "").toUpperCase();
  return compact.startsWith("GR") ? `EL${compact.slice(2)}` : compact;
}

/**
 * True for a foreign (not Bulgarian) VAT number, compacted: an EU member state's by the VIES
 * format, any other country's as its prefix and 2–14 letters or digits.
 */
export function isForeignVatNumber(compact: string): boolean {
  if (compact.startsWith("BG")) return false;
  if (EU_PREFIX.test(compact)) return EU_VAT_NUMBER.test(compact);
  return OTHER_VAT_NUMBER.test(compact);
}
