import { formatDate } from "~/utils/dates";

/*
 * Advance invoices (issue #48 item 2, decision 074), the parts the browser shares: the words an
 * advance invoice and a deduction print, and the messages. An advance invoice is an invoice marked
 * `advance` (чл. 25, ал. 7 ЗДДС: the VAT is due when the advance is received); the final invoice
 * deducts it by a line of its own (`document_lines.advance_id`) with minus the base deducted, at
 * the advance's rate, so its VAT is the net of the deduction.
 */

/** An issued advance invoice that can still be deducted, as the editor lists it. */
export interface OpenAdvance {
  id: string;
  number: string;
  issueDate: string;
  clientId: string;
  clientName: string;
  currency: string;
  vatRate: number | null;
  /** The advance's base (without VAT), cents. */
  baseCents: number;
  /** What is left of the base after the issued invoices that deduct it, cents. */
  remainingCents: number;
}

/** A deduction as the editor holds it (strings as typed). */
export interface EditorDeduction {
  advanceId: string;
  /** The base to deduct, as typed; empty: all that is left. */
  amount: string;
}

export const ADVANCE_LABELS = {
  checkbox: "Авансово плащане",
  checkboxHint:
    "Фактура за получен аванс (чл. 25, ал. 7 ЗДДС): ДДС е дължим при получаване на плащането. Приспада се с окончателната фактура.",
  deductHeading: "Приспадни аванс",
  deductHint:
    "Избраните авансови фактури на клиента се приспадат с ред с отрицателна стойност и ДДС при запис. Празна сума: целият остатък.",
  amount: "Основа за приспадане",
  none: "Клиентът няма авансови фактури с остатък за приспадане.",
  /** The print's subtitle of an advance invoice. */
  printBg: "Авансово плащане",
  printEn: "Advance payment",
} as const;

export const ADVANCE_MESSAGES = {
  notFound: "Авансовата фактура не е намерена",
  notAdvance: "Изберете издадена авансова фактура",
  otherClient: "Авансовата фактура е на друг клиент",
  otherCurrency: "Авансовата фактура е в друга валута",
  twice: "Една авансова фактура се приспада веднъж в документа",
  tooMany: "Един документ може да приспадне най-много 20 авансови фактури",
  amount: "Сумата за приспадане трябва да е положително число с до 2 знака след запетаята",
  exceeds: (left: string) => `Сумата надвишава остатъка на аванса: най-много ${left}`,
  exhausted: "Авансът вече е приспаднат изцяло",
  onlyInvoice: "Аванс се приспада само във фактура",
  advanceDeducts: "Авансова фактура не може да приспада друг аванс",
  oneRate: "Авансовата фактура трябва да е с една ставка на ДДС за всички редове",
  overBase: (rate: string) =>
    `Приспаднатият аванс надвишава основата на фактурата при ставка ${rate}`,
  /** Issuing a draft whose advance was deducted meanwhile by another invoice (the lock's check). */
  issueExceeds: (number: string, left: string) =>
    `Документът не е издаден: от аванса по фактура № ${number} са останали ${left}. Поправете черновата.`,
  issueCancelled: (number: string) =>
    `Документът не е издаден: авансовата фактура № ${number} е анулирана. Поправете черновата.`,
  /** Cancelling an advance that an issued invoice deducts. */
  cancelDeducted: (numbers: string) =>
    `Авансът е приспаднат във фактура № ${numbers}: първо анулирайте нея (или издайте кредитно известие).`,
} as const;

/** The deduction line's text in the document's language. */
export function deductionText(
  advance: { number: string; issueDate: string },
  language: string,
): string {
  const bg = `Приспадане на аванс по фактура № ${advance.number} от ${formatDate(advance.issueDate)}`;
  const [y, m, d] = advance.issueDate.split("-");
  const en = `Deduction of the advance, invoice No. ${advance.number} of ${d}.${m}.${y}`;
  if (language === "en") return en;
  if (language === "bilingual") return `${bg} / ${en}`;
  return bg;
}

/** The subtitle an advance invoice prints under its title. */
export function advanceSubtitle(language: string): string {
  if (language === "en") return ADVANCE_LABELS.printEn;
  if (language === "bilingual") return `${ADVANCE_LABELS.printBg} / ${ADVANCE_LABELS.printEn}`;
  return ADVANCE_LABELS.printBg;
}
