/* The SAF-T file's words and limits, browser-safe: the page, its download and the API say them alike. */

/** The first month a file can be written for: the schema's currency is the euro only. */
export const FIRST_SAFT_MONTH = "2026-01";

export const SAFT_MESSAGES = {
  month: "Изберете месец във вида гггг-мм, от 2026-01 до текущия",
  problems: "Файлът SAF-T не може да бъде съставен: поправете първо изброеното",
  saftCode:
    "Кодът по номенклатурата на сметките на НАП е от 3 до 5 цифри и не започва с 0 (напр. 411)",
} as const;
