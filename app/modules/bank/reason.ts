/*
 * What a payment's reason («основание») says (decision 031): the document numbers it names, read
 * as whole numbers — leading zeros optional, «ф-ра», «фактура», «ф.», «фак.», «проформа» before,
 * «/дата» after — and compared as numbers, never as substrings (invoice 12 is not named by a
 * payment for 123), and the ЕИК or VAT numbers it carries. Pure; reason.test.ts.
 */

export interface NamedNumber {
  /** The number's value (leading zeros dropped). */
  value: number;
  /** Named after a document word («ф-ра 123»), not a bare run of digits. */
  strong: boolean;
  /** Named after «проформа» / «ПФ». */
  proforma: boolean;
}

export interface ReasonFacts {
  numbers: NamedNumber[];
  /** 9- or 13-digit ЕИК/БУЛСТАТ named in the text («ЕИК 175074752», «BG175074752»). */
  eiks: string[];
}

// Dates, IBANs and amounts with decimals are taken out first: none of them is a document number.
const DATES = /\b\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})\b|\b\d{4}-\d{2}-\d{2}\b/g;
const IBANS = /\b[A-Z]{2}\d{2}[A-Z]{4}[0-9A-Z]{10,26}\b/g;
const DECIMALS = /\b\d{1,3}(?:[ .]\d{3})*,\d{2}\b|\b\d+[.,]\d{2}\b(?!\s*[./-]\d)/g;
const VAT = /\b(?:BG|ВG)\s?(\d{9,10})\b/g;
const EIK = /(?:ЕИК|БУЛСТАТ|EIK|BULSTAT)\s*[:№]?\s*(\d{9}|\d{13})\b/g;

// Words that name a document: ф-ра, ф-ри, фра, ф.ра, фактура/и, фак., ф., inv, invoice, проформа.
const DOC_WORD =
  /(?:^|[^А-ЯA-Z])(ПРОФОРМ[АИ]|ПРОФ\.?|ПФ|Ф\s?-\s?Р[АИ]|Ф\.?\s?Р[АИ]|ФРА|ФАКТУР[АИ]|ФАКТ?\.?|Ф\.|INV(?:OICE)?S?|ФАК)\s*[-:]?\s*(?:№|N[O0]?\.?|#|НОМЕР|НОМ\.)?\s*[-:]?\s*/g;

// After a document word: a list of numbers ("123, 124 и 125"; "123/124" when both are long).
const LIST_ITEM = /^(\d{1,10})(?:\s*(?:,|;|И|AND|&|\+|\s)\s*)?/;

const toValue = (digits: string) => Number(digits.replace(/^0+(?=\d)/, ""));

/** The document numbers and ЕИК/VAT numbers in a reason. */
export function readReason(reason: string): ReasonFacts {
  const upper = ` ${reason.toUpperCase().replace(/\s+/g, " ")} `;
  const eiks = new Set<string>();
  for (const m of upper.matchAll(VAT)) eiks.add((m[1] as string).slice(0, 9));
  for (const m of upper.matchAll(EIK)) eiks.add(m[1] as string);
  // A date is taken out only when it can be one (day ≤ 31, month ≤ 12): «ф-ри 12/13/14» stays.
  const dropDates = (value: string) =>
    value.replace(DATES, (date) => {
      const parts = date.split(/[./-]/).map(Number);
      const [a = 0, b = 0] = parts[0]! > 31 ? [parts[2], parts[1]] : parts;
      return a >= 1 && a <= 31 && b >= 1 && b <= 12 ? " ".repeat(date.length) : date;
    });
  let text = dropDates(upper.replace(IBANS, " ").replace(VAT, " ").replace(EIK, " "));
  const numbers = new Map<number, NamedNumber>();
  const add = (digits: string, strong: boolean, proforma: boolean) => {
    const value = toValue(digits);
    if (!Number.isSafeInteger(value) || value <= 0) return;
    const known = numbers.get(value);
    if (!known || (strong && !known.strong)) numbers.set(value, { value, strong, proforma });
  };
  // Numbers after a document word, and the list that follows it ("ф-ри 12,13 и 14").
  for (const m of text.matchAll(DOC_WORD)) {
    const word = m[1] as string;
    const proforma = /^П/.test(word);
    let rest = text.slice((m.index ?? 0) + m[0].length);
    for (let guard = 0; guard < 20; guard++) {
      const item = LIST_ITEM.exec(rest);
      if (!item) break;
      add(item[1] as string, true, proforma);
      rest = rest.slice(item[0].length);
      // "/дата" after a number was taken out above; "/" between two numbers lists them.
      const slash = /^\/\s*(?=\d)/.exec(rest);
      if (slash) rest = rest.slice(slash[0].length);
    }
  }
  // Amounts with decimals are no document numbers («сума 1 200,50»).
  text = text.replace(DOC_WORD, (word) => " ".repeat(word.length)).replace(DECIMALS, " ");
  // Bare runs of digits: long enough to be a document number written in full (4+ digits, or a
  // 10-digit number with its leading zeros), never part of a longer run or a word.
  for (const m of text.matchAll(/(?<![\dА-ЯA-Z])(\d{4,10})(?![\dА-ЯA-Z])/g)) {
    add(m[1] as string, false, false);
  }
  return { numbers: [...numbers.values()], eiks: [...eiks] };
}

/** A document's number as a number ("0000000123" → 123); null for none. */
export const documentNumberValue = (number: string | null): number | null =>
  number && /^\d{1,10}$/.test(number.trim()) ? toValue(number.trim()) : null;

const LATIN: Record<string, string> = {
  А: "A",
  Б: "B",
  В: "V",
  Г: "G",
  Д: "D",
  Е: "E",
  Ж: "ZH",
  З: "Z",
  И: "I",
  Й: "Y",
  К: "K",
  Л: "L",
  М: "M",
  Н: "N",
  О: "O",
  П: "P",
  Р: "R",
  С: "S",
  Т: "T",
  У: "U",
  Ф: "F",
  Х: "H",
  Ц: "TS",
  Ч: "CH",
  Ш: "SH",
  Щ: "SHT",
  Ъ: "A",
  Ь: "Y",
  Ю: "YU",
  Я: "YA",
};

// Legal forms and filler words: «Сила Инвест ООД» and «SILA INVEST OOD» are the same payer.
const FORMS = new Set([
  "OOD",
  "EOOD",
  "AD",
  "EAD",
  "ET",
  "SD",
  "KD",
  "KDA",
  "ZAD",
  "LTD",
  "GMBH",
  "SRL",
  "SA",
  "AG",
  "INC",
  "LLC",
  "BG",
  "DZZD",
  "SNC",
  "OBSHTINA",
]);

/** A name reduced to compare payers: Latin letters, no legal form, no punctuation, words sorted. */
export function nameKey(name: string | null | undefined): string | null {
  if (!name) return null;
  const latin = [...name.toUpperCase()].map((ch) => LATIN[ch] ?? ch).join("");
  const words = latin
    .replace(/[^A-Z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter((word) => word && !FORMS.has(word));
  if (!words.length) return null;
  return words.sort().join(" ");
}
