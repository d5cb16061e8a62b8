import { addDays, printDate } from "~/utils/dates";
import { lastDayOf, monthLabel, nextMonth } from "~/utils/periods";
import { CALENDAR_RULES, type CalendarKind, type CalendarRule, type RuleKey } from "./rules";

/*
 * The deadlines a company has between two days, from the dated rules (rules.ts) and the days off
 * (public_holidays, Кодекс на труда чл. 154): a deadline whose last day is a Saturday, a Sunday or
 * an official day off ends on the next working day (ГПК чл. 60, ал. 6; ЗЗД чл. 72, ал. 3 —
 * decision 075). Pure: the server hands it the company's facts and the days off.
 */

/** What decides which rules apply to a company. */
export interface CompanyFacts {
  kind: CalendarKind;
  vatRegistered: boolean;
  hasEmployees: boolean;
}

export interface Deadline {
  /** Stable per company, rule and period: the feed's UID, the reminders' key. */
  key: string;
  rule: RuleKey;
  title: string;
  what: string;
  source: string;
  href: string | null;
  /** "2026-11", "2026-Q3", "2026" or "" for a one-off date. */
  period: string;
  periodLabel: string;
  /** The day the law names. */
  nominal: string;
  /** The last day it may be done: the nominal day or the next working day. */
  due: string;
  /** Why the day moved, when it did. */
  moved: string | null;
  /** A period before the euro declared in leva and paid in euro. */
  note: string | null;
}

const ROMAN = ["I", "II", "III", "IV"];

const WEEKEND = ["неделя", "понеделник", "вторник", "сряда", "четвъртък", "петък", "събота"];

/** The next working day from `day` (itself when it is one) and why it moved. */
export function workingDayFrom(
  day: string,
  holidays: ReadonlyMap<string, string>,
): { due: string; moved: string | null } {
  let due = day;
  let reason: string | null = null;
  for (;;) {
    const weekday = new Date(`${due}T00:00:00Z`).getUTCDay();
    const holiday = holidays.get(due);
    if (!holiday && weekday !== 0 && weekday !== 6) break;
    reason ??= holiday ?? WEEKEND[weekday]!;
    due = addDays(due, 1);
  }
  return {
    due,
    moved: reason === null ? null : `${printDate(day)} е неприсъствен ден (${reason})`,
  };
}

const applies = (rule: CalendarRule, facts: CompanyFacts) =>
  rule.kinds.includes(facts.kind) &&
  (rule.needs === undefined || (rule.needs === "vat" ? facts.vatRegistered : facts.hasEmployees));

const dayOf = (month: string, day: number | "last") =>
  day === "last" ? lastDayOf(month) : `${month}-${String(day).padStart(2, "0")}`;

/** The rule's periods whose nominal day falls in the years from `fromYear` to `toYear`. */
function occurrences(rule: CalendarRule, fromYear: number, toYear: number) {
  const out: { period: string; label: string; nominal: string; ends: string }[] = [];
  const s = rule.schedule;
  for (let y = fromYear - 1; y <= toYear; y++) {
    if (s.every === "month") {
      for (let m = 1; m <= 12; m++) {
        const month = `${y}-${String(m).padStart(2, "0")}`;
        out.push({
          period: month,
          label: monthLabel(month),
          nominal: dayOf(nextMonth(month), s.day),
          ends: lastDayOf(month),
        });
      }
    } else if (s.every === "quarter") {
      for (const q of s.quarters) {
        const last = `${y}-${String(q * 3).padStart(2, "0")}`;
        out.push({
          period: `${y}-Q${q}`,
          label: `${ROMAN[q - 1]} тримесечие на ${y} г.`,
          nominal: dayOf(nextMonth(last), s.day),
          ends: lastDayOf(last),
        });
      }
    } else if (s.every === "year") {
      const month = `${y + 1}-${String(s.month).padStart(2, "0")}`;
      out.push({
        period: String(y),
        label: `${y} г.`,
        nominal: dayOf(month, s.day),
        ends: `${y}-12-31`,
      });
    } else if (y === fromYear - 1) {
      out.push({ period: "", label: "", nominal: s.date, ends: s.date });
    }
  }
  return out;
}

/** Every deadline of the company whose last day is from `from` to `to`, soonest first. */
export function deadlinesBetween(
  facts: CompanyFacts,
  from: string,
  to: string,
  holidays: ReadonlyMap<string, string>,
  rules: readonly CalendarRule[] = CALENDAR_RULES,
): Deadline[] {
  const out: Deadline[] = [];
  const fromYear = Number(from.slice(0, 4));
  const toYear = Number(to.slice(0, 4));
  for (const rule of rules) {
    if (!applies(rule, facts)) continue;
    for (const o of occurrences(rule, fromYear, toYear)) {
      if (o.nominal < rule.validFrom || (rule.validTo !== null && o.nominal > rule.validTo))
        continue;
      const { due, moved } =
        rule.moves === false
          ? { due: o.nominal, moved: null }
          : workingDayFrom(o.nominal, holidays);
      if (due < from || due > to) continue;
      out.push({
        key: o.period ? `${rule.key}:${o.period}` : rule.key,
        rule: rule.key,
        title: rule.title,
        what: rule.what,
        source: rule.source,
        href: rule.href ? withPeriod(rule.href, o.period) : null,
        period: o.period,
        periodLabel: o.label,
        nominal: o.nominal,
        due,
        moved,
        note:
          o.ends < "2026-01-01" && due >= "2026-01-01"
            ? "Период преди въвеждането на еврото: декларира се в лева, плаща се в евро."
            : null,
      });
    }
  }
  return out.sort((a, b) => a.due.localeCompare(b.due) || a.key.localeCompare(b.key));
}

const withPeriod = (href: string, period: string) =>
  /^\d{4}-\d{2}$/.test(period)
    ? `${href}?month=${period}`
    : /^\d{4}$/.test(period)
      ? `${href}?year=${period}`
      : href;
