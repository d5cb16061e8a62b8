/* The clients' kinds, VAT treatments and messages, without zod (schema.ts builds the schema). */

export const CLIENT_KINDS = {
  company: "Фирма (ЕИК)",
  sole_trader: "Едноличен търговец или свободна професия",
  non_profit: "Неправителствена организация",
  individual: "Физическо лице",
  foreign_company: "Чуждестранна фирма",
} as const;

export const VAT_TREATMENTS = {
  standard: "С ДДС по ставката на стоката или услугата",
  reverse_charge: "Обратно начисляване (чл. 21, ал. 2 / чл. 82 ЗДДС)",
  intra_community: "Вътреобщностна доставка на стоки (чл. 53 ЗДДС)",
  export: "Износ извън ЕС (чл. 28 ЗДДС)",
  exempt: "Освободена доставка (чл. 39–50 ЗДДС)",
} as const;

export const CLIENT_MESSAGES = {
  name: "Името на клиента е задължително",
  address: "Адресът е задължителен",
  city: "Градът е задължителен",
  eikRequired: "ЕИК/Булстат е задължителен за този вид клиент",
  vat: "Невалиден ДДС номер: BG и 9, 10 или 13 цифри, или ДДС номер от ЕС (напр. DE123456789)",
  foreignVat: "Невалиден ДДС номер: двубуквен код на държавата и до 13 цифри или букви",
  email: (value: string) => `Невалиден имейл адрес: ${value}`,
  paymentTerm: "Срокът за плащане е цяло число от 0 до 365 дни",
  eikTaken: "Вече имате клиент с този ЕИК/Булстат",
  /** The same ЕИК: one client per ЕИК in a company (an archived one is restored, not re-created). */
  eikTakenBy: (name: string, archived: boolean) =>
    `Вече имате клиент с този ЕИК/Булстат: «${name}»${archived ? " (архивиран — отворете го и го възстановете)" : ""}.`,
  /** The same VAT number (or «BG» + the ЕИК of another): a warning, the client may still be added. */
  vatTakenBy: (name: string, archived: boolean) =>
    `Вече имате клиент с този ДДС номер: «${name}»${archived ? " (архивиран)" : ""}. Отворете го или добавете новия въпреки това.`,
  openDuplicate: (name: string) => `Отвори «${name}»`,
  tooManyEmails: "Най-много 10 имейл адреса",
} as const;

/** A client's e-mail addresses: enough for an accounts department, not a mailing list. */
export const MAX_EMAILS = 10;

/** A VAT number of another EU member state (VIES prefixes). */
export const EU_VAT =
  /^(AT|BE|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)[0-9A-Z]{2,13}$/;

/** The client form's fields in the order they are drawn: focus goes to the first refused one. */
export const CLIENT_FIELDS = [
  ...["kind", "name", "eik", "vatNumber", "mol", "address", "city", "postalCode", "country"],
  ...["emails", "phone", "currency", "language", "paymentTermDays", "vatTreatment"],
  ...["nameEn", "addressEn", "cityEn"],
] as const;
