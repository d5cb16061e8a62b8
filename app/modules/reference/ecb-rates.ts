import { divRound, parseDecimal, scaledToString } from "~/utils/money";

/*
 * The ECB's euro foreign exchange reference rates (decision 051), what needs no database: reading
 * the ECB's XML, turning its rate (units for 1 EUR) into the app's (EUR per unit, 8 decimals) and
 * the note shown beside a filled-in rate.
 *
 * The ECB publishes, each TARGET working day around 16:00 CET:
 *   https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml    (that day)
 *   https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist-90d.xml (the last 90 days)
 *   https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip     (every day since 1999, CSV)
 * The XML is a gesmes:Envelope whose Cube holds a Cube time='yyyy-mm-dd' per day, each holding
 * Cube currency='USD' rate='1.1252' per currency: units of the currency for 1 EUR, as many
 * decimals as the ECB quotes (5 significant digits). No row on weekends and TARGET holidays.
 */

/** Where the rates are published. */
export const ECB_RATES_URL = "https://www.ecb.europa.eu/stats/eurofxref";
/** The largest answer read (the 90-day file is about 100 KB). */
export const ECB_MAX_BYTES = 512 * 1024;
/** The most days one answer may hold (the 90-day file has about 64). */
export const ECB_MAX_DAYS = 100;
/** The most currencies one day may hold (the ECB quotes about 30). */
export const ECB_MAX_CURRENCIES = 64;
/**
 * A rate older than this many days before the date is not used: the ECB publishes every working
 * day, and its longest pause (Good Friday to Easter Monday, Christmas) is four days; an older row
 * means the job has not run, and the person is asked for the rate instead.
 */
export const ECB_MAX_AGE_DAYS = 7;

/** EUR per unit is kept with 8 decimals (documents.eur_rate and expenses.eur_rate are numeric(18, 8)). */
const EUR_RATE_SCALE = 8;

export interface EcbDay {
  date: string;
  rates: { currency: string; unitsPerEur: string }[];
}

/** Why an ECB answer was not read. */
export class EcbFormatError extends Error {
  override name = "EcbFormatError";
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const RATE = /^\d{1,9}(\.\d{1,8})?$/;
const CURRENCY = /^[A-Z]{3}$/;

/**
 * The days of an ECB reference-rate XML (the daily or the 90-day file), read in one linear pass
 * over its Cube elements (no DTD, no entities, nothing nested beyond what the ECB writes).
 * EcbFormatError for anything else: too long, no envelope, a bad date, currency or rate, too many
 * days or currencies, a rate outside a day.
 */
export function parseEcbXml(text: string): EcbDay[] {
  if (text.length > ECB_MAX_BYTES) throw new EcbFormatError("too large");
  if (!/<gesmes:Envelope[\s>]/.test(text.slice(0, 1024))) throw new EcbFormatError("no envelope");
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new EcbFormatError("DTD");
  const days: EcbDay[] = [];
  const cube = /<Cube\b([^<>]{0,200})>/g;
  const attribute = /\b(time|currency|rate)\s*=\s*(['"])([^'"<>]{0,40})\2/g;
  for (let match = cube.exec(text); match; match = cube.exec(text)) {
    const attributes: Record<"time" | "currency" | "rate", string | undefined> = {
      time: undefined,
      currency: undefined,
      rate: undefined,
    };
    for (const [, name, , value] of (match[1] ?? "").matchAll(attribute)) {
      if (name === "time" || name === "currency" || name === "rate") attributes[name] = value;
    }
    if (attributes.time !== undefined) {
      if (!DATE.test(attributes.time)) throw new EcbFormatError("bad date");
      if (days.length >= ECB_MAX_DAYS) throw new EcbFormatError("too many days");
      days.push({ date: attributes.time, rates: [] });
    } else if (attributes.currency !== undefined) {
      const day = days.at(-1);
      const { currency, rate } = attributes;
      if (!day) throw new EcbFormatError("rate outside a day");
      if (!CURRENCY.test(currency) || rate === undefined || !RATE.test(rate)) {
        throw new EcbFormatError("bad rate");
      }
      if (day.rates.length >= ECB_MAX_CURRENCIES) throw new EcbFormatError("too many currencies");
      if (parseDecimal(rate, 8) === 0n) throw new EcbFormatError("zero rate");
      day.rates.push({ currency, unitsPerEur: rate });
    }
  }
  if (!days.some((day) => day.rates.length)) throw new EcbFormatError("no rates");
  return days;
}

/**
 * The app's rate (EUR per unit, as documents and expenses keep it) from the ECB's (units for
 * 1 EUR): 1 / rate with exact integers, rounded half up to 8 decimals, trailing zeros dropped.
 * null when it rounds to nothing.
 */
export function eurPerUnit(unitsPerEur: string): string | null {
  const units = parseDecimal(unitsPerEur, EUR_RATE_SCALE);
  if (units === null || units <= 0n) return null;
  const scaled = divRound(10n ** BigInt(2 * EUR_RATE_SCALE), units);
  if (scaled === 0n) return null;
  return trimDecimal(scaledToString(scaled, EUR_RATE_SCALE));
}

/** "7.45820000" → "7.4582", "1.00" → "1". */
export function trimDecimal(value: string): string {
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}

/** «Курс на ЕЦБ от 17.04.2025: 1 EUR = 7,4672 DKK» — the note beside a rate filled in from the ECB. */
export function ecbRateNote(rate: { currency: string; date: string; unitsPerEur: string }): string {
  const [y, m, d] = rate.date.split("-");
  const units = trimDecimal(rate.unitsPerEur).replace(".", ",");
  return `Курс на ЕЦБ от ${d}.${m}.${y}: 1 EUR = ${units} ${rate.currency}`;
}
