/*
 * Amounts and dates as bank files write them, read exactly (integer cents, yyyy-mm-dd strings):
 * never through a float or a Date in some time zone.
 */

/**
 * "1234,56", "1 234,56", "1.234,56", "1,234.56", "-12.5", "12," → cents; null when it is not an
 * amount. When both "." and "," appear, the last one is the decimal mark and the other groups
 * thousands.
 */
export function amountToCents(input: string): number | null {
  let text = input.replace(/[\s\u00a0\u202f']/g, "");
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.startsWith("-")) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.startsWith("+")) {
    text = text.slice(1);
  }
  if (text.endsWith("-")) {
    negative = !negative;
    text = text.slice(0, -1);
  }
  const lastDot = text.lastIndexOf(".");
  const lastComma = text.lastIndexOf(",");
  const decimalAt = Math.max(lastDot, lastComma);
  let whole = text;
  let fraction = "";
  if (decimalAt !== -1) {
    const mark = text[decimalAt];
    const other = mark === "." ? "," : ".";
    const after = text.slice(decimalAt + 1);
    const before = text.slice(0, decimalAt);
    if (before.includes(mark as string)) {
      // "1.234.567" or "1,234,567": all of them group thousands, there is no decimal part.
      if (after.length !== 3) return null;
      whole = text.split(mark as string).join("");
    } else if (after.length === 3 && before.includes(other)) {
      return null;
    } else {
      whole = before.split(other).join("");
      fraction = after;
    }
  }
  if (!/^\d{1,13}$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return null;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) return null;
  return negative ? -cents : cents;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A real day between 1900 and 2100, as yyyy-mm-dd; null otherwise. */
export function isoDay(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const max = month === 2 && leap ? 29 : (DAYS[month - 1] as number);
  if (day > max) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** MT940's YYMMDD (years 80–99 are 19xx). */
export function yymmdd(text: string): string | null {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!m) return null;
  const yy = Number(m[1]);
  return isoDay(yy >= 80 ? 1900 + yy : 2000 + yy, Number(m[2]), Number(m[3]));
}

/** A date as bank CSVs write it: 05.11.2026, 5.11.2026, 05/11/2026, 2026-11-05, 05-11-2026, 05.11.26. */
export function csvDate(input: string): string | null {
  const text = input.trim().replace(/\s.*$/, "");
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (m) return isoDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})$/.exec(text);
  if (m) {
    const year = (m[3] as string).length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    return isoDay(year, Number(m[2]), Number(m[1]));
  }
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (m) return isoDay(Number(m[1]), Number(m[2]), Number(m[3]));
  return null;
}
