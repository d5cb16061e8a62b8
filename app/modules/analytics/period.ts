/*
 * The periods /analytics and GET /api/analytics/summary answer: whole months from `from` to `to`
 * (yyyy-MM, inclusive), picked as the last 12 months (default), a year, a quarter or a custom
 * range of at most MAX_MONTHS. Shared by the server and the period picker.
 */

export const MAX_MONTHS = 60;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** «яну 2026»: the months' short Bulgarian names. */
export const SHORT_MONTHS = [
  "яну",
  "фев",
  "мар",
  "апр",
  "май",
  "юни",
  "юли",
  "авг",
  "сеп",
  "окт",
  "ное",
  "дек",
];

export const ANALYTICS_MESSAGES = {
  month: "Въведете месец във формат ГГГГ-ММ",
  order: "Началният месец трябва да е преди крайния",
  tooLong: `Периодът може да е най-много ${MAX_MONTHS} месеца`,
  period: "Изберете период от списъка",
} as const;

/** A month as a serial number (year × 12 + month − 1), and back. */
export const monthSerial = (month: string) =>
  Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
export const serialMonth = (serial: number) =>
  `${Math.floor(serial / 12)}-${String((serial % 12) + 1).padStart(2, "0")}`;
export const addMonths = (month: string, n: number) => serialMonth(monthSerial(month) + n);

export function shortMonth(month: string): string {
  return `${SHORT_MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** The months from `from` to `to`, inclusive. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let s = monthSerial(from); s <= monthSerial(to); s++) months.push(serialMonth(s));
  return months;
}

/** The last day (yyyy-mm-dd) of a month. */
export function lastDay(month: string): string {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, "0")}`;
}

export interface Period {
  /** What the picker shows: last12, year:2026, quarter:2026-4 or custom. */
  preset: string;
  from: string;
  to: string;
}

/** The presets offered around today: the last 12 months, quarters and years. */
export function presetOptions(today: string): [string, string][] {
  const year = Number(today.slice(0, 4));
  const quarter = Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1;
  const options: [string, string][] = [["last12", "Последните 12 месеца"]];
  for (let i = 0; i < 4; i++) {
    const serial = year * 4 + quarter - 1 - i;
    const [y, q] = [Math.floor(serial / 4), (serial % 4) + 1];
    options.push([
      `quarter:${y}-${q}`,
      `${["1-во", "2-ро", "3-то", "4-то"][q - 1]} тримесечие на ${y} г.`,
    ]);
  }
  for (const y of [year, year - 1, year - 2]) options.push([`year:${y}`, `${y} г.`]);
  options.push(["custom", "Избран период (от–до)"]);
  return options;
}

/** The period a preset names, relative to today's month. */
function presetPeriod(preset: string, today: string): { from: string; to: string } | null {
  const current = today.slice(0, 7);
  if (preset === "last12") return { from: addMonths(current, -11), to: current };
  const year = /^year:(\d{4})$/.exec(preset);
  if (year) return { from: `${year[1]}-01`, to: `${year[1]}-12` };
  const quarter = /^quarter:(\d{4})-([1-4])$/.exec(preset);
  if (quarter) {
    const from = serialMonth(Number(quarter[1]) * 12 + (Number(quarter[2]) - 1) * 3);
    return { from, to: addMonths(from, 2) };
  }
  return null;
}

/**
 * The period of a query (period=…, or from/to as yyyy-MM; a yyyy-MM-dd day counts as its month):
 * the period, or the default with the problems found, in Bulgarian, per field.
 */
export function parsePeriod(
  params: URLSearchParams,
  today: string,
): { period: Period; errors: Partial<Record<"period" | "from" | "to", string>> | null } {
  const fallback: Period = { preset: "last12", ...presetPeriod("last12", today)! };
  const preset = params.get("period") ?? (params.has("from") || params.has("to") ? "custom" : "");
  if (!preset) return { period: fallback, errors: null };
  if (preset !== "custom") {
    const range = presetPeriod(preset, today);
    return range
      ? { period: { preset, ...range }, errors: null }
      : { period: fallback, errors: { period: ANALYTICS_MESSAGES.period } };
  }
  const read = (name: "from" | "to") => {
    const value = (params.get(name) ?? "").trim().slice(0, 10);
    const month = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.slice(0, 7) : value;
    return MONTH.test(month) && month >= "1900-01" && month <= "2100-12" ? month : null;
  };
  const from = read("from");
  const to = read("to");
  const errors: Partial<Record<"from" | "to", string>> = {};
  if (!from) errors.from = ANALYTICS_MESSAGES.month;
  if (!to) errors.to = ANALYTICS_MESSAGES.month;
  if (from && to && from > to) errors.to = ANALYTICS_MESSAGES.order;
  else if (from && to && monthSerial(to) - monthSerial(from) + 1 > MAX_MONTHS)
    errors.to = ANALYTICS_MESSAGES.tooLong;
  if (Object.keys(errors).length) return { period: fallback, errors };
  return { period: { preset: "custom", from: from!, to: to! }, errors: null };
}
