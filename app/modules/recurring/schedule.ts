import type { RecurringFrequency } from "~db/types";

/*
 * When a recurring invoice falls due (issue #15): on day N of every month, every third month or
 * every twelfth month from its start, N clamped to the month's last day (the 31st is 28 or 29
 * February). Dates are calendar days in Sofia as yyyy-mm-dd strings, so neither the server's time
 * zone nor the switch to and from summer time can move an occurrence.
 */

export interface Rule {
  frequency: RecurringFrequency;
  dayOfMonth: number;
  startOn: string;
  endOn?: string | null;
}

export const FREQUENCIES: Record<RecurringFrequency, { label: string; months: number }> = {
  monthly: { label: "Всеки месец", months: 1 },
  quarterly: { label: "Всяко тримесечие", months: 3 },
  yearly: { label: "Всяка година", months: 12 },
};

const pad = (n: number) => String(n).padStart(2, "0");

/** Days in a month (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The occurrence `k` months-steps after the start month (k ≥ 0), day clamped. */
function occurrence(rule: Rule, k: number): string {
  const [y, m] = rule.startOn.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + k * FREQUENCIES[rule.frequency].months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(rule.dayOfMonth, daysInMonth(year, month));
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The first occurrence on or after `from` (and on or after the start), or null past the end. */
export function occurrenceFrom(rule: Rule, from: string): string | null {
  const start = from > rule.startOn ? from : rule.startOn;
  const [sy, sm] = rule.startOn.split("-").map(Number) as [number, number];
  const [fy, fm] = start.split("-").map(Number) as [number, number];
  const step = FREQUENCIES[rule.frequency].months;
  // Months from the start month to `start`'s month, in whole steps, one step back for safety.
  let k = Math.max(0, Math.floor(((fy - sy) * 12 + (fm - sm)) / step) - 1);
  let date = occurrence(rule, k);
  while (date < start) date = occurrence(rule, ++k);
  return rule.endOn && date > rule.endOn ? null : date;
}

/** The first occurrence strictly after `date`, or null past the end. */
export function occurrenceAfter(rule: Rule, date: string): string | null {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return occurrenceFrom(rule, next.toISOString().slice(0, 10));
}

/** The next `count` occurrences from `from` (for the form's preview). */
export function upcoming(rule: Rule, from: string, count = 3): string[] {
  const dates: string[] = [];
  let next = occurrenceFrom(rule, from);
  while (next && dates.length < count) {
    dates.push(next);
    next = occurrenceAfter(rule, next);
  }
  return dates;
}

/**
 * The day one period after `date` (issue #41, item 7): where a recurring invoice made from a
 * document dated `date` starts, so its first occurrence is not a second invoice for the document's
 * own period (monthly from 2026-11-03 → 2026-12-03; the 31st → the month's last day).
 */
export function nextPeriodAfter(date: string, frequency: RecurringFrequency): string {
  const [, , d] = date.split("-").map(Number) as [number, number, number];
  return occurrence({ frequency, dayOfMonth: d, startOn: date }, 1);
}

/**
 * The first date a recurring invoice made from a document dated `date` is proposed to start on:
 * one period after it, and not before `today` (an old document does not make the hourly run catch
 * up every period since).
 */
export function firstStartAfter(
  date: string,
  frequency: RecurringFrequency,
  today: string,
): string {
  const next = nextPeriodAfter(date, frequency);
  const dayOfMonth = Number(date.slice(8, 10));
  return occurrenceFrom({ frequency, dayOfMonth, startOn: next }, today) ?? next;
}
