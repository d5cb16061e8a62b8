/*
 * The income tax of a freelancer (свободна професия) as dated data (issue #49 items 2 and 3,
 * decision 076): the statutory expenses, the rate, who withholds the advance tax, its quarters and
 * deadlines, each rule with its source. Pure and zod-free: the pages, the PDF, the schema and the
 * tests read it. What could not be confirmed against the law's own text says so in `unconfirmed`.
 */

import { taxpayerKind } from "~/modules/accounts/company-kind";

/** A year's rules for income under ЗДДФЛ чл. 29, ал. 1, т. 3 (свободна професия). */
export interface IncomeTaxRule {
  validFrom: string;
  /** Null while in force. */
  validTo: string | null;
  /** Нормативно признати разходи, per cent of the income (ЗДДФЛ чл. 29, ал. 1, т. 3). */
  statutoryExpensesPercent: number;
  /** The tax rate, per cent of the base (ЗДДФЛ чл. 48, ал. 1). */
  ratePercent: number;
  source: string;
  unconfirmed?: string;
}

/** The rules in force, oldest first; a year uses the row in force on its 31 December. */
export const INCOME_TAX_RULES: readonly IncomeTaxRule[] = [
  {
    validFrom: "2008-01-01",
    validTo: null,
    statutoryExpensesPercent: 25,
    ratePercent: 10,
    source:
      "ЗДДФЛ (ДВ, бр. 95 от 2006 г., в сила от 01.01.2007 г.): чл. 29, ал. 1, т. 3 — нормативно признати разходи 25 на сто за доходите от упражняване на свободна професия и/или от извънтрудови правоотношения; чл. 48, ал. 1 — данък 10 на сто (плоската ставка от 01.01.2008 г.); чл. 43, ал. 4 и 5 — авансов данък, удържан от платеца предприятие или самоосигуряващо се лице, освен ако получателят е декларирал, че е самоосигуряващо се лице; чл. 55, ал. 1 и чл. 67 — внасяне от самото лице до края на месеца след тримесечието, без четвъртото; чл. 50 — годишна данъчна декларация до 30 април",
  },
];

/** The rule for a year: the one in force on its 31 December. */
export function incomeTaxRule(year: number): IncomeTaxRule {
  const day = `${year}-12-31`;
  const rule = [...INCOME_TAX_RULES]
    .reverse()
    .find((r) => r.validFrom <= day && (r.validTo === null || r.validTo >= day));
  if (!rule) throw new RangeError(`No income tax rule for ${year}`);
  return rule;
}

export type Quarter = 1 | 2 | 3 | 4;
export const QUARTERS: readonly Quarter[] = [1, 2, 3, 4];

/** The quarter's first and last day. */
export function quarterDays(year: number, quarter: Quarter) {
  const first = (quarter - 1) * 3 + 1;
  const last = first + 2;
  const lastDay = new Date(Date.UTC(year, last, 0)).getUTCDate();
  const mm = (m: number) => String(m).padStart(2, "0");
  return { from: `${year}-${mm(first)}-01`, to: `${year}-${mm(last)}-${lastDay}` };
}

/**
 * The day the advance tax of a quarter is due: the last day of the month after it (ЗДДФЛ чл. 67,
 * ал. 1 with чл. 55, ал. 1); null for the fourth quarter, whose tax is paid with the annual return.
 */
export function advanceDueDate(year: number, quarter: Quarter): string | null {
  if (quarter === 4) return null;
  const month = quarter * 3 + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${lastDay}`;
}

/** The annual return's deadline (ЗДДФЛ чл. 53, ал. 1): 30 April of the next year. */
export const annualReturnDueDate = (year: number) => `${year + 1}-04-30`;

/**
 * Who paid: a Bulgarian enterprise (a company, a sole trader, a non-profit) withholds the advance
 * tax itself (ЗДДФЛ чл. 43, ал. 4: the payer is «предприятие или самоосигуряващо се лице»); an
 * individual or a foreign client does not, and the freelancer pays it (чл. 67, ал. 1).
 */
export type PayerKind = "enterprise" | "individual" | "foreign";

export function payerKindOf(clientKind: string, countryCode: string): PayerKind {
  if (countryCode !== "BG" || clientKind === "foreign_company") return "foreign";
  return clientKind === "individual" ? "individual" : "enterprise";
}

export const PAYER_KIND_LABELS: Record<PayerKind, string> = {
  enterprise: "Българско предприятие (удържа авансовия данък)",
  individual: "Физическо лице",
  foreign: "Чуждестранен клиент",
};

/** The kinds of business whose owner's income tax these pages give. */
export type IncomeTaxKind = "freelancer" | "sole_trader" | "none";

/**
 * What the company is for its owner's income tax: a freelancer (companyType «freelancer»); a sole
 * trader (ЕТ) — a trader with an ЕИК, not a kind of its own in Сметка, told by its name as the
 * calendar tells it (`taxpayerKind`, one definition); anything else none.
 */
export function incomeTaxKind(companyType: string, name: string): IncomeTaxKind {
  const kind = taxpayerKind(companyType, name);
  return kind === "freelancer" ? "freelancer" : kind === "soleTrader" ? "sole_trader" : "none";
}

/** The year a page asks for (`?year=`): four digits, 2000 to the current year. */
export function taxYearOf(asked: string | null, today: string): number | null {
  if (asked === null || !/^[0-9]{4}$/.test(asked)) return null;
  const year = Number(asked);
  return year >= 2000 && year <= Number(today.slice(0, 4)) ? year : null;
}

export const INCOME_TAX_MESSAGES = {
  year: "Въведете година с четири цифри (ГГГГ), не по-късна от текущата",
  contributions: "Въведете сума в евро, например 1 200,00",
  notFreelancer:
    "Авансовият данък и Приложение № 3 се изчисляват за упражняващите свободна професия. За фирма данъкът върху печалбата се декларира по ЗКПО.",
  soleTrader:
    "Едноличният търговец се облага по чл. 26, ал. 7 ЗДДФЛ: облагаемият доход е счетоводният финансов резултат, преобразуван по ЗКПО, данъкът е 15 на сто (чл. 48, ал. 2 ЗДДФЛ) и се декларира в Приложение № 2 към годишната декларация по чл. 50 ЗДДФЛ, подадена от 1 март до 30 юни, когато се внася и данъкът (чл. 53, ал. 2 и чл. 67, ал. 4 ЗДДФЛ; срокът е и в данъчния календар). Авансови вноски се правят по реда на ЗКПО само при нетни приходи от продажби над 300 000 лв. (153 387,56 евро) за предходната година; Сметка не ги изчислява от фактурите.",
  saved: "Данните за годината са записани",
  beforeEuro:
    "Сумите са в евро. Декларацията за година до 2025 г. включително се попълва в лева (1 евро = 1,95583 лв.).",
} as const;

export const CONTRIBUTIONS_FORM_ID = "income-tax-year";
