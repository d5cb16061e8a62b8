import { PRICE_MESSAGE } from "~/utils/money";

/*
 * The documents' kinds, languages, payment methods, filters and messages, without zod (schema.ts
 * builds the schemas).
 */

export const DOCUMENT_TYPES = {
  invoice: "Фактура",
  proforma: "Проформа фактура",
  credit_note: "Кредитно известие",
  debit_note: "Дебитно известие",
} as const;
export type DocumentTypeKey = keyof typeof DOCUMENT_TYPES;

/**
 * A document's total as every list shows it (issue #31 item 5): a credit note takes away, so it
 * is listed negative («−93,20 EUR»); the document itself prints its positive amounts.
 */
export const listedCents = (type: DocumentTypeKey, cents: number) =>
  type === "credit_note" ? -cents : cents;

export const DOCUMENT_LANGUAGES = {
  bg: "Български",
  en: "Английски",
  bilingual: "Двуезичен (български и английски)",
} as const;

export const PAYMENT_METHODS = {
  bank: "Банков превод",
  cash: "В брой",
  card: "С карта",
  cod: "Наложен платеж",
  other: "Друг",
} as const;

export const PAYMENT_METHODS_EN: Record<keyof typeof PAYMENT_METHODS, string> = {
  bank: "Bank transfer",
  cash: "Cash",
  card: "Card",
  cod: "Cash on delivery",
  other: "Other",
};

/** A document's state in words: its stored status, or (issued) its payment state. */
export const STATE_LABELS = {
  draft: "Чернова",
  cancelled: "Анулиран",
  issued: "Издаден",
  paid: "Платен",
  partially_paid: "Частично платен",
  overdue: "Просрочен",
  unpaid: "Неплатен",
  /** An issued proforma an invoice was made from (never owed: the invoice is). */
  converted: "Превърната във фактура",
} as const;

/** The list's "Състояние" filter: stored status or payment state. */
export const STATUS_FILTERS = {
  draft: "Чернови",
  issued: "Издадени",
  unpaid: "Неплатени",
  partially_paid: "Частично платени",
  paid: "Платени",
  overdue: "Просрочени",
  cancelled: "Анулирани",
} as const;
export type StatusFilter = keyof typeof STATUS_FILTERS;

/** The ground a company not registered for VAT prints (чл. 113, ал. 9 ЗДДС). */
export const NOT_REGISTERED_GROUND = "чл. 113, ал. 9 от ЗДДС";

/** The ground select's value for «Друго основание» (typed in its own field). */
export const OTHER_GROUND = "other";

export const DOCUMENT_MESSAGES = {
  type: "Моля, изберете вид на документа",
  /** A line's catalogue item that is not the company's (or not an id at all). */
  catalogueItem: "Артикулът не е намерен в каталога",
  client: "Моля, изберете клиент",
  date: "Въведете валидна дата",
  issueDate: "Датата на издаване е задължителна",
  dueBeforeIssue: "Падежът не може да е преди датата на издаване",
  bgnAfter2025:
    "От 01.01.2026 г. документите се издават в евро. Лева — само за документи с дата до 31.12.2025 г.",
  currency: "Моля, изберете валута",
  eurRate:
    "Въведете курс към еврото: положително число под 1 000 000 с до 8 знака след десетичната запетая",
  noLines: "Добавете поне един ред",
  /** The editor's rows are all empty: the row is there, what it lacks is said (issue #31 item 4). */
  emptyLines: "Попълнете поне един ред: описание и единична цена",
  tooManyLines: "Един документ може да има най-много 200 реда",
  description: "Описанието е задължително",
  quantity:
    "Количеството трябва да е положително число под 1 000 000 000 с до 3 знака след запетаята",
  unit: "Мярката е задължителна",
  unitPrice: PRICE_MESSAGE,
  discount: "Отстъпката е процент от 0 до 100 с до 2 знака след запетаята",
  vatRate: "Изберете ставка на ДДС",
  vatGround: "Посочете основание за неначисляване на ДДС (чл. от ЗДДС)",
  original: "Изберете издадената фактура, към която е известието",
  reason: "Посочете основанието за известието",
  cancelReason: "Посочете причина за анулирането",
  amount: "Сумата трябва да е положително число с до 2 знака след запетаята",
  amountTooLarge: "Сумата е твърде голяма: най-много 99 999 999 999,99",
  documentTooLarge: "Общата сума на документа е твърде голяма: най-много 99 999 999 999,99",
  overpayment: (due: string) => `Сумата надвишава остатъка за плащане: най-много ${due}`,
  alreadyPaid: "Документът е платен изцяло",
  /** Issuing out of order (ППЗДДС чл. 78, decision 058). */
  beforeLastIssued: (date: string) =>
    `Документът не е издаден: в поредицата вече има издаден документ с дата ${date}. Номерата следват датите: издайте го с дата ${date} или по-късна.`,
  paymentMethod: "Моля, изберете начин на плащане",
} as const;

/**
 * Bounds that keep every figure inside its column and inside JavaScript's exact integers: a line's
 * quantity, unit price and discount (the line schema's, and the editor's live totals').
 */
export const MAX_QUANTITY = 1_000_000_000_000n; // < 1 000 000 000 (3 decimals)
export const MAX_PRICE = 100_000_000_000_000n; // < 10 000 000 000 (4 decimals)
export const MAX_DISCOUNT = 10_000n; // 100 % (2 decimals)
/** The longest text a line's number may be. */
export const MAX_NUMBER_LENGTH = 40;
