/*
 * Importing clients from a file (issue #41 item 8): the limits, the columns the page lists and
 * the messages, without zod (the page's bundle imports them; import.server.ts does the work).
 */

export const CLIENT_IMPORT_LIMITS = {
  /** The file: a CSV of a few thousand clients is well under it. */
  maxBytes: 2 * 1024 * 1024,
  /** Data rows (the header row not counted). */
  maxRows: 2000,
} as const;

export const CLIENT_IMPORT_FORM_ID = "client-import";

/** The columns read, by the field they fill: the first name is the one our own export writes. */
export const CLIENT_IMPORT_COLUMNS = [
  { field: "name", names: ["Име", "Име на фирмата", "Фирма", "Наименование", "Клиент", "Name"] },
  { field: "nameEn", names: ["Име на английски", "Name (EN)"] },
  { field: "kind", names: ["Вид", "Вид клиент", "Тип"] },
  { field: "eik", names: ["ЕИК", "ЕИК/Булстат", "Булстат", "ЕИК/ЕГН", "EIK", "Bulstat"] },
  {
    field: "vatNumber",
    names: ["ДДС номер", "ДДС №", "Данъчен номер", "ИН по ЗДДС", "VAT", "VAT number"],
  },
  { field: "mol", names: ["МОЛ", "Материално отговорно лице", "Представител"] },
  { field: "country", names: ["Държава", "Country"] },
  { field: "city", names: ["Град", "Населено място", "City"] },
  { field: "cityEn", names: ["Град на английски"] },
  { field: "postalCode", names: ["Пощенски код", "ПК", "Post code"] },
  { field: "address", names: ["Адрес", "Адрес по регистрация", "Address"] },
  { field: "addressEn", names: ["Адрес на английски"] },
  { field: "emails", names: ["Имейли", "Имейл", "E-mail", "Email", "Ел. поща"] },
  { field: "phone", names: ["Телефон", "Тел.", "Phone"] },
  { field: "currency", names: ["Валута", "Currency"] },
  { field: "language", names: ["Език на документите", "Език"] },
  { field: "paymentTermDays", names: ["Срок за плащане (дни)", "Срок за плащане"] },
  { field: "vatTreatment", names: ["ДДС режим"] },
  { field: "archived", names: ["Архивиран"] },
] as const;

export type ClientImportField = (typeof CLIENT_IMPORT_COLUMNS)[number]["field"];

export const CLIENT_IMPORT_MESSAGES = {
  noFile: "Моля, изберете CSV или Excel (.xlsx) файл",
  tooLarge: "Файлът е по-голям от 2 MB: разделете го на няколко файла",
  noName:
    "Първият ред на файла трябва да е заглавният, с колона «Име» (или «Име на фирмата», «Фирма»)",
  noRows: "Във файла няма редове с клиенти под заглавния ред",
  gone: "Каченият файл вече не е наличен (пази се един час): качете го отново",
  changed:
    "Междувременно е добавен клиент със същия ЕИК/Булстат: качете файла отново, за да видите новия преглед",
  duplicateEik: (name: string) => `Вече имате клиент с този ЕИК/Булстат: «${name}»`,
  duplicateVat: (name: string) => `Вече имате клиент с този ДДС номер: «${name}»`,
  repeats: (line: number) => `Повтаря ред ${line} от файла (същият ЕИК/Булстат или ДДС номер)`,
  kind: (value: string) =>
    `Непознат вид клиент «${value}»: фирма, ЕТ или свободна професия, неправителствена организация, физическо лице или чуждестранна фирма`,
  vatTreatment: (value: string) => `Непознат ДДС режим «${value}»`,
  language: (value: string) => `Непознат език «${value}»: български или английски`,
} as const;
