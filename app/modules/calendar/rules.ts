/*
 * The tax calendar's rules as dated data (issue #49 item 1, decision 075): what is due, by whom,
 * for which period and by which day, with the law's article and the days the rule is in force.
 * A rule gives a deadline only when its nominal day falls within [validFrom, validTo]. Zod-free
 * and browser-safe: the page and the feed read the titles; docs/decisions/075 cites each source.
 */

import { taxpayerKind } from "~/modules/accounts/company-kind";

/** Who the calendar tells apart: the three kinds of sign-up, with the sole trader (ЕТ) split off. */
export type CalendarKind = "company" | "soleTrader" | "freelancer" | "nonprofit";

/** What else a rule needs of the company. */
export type Condition = "vat" | "employees";

/** When a rule falls due, for which period. */
export type Schedule =
  /** Every month M: `day` of the month after M ("last" for its last day). */
  | { every: "month"; day: number | "last" }
  /** Quarters listed: `day` of the month after the quarter. */
  | { every: "quarter"; quarters: readonly number[]; day: number | "last" }
  /** Every year Y: `month`/`day` of Y + 1. */
  | { every: "year"; month: number; day: number }
  /** Once, on a day of its own. */
  | { every: "once"; date: string };

export type RuleKey =
  | "vat-return"
  | "vies"
  | "payroll-declarations"
  | "payroll-contributions"
  | "self-insurance"
  | "advance-tax"
  | "income-return-discount"
  | "income-return"
  | "sole-trader-return"
  | "corporate-return"
  | "financial-statements"
  | "euro-dual-display";

export interface CalendarRule {
  key: RuleKey;
  /** What is due, in Bulgarian (the page's line, the event's summary). */
  title: string;
  /** One sentence of what to do. */
  what: string;
  kinds: readonly CalendarKind[];
  needs?: Condition;
  schedule: Schedule;
  /** The article of the law, as the page cites it. */
  source: string;
  validFrom: string;
  validTo: string | null;
  /** Where in the product the figures are. */
  href?: string;
  /** False for a day that ends a period rather than a time limit for an act: it never moves. */
  moves?: false;
}

const ALL: readonly CalendarKind[] = ["company", "soleTrader", "freelancer", "nonprofit"];
const PERSONS: readonly CalendarKind[] = ["soleTrader", "freelancer"];

export const CALENDAR_RULES: readonly CalendarRule[] = [
  {
    key: "vat-return",
    title: "Справка-декларация по ДДС и дневниците",
    what: "Подаване на справката-декларацията и дневниците за покупки и продажби и плащане на ДДС за внасяне.",
    kinds: ALL,
    needs: "vat",
    schedule: { every: "month", day: 14 },
    source: "ЗДДС чл. 125, ал. 1 и 5; чл. 89, ал. 1",
    validFrom: "2007-01-01",
    validTo: null,
    href: "/reports/vat",
  },
  {
    key: "vies",
    title: "VIES декларация",
    what: "Подава се, когато през месеца има вътреобщностни доставки или услуги с място на изпълнение в друга държава членка.",
    kinds: ALL,
    needs: "vat",
    schedule: { every: "month", day: 14 },
    source: "ЗДДС чл. 125, ал. 1 и 2",
    validFrom: "2007-01-01",
    validTo: null,
    href: "/reports/vat",
  },
  {
    key: "payroll-declarations",
    title: "Декларации обр. 1 и обр. 6",
    what: "Данните за осигурените лица и дължимите вноски за заплатите на месеца.",
    kinds: ALL,
    needs: "employees",
    schedule: { every: "month", day: 25 },
    source: "КСО чл. 5, ал. 4, т. 1; Наредба № Н-13 от 2019 г., чл. 3",
    validFrom: "2020-01-01",
    validTo: null,
    href: "/salaries/declarations",
  },
  {
    key: "payroll-contributions",
    title: "Осигурителни вноски и данък върху заплатите",
    what: "Вноските за ДОО, ДЗПО и ЗО и удържаният данък по чл. 42 ЗДДФЛ за заплатите на месеца.",
    kinds: ALL,
    needs: "employees",
    schedule: { every: "month", day: 25 },
    source: "КСО чл. 7, ал. 1; ЗЗО чл. 40, ал. 1; ЗДДФЛ чл. 42, ал. 7",
    validFrom: "2020-01-01",
    validTo: null,
    href: "/salaries/declarations",
  },
  {
    key: "self-insurance",
    title: "Осигурителни вноски на самоосигуряващия се",
    what: "Вноските за ДОО, ДЗПО и ЗО за месеца върху избрания осигурителен доход.",
    kinds: PERSONS,
    schedule: { every: "month", day: 25 },
    source: "КСО чл. 7, ал. 1; ЗЗО чл. 40, ал. 1, т. 2",
    validFrom: "2020-01-01",
    validTo: null,
  },
  {
    key: "advance-tax",
    title: "Авансов данък за тримесечието",
    what: "Авансовият данък върху дохода от свободна професия, получен от лица, които не удържат данък.",
    kinds: ["freelancer"],
    schedule: { every: "quarter", quarters: [1, 2, 3], day: "last" },
    source: "ЗДДФЛ чл. 67, ал. 1 (за IV тримесечие не се внася)",
    validFrom: "2010-01-01",
    validTo: null,
  },
  {
    key: "income-return-discount",
    title: "Годишна данъчна декларация с 5 % отстъпка",
    what: "Отстъпка от 5 % от данъка за довнасяне при подаване по електронен път и плащане до 31 март, без публични задължения за принудително събиране.",
    kinds: ["freelancer"],
    schedule: { every: "year", month: 3, day: 31 },
    source: "ЗДДФЛ чл. 53, ал. 6",
    validFrom: "2020-01-01",
    validTo: null,
  },
  {
    key: "income-return",
    title: "Годишна данъчна декларация по чл. 50 ЗДДФЛ",
    what: "Подаване на декларацията за доходите на годината и плащане на данъка за довнасяне.",
    kinds: ["freelancer"],
    schedule: { every: "year", month: 4, day: 30 },
    source: "ЗДДФЛ чл. 50, ал. 1; чл. 53, ал. 1; чл. 67, ал. 4",
    validFrom: "2007-01-01",
    validTo: null,
  },
  {
    key: "sole-trader-return",
    title: "Годишна данъчна декларация на ЕТ по чл. 50 ЗДДФЛ",
    what: "Едноличният търговец подава декларацията от 1 март до 30 юни и плаща данъка в същия срок.",
    kinds: ["soleTrader"],
    schedule: { every: "year", month: 6, day: 30 },
    source: "ЗДДФЛ чл. 53, ал. 2; чл. 67, ал. 4",
    validFrom: "2007-01-01",
    validTo: null,
    href: "/taxes/annual",
  },
  {
    key: "corporate-return",
    title: "Годишна данъчна декларация по чл. 92 ЗКПО",
    what: "Подаване на декларацията за корпоративния данък и плащане на данъка за годината.",
    kinds: ["company", "nonprofit"],
    schedule: { every: "year", month: 6, day: 30 },
    source: "ЗКПО чл. 92, ал. 1; чл. 93, ал. 1",
    validFrom: "2021-01-01",
    validTo: null,
    href: "/ledger/annual",
  },
  {
    key: "financial-statements",
    title: "Публикуване на годишния финансов отчет",
    what: "Заявяване на годишния финансов отчет за обявяване в Търговския регистър и регистъра на ЮЛНЦ.",
    kinds: ["company", "nonprofit"],
    schedule: { every: "year", month: 6, day: 30 },
    source: "Закон за счетоводството чл. 38, ал. 1, т. 1",
    validFrom: "2016-01-01",
    validTo: null,
    href: "/ledger/annual",
  },
  {
    key: "euro-dual-display",
    title: "Край на двойното обозначаване на цените",
    what: "До тази дата цените към потребители се обозначават в евро и в лева.",
    kinds: ["company", "soleTrader", "freelancer"],
    schedule: { every: "once", date: "2026-08-08" },
    moves: false,
    source:
      "Закон за въвеждането на еврото в Република България (двойното обозначаване на цените, до 8.8.2026)",
    validFrom: "2025-08-08",
    validTo: "2026-08-08",
  },
];

/**
 * ЕТ is a company by its sign-up (an ЕИК) but taxed as a person (ЗДДФЛ): told apart by its
 * registered name, by the one definition the income-tax pages use too (`taxpayerKind`, accounts).
 */
export function calendarKind(companyType: string, name: string): CalendarKind {
  return taxpayerKind(companyType, name);
}
