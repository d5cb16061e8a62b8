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
