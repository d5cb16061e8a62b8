import { bulgarianBankCode, isValidIban } from "~/utils/iban-format";

/*
 * Banks licensed in Bulgaria by their IBAN bank code (the BNB's list, table banks_bg): a valid
 * Bulgarian IBAN fills in the bank's name and BIC where they are empty. The same function serves
 * the page's script (the list is shipped to it: ~20 rows) and the server (a form sent without
 * JavaScript), so both fill alike.
 */

export interface BgBank {
  code: string;
  bic: string;
  nameBg: string;
  nameEn: string;
}

/** The form's names of the IBAN, bank name and BIC fields (and the English bank name, if any). */
export interface BankFields {
  iban: string;
  name: string;
  bic: string;
  nameEn?: string;
}

export const COMPANY_BANK_FIELDS: BankFields = {
  iban: "companyBankAccount",
  name: "companyBankName",
  bic: "companyBankBic",
  nameEn: "companyBankNameEn",
};

/** The bank of a valid Bulgarian IBAN, or null (another country, wrong digits, unknown code). */
export function bankOfIban(banks: readonly BgBank[], iban: string): BgBank | null {
  const code = bulgarianBankCode(iban);
  if (!code || !isValidIban(iban)) return null;
  return banks.find((bank) => bank.code === code) ?? null;
}

/**
 * The values to fill from the IBAN: the bank's name, BIC (and English name, when the form has
 * that field) for each of them that is empty; {} when nothing is known or nothing is empty.
 */
export function bankFill(
  banks: readonly BgBank[],
  values: Record<string, unknown>,
  fields: BankFields = COMPANY_BANK_FIELDS,
): Record<string, string> {
  const iban = values[fields.iban];
  const bank = typeof iban === "string" ? bankOfIban(banks, iban) : null;
  if (!bank) return {};
  const empty = (name: string) =>
    typeof values[name] !== "string" || String(values[name]).trim() === "";
  const fill: Record<string, string> = {};
  if (empty(fields.name)) fill[fields.name] = bank.nameBg;
  if (empty(fields.bic)) fill[fields.bic] = bank.bic;
  // Only a field the form sent: an English name nobody asked for is not stored.
  if (fields.nameEn && fields.nameEn in values && empty(fields.nameEn))
    fill[fields.nameEn] = bank.nameEn;
  return fill;
}
