import { addDays, isBookDate } from "./dates";

/*
 * Months and reporting periods, the one place for them: yyyy-MM months (the salaries, НАП, VAT,
 * the dashboard) and periods as lists and reports name them in a query: "month:2026-11",
 * "quarter:2026-4", "year:2026" — their first and last day, and the choices offered around today.
 * Without zod: shared by the pages, the schemas and the server.
 */

/** The months' names in Bulgarian, January first. */
export const MONTH_NAMES = [
  "януари",
  "февруари",
  "март",
  "април",
  "май",
  "юни",
  "юли",
  "август",
  "септември",
  "октомври",
  "ноември",
  "декември",
];

/** A yyyy-MM month the books can hold: 1900-01 to 2100-12, as `isBookDate` (year 0000 is none). */
export const MONTH = /^(19\d\d|20\d\d|2100)-(0[1-9]|1[0-2])$/;

/** The month before a yyyy-MM month. */
export function previousMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

/** The month after a yyyy-MM month. */
export function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

/** The last day of a yyyy-MM month as yyyy-mm-dd. */
export function lastDayOf(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const day = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, "0")}`;
}

/** «ноември 2026» for 2026-11. */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} ${y}`;
}

const ORDINALS = ["1-во", "2-ро", "3-то", "4-то"];

/** A period's first and last day: a month, a quarter or a year. */
export function periodRange(period: string | undefined): { from: string; to: string } | null {
  const month = /^month:(\d{4})-(\d{2})$/.exec(period ?? "");
  if (month) {
    const from = `${month[1]}-${month[2]}-01`;
    if (!isBookDate(from)) return null;
    const next = new Date(`${from}T00:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    return { from, to: addDays(next.toISOString().slice(0, 10), -1) };
  }
  const quarter = /^quarter:(\d{4})-([1-4])$/.exec(period ?? "");
  if (quarter) {
    const first = (Number(quarter[2]) - 1) * 3 + 1;
    const from = `${quarter[1]}-${String(first).padStart(2, "0")}-01`;
    const last = periodRange(`month:${quarter[1]}-${String(first + 2).padStart(2, "0")}`);
    return isBookDate(from) && last ? { from, to: last.to } : null;
  }
  const year = /^year:(\d{4})$/.exec(period ?? "");
  if (year && isBookDate(`${year[1]}-01-01`))
    return { from: `${year[1]}-01-01`, to: `${year[1]}-12-31` };
  return null;
}

/** The periods offered around today: the last 12 months, this and last year's quarters and years. */
export function periodOptions(today: string): { label: string; options: [string, string][] }[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const months: [string, string][] = [];
  for (let i = 0; i < 12; i++) {
    const serial = year * 12 + month - 1 - i;
    const [y, m] = [Math.floor(serial / 12), serial % 12];
    months.push([`month:${y}-${String(m + 1).padStart(2, "0")}`, `${MONTH_NAMES[m]} ${y} г.`]);
  }
  const quarters: [string, string][] = [];
  for (const y of [year, year - 1]) {
    for (let q = 4; q >= 1; q--) {
      if (y === year && (q - 1) * 3 + 1 > month) continue;
      quarters.push([`quarter:${y}-${q}`, `${ORDINALS[q - 1]} тримесечие на ${y} г.`]);
    }
  }
  const years: [string, string][] = [year, year - 1, year - 2].map((y) => [`year:${y}`, `${y} г.`]);
  return [
    { label: "Месец", options: months },
    { label: "Тримесечие", options: quarters },
    { label: "Година", options: years },
  ];
}
