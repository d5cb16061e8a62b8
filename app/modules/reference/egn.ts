import { printDate, todayInSofia } from "~/utils/dates";

/*
 * Bulgarian personal numbers: ЕГН (единен граждански номер) and ЛНЧ (личен номер на чужденец).
 * The ЕГН's first six digits are the birth date (the month +20 for the 1800s, +40 for the 2000s);
 * the last is a check digit. Nobody is born after today (Sofia's): such an ЕГН is refused
 * (issue #43 item 6), whatever its check digit.
 */

export const EGN_MESSAGES = {
  egn: "Невалидно ЕГН: проверете цифрите",
  lnch: "Невалиден ЛНЧ: проверете цифрите",
  bornInFuture: (birthDate: string) =>
    `Невалидно ЕГН: датата на раждане в него (${printDate(birthDate)}) е след днешната дата`,
} as const;

const EGN_WEIGHTS = [2, 4, 8, 5, 10, 9, 7, 3, 6];
const LNCH_WEIGHTS = [21, 19, 17, 13, 11, 9, 7, 3, 1];

const digits = (value: string) => [...value].map(Number);

/** The birth date an ЕГН encodes (yyyy-mm-dd), or null when it is not a real date. */
export function egnBirthDate(egn: string): string | null {
  if (!/^\d{10}$/.test(egn)) return null;
  const yy = Number(egn.slice(0, 2));
  let month = Number(egn.slice(2, 4));
  const day = Number(egn.slice(4, 6));
  let year = 1900 + yy;
  if (month > 40) {
    month -= 40;
    year = 2000 + yy;
  } else if (month > 20) {
    month -= 20;
    year = 1800 + yy;
  }
  if (month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Ten digits with a real birth date and the ЕГН's check digit (weights 2,4,8,5,10,9,7,3,6). */
function hasEgnDigits(egn: string): boolean {
  if (!/^\d{10}$/.test(egn) || egnBirthDate(egn) === null) return false;
  const d = digits(egn);
  const sum = EGN_WEIGHTS.reduce((total, weight, i) => total + weight * d[i]!, 0);
  return (sum % 11) % 10 === d[9];
}

/**
 * Why a number is no valid ЕГН, or null when it is one: "digits" (not ten digits, no real date,
 * a wrong check digit) or "future" (its birth date is after today in Sofia).
 */
export function egnProblem(egn: string, today = todayInSofia()): "digits" | "future" | null {
  if (!hasEgnDigits(egn)) return "digits";
  return (egnBirthDate(egn) as string) > today ? "future" : null;
}

/** A valid ЕГН: ten digits, a real birth date not after today (Sofia) and the check digit. */
export function isValidEgn(egn: string, today = todayInSofia()): boolean {
  return egnProblem(egn, today) === null;
}

/** Born before 1 January 1960 (the older pension rules apply). */
export function bornBefore1960(egn: string): boolean {
  const date = egnBirthDate(egn);
  return date !== null && date < "1960-01-01";
}

/** A valid ЛНЧ: ten digits and the check digit (weights 21,19,17,13,11,9,7,3,1; mod 10). */
export function isValidLnch(lnch: string): boolean {
  if (!/^\d{10}$/.test(lnch)) return false;
  const d = digits(lnch);
  const sum = LNCH_WEIGHTS.reduce((total, weight, i) => total + weight * d[i]!, 0);
  return sum % 10 === d[9];
}
