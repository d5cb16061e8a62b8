/*
 * Bank statement files for the tests and the bench, written from the documented layouts
 * (decision 031): MT940 as Bulgarian banks export it — the SWIFT envelope, :20: :25: :28C:
 * :60F:, per movement :61: (value date YYMMDD, entry date MMDD, C/D, amount with a comma, type
 * NTRF, "NONREF//" and the bank's reference) and :86: with «+NN» subfields (+00 the operation,
 * +20/+21 the reason in 35-character parts, +30 BIC, +31 IBAN, +32 the name), :62F:, CR LF.
 */

export interface SampleMovement {
  day: string; // yyyy-mm-dd
  direction: "credit" | "debit";
  cents: number;
  name?: string | null;
  iban?: string | null;
  bic?: string | null;
  reason: string;
  /** The bank's reference; omit for a bank that writes NONREF only. */
  reference?: string | null;
}

const yymmdd = (day: string) => day.slice(2).replaceAll("-", "");
const mmdd = (day: string) => day.slice(5).replace("-", "");
const amount = (cents: number) =>
  `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;

/** Splits a text into SWIFT lines of at most 65 characters (continuation lines of a tag). */
function wrap(text: string): string[] {
  const lines: string[] = [];
  for (let i = 0; i < text.length; i += 65) lines.push(text.slice(i, i + 65));
  return lines;
}

/** One MT940 statement of an account in the Bulgarian «+NN» layout. */
export function writeMt940(options: {
  iban: string;
  currency?: string;
  number?: string;
  openingCents?: number;
  openingDay: string;
  movements: readonly SampleMovement[];
}): string {
  const currency = options.currency ?? "EUR";
  const opening = options.openingCents ?? 1_000_000;
  const lines = [
    "{1:F01STSABGSFAXXX0000000000}{2:I940STSABGSFXXXXN}{4:",
    `:20:STMT${yymmdd(options.openingDay)}`,
    `:25:${options.iban}`,
    `:28C:${options.number ?? "00001/001"}`,
    `:60F:${opening >= 0 ? "C" : "D"}${yymmdd(options.openingDay)}${currency}${amount(Math.abs(opening))}`,
  ];
  let balance = opening;
  let last = options.openingDay;
  for (const m of options.movements) {
    const mark = m.direction === "credit" ? "C" : "D";
    const ref = m.reference ? `NONREF//${m.reference}` : "NONREF";
    lines.push(`:61:${yymmdd(m.day)}${mmdd(m.day)}${mark}${amount(m.cents)}NTRF${ref}`);
    const reason = m.reason.match(/.{1,35}/g) ?? [""];
    const details =
      `+00${m.direction === "credit" ? "Получен междубанков превод" : "Изходящ превод"}` +
      reason.map((part, i) => `+${20 + i}${part}`).join("") +
      (m.bic ? `+30${m.bic}` : "") +
      (m.iban ? `+31${m.iban}` : "") +
      (m.name ? `+32${m.name}` : "");
    const [first = "", ...rest] = wrap(details);
    lines.push(`:86:${first}`, ...rest);
    balance += m.direction === "credit" ? m.cents : -m.cents;
    if (m.day > last) last = m.day;
  }
  lines.push(
    `:62F:${balance >= 0 ? "C" : "D"}${yymmdd(last)}${currency}${amount(Math.abs(balance))}`,
    "-}",
  );
  return `${lines.join("\r\n")}\r\n`;
}
