import { type Kysely, sql } from "kysely";
import { addDays, isIsoDate, todayInSofia } from "~/utils/dates";
import type { Database } from "~db/types";
import { CURRENCIES } from "./currencies";
import {
  ECB_MAX_AGE_DAYS,
  ECB_MAX_BYTES,
  ECB_RATES_URL,
  type EcbDay,
  EcbFormatError,
  ecbRateNote,
  eurPerUnit,
  parseEcbXml,
  trimDecimal,
} from "./ecb-rates";

/*
 * The ECB's reference rates kept in ecb_rates (decision 051): the one lookup every form uses, and
 * the daily job that adds the ECB's new rates.
 */

/** A rate found for a currency and a date. */
export interface EcbRate {
  currency: string;
  /** The ECB's date of the rate: the date asked for, or the last working day before it. */
  date: string;
  /** As the ECB publishes it: units of the currency for 1 EUR ("7.4582"). */
  unitsPerEur: string;
  /** As documents and expenses keep it: EUR per unit, 8 decimals at most ("0.13408061"). */
  eurRate: string;
  /** Always the ECB: the rates' source, as the note says it. */
  source: "ЕЦБ";
  /** «Курс на ЕЦБ от 27.11.2026: 1 EUR = 7,4582 DKK». */
  note: string;
}

/**
 * The ECB's rate of a currency on a date: that date's, or the last one before it (a weekend, a
 * holiday, a date before today's publication), at most ECB_MAX_AGE_DAYS older. null for the
 * euro, the lev (its rate is fixed), a currency the ECB does not quote, or no recent rate.
 */
export async function ecbRateOn(
  db: Kysely<Database>,
  currency: string,
  date: string,
): Promise<EcbRate | null> {
  const code = currency.toUpperCase();
  if (!/^[A-Z]{3}$/.test(code) || code === "EUR" || code === "BGN" || !isIsoDate(date)) {
    return null;
  }
  const row = await db
    .selectFrom("ecbRates")
    .select(["rateDate", "unitsPerEur"])
    .where("currency", "=", code)
    .where("rateDate", "<=", date)
    .where("rateDate", ">=", addDays(date, -ECB_MAX_AGE_DAYS))
    .orderBy("rateDate", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const unitsPerEur = trimDecimal(String(row.unitsPerEur));
  const eurRate = eurPerUnit(unitsPerEur);
  if (!eurRate) return null;
  const rate = { currency: code, date: String(row.rateDate), unitsPerEur };
  return { ...rate, eurRate, source: "ЕЦБ", note: ecbRateNote(rate) };
}

/**
 * A form's rate filled in from the ECB: when the currency is neither EUR nor BGN and the rate was
 * left empty, the ECB's rate of the date (a tax event date, else the document's date); otherwise
 * nothing (what the person typed stays).
 */
export async function ecbRateToFill(
  db: Kysely<Database>,
  input: { currency: unknown; eurRate: unknown; date: unknown },
): Promise<EcbRate | null> {
  const { currency, eurRate, date } = input;
  if (typeof currency !== "string" || typeof date !== "string") return null;
  if (eurRate !== undefined && eurRate !== null && String(eurRate).trim() !== "") return null;
  return ecbRateOn(db, currency, date.trim());
}

/**
 * An API body with a foreign currency's empty eurRate filled in from the ECB (ecbRateToFill), for
 * the first of `dates` that is a date (the tax event's, then the document's); else as it came.
 */
export async function withEcbRate(
  db: Kysely<Database>,
  body: Record<string, unknown>,
  dates: readonly string[],
): Promise<Record<string, unknown>> {
  const date = dates
    .map((key) => (Object.hasOwn(body, key) ? body[key] : undefined))
    .find((value): value is string => typeof value === "string" && isIsoDate(value.trim()));
  const ecb = await ecbRateToFill(db, { currency: body.currency, eurRate: body.eurRate, date });
  return ecb ? { ...body, eurRate: ecb.eurRate } : body;
}

/** The newest day of rates kept, for the currencies documents may be in (the back office shows it). */
export async function latestEcbRates(db: Kysely<Database>) {
  const last = await db
    .selectFrom("ecbRates")
    .select((eb) => eb.fn.max("rateDate").as("latest"))
    .executeTakeFirst();
  if (!last?.latest) return null;
  const date = String(last.latest);
  const rows = await db
    .selectFrom("ecbRates")
    .select(["currency", "unitsPerEur", "source"])
    .where("rateDate", "=", date)
    .where(
      "currency",
      "in",
      CURRENCIES.filter((code) => code !== "EUR"),
    )
    .orderBy("currency")
    .execute();
  return {
    date,
    source: rows[0]?.source ?? "",
    rates: rows.map((row) => {
      const unitsPerEur = trimDecimal(String(row.unitsPerEur));
      return { currency: row.currency, unitsPerEur, eurRate: eurPerUnit(unitsPerEur) ?? "" };
    }),
  };
}

/** Adds (or corrects) the ECB's rates of these days; the number of rows written. */
export async function saveEcbRates(
  db: Kysely<Database>,
  days: EcbDay[],
  source: string,
): Promise<number> {
  const rows = days.flatMap((day) =>
    day.rates
      .filter((rate) => rate.currency !== "EUR" && rate.currency !== "BGN")
      .map((rate) => ({
        currency: rate.currency,
        rateDate: day.date,
        unitsPerEur: rate.unitsPerEur,
        source,
      })),
  );
  if (!rows.length) return 0;
  await db
    .insertInto("ecbRates")
    .values(rows)
    .onConflict((c) =>
      c.columns(["currency", "rateDate"]).doUpdateSet({
        unitsPerEur: (eb) => eb.ref("excluded.unitsPerEur"),
        source: (eb) => eb.ref("excluded.source"),
        fetchedAt: sql`now()`,
      }),
    )
    .execute();
  return rows.length;
}

/** How long the ECB may take to answer. */
export const ECB_TIMEOUT_MS = 15_000;

/** Why the ECB's file was not read (the job logs it and tries again the next day). */
export class EcbFetchError extends Error {
  override name = "EcbFetchError";
}

/** The ECB file's text, read as it streams in up to ECB_MAX_BYTES within ECB_TIMEOUT_MS. */
async function download(url: string, timeoutMs: number): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  const response = await fetch(url, { headers: { Accept: "application/xml, text/xml" }, signal });
  if (!response.ok) {
    void response.body?.cancel().catch(() => {});
    throw new EcbFetchError(`HTTP ${response.status}`);
  }
  if (Number(response.headers.get("content-length")) > ECB_MAX_BYTES) {
    void response.body?.cancel().catch(() => {});
    throw new EcbFetchError("too large");
  }
  if (!response.body) throw new EcbFetchError("no body");
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > ECB_MAX_BYTES) {
      void reader.cancel().catch(() => {});
      throw new EcbFetchError("too large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export type EcbFetchOutcome =
  | { ok: true; file: string; days: number; rows: number; latest: string }
  | { ok: false; file: string; reason: string };

/**
 * The daily job: reads the ECB's daily file, or its 90-day file when the last stored rate is
 * more than a few days old (the job missed days, a new installation), and stores its rates.
 * Never throws for the ECB's failures (unreachable, slow, too large, not its XML): the outcome
 * says why, it is logged, and the next day's run tries again (the 90-day file fills the gap).
 */
export async function fetchEcbRates(
  db: Kysely<Database>,
  options: { today?: string; timeoutMs?: number; log?: (message: string) => void } = {},
): Promise<EcbFetchOutcome> {
  const today = options.today ?? todayInSofia();
  const log = options.log ?? ((message: string) => console.warn(message));
  const last = await db
    .selectFrom("ecbRates")
    .select((eb) => eb.fn.max("rateDate").as("latest"))
    .executeTakeFirst();
  const latest = last?.latest ? String(last.latest) : null;
  const file =
    latest && latest >= addDays(today, -4) ? "eurofxref-daily.xml" : "eurofxref-hist-90d.xml";
  try {
    const text = await download(`${ECB_RATES_URL}/${file}`, options.timeoutMs ?? ECB_TIMEOUT_MS);
    const days = parseEcbXml(text);
    const rows = await saveEcbRates(db, days, file);
    const newest =
      days
        .map((day) => day.date)
        .sort()
        .at(-1) ?? "";
    return { ok: true, file, days: days.length, rows, latest: newest };
  } catch (error) {
    const reason =
      error instanceof EcbFormatError
        ? `not the ECB's rates (${error.message})`
        : error instanceof EcbFetchError
          ? error.message
          : error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")
            ? "timed out"
            : error instanceof TypeError
              ? `unreachable (${error.message})`
              : null;
    if (reason === null) throw error;
    log(`ECB reference rates: ${file} not read: ${reason}; the next run tries again`);
    return { ok: false, file, reason };
  }
}
