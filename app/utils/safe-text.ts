/*
 * What the zod schemas (utils/schema.ts) and the pages share about text people type, without zod:
 * the messages, which characters may be stored, and a search box's term.
 */

export const TEXT_MESSAGES = {
  invalid: "Невалидна стойност",
  required: "Полето е задължително",
  invalidChars: "Текстът съдържа недопустими символи",
  tooLong: (max: number) => `Текстът е твърде дълъг: най-много ${max} символа`,
  date: "Въведете валидна дата",
  dateRange: "Датата трябва да е между 01.01.1900 и 31.12.2100 г.",
} as const;

/**
 * Text without control characters (tab and line breaks allowed) and without lone surrogates:
 * every character is either outside U+0000–U+001F, U+007F and U+D800–U+DFFF, or a valid
 * surrogate pair.
 */
export const SAFE_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  /^(?:[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

/**
 * Bulgarian text as Bulgarians write names, a company, an address or a city: Cyrillic letters (the
 * stress mark too), digits, spaces and the punctuation of addresses — the quotes „ “ ” " « » ' ’,
 * №, the hyphen and dashes - ‐ – —, and . , ; : ( ) / \ # & +. The one rule of «Само български
 * текст (кирилица)» (spec §5, widened by issue #25: «ул. „Витоша“ № 15» is Bulgarian text).
 */
export const BULGARIAN_TEXT =
  /^(?:[\u0400-\u04FF\s\d.,;:'\u2019\u2018"\u201E\u201C\u201D\u00AB\u00BB\u2116\-\u2010\u2013\u2014#/\\()&+]|\u0300|\u0301)+$/;

/** True when a string may be stored as typed (see SAFE_TEXT). */
export const isSafeText = (value: string) => SAFE_TEXT.test(value);

/** What a search box sent, as a list can use it: trimmed, at most 100 characters, "" when unsafe. */
export function searchTerm(value: string | null | undefined): string {
  const text = Array.from((value ?? "").trim())
    .slice(0, 100)
    .join("");
  return isSafeText(text) ? text : "";
}
