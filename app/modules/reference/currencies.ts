/*
 * Reference data shared by every module: the currencies documents and expenses may be in. The
 * euro is Bulgaria's currency from 1 January 2026; BGN is allowed only on documents dated up to
 * 31.12.2025 and is therefore not in this list of defaults.
 */

/** Currencies a client may be invoiced in by default (BGN only on documents dated up to 2025). */
export const CURRENCIES = [
  "EUR",
  "USD",
  "GBP",
  "CHF",
  "RON",
  "PLN",
  "CZK",
  "HUF",
  "SEK",
  "DKK",
  "NOK",
  "TRY",
  "RSD",
  "MKD",
  "CAD",
  "AUD",
  "JPY",
  "CNY",
] as const;
