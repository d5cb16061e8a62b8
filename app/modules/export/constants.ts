/*
 * The company export's rules and words that the pages show as well as the server applies (no
 * .server, no zod: the browser needs them). Decision 027.
 */

/** Days a finished export can be downloaded (and never before a pending deletion's day). */
export const EXPORT_KEEP_DAYS = 30;

export const EXPORT_STATES = {
  queued: "Чака реда си",
  running: "Подготвя се",
  ready: "Готов за изтегляне",
  failed: "Неуспешен",
  expired: "Изтекъл",
} as const;
export type ExportState = keyof typeof EXPORT_STATES;

/** What the build is doing, for the progress line. */
export const EXPORT_PARTS = {
  documents: "Документи (PDF и електронни фактури)",
  offers: "Оферти (PDF)",
  protocols: "Протоколи по чл. 117 (PDF)",
  receipts: "Разходни документи",
  vat: "Файлове по ЗДДС",
  csv: "Таблици (CSV)",
  readme: "Описание на архива",
  finish: "Завършване на архива",
} as const;
export type ExportPart = keyof typeof EXPORT_PARTS;

export const EXPORT_MESSAGES = {
  busy: "Вече се подготвя експорт на данните. Изчакайте го да завърши.",
  notFound: "Експортът не е намерен",
  notReady: "Експортът още не е готов",
  expired: "Срокът на експорта изтече. Подгответе нов.",
  failed: "Експортът не можа да бъде завършен. Опитайте отново.",
  stalled: "Подготовката на експорта спря. Опитайте отново.",
} as const;

/** The legal periods of keeping (Закон за счетоводството, чл. 12, ал. 1), as the pages say them. */
export const RETENTION_PERIODS = [
  { what: "ведомости за заплати", years: 50 },
  {
    what: "счетоводни регистри и финансови отчети, вкл. документите за данъчен контрол",
    years: 10,
  },
  { what: "всички останали носители на счетоводна информация (фактури, бележки и др.)", years: 3 },
] as const;

/** The deletion form's confirmation that the export was taken (or declined on purpose). */
export const EXPORT_DECLARATION =
  "Изтеглих експорта на данните си или съзнателно се отказвам от него";
export const EXPORT_DECLARATION_MISSING =
  "Потвърдете, че сте изтеглили експорта на данните или че се отказвате от него";
