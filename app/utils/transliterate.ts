/*
 * Bulgarian in Latin letters by the Transliteration Act (Закон за транслитерацията, ДВ бр. 19 от
 * 2009 г., чл. 3): the name of who issued an English document, when the company has not typed
 * it in Latin (issue #41 item 5). «-ия» at the end of a word is «-ia» (чл. 3, ал. 2); «България»
 * stays «Bulgaria» (ал. 3).
 */
const LETTERS: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "h",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "sht",
  ъ: "a",
  ь: "y",
  ю: "yu",
  я: "ya",
};

/** Whether a text has a Cyrillic letter. */
export function hasCyrillic(text: string): boolean {
  return /[\u0400-\u04FF]/.test(text);
}

/** The text in Latin letters («Иван Петров» → «Ivan Petrov», «Мария» → «Maria»). */
export function transliterate(text: string): string {
  return text
    .replace(/България/g, "Bulgaria")
    .replace(/ия(?![\p{L}])/gu, "ia")
    .replace(/ИЯ(?![\p{L}])/gu, "IA")
    .replace(/Ия(?![\p{L}])/gu, "Ia")
    .replace(/[\u0400-\u04FF]/g, (char, offset: number, whole: string) => {
      const lower = char.toLocaleLowerCase("bg");
      const latin = LETTERS[lower];
      if (latin === undefined) return char;
      if (char === lower) return latin;
      // A capital: «Ж» → «Zh» in «Живков», «ZH» in «ЖИВКОВ».
      const next = whole.charAt(offset + 1);
      const capitals = next !== "" && next !== next.toLocaleLowerCase("bg");
      return capitals ? latin.toUpperCase() : latin.charAt(0).toUpperCase() + latin.slice(1);
    });
}
