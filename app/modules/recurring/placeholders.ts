import { MONTH_NAMES } from "~/utils/periods";
import type { RecurringFrequency } from "~db/types";

/*
 * Period placeholders in a recurring invoice's lines and notes (issue #41, item 7): «Поддръжка за
 * {месец} {година}» becomes «Поддръжка за декември 2026» in the invoice made for 3 December 2026.
 * They are filled with the occurrence's period (not the day the job happens to run, so a run that
 * catches up after downtime still names each month rightly), in Bulgarian, in English for an English
 * document and in both for a bilingual one. No zod here: the form's preview uses it in the browser.
 */

type Language = "bg" | "en" | "bilingual";

const MONTHS_EN = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const ROMAN = ["I", "II", "III", "IV"];

interface Period {
  bg: string;
  en: string;
}

const month = (index: number): Period => ({
  bg: MONTH_NAMES[index] ?? "",
  en: MONTHS_EN[index] ?? "",
});

/** The month `shift` months from the date's, as [year, month index 0–11]. */
function shifted(date: string, shift: number): [number, number] {
  const [y, m] = date.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + shift;
  return [Math.floor(index / 12), ((index % 12) + 12) % 12];
}

const quarterOf = (monthIndex: number) => Math.floor(monthIndex / 3);

/** What each placeholder becomes for an occurrence on `date` of a schedule of `frequency`. */
const VALUES: Record<string, (date: string, frequency: RecurringFrequency) => Period> = {
  месец: (date) => month(shifted(date, 0)[1]),
  година: (date) => same(String(shifted(date, 0)[0])),
  тримесечие: (date) => quarter(shifted(date, 0)[1]),
  "предходен месец": (date) => month(shifted(date, -1)[1]),
  "година на предходния месец": (date) => same(String(shifted(date, -1)[0])),
  "следващ месец": (date) => month(shifted(date, 1)[1]),
  "предходно тримесечие": (date) => quarter(shifted(date, -3)[1]),
  "година на предходното тримесечие": (date) => same(String(shifted(date, -3)[0])),
  "предходна година": (date) => same(String(shifted(date, -12)[0])),
  период: (date, frequency) => {
    const [year, index] = shifted(date, 0);
    if (frequency === "yearly") return same(String(year));
    const name = frequency === "quarterly" ? quarter(index) : month(index);
    return { bg: `${name.bg} ${year}`, en: `${name.en} ${year}` };
  },
};

function same(text: string): Period {
  return { bg: text, en: text };
}

function quarter(monthIndex: number): Period {
  const q = quarterOf(monthIndex);
  return { bg: `${ROMAN[q]} тримесечие`, en: `Q${q + 1}` };
}

/** The placeholders as the form lists them: what to type and what it becomes (on 3 Dec 2026). */
export const PLACEHOLDERS: readonly { key: string; meaning: string }[] = [
  { key: "{месец}", meaning: "месецът на издаване: «декември» (на английски «December»)" },
  { key: "{година}", meaning: "годината на издаване: «2026»" },
  { key: "{тримесечие}", meaning: "тримесечието на издаване: «IV тримесечие» («Q4»)" },
  { key: "{предходен месец}", meaning: "месецът преди издаването: «ноември»" },
  {
    key: "{година на предходния месец}",
    meaning: "годината на предходния месец (в януари — миналата)",
  },
  { key: "{следващ месец}", meaning: "месецът след издаването: «януари»" },
  { key: "{предходно тримесечие}", meaning: "тримесечието преди издаването: «III тримесечие»" },
  { key: "{година на предходното тримесечие}", meaning: "годината на предходното тримесечие" },
  { key: "{предходна година}", meaning: "годината преди издаването: «2025»" },
  {
    key: "{период}",
    meaning: "периодът по графика: «декември 2026», «IV тримесечие 2026» или «2026»",
  },
];

const PATTERN = /\{([^{}]{1,40})\}/g;

/** The text with each known placeholder filled for the occurrence on `date`; others stay as typed. */
export function fillPlaceholders(
  text: string,
  date: string,
  frequency: RecurringFrequency,
  language: Language = "bg",
): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return text;
  return text.replace(PATTERN, (whole, name: string) => {
    const key = name.trim().toLowerCase().replace(/\s+/g, " ");
    const value = Object.hasOwn(VALUES, key) ? VALUES[key]?.(date, frequency) : undefined;
    if (!value) return whole;
    if (language === "en") return value.en;
    if (language === "bilingual" && value.en !== value.bg) return `${value.bg} / ${value.en}`;
    return value.bg;
  });
}

/** Whether the text has a placeholder the invoice would fill. */
export function hasPlaceholder(text: string): boolean {
  return fillPlaceholders(text, "2026-12-03", "monthly") !== text;
}
