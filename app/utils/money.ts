/**
 * Money on documents, in one place for the editor (live totals in the browser), the server,
 * the PDF, the API and the exports — so every one of them shows the same cents.
 *
 * The rounding rule (docs/decisions/005-money-and-rounding.md):
 *   1. each line: net = quantity × unit price × (1 − discount %), rounded half up to the cent;
 *   2. lines are grouped by VAT rate; each group's base is the sum of its line nets;
 *   3. each group's VAT = base × rate, rounded half up to the cent;
 *   4. total = Σ bases + Σ VAT.
 * Quantities have 3 decimals, unit prices 4, discounts 2; all arithmetic is exact (BigInt).
 */

export const QUANTITY_SCALE = 3;
export const PRICE_SCALE = 4;
/** A price's one rule, as the catalogue and the documents' lines say it. */
export const PRICE_MESSAGE =
  "Цената трябва да е число от 0 до 9 999 999 999,9999 с до 4 знака след запетаята";
export const DISCOUNT_SCALE = 2;
/** 1 EUR = 1.95583 BGN, fixed since the euro came on 1 January 2026. */
export const BGN_PER_EUR = "1.95583";
export const VAT_RATES = [20, 9, 0] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** The largest amount a document, a payment or an expense may carry: 99 999 999 999,99. */
export const MAX_AMOUNT_CENTS = 9_999_999_999_999;

/**
 * A decimal typed by a person or sent by a client ("1 234,5", "1250,50", "12.50", 3) as an integer
 * scaled by 10^scale; null when it is not a number, mixes separators ("1.250,00" — is the dot a
 * thousands separator or a decimal point?) or has more decimals than the scale allows.
 */
export function parseDecimal(input: unknown, scale: number): bigint | null {
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return null;
    input = String(input);
  }
  if (typeof input !== "string") return null;
  if (input.length > 40) return null;
  // A true minus (U+2212, as formatCents writes it) reads as the ASCII one.
  const text = input
    .replace(/[\s\u00a0\u202f']/g, "")
    .replace("\u2212", "-")
    .replace(",", ".");
  const match = /^(-?)(\d{1,15})(?:\.(\d*))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  if (fraction.length > scale) return null;
  const value = BigInt(whole + fraction.padEnd(scale, "0"));
  return sign ? -value : value;
}

/**
 * Why a typed number was not understood, when there is more to say than the field's own message:
 * both a dot and a comma ("1.250,00") leave the reader guessing which one is the decimal mark.
 */
export function decimalProblem(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const text = input.trim();
  if (text.includes(",") && text.includes(".")) {
    return "Неясно число: използвайте запетая за десетичните знаци, без точка за хилядите (напр. 1 250,50)";
  }
  if ((text.match(/[.,]/g) ?? []).length > 1) {
    return "Неясно число: само един десетичен знак е разрешен (напр. 1 250,50)";
  }
  return null;
}

/** A scaled integer back to a plain decimal string with exactly `scale` decimals ("12.5000"). */
export function scaledToString(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, "0");
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${text}` : text;
}

/** Integer division rounded half up (away from zero for negative values too). */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (n * 2n + d) / (d * 2n);
  return negative ? -rounded : rounded;
}

/** Rule 1: a line's net in cents. quantity ×10^3, unit price ×10^4, discount % ×10^2. */
export function lineNetCents(quantity: bigint, unitPrice: bigint, discount: bigint): number {
  // Units: 10^-3 × 10^-4 × 10^-4 (discount as a fraction of 100.00) = 10^-11; cents = 10^-2.
  return Number(divRound(quantity * unitPrice * (10_000n - discount), 1_000_000_000n));
}

export interface LineAmount {
  netCents: number;
  /** 20, 9, 0, or null when VAT is not charged. */
  vatRate: number | null;
}

export interface VatGroup {
  rate: number | null;
  baseCents: number;
  vatCents: number;
}

export interface Totals {
  groups: VatGroup[];
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
}

/** Rules 2–4: totals per VAT rate (highest rate first, "not charged" last) and the document total. */
export function computeTotals(lines: LineAmount[]): Totals {
  const bases = new Map<number | null, number>();
  for (const line of lines) {
    bases.set(line.vatRate, (bases.get(line.vatRate) ?? 0) + line.netCents);
  }
  const groups = [...bases.entries()]
    .sort(([a], [b]) => (b ?? -1) - (a ?? -1))
    .map(([rate, baseCents]) => ({
      rate,
      baseCents,
      vatCents: rate ? Number(divRound(BigInt(baseCents) * BigInt(rate), 100n)) : 0,
    }));
  const subtotalCents = groups.reduce((sum, g) => sum + g.baseCents, 0);
  const vatCents = groups.reduce((sum, g) => sum + g.vatCents, 0);
  return { groups, subtotalCents, vatCents, totalCents: subtotalCents + vatCents };
}

/** `rate` per cent of an amount in cents, rounded half up: the VAT of a base (20 % of 10,05 → 2,01). */
export function percentOf(cents: number, rate: number): number {
  return Number(divRound(BigInt(cents) * BigInt(Math.round(rate * 100)), 10_000n));
}

/** Cents as the API writes amounts: a decimal string with two decimals ("1234.50"). */
export function centsToDecimal(cents: number): string {
  return scaledToString(BigInt(cents), 2);
}

/** Cents converted with a rate (e.g. EUR per unit of a foreign currency), rounded half up. */
export function convertCents(cents: number, rate: string): number {
  const scaled = parseDecimal(rate, 8);
  if (scaled === null) throw new RangeError(`Bad rate ${rate}`);
  return Number(divRound(BigInt(cents) * scaled, 100_000_000n));
}

const groupDigits = (digits: string, separator: string) =>
  digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/** The minus sign money is printed with: a true minus (U+2212), not the hyphen. */
export const MINUS = "\u2212";

/** A decimal string ("-1234.5") as people read it: grouped thousands, the locale's marks. */
function readable(text: string, locale: "bg" | "en"): string {
  const negative = text.startsWith("-");
  const [whole = "0", fraction] = (negative ? text.slice(1) : text).split(".");
  const grouped =
    locale === "bg"
      ? `${groupDigits(whole, "\u00a0")}${fraction !== undefined ? `,${fraction}` : ""}`
      : `${groupDigits(whole, ",")}${fraction !== undefined ? `.${fraction}` : ""}`;
  return `${negative ? MINUS : ""}${grouped}`;
}

/**
 * Cents for people — the one money format of every page, the PDF and the e-mails (issue #31
 * item 5): "1 234,50" in Bulgarian (a non-breaking space groups thousands, a comma before the
 * cents), "1,234.50" in English, a true minus ("−93,20"). Written by hand rather than Intl so the
 * server and every browser print the same characters. (CSV and the API keep centsToDecimal.)
 */
export function formatCents(cents: number, locale: "bg" | "en" = "bg"): string {
  return readable(centsToDecimal(cents), locale);
}

/**
 * Cents with the currency's code, the one way every page names a currency: "1 234,50 EUR"
 * (never «€»: documents in other currencies read the same way, "1 234,50 USD").
 */
export function formatMoney(cents: number, currency: string, locale: "bg" | "en" = "bg") {
  return `${formatCents(cents, locale)}\u00a0${currency}`;
}

/** A scaled quantity for the form and the document: trailing zeros dropped, grouped, comma in bg. */
export function formatScaled(value: bigint, scale: number, locale: "bg" | "en" = "bg"): string {
  let text = scaledToString(value, scale);
  if (text.includes(".")) text = text.replace(/0+$/, "").replace(/\.$/, "");
  return readable(text, locale);
}

/** A unit price: at least two decimals, up to four, grouped ("1 250,00", "0,1250"). */
export function formatPrice(value: bigint, locale: "bg" | "en" = "bg"): string {
  let text = scaledToString(value, PRICE_SCALE);
  text = text.replace(/(\.\d\d\d?)0+$/, "$1").replace(/(\.\d\d)0$/, "$1");
  return readable(text, locale);
}
