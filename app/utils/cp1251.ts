/*
 * Text as НАП's files can hold it (issue #25). The VAT journals, the return and VIES are written in
 * Windows-1251, which has Latin without accents and Cyrillic but not «ü», «ß» or «ł». A name such as
 * «Müller … Hauptstraße» is written the way НАП's own program and the accountants do: the letter
 * without its accent («u»), «ß» as «ss», and so on; what Windows-1251 has stays as it is. No zod and
 * no iconv here: the client form and the invoice editor use it to warn before a document is issued.
 */

/** The characters of Windows-1251 above ASCII (0x80–0xFF; 0x98 is unassigned). */
const HIGH =
  "\u0402\u0403\u201A\u0453\u201E\u2026\u2020\u2021\u20AC\u2030\u0409\u2039\u040A\u040C\u040B\u040F" +
  "\u0452\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u2122\u0459\u203A\u045A\u045C\u045B\u045F" +
  "\u00A0\u040E\u045E\u0408\u00A4\u0490\u00A6\u00A7\u0401\u00A9\u0404\u00AB\u00AC\u00AD\u00AE\u0407" +
  "\u00B0\u00B1\u0406\u0456\u0491\u00B5\u00B6\u00B7\u0451\u2116\u0454\u00BB\u0458\u0405\u0455\u0457";

const IN_CP1251 = new Set<string>(HIGH);

/** True when Windows-1251 has the character (ASCII, the table above, А–я). */
export function inCp1251(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x80 || (code >= 0x410 && code <= 0x44f) || IN_CP1251.has(char);
}

/** Letters that lose more than an accent, and marks Windows-1251 writes otherwise. */
const TABLE: Record<string, string> = {
  ß: "ss",
  ẞ: "SS",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  þ: "th",
  Þ: "Th",
  ı: "i",
  ħ: "h",
  Ħ: "H",
  ŧ: "t",
  Ŧ: "T",
  ĸ: "k",
  ŋ: "n",
  Ŋ: "N",
  ſ: "s",
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2015": "\u2014",
  "\u2212": "-",
  "\u201B": "'",
  "\u201F": '"',
  "\u2032": "'",
  "\u2033": '"',
  "\u00D7": "x",
};

/** One character in Windows-1251: itself, its letter without accents, the table's, or «?». */
function convertChar(char: string): string {
  if (inCp1251(char)) return char;
  const listed = TABLE[char];
  if (listed !== undefined) return listed;
  // Compatibility decomposition («ü» → «u» + diaeresis, «ﬁ» → «fi»), then without the marks.
  const bare = char.normalize("NFKD").replace(/\p{M}/gu, "");
  if ([...bare].every(inCp1251)) return bare;
  const again = [...bare].map((c) => TABLE[c] ?? (inCp1251(c) ? c : "?")).join("");
  return again;
}

/** The text as НАП's files will have it; the same text when Windows-1251 has every character. */
export function toCp1251(text: string): string {
  let out = "";
  let changed = false;
  for (const char of text) {
    const converted = convertChar(char);
    if (converted !== char) changed = true;
    out += converted;
  }
  return changed ? out : text;
}

/** True when НАП's files will write the text differently (see toCp1251). */
export const changesInCp1251 = (text: string) => toCp1251(text) !== text;

/**
 * The warning a form shows under a name or address that НАП's files will write differently, or
 * null: «Във файловете за НАП ще бъде изписано „Muller“ (ü → u).»
 */
export function cp1251Warning(text: string): string | null {
  const converted = toCp1251(text);
  if (converted === text) return null;
  const pairs = new Map<string, string>();
  for (const char of text) {
    const to = convertChar(char);
    if (to !== char && pairs.size < 6) pairs.set(char, to === "" ? "без знака" : to);
  }
  const list = [...pairs].map(([from, to]) => `${from} → ${to}`).join(", ");
  const shown = converted.length > 60 ? `${converted.slice(0, 57)}…` : converted;
  return `Във файловете за НАП (Windows-1251) ще бъде изписано „${shown}“ (${list}).`;
}
