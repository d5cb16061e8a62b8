/*
 * MT940's tag 86 («information to account owner») read into its parts. Bulgarian banks write
 * subfields as «+NN» (decision 031: +00 the operation, +20…+27 the payment's reason, +30 the
 * payer's BIC, +31 the payer's IBAN, +32/+33 the payer's name); German-style exports write «?NN»
 * or «>NN» with the same numbers (?60…?63 more reason). No npm parser reads «+NN», so this is ours:
 * small and pure, tested in tag86.test.ts.
 */

export interface Tag86 {
  /** A leading business-transaction code (3 digits before the first subfield), if any. */
  code: string | null;
  operation: string | null;
  reason: string;
  bic: string | null;
  iban: string | null;
  name: string | null;
  /** True when the text had subfields; false when it was free text. */
  structured: boolean;
}

// The subfield numbers a separator must be followed by: a "+" or "?" in the reason itself
// (“А+Б”, “ДДС+20%” is written with a space or % after the digits) rarely meets these.
const FIELD_CODES = new Set([
  "00",
  "10",
  "20",
  "21",
  "22",
  "23",
  "24",
  "25",
  "26",
  "27",
  "28",
  "29",
  "30",
  "31",
  "32",
  "33",
  "34",
  "38",
  "60",
  "61",
  "62",
  "63",
]);

/** Which separator the text uses: "+", "?" or ">" followed by a known subfield number. */
function separatorOf(text: string): "+" | "?" | ">" | null {
  const head = text.replace(/^\s*\d{3}/, "");
  for (const sep of ["+", "?", ">"] as const) {
    const at = head.indexOf(sep);
    if (at === -1 || at > 3) continue;
    if (FIELD_CODES.has(head.slice(at + 1, at + 3))) return sep;
  }
  return null;
}

const IBAN_IN_TEXT = /\b([A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?)\b/;

const clean = (value: string) => value.replace(/\s+/g, " ").trim();
const orNull = (value: string) => clean(value) || null;

// «Получен превод от ИМЕ …» (issue #41 item 14): banks that write :86: as free text (or put it in
// the operation or the reason) name the payer this way. The name runs to a comma or semicolon, an
// IBAN, or a word that begins the reason.
const RECEIVED_FROM =
  /получен(?:\s+(?:междубанков|вътрешнобанков|кредитен|входящ|бюджетен))?\s+превод\s+от\s*(?:наредител\s*:?\s*)?/iu;
const NAME_ENDS =
  /\s*(?:[,;]|\s(?:IBAN|BIC)(?=[\s:]|$)|\s[A-Z]{2}\d{2}\s?[A-Z0-9]{4}|\s(?:основание|осн\.|по\s+ф-ра|по\s+фактура|по\s+ф\.|ф-ра|фактура|плащане|сметка|с\/ка|от\s+сметка)(?=[\s.:№]|$))/iu;

/** The payer's name from «Получен превод от …», or null. */
export function payerFromText(text: string): string | null {
  const found = RECEIVED_FROM.exec(text);
  if (!found) return null;
  const rest = text.slice(found.index + found[0].length);
  const end = NAME_ENDS.exec(rest);
  const name = clean(end ? rest.slice(0, end.index) : rest).replace(/[\s.:-]+$/u, "");
  return name ? name.slice(0, 200) : null;
}

/**
 * Splits the lines of one tag 86 into its parts. Lines of a structured tag are joined without a
 * space (SWIFT wraps a subfield at 65 characters); free text is joined with a space.
 */
export function readTag86(lines: readonly string[]): Tag86 {
  const joined = lines.join("");
  const sep = separatorOf(joined);
  if (!sep) {
    const text = clean(lines.join(" "));
    const iban = IBAN_IN_TEXT.exec(text.toUpperCase())?.[1]?.replace(/\s/g, "") ?? null;
    return {
      code: null,
      operation: null,
      reason: text,
      bic: null,
      iban,
      name: payerFromText(text),
      structured: false,
    };
  }
  const codeMatch = /^\s*(\d{3})(?=[+?>])/.exec(joined);
  const body = codeMatch ? joined.slice(codeMatch[0].length) : joined.trimStart();
  const fields = new Map<string, string[]>();
  let current: string | null = null;
  let start = 0;
  const flush = (end: number) => {
    if (current === null) return;
    const list = fields.get(current) ?? [];
    list.push(body.slice(start, end));
    fields.set(current, list);
  };
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== sep) continue;
    const code = body.slice(i + 1, i + 3);
    if (!FIELD_CODES.has(code)) continue;
    flush(i);
    current = code;
    start = i + 3;
    i += 2;
  }
  flush(body.length);
  const get = (...codes: string[]) =>
    codes
      .flatMap((code) => fields.get(code) ?? [])
      .map(clean)
      .filter(Boolean);
  const reasonCodes = ["20", "21", "22", "23", "24", "25", "26", "27", "28", "29"];
  const reason = [...get(...reasonCodes), ...get("60", "61", "62", "63")].join(" ");
  const iban = get("31")[0]?.replace(/\s/g, "").toUpperCase() ?? null;
  const operation = orNull(get("00").join(" "));
  return {
    code: codeMatch?.[1] ?? null,
    operation,
    reason,
    bic: orNull(get("30").join("").toUpperCase()),
    iban: iban && /^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(iban) ? iban : null,
    // The payer's subfields; else «Получен превод от …» in the operation or the reason.
    name:
      orNull(get("32", "33").join(" ")) ??
      (operation ? payerFromText(operation) : null) ??
      payerFromText(reason),
    structured: true,
  };
}
