import { EU_VAT_NUMBER, isForeignVatNumber } from "~/modules/reference/foreign-vat";
import { addDays } from "~/utils/dates";
import { nextMonth } from "~/utils/periods";

/*
 * When an expense needs a protocol under чл. 117 ЗДДС, of which kind, on which days (decision
 * 073). Pure and browser-safe: the page, the API and the service read the same rules.
 */

/** What a protocol documents, as the page and the PDF name it. */
export const PROTOCOL_KINDS = {
  eu_services: "Услуга от доставчик от ЕС (чл. 21, ал. 2 и чл. 82, ал. 2 ЗДДС)",
  eu_goods: "Вътреобщностно придобиване на стоки (чл. 84 ЗДДС)",
  import_services: "Услуга от доставчик извън ЕС (чл. 21, ал. 2 и чл. 82, ал. 2 ЗДДС)",
  domestic_163a: "Обратно начисляване по чл. 163а ЗДДС",
} as const;
export type ProtocolKind = keyof typeof PROTOCOL_KINDS;

/** The rates a protocol charges (the supply's rate: 20 % or the reduced 9 %). */
export const PROTOCOL_RATES = [20, 9] as const;

/** чл. 117, ал. 3 and ал. 5 ЗДДС: a protocol within 15 days of the day the tax became chargeable. */
export const PROTOCOL_TERM_DAYS = 15;

export const PROTOCOL_MESSAGES = {
  notDue:
    "Този разход не е за протокол по чл. 117: доставчикът е от България без обратно начисляване, начислил е ДДС, или фирмата не е регистрирана по ЗДДС",
  already: "Разходът вече има протокол по чл. 117",
  date: (from: string, to: string) =>
    `Датата на протокола е в срока по чл. 117, ал. 3 ЗДДС: от ${from} до ${to}`,
  rate: "Изберете ставка 20 % или 9 %",
  kind: "Изберете вида на доставката",
  rateUnknown:
    "Няма курс на ЕЦБ за датата на данъчното събитие: въведете курса към еврото в разхода",
  notFound: "Протоколът не е намерен",
  cancelled: "Протоколът е анулиран",
  /** After the lock's sentence (`lockedSentence`): which month, who locked it. */
  lockedCancel:
    "Протоколът от заключен месец не се анулира: издайте коригиращ протокол (чл. 117, ал. 4 ЗДДС).",
  openCorrect:
    "Месецът на протокола е отворен: анулирайте протокола и издайте нов вместо коригиращ",
  reason: "Посочете основанието за корекцията",
  base: "Въведете новата данъчна основа: число с до 2 знака след запетаята",
  sameBase: "Новата данъчна основа е същата като досегашната",
  hasProtocol: (number: string) =>
    `Разходът има протокол по чл. 117 № ${number}: анулирайте протокола, преди да изтриете разхода`,
} as const;

/** What decides a protocol: the expense as recorded. */
export interface ProtocolSource {
  documentType: string;
  supplierVatNumber: string | null;
  reverseCharge: boolean;
  vatCents: number;
  subtotalCents: number;
  documentDate: string;
  taxEventDate: string | null;
  paidOn: string | null;
}

const compact = (vat: string | null) => (vat ?? "").replace(/[\s.-]/g, "").toUpperCase();

/** The supplier's country by its VAT number's prefix ("IE"), or null (none, or Bulgarian). */
export function supplierCountry(vat: string | null): string | null {
  const c = compact(vat);
  if (!c || c.startsWith("BG") || !isForeignVatNumber(c)) return null;
  return c.startsWith("EL") ? "GR" : c.slice(0, 2);
}

/**
 * The kind of protocol an expense needs, or null: an invoice that charges no VAT, from a supplier
 * with another EU state's VAT number (a service, or goods when the person says so), from outside
 * the EU, or marked as a domestic reverse charge (чл. 163а). A company not registered for VAT
 * gets none (it is asked first whether it is).
 */
export function protocolKindFor(
  expense: ProtocolSource,
  company: { vatRegistered: boolean },
  goods = false,
): ProtocolKind | null {
  if (!company.vatRegistered || expense.documentType !== "invoice") return null;
  if (expense.vatCents !== 0 || expense.subtotalCents <= 0) return null;
  if (expense.reverseCharge) return "domestic_163a";
  const country = supplierCountry(expense.supplierVatNumber);
  if (!country) return null;
  if (EU_VAT_NUMBER.test(compact(expense.supplierVatNumber))) {
    return goods ? "eu_goods" : "eu_services";
  }
  return "import_services";
}

/**
 * The day the tax became chargeable. A service (чл. 25, ал. 6 and 7): the tax event — the day
 * the service was done, else the invoice's — or an earlier payment (an advance). Goods acquired
 * from the EU (чл. 63, ал. 3 and 4): the 15th of the month after the tax event, or the invoice's
 * day when it was issued earlier.
 */
export function chargeableDate(expense: ProtocolSource, kind: ProtocolKind): string {
  const event = expense.taxEventDate ?? expense.documentDate;
  if (kind === "eu_goods") {
    const fifteenth = `${nextMonth(event.slice(0, 7))}-15`;
    return expense.documentDate < fifteenth ? expense.documentDate : fifteenth;
  }
  return expense.paidOn && expense.paidOn < event ? expense.paidOn : event;
}

/** The days a protocol may be dated: from the chargeable day to 15 days after it (чл. 117, ал. 3). */
export function protocolTerm(chargeable: string) {
  return { from: chargeable, to: addDays(chargeable, PROTOCOL_TERM_DAYS) };
}

/** Whether a date is within the term. */
export function withinTerm(date: string, chargeable: string) {
  const term = protocolTerm(chargeable);
  return date >= term.from && date <= term.to;
}

/** A protocol number as printed: 10 digits, like the documents' (ППЗДДС чл. 78). */
export function protocolNumber(value: number): string {
  if (!Number.isInteger(value) || value < 1 || value > 9_999_999_999)
    throw new RangeError(`No protocol number ${value}`);
  return String(value).padStart(10, "0");
}

/** The form ids of the protocol's page. */
export const PROTOCOL_FORMS = {
  issue: "protocol-issue",
  cancel: "protocol-cancel",
  correct: "protocol-correct",
} as const;
