import { toCp1251 } from "~/utils/cp1251";

/*
 * Text as НАП's payroll files take it (decision 024): Windows-1251, upper case, no double quote
 * and no comma inside a quoted field, Cyrillic only in a person's name. No zod and no iconv here.
 */

/** One change made to a text for the file: «ü → U», «" → (интервал)». */
export interface TextChange {
  from: string;
  to: string;
}

export interface NapText {
  /** The text as the file writes it. */
  text: string;
  /** Characters Windows-1251 lacks or the format forbids, and what was written instead. */
  changes: TextChange[];
  /** Latin letters left in the text (НАП takes Cyrillic only in names). */
  latin: boolean;
}

const FORBIDDEN = /[",\r\n\t]/g;

/** The text upper case in Windows-1251, quotes and commas as spaces, spaces collapsed. */
export function napText(value: string): NapText {
  const changes = new Map<string, string>();
  let out = "";
  for (const char of value) {
    const converted = toCp1251(char);
    if (converted !== char) changes.set(char, converted === "" ? "без знака" : converted);
    out += converted;
  }
  for (const match of out.matchAll(FORBIDDEN)) changes.set(match[0], "интервал");
  const text = out.replace(FORBIDDEN, " ").replace(/\s+/g, " ").trim().toUpperCase();
  return {
    text,
    changes: [...changes].map(([from, to]) => ({ from: printable(from), to })),
    latin: /[A-Z]/.test(text),
  };
}

const printable = (char: string) =>
  char === "\n" || char === "\r" ? "нов ред" : char === "\t" ? "табулация" : char;

/**
 * A full name (first, father's, surname) split as обр. 1 takes it: the surname (т. 6) is the last
 * word, the initials (т. 7) the first letters of the first name and the father's name. Null when
 * the name has fewer than two words.
 */
export function splitName(name: string): { surname: string; initials: string } | null {
  const words = name.split(" ").filter(Boolean);
  if (words.length < 2) return null;
  const surname = words[words.length - 1]!;
  const given = words.slice(0, Math.min(2, words.length - 1));
  return { surname, initials: given.map((w) => [...w][0]).join("") };
}
