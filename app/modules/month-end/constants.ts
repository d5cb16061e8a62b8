/*
 * The month-end's shapes and words (issue #46 item 3), browser-safe: the page, the overview and
 * the ZIP's ПРОЧЕТИ.txt name a month's state with the same words.
 */

/** One thing to fix, with where it is fixed. */
export interface SectionItem {
  what: string;
  message: string;
  href: string;
}

/** `ready`: nothing to do; `attention`: something to fix; `none`: nothing applies this month. */
export type SectionState = "ready" | "attention" | "none";

export interface MonthSection {
  key: "documents" | "vat" | "payroll" | "bank" | "books" | "saft";
  title: string;
  state: SectionState;
  summary: string;
  items: SectionItem[];
  links: { label: string; href: string }[];
}

export interface MonthState {
  month: string;
  label: string;
  sections: MonthSection[];
  lock: { lockedAt: string; lockedByName: string } | null;
  /** Nothing to fix: the month can be locked (or is). */
  ready: boolean;
  headline: string;
}

export const STATE_LABELS: Record<SectionState, string> = {
  ready: "Готово",
  attention: "За поправяне",
  none: "Не се прилага",
};

/** The month's headline from its sections and lock. */
export function summaryOf(
  sections: readonly MonthSection[],
  locked: boolean,
): { ready: boolean; headline: string } {
  const open = sections.filter((s) => s.state === "attention");
  const ready = open.length === 0;
  if (locked) {
    return {
      ready,
      headline: ready
        ? "Месецът е заключен и всичко е готово."
        : `Месецът е заключен, но има за поправяне: ${open.map((s) => s.title).join(", ")}. Поправката се прави в отворен месец или след отключване.`,
    };
  }
  return {
    ready,
    headline: ready
      ? "Всичко е готово: месецът може да се заключи."
      : `За поправяне преди заключване: ${open.map((s) => s.title).join(", ")}.`,
  };
}

/** A month's state in the accountant's overview across companies. */
export interface OverviewCell {
  month: string;
  locked: boolean;
  drafts: number;
  unbooked: number;
}

/** The overview cell's words: «Заключен», «Готов», or what is left. */
export function cellText(cell: OverviewCell): string {
  const left = [
    cell.drafts ? `чернови: ${cell.drafts}` : "",
    cell.unbooked ? `неразнесени движения: ${cell.unbooked}` : "",
  ].filter(Boolean);
  if (cell.locked) return left.length ? `Заключен (${left.join(", ")})` : "Заключен";
  return left.length ? `Отворен: ${left.join(", ")}` : "Отворен, без чернови и неразнесени";
}

export const MONTH_END_MESSAGES = {
  month: "Месецът е във вида гггг-ММ и не е по-късен от текущия",
} as const;
