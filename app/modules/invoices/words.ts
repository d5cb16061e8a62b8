/**
 * Amounts in words for "Словом:" / "In words:". Written here because no package on the registry
 * spells Bulgarian numbers with grammatical gender (n2words, the best candidate, has no Bulgarian).
 */

type Gender = "m" | "f" | "n";

const ONES: Record<Gender, string[]> = {
  m: ["", "един", "два", "три", "четири", "пет", "шест", "седем", "осем", "девет"],
  f: ["", "една", "две", "три", "четири", "пет", "шест", "седем", "осем", "девет"],
  n: ["", "едно", "две", "три", "четири", "пет", "шест", "седем", "осем", "девет"],
};
const TEENS = [
  "десет",
  "единадесет",
  "дванадесет",
  "тринадесет",
  "четиринадесет",
  "петнадесет",
  "шестнадесет",
  "седемнадесет",
  "осемнадесет",
  "деветнадесет",
];
const TENS = [
  "",
  "",
  "двадесет",
  "тридесет",
  "четиридесет",
  "петдесет",
  "шестдесет",
  "седемдесет",
  "осемдесет",
  "деветдесет",
];
const HUNDREDS = [
  "",
  "сто",
  "двеста",
  "триста",
  "четиристотин",
  "петстотин",
  "шестстотин",
  "седемстотин",
  "осемстотин",
  "деветстотин",
];

/** The words of 1–999, as separate parts ("сто", "двадесет", "пет"). */
function triadParts(n: number, gender: Gender): string[] {
  const parts: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h) parts.push(HUNDREDS[h] ?? "");
  if (rest >= 10 && rest < 20) parts.push(TEENS[rest - 10] ?? "");
  else {
    if (rest >= 20) parts.push(TENS[Math.floor(rest / 10)] ?? "");
    if (rest % 10) parts.push(ONES[gender][rest % 10] ?? "");
  }
  return parts;
}

/** "сто двадесет и пет": «и» goes before the last part. */
function joinParts(parts: string[]): string {
  if (parts.length < 2) return parts.join("");
  return `${parts.slice(0, -1).join(" ")} и ${parts.at(-1)}`;
}

const SCALES: { value: number; one: string; many: string; gender: Gender }[] = [
  { value: 1_000_000_000, one: "един милиард", many: "милиарда", gender: "m" },
  { value: 1_000_000, one: "един милион", many: "милиона", gender: "m" },
  { value: 1_000, one: "хиляда", many: "хиляди", gender: "f" },
];

/** A whole number in Bulgarian words, in the gender of the noun it counts. */
export function bulgarianNumber(value: number, gender: Gender = "m"): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`No words for ${value}`);
  if (value === 0) return "нула";
  // Each group's words and how many parts it has: a one-part last group takes «и» before it.
  const groups: { words: string; parts: number }[] = [];
  let rest = value;
  for (const scale of SCALES) {
    const count = Math.floor(rest / scale.value);
    rest %= scale.value;
    if (!count) continue;
    const parts = triadParts(count, scale.gender);
    groups.push(
      count === 1
        ? { words: scale.one, parts: 1 }
        : { words: `${joinParts(parts)} ${scale.many}`, parts: parts.length },
    );
  }
  const last = triadParts(rest, gender);
  if (last.length) groups.push({ words: joinParts(last), parts: last.length });
  // "хиляда и пет", "два милиона и сто", "един милион и пет хиляди", but
  // "хиляда сто двадесет и пет" (the «и» is already inside the last group).
  const final = groups.at(-1) as { words: string; parts: number };
  if (groups.length > 1 && final.parts === 1) {
    return `${groups
      .slice(0, -1)
      .map((g) => g.words)
      .join(" ")} и ${final.words}`;
  }
  return groups.map((g) => g.words).join(" ");
}

const ENGLISH_ONES = [
  "",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const ENGLISH_TENS = [
  "",
  "",
  "twenty",
  "thirty",
  "forty",
  "fifty",
  "sixty",
  "seventy",
  "eighty",
  "ninety",
];

function englishTriad(n: number): string {
  const parts: string[] = [];
  if (n >= 100) parts.push(`${ENGLISH_ONES[Math.floor(n / 100)]} hundred`);
  const rest = n % 100;
  if (rest >= 20) {
    parts.push(
      ENGLISH_TENS[Math.floor(rest / 10)] + (rest % 10 ? `-${ENGLISH_ONES[rest % 10]}` : ""),
    );
  } else if (rest) parts.push(ENGLISH_ONES[rest] ?? "");
  return parts.join(" ");
}

/** A whole number in English words ("one thousand two hundred thirty-four"). */
export function englishNumber(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`No words for ${value}`);
  if (value === 0) return "zero";
  const parts: string[] = [];
  let rest = value;
  for (const [size, name] of [
    [1_000_000_000, "billion"],
    [1_000_000, "million"],
    [1_000, "thousand"],
  ] as const) {
    const count = Math.floor(rest / size);
    rest %= size;
    if (count) parts.push(`${englishTriad(count)} ${name}`);
  }
  if (rest) parts.push(englishTriad(rest));
  return parts.join(" ");
}

interface CurrencyWords {
  gender: Gender;
  one: string;
  many: string;
  minor: { gender: Gender; one: string; many: string };
  en: { one: string; many: string; minorOne: string; minorMany: string };
}

const CURRENCY_WORDS: Record<string, CurrencyWords> = {
  // Евро is neuter and does not change: «едно евро», «две евро», «двадесет и едно евро».
  EUR: {
    gender: "n",
    one: "евро",
    many: "евро",
    minor: { gender: "m", one: "цент", many: "цента" },
    en: { one: "euro", many: "euro", minorOne: "cent", minorMany: "cents" },
  },
  BGN: {
    gender: "m",
    one: "лев",
    many: "лева",
    minor: { gender: "f", one: "стотинка", many: "стотинки" },
    en: { one: "lev", many: "leva", minorOne: "stotinka", minorMany: "stotinki" },
  },
  USD: {
    gender: "m",
    one: "щатски долар",
    many: "щатски долара",
    minor: { gender: "m", one: "цент", many: "цента" },
    en: { one: "US dollar", many: "US dollars", minorOne: "cent", minorMany: "cents" },
  },
  GBP: {
    gender: "f",
    one: "британска лира",
    many: "британски лири",
    minor: { gender: "n", one: "пени", many: "пенса" },
    en: { one: "pound sterling", many: "pounds sterling", minorOne: "penny", minorMany: "pence" },
  },
  CHF: {
    gender: "m",
    one: "швейцарски франк",
    many: "швейцарски франка",
    minor: { gender: "m", one: "сантим", many: "сантима" },
    en: { one: "Swiss franc", many: "Swiss francs", minorOne: "centime", minorMany: "centimes" },
  },
};

/**
 * "сто двадесет и пет евро и тридесет цента"; "един лев и една стотинка"; zero cents are left
 * out. Currencies without names here read "… USD и 30/100"-style: "сто и пет RON и 30/100".
 */
export function amountInWords(cents: number, currency: string, language: "bg" | "en" = "bg") {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`No words for ${cents}`);
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const minor = abs % 100;
  const names = CURRENCY_WORDS[currency];
  let text: string;
  if (language === "en") {
    const major = `${englishNumber(whole)} ${names ? (whole === 1 ? names.en.one : names.en.many) : currency}`;
    text = !minor
      ? major
      : names
        ? `${major} and ${englishNumber(minor)} ${minor === 1 ? names.en.minorOne : names.en.minorMany}`
        : `${major} and ${String(minor).padStart(2, "0")}/100`;
    text = negative ? `minus ${text}` : text;
  } else {
    const major = names
      ? `${bulgarianNumber(whole, names.gender)} ${whole === 1 ? names.one : names.many}`
      : `${bulgarianNumber(whole)} ${currency}`;
    text = !minor
      ? major
      : names
        ? `${major} и ${bulgarianNumber(minor, names.minor.gender)} ${minor === 1 ? names.minor.one : names.minor.many}`
        : `${major} и ${String(minor).padStart(2, "0")}/100`;
    text = negative ? `минус ${text}` : text;
  }
  return text;
}
