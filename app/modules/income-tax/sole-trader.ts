import { percentOf } from "~/utils/money";

/*
 * A sole trader's (ЕТ) income tax as dated data and pure figures (issue #49, decision 080): the
 * annual return's Приложение № 2 from the accounting result the books give (the annual income
 * statement, decision 067), the increases and decreases under ЗКПО and the advances the person
 * enters, the tax at 15 %; and whether advance instalments under ЗКПО apply for a year. Pure:
 * the pages, the PDF, the calendar and the tests read it.
 */

/** A year's rules for an ЕТ, in the currency of the year's books. */
export interface SoleTraderRule {
  validFrom: string;
  validTo: string | null;
  currency: "BGN" | "EUR";
  /** ЗДДФЛ чл. 48, ал. 2. */
  ratePercent: number;
  /** No advance instalments when the previous year's net sales revenue is not above this. */
  noAdvancesUpToCents: number;
  /** Above this, monthly instalments; up to it, quarterly. */
  monthlyAboveCents: number;
  source: string;
  unconfirmed?: string;
}

const SOURCE =
  "ЗДДФЛ чл. 26, ал. 7 (облагаемият доход на едноличния търговец — счетоводният финансов резултат, преобразуван по ЗКПО), чл. 48, ал. 2 (данък 15 на сто), чл. 50 и чл. 53, ал. 2 (декларация с Приложение № 2 от 1 март до 30 юни), чл. 67, ал. 4 (данъкът се внася в срока за подаване); авансови вноски по реда и в сроковете на ЗКПО (чл. 83–88): без вноски при нетни приходи от продажби за предходната година до прага, тримесечни до десет пъти прага, месечни над него (balans.bg, сборник ЗДДФЛ, «Какви авансови вноски правят едноличните търговци»; balancebg.com, «Данъчна декларация — ЕТ»)";

/** The rules in force, oldest first; a year uses the row in force on its 31 December. */
export const SOLE_TRADER_RULES: readonly SoleTraderRule[] = [
  {
    validFrom: "2008-01-01",
    validTo: "2025-12-31",
    currency: "BGN",
    ratePercent: 15,
    noAdvancesUpToCents: 30_000_000,
    monthlyAboveCents: 300_000_000,
    source: SOURCE,
    unconfirmed:
      "По вторични източници; текстът на ЗДДФЛ и ЗКПО не е прочетен изцяло (решения 076 и 080).",
  },
  {
    validFrom: "2026-01-01",
    validTo: null,
    currency: "EUR",
    ratePercent: 15,
    noAdvancesUpToCents: 15_338_756,
    monthlyAboveCents: 153_387_564,
    source: `${SOURCE}; от 01.01.2026 г. праговете 300 000 лв. и 3 000 000 лв. — в евро по курса 1,95583 (153 387,56 и 1 533 875,64 евро)`,
    unconfirmed:
      "Праговете в евро са превалутирани от Сметка по официалния курс; изменението на ЗКПО с въвеждането на еврото не е прочетено. По вторични източници (решение 080).",
  },
];

/** The rule for a year: the one in force on its 31 December. */
export function soleTraderRule(year: number): SoleTraderRule {
  const day = `${year}-12-31`;
  const rule = SOLE_TRADER_RULES.find(
    (r) => r.validFrom <= day && (r.validTo === null || r.validTo >= day),
  );
  if (!rule) throw new RangeError(`No sole trader rule for ${year}`);
  return rule;
}

/** The ЕТ's return is filed, and its tax paid, by 30 June of the next year (ЗДДФЛ чл. 53, ал. 2). */
export const soleTraderReturnDueDate = (year: number) => `${year + 1}-06-30`;

/** What the person enters for a year (income_tax_years), cents in the year's currency. */
export interface SoleTraderEntered {
  increasesCents: number;
  decreasesCents: number;
  advancesPaidCents: number;
}

/** A row of the income statement as the annual statements give it. */
export interface ResultRow {
  label: string;
  cents: number;
}

export interface SoleTraderFigures extends SoleTraderEntered {
  /** The income statement's rows (revenues and expenses) and its result, as decision 067 reads them. */
  rows: ResultRow[];
  accountingResultCents: number;
  /** The result adjusted under ЗКПО: negative is a tax loss. */
  taxResultCents: number;
  /** The taxable income: the tax result, not below zero. */
  baseCents: number;
  taxCents: number;
  /** Still to pay by 30 June; negative: paid too much in advances. */
  balanceCents: number;
}

/** The return's figures from the accounting result and what the person entered. */
export function soleTraderFigures(
  rows: ResultRow[],
  accountingResultCents: number,
  entered: SoleTraderEntered,
  rule: SoleTraderRule,
): SoleTraderFigures {
  const taxResultCents = accountingResultCents + entered.increasesCents - entered.decreasesCents;
  const baseCents = Math.max(taxResultCents, 0);
  // 15 % of the base in cents, half up (utils/money `percentOf`).
  const taxCents = percentOf(baseCents, rule.ratePercent);
  return {
    ...entered,
    rows,
    accountingResultCents,
    taxResultCents,
    baseCents,
    taxCents,
    balanceCents: taxCents - entered.advancesPaidCents,
  };
}

/** Whether advance instalments under ЗКПО apply for a year, by the previous year's net sales. */
export type SoleTraderAdvances = "none" | "quarterly" | "monthly";

export function soleTraderAdvances(
  previousNetSalesCents: number,
  rule: SoleTraderRule,
): SoleTraderAdvances {
  if (previousNetSalesCents <= rule.noAdvancesUpToCents) return "none";
  return previousNetSalesCents > rule.monthlyAboveCents ? "monthly" : "quarterly";
}

/** An ЕТ's year as the pages, the PDF and the calendar read it (`soleTraderYear`). */
export interface SoleTraderYear {
  rule: SoleTraderRule;
  /** The currency of the year's books: leva until 2025, euro after (the ledger's). */
  currency: string;
  figures: SoleTraderFigures;
  /** The previous year's net sales revenue, in this year's currency. */
  previousNetSalesCents: number;
  /** Whether advance instalments under ЗКПО apply for this year. */
  advances: SoleTraderAdvances;
  dueDate: string;
}

/** A row of Приложение № 2 for the page and the PDF. */
export interface SoleTraderRow {
  label: string;
  cents: number | null;
  heading?: true;
  strong?: true;
}

/** Приложение № 2's rows, the same on the page and in the PDF. */
export function soleTraderRows(f: SoleTraderFigures, ratePercent: number, year: number) {
  const rows: SoleTraderRow[] = [
    {
      heading: true,
      label: "Счетоводен финансов резултат (отчетът за приходите и разходите)",
      cents: null,
    },
    ...f.rows.map((r) => ({ label: r.label, cents: r.cents })),
    {
      label: f.accountingResultCents >= 0 ? "Счетоводна печалба" : "Счетоводна загуба",
      cents: f.accountingResultCents,
      strong: true,
    },
    { heading: true, label: "Преобразуване по ЗКПО и облагаем доход", cents: null },
    { label: "Увеличения на финансовия резултат по ЗКПО", cents: f.increasesCents },
    { label: "Намаления на финансовия резултат по ЗКПО", cents: f.decreasesCents },
    {
      label: f.taxResultCents >= 0 ? "Данъчна печалба" : "Данъчна загуба",
      cents: f.taxResultCents,
      strong: true,
    },
    { label: "Облагаем доход", cents: f.baseCents, strong: true },
    { label: `Данък (${ratePercent} %)`, cents: f.taxCents, strong: true },
    { heading: true, label: "Авансови вноски и данък за внасяне", cents: null },
    { label: "Внесени авансови вноски за годината", cents: f.advancesPaidCents },
    f.balanceCents >= 0
      ? {
          label: `Данък за внасяне до 30.06.${year + 1}`,
          cents: f.balanceCents,
          strong: true,
        }
      : { label: "Надвнесен данък", cents: -f.balanceCents, strong: true },
  ];
  return rows;
}

export const SOLE_TRADER_FORM_ID = "sole-trader-year";

export const SOLE_TRADER_MESSAGES = {
  amount: "Въведете сума, например 1 200,00",
  intro:
    "Едноличният търговец се облага по чл. 26, ал. 7 ЗДДФЛ: облагаемият доход е счетоводният финансов резултат, преобразуван по ЗКПО, а данъкът е 15 на сто (чл. 48, ал. 2 ЗДДФЛ). Декларира се в Приложение № 2 към годишната декларация по чл. 50 ЗДДФЛ, подадена от 1 март до 30 юни, когато се внася и данъкът (чл. 53, ал. 2 и чл. 67, ал. 4 ЗДДФЛ).",
  result:
    "Финансовият резултат е този от отчета за приходите и разходите на годишния отчет (Счетоводство → Годишен отчет), от записванията в книгите на Сметка. Увеличенията и намаленията по ЗКПО и внесените авансови вноски въвеждате Вие. Данъкът е закръглен до цент.",
  none: (year: number) => `Не дължите авансови вноски за ${year} г.`,
  quarterly: (year: number) => `За ${year} г. дължите тримесечни авансови вноски по ЗКПО.`,
  monthly: (year: number) => `За ${year} г. дължите месечни авансови вноски по ЗКПО.`,
  howToPay:
    "Сметка не изчислява размера им: определете ги по реда на ЗКПО (чл. 83–88) със ставка 15 % и ги декларирайте с годишната декларация. Месечните вноски за януари–април или тримесечната вноска за първото тримесечие се внасят до 30 април; следващите — в сроковете по ЗКПО. Въведете внесеното в «Внесени авансови вноски» на годишната декларация.",
  saved: "Данните за годината са записани",
} as const;
