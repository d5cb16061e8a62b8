/*
 * VAT numbers checked in the EU's VIES service: the format it is asked in, the messages, and what
 * an answer fills in a form. Shared by the browser (the «Провери» button with JavaScript) and the
 * server (the same button without it, and GET /api/vies/{vatNumber}).
 */

export const VIES_MESSAGES = {
  unavailable:
    "Услугата VIES не отговаря в момента. Попълнете данните ръчно или опитайте по-късно.",
  off: "Проверката във VIES е изключена на този сървър. Попълнете данните ръчно.",
  required: "Въведете ДДС номер, за да го проверим във VIES",
  format:
    "Невалиден ДДС номер за VIES: код на държава от ЕС и номер, напр. BG175074752 или DE123456789",
  eik: "За проверка във VIES въведете ЕИК от 9 или 10 цифри",
  throttled: "Твърде много проверки във VIES. Опитайте отново след минута.",
  invalid: "Номерът не е валиден в VIES",
  checking: "Проверяваме във VIES…",
  valid: (name: string | null) =>
    name ? `Валиден ДДС номер: ${name}` : "Валиден ДДС номер (VIES не съобщава име и адрес)",
} as const;

/** The member states VIES answers for, as it names them (Greece is EL, Northern Ireland XI). */
export const VIES_COUNTRIES = [
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "EL",
  "ES",
  "FI",
  "FR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
  "XI",
] as const;

export interface ViesVat {
  countryCode: string;
  number: string;
  /** Country code and number, as the answers are kept: BG175074752. */
  vatNumber: string;
}

/**
 * A VAT number as VIES is asked it (spaces, dots and dashes dropped, upper case, GR read as EL),
 * or null when it cannot be one: a member state's code, then 2–12 letters or digits (Irish numbers
 * may hold + or *); Bulgarian ones are BG and 9 or 10 digits.
 */
export function parseVatNumber(value: string): ViesVat | null {
  const compact = value.replace(/[\s.-]/g, "").toUpperCase();
  const match = /^([A-Z]{2})([0-9A-Z+*]{2,12})$/.exec(compact);
  if (!match) return null;
  const countryCode = match[1] === "GR" ? "EL" : match[1]!;
  const number = match[2]!;
  if (!(VIES_COUNTRIES as readonly string[]).includes(countryCode)) return null;
  if (countryCode === "BG" && !/^\d{9,10}$/.test(number)) return null;
  return { countryCode, number, vatNumber: `${countryCode}${number}` };
}

/** What VIES said about a number (GET /api/vies/{vatNumber} answers this). */
export interface ViesAnswer {
  valid: boolean;
  name: string | null;
  address: string | null;
  vatNumber: string;
  /** When VIES was asked (an answer is kept a day). */
  checkedAt: string;
}

/** A line under the «Провери» button. */
export interface ViesStatus {
  tone: "ok" | "error" | "info";
  text: string;
}

/** The client form: VIES's name and address replace what was typed in those two fields. */
export function clientFill(answer: ViesAnswer): {
  values: Record<string, string>;
  status: ViesStatus;
} {
  if (!answer.valid) return { values: {}, status: { tone: "error", text: VIES_MESSAGES.invalid } };
  const values: Record<string, string> = {};
  if (answer.name) values.name = answer.name;
  if (answer.address) values.address = answer.address;
  const filled = Object.keys(values).length > 0 ? " Попълнихме името и адреса — проверете ги." : "";
  return { values, status: { tone: "ok", text: `${VIES_MESSAGES.valid(answer.name)}.${filled}` } };
}

const CYRILLIC_LETTER = /[\u0400-\u04FF]/;
const LATIN_LETTER = /[A-Za-z]/;
/** Written in Cyrillic: Cyrillic letters and no Latin ones (digits and punctuation either way). */
const inCyrillic = (text: string) => CYRILLIC_LETTER.test(text) && !LATIN_LETTER.test(text);
// The registration's names allow no quotation marks (spec §5); VIES writes «"ИМЕ" ЕООД».
const withoutQuotes = (text: string) =>
  text
    .replace(/["„“”«»]/g, "")
    .replace(/\s+/g, " ")
    .trim();

/**
 * The registration's company step: names must be Cyrillic (spec §5), so VIES's name and address
 * go to the Bulgarian fields only when VIES answers in Cyrillic (Bulgarian companies); a Latin
 * answer goes to the English fields (step 3) and the status says so.
 */
export function registrationFill(answer: ViesAnswer): {
  values: Record<string, string>;
  status: ViesStatus;
} {
  if (!answer.valid) return { values: {}, status: { tone: "error", text: VIES_MESSAGES.invalid } };
  const values: Record<string, string> = {};
  const latin: string[] = [];
  if (answer.name && inCyrillic(answer.name)) values.companyName = withoutQuotes(answer.name);
  else if (answer.name) {
    values.companyNameEn = answer.name;
    latin.push("името");
  }
  if (answer.address && inCyrillic(answer.address)) values.companyAddress = answer.address;
  else if (answer.address) {
    values.companyAddressEn = answer.address;
    latin.push("адреса");
  }
  const notes: string[] = [];
  if (values.companyName || values.companyAddress)
    notes.push("Попълнихме данните от VIES — проверете ги.");
  if (latin.length > 0) {
    const them = latin.length > 1 ? "ги" : "го";
    notes.push(
      `VIES дава ${latin.join(" и ")} на латиница: попълнихме ${them} в данните на английски (стъпка 3); на български ${them} въведете на кирилица.`,
    );
  }
  return {
    values,
    status: { tone: "ok", text: [`${VIES_MESSAGES.valid(answer.name)}.`, ...notes].join(" ") },
  };
}
