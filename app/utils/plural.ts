/*
 * The one way a count is shown with its noun (issue #41 item 13): Bulgarian agreement by
 * Intl.PluralRules("bg") — «1 документ», «2 документа», «1 ден», «5 дни» — never a fixed plural
 * after a number that may be 1.
 */

const RULES = new Intl.PluralRules("bg");

/** The noun's form for a count: `one` for 1, `other` (the counted plural) otherwise. */
export function pluralWord(count: number, one: string, other: string): string {
  return RULES.select(count) === "one" ? one : other;
}

/** A count with its noun, the number grouped as Bulgarian writes it: «1 документ», «1 234 файла». */
export function countOf(count: number, one: string, other: string): string {
  return `${count.toLocaleString("bg-BG")} ${pluralWord(count, one, other)}`;
}
