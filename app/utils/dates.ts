/*
 * Dates, one place for the whole app. Calendar days travel as "yyyy-mm-dd" strings (the DATE
 * columns are read as such, never as Date objects shifted by a time zone); "today" is Sofia's.
 */

export const DATE_MIN = "1900-01-01";
export const DATE_MAX = "2100-12-31";
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written yyyy-mm-dd (31 February and 2026-13-01 are not). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** A calendar day the books can hold: 1900 to 2100 (year 0000 and 275760 are refused). */
export const isBookDate = (value: string) =>
  isIsoDate(value) && value >= DATE_MIN && value <= DATE_MAX;

// Built once: a new Intl.DateTimeFormat per call cost ~2 % of a list request's CPU (bench, #17).
const sofiaDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Sofia" });

/** Today's date in Bulgaria (documents are dated in Sofia time, whatever the server's zone). */
export function todayInSofia(now = new Date()): string {
  return sofiaDay.format(now);
}

/** A calendar day plus (or minus) whole days: "2026-01-31" + 1 → "2026-02-01". */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A calendar day as documents print it: 22.11.2026 (no «г.»). */
export function printDate(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d}.${m}.${y}`;
}

const dateParts = new Intl.DateTimeFormat("en-CA", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "Europe/Sofia",
});

/**
 * A moment as Bulgarians write its date: 22.11.2026 г. Built from its parts (Sofia's calendar day),
 * not from bg-BG's own format, which already ends in "г." and differs between ICU versions — the
 * server and every browser print the same characters.
 */
export function formatDate(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  const parts = Object.fromEntries(dateParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.day}.${parts.month}.${parts.year} г.`;
}
