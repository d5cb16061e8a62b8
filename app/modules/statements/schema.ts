import { isBookDate } from "~/utils/dates";

/*
 * The statement's period and the act's form (decision 070): browser-safe, no zod (the act's form
 * has one date, checked here as the API's query is).
 */

export const STATEMENT_MESSAGES = {
  period: "Невалиден период: посочете начална и крайна дата (ГГГГ-ММ-ДД), началото не след края",
  asOf: "Посочете дата на акта (ГГГГ-ММ-ДД)",
  lang: "Езикът е bg или en",
  ownOnly:
    "Извлечението и актът за сверка показват всички документи на клиента: достъпни са за роли, които виждат всички документи",
  issued: (n: number) => `Издаден акт за сверка № ${n}`,
} as const;

/** The client's answer to an act in the portal (decision 070): its form and its refusals. */
export const RECONCILIATION_ANSWER_FORM = "reconciliation-answer";

export const RECONCILIATION_ANSWER_MESSAGES = {
  amount: "Посочете салдото по вашите книги (напр. 1 250,50)",
  note: "Опишете разликите: кои документи или плащания не съвпадат",
  answered: (number: number, day: string) =>
    `На акт за сверка № ${number} вече сте отговорили (${day}). Отговорът не може да се промени; ако е грешен, свържете се с фирмата.`,
  notFound: "Актът за сверка не е намерен",
} as const;

export const RECONCILIATION_STATUS_LABELS = {
  issued: "Очаква отговор",
  confirmed: "Потвърден от клиента",
  disputed: "Оспорен от клиента",
} as const;

/** The period of a query: from (default 1 January of today's year) to (default today); null if bad. */
export function statementPeriod(
  search: URLSearchParams,
  today: string,
): { from: string; to: string } | null {
  const from = search.get("from")?.trim() || `${today.slice(0, 4)}-01-01`;
  const to = search.get("to")?.trim() || today;
  if (!isBookDate(from) || !isBookDate(to) || from > to) return null;
  return { from, to };
}

/** The language of a file: bg (default) or en; null for anything else. */
export function fileLanguage(search: URLSearchParams): "bg" | "en" | null {
  const lang = search.get("lang") ?? "bg";
  return lang === "bg" || lang === "en" ? lang : null;
}

/** The act's date from its form or query; null when it is not a date. */
export function actDate(value: unknown): string | null {
  return typeof value === "string" && isBookDate(value.trim()) ? value.trim() : null;
}
