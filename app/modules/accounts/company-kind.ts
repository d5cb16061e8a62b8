/*
 * The kinds of business a customer registers (issue #41 item 13) and how the app names each one:
 * a company (ЕИК), a freelancer (свободна професия, Булстат) and a non-profit (сдружение or
 * фондация, ЮЛНЦ, with its Булстат/ЕИК). Zod-free: the browser's forms read the labels.
 * A freelancer is a person, not «фирма» nor «регистрирана»: sentences about them address them.
 */

export const COMPANY_KINDS = ["company", "freelancer", "nonprofit"] as const;
export type CompanyKind = (typeof COMPANY_KINDS)[number];

export const isCompanyKind = (value: unknown): value is CompanyKind =>
  typeof value === "string" && (COMPANY_KINDS as readonly string[]).includes(value);

interface KindTexts {
  /** The choice at sign-up. */
  label: string;
  /** Short, for lists (the back office). */
  short: string;
  /** The checkbox of VAT registration. */
  vatRegistered: string;
  /** The field of the registered name. */
  nameLabel: string;
}

export const COMPANY_KIND_TEXTS: Record<CompanyKind, KindTexts> = {
  company: {
    label: "Фирма (ЕИК)",
    short: "Фирма",
    vatRegistered: "Фирмата е регистрирана по ДДС",
    nameLabel: "Име на фирмата",
  },
  freelancer: {
    label: "Свободна професия (Булстат)",
    short: "Свободна професия",
    vatRegistered: "Имам регистрация по ДДС",
    nameLabel: "Име по регистрация",
  },
  nonprofit: {
    label: "Сдружение / фондация (ЮЛНЦ)",
    short: "Сдружение / фондация",
    vatRegistered: "Организацията е регистрирана по ДДС",
    nameLabel: "Име на организацията",
  },
};

/** The texts of a kind; an unknown value reads as a company. */
export const kindTexts = (kind: string | null | undefined): KindTexts =>
  COMPANY_KIND_TEXTS[isCompanyKind(kind) ? kind : "company"];

/*
 * A sole trader (ЕТ, едноличен търговец) signs up as a company (an ЕИК in the Commercial
 * Register) but is taxed as a person (ЗДДФЛ), so the tax calendar and the income-tax pages tell it
 * apart — by its registered name, which for an ЕТ carries «ЕТ» (the Commercial Register writes
 * «ЕТ "ИМЕ"» or «"ИМЕ" ЕТ»). One definition for both (decision 076):
 * - «ЕТ» as a word of its own: at the start or end, or between spaces, quotes, dashes,
 *   parentheses, commas or full stops — never inside a word (ПЕТ, СВЕТ, ЕТАЖ);
 * - written with Latin letters that look the same (E, T), as a Latin keyboard types it;
 * - or «едноличен търговец» spelled out, in any case;
 * - but not when the name also carries another legal form (ООД, ЕООД, АД, ЕАД, КД, КДА, СД):
 *   «ЕТ Консулт ЕООД» is a company.
 */
const EDGE = String.raw`[\s"'„“”«»()\-–—,.]`;
const SOLE_TRADER_MARK = new RegExp(`(?:^|${EDGE})[ЕE][ТT](?=$|${EDGE})`, "u");
const SPELLED_OUT = /едноличен\s+търговец/iu;
const OTHER_FORM = new RegExp(`(?:^|${EDGE})(?:Е?ООД|Е?АД|КДА?|СД)(?=$|${EDGE})`, "u");

/** Whether a company's registered name says it is a sole trader (ЕТ). */
export function isSoleTraderName(name: string): boolean {
  const trimmed = name.trim();
  if (OTHER_FORM.test(trimmed)) return false;
  return SOLE_TRADER_MARK.test(trimmed) || SPELLED_OUT.test(trimmed);
}

/** What a business is for its taxes: a sign-up kind, with the sole trader split off «company». */
export type TaxpayerKind = "company" | "soleTrader" | "freelancer" | "nonprofit";

/** The taxpayer kind of a company row (`companies.company_type` and its registered name). */
export function taxpayerKind(companyType: string, name: string): TaxpayerKind {
  if (companyType === "freelancer") return "freelancer";
  if (companyType === "nonprofit") return "nonprofit";
  return isSoleTraderName(name) ? "soleTrader" : "company";
}
