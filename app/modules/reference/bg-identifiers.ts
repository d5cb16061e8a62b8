import { isValidEgn, isValidLnch } from "./egn";

/*
 * Bulgarian identifiers, one place for every form, the API and the НАП files (decision 049).
 * Zod-free: the browser's forms use it too.
 *
 * - 9 digits: ЕИК / код по БУЛСТАТ (the Registry Agency's check digit).
 * - 13 digits: a branch's БУЛСТАТ: the first nine a valid ЕИК, then the second check digit.
 * - 10 digits: a person: ЕГН (birth date and check digit), ЛНЧ (its own weights) or НАП's
 *   служебен номер (weights 4,3,2,7,6,5,4,3,2; python-stdnum's «others»).
 * - 11 and 12 digits are no Bulgarian identifier.
 * - A VAT number is «BG» and one of those (чл. 94, ал. 2 ЗДДС); a company's, when its ЕИК has
 *   9 digits, is BG + that ЕИК.
 */

export const BG_ID_MESSAGES = {
  eikFormat: "Невалиден формат на ЕИК/Булстат",
  eikChecksum: "Невалиден ЕИК/Булстат: контролната цифра не съвпада",
  personChecksum: "Невалидно ЕГН/ЛНЧ: проверете цифрите",
  vatFormat: "ДДС номерът трябва да започва с BG, последван от 9, 10 или 13 цифри",
  vatChecksum: "Невалиден ДДС номер: контролната цифра не съвпада",
  vatNotEik: (eik: string) => `ДДС номерът на фирмата е BG и нейният ЕИК: BG${eik}`,
} as const;

export type BgIdKind = "eik" | "branch" | "egn" | "lnch" | "other";

const digits = (value: string) => [...value].map(Number);

function weighted(d: number[], weights: number[], offset = 0): number {
  return weights.reduce((total, weight, i) => total + weight * (d[offset + i] ?? 0), 0);
}

function nineDigitCheck(d: number[]): number {
  let r = weighted(d, [1, 2, 3, 4, 5, 6, 7, 8]) % 11;
  if (r === 10) r = weighted(d, [3, 4, 5, 6, 7, 8, 9, 10]) % 11;
  return r === 10 ? 0 : r;
}

function thirteenDigitCheck(d: number[]): number {
  let r = weighted(d, [2, 7, 3, 5], 8) % 11;
  if (r === 10) r = weighted(d, [4, 9, 5, 7], 8) % 11;
  return r === 10 ? 0 : r;
}

/** A 9-digit ЕИК/БУЛСТАТ with its check digit. */
export function isValidEik(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = digits(value);
  return nineDigitCheck(d) === d[8];
}

/** A 13-digit branch БУЛСТАТ: a valid 9-digit ЕИК, then the second check digit. */
export function isValidBranchBulstat(value: string): boolean {
  if (!/^\d{13}$/.test(value) || !isValidEik(value.slice(0, 9))) return false;
  const d = digits(value);
  return thirteenDigitCheck(d) === d[12];
}

/** НАП's служебен номер for a foreigner with neither ЕГН nor ЛНЧ (10 digits). */
export function isValidOtherPersonNumber(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const d = digits(value);
  const check = (11 - (weighted(d, [4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11)) % 11;
  return check === d[9];
}

export { isValidEgn, isValidLnch };

/** What a valid identifier is, or null when it is none (wrong length or check digit). */
export function bgIdKind(value: string): BgIdKind | null {
  if (isValidEik(value)) return "eik";
  if (isValidBranchBulstat(value)) return "branch";
  if (isValidEgn(value)) return "egn";
  if (isValidLnch(value)) return "lnch";
  if (isValidOtherPersonNumber(value)) return "other";
  return null;
}

/** A check digit of a 9- or 13-digit number (true for other lengths: they have none of these). */
export function hasValidEikChecksum(value: string): boolean {
  if (value.length === 9) return isValidEik(value);
  if (value.length === 13) return isValidBranchBulstat(value);
  return /^\d+$/.test(value);
}

/**
 * The message for an ЕИК/Булстат field, or null when it is valid: 9 or 13 digits (an ЕИК, a
 * branch), or 10 (ЕГН/ЛНЧ of a sole trader or a person) unless `persons` is false.
 */
export function bgIdError(value: string, options: { persons?: boolean } = {}): string | null {
  const persons = options.persons ?? true;
  if (!/^\d+$/.test(value)) return BG_ID_MESSAGES.eikFormat;
  if (value.length === 9) return isValidEik(value) ? null : BG_ID_MESSAGES.eikChecksum;
  if (value.length === 13) return isValidBranchBulstat(value) ? null : BG_ID_MESSAGES.eikChecksum;
  if (value.length === 10 && persons) {
    const kind = bgIdKind(value);
    return kind === "egn" || kind === "lnch" || kind === "other"
      ? null
      : BG_ID_MESSAGES.personChecksum;
  }
  return BG_ID_MESSAGES.eikFormat;
}

/** A Bulgarian VAT number, written as the forms keep it: no spaces, upper case. */
export function normalizeVatNumber(value: string): string {
  return value.replace(/[\s.-]/g, "").toUpperCase();
}

/**
 * The message for a Bulgarian VAT number («BG» + 9, 10 or 13 digits with their check digits), or
 * null when it is valid. With the company's ЕИК (9 digits) it must be BG + that ЕИК.
 */
export function bgVatError(vatNumber: string, eik?: string | null): string | null {
  const match = /^BG(\d{9}|\d{10}|\d{13})$/.exec(vatNumber);
  if (!match) return BG_ID_MESSAGES.vatFormat;
  if (bgIdKind(match[1]!) === null) return BG_ID_MESSAGES.vatChecksum;
  if (eik && isValidEik(eik) && match[1] !== eik) return BG_ID_MESSAGES.vatNotEik(eik);
  return null;
}

/** A valid Bulgarian VAT number. */
export function isValidBgVat(vatNumber: string): boolean {
  return bgVatError(vatNumber) === null;
}
