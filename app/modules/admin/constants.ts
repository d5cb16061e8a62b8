import type { Plan } from "~db/types";

/*
 * The back office's user and customer forms' fields, labels and messages, without zod (schema.ts
 * builds the schemas).
 */

// ── Users and customers: the list ──────────────────────────────────────────────────

/** The list's status filter: what an operator looks for. */
export const USER_STATUSES = {
  active: "Активен",
  locked: "Блокиран",
  unverified: "Непотвърден имейл",
  deletion: "Насрочено изтриване",
  payment: "Проблем с плащането",
} as const;
export type UserStatusFilter = keyof typeof USER_STATUSES;

/** Subscription states that mean a payment failed or waits (past_due, incomplete, unpaid). */
export const PAYMENT_PROBLEM_STATUSES = ["past_due", "incomplete", "unpaid"] as const;

export const SUBSCRIPTION_STATUS_NAMES: Record<string, string> = {
  active: "Активен",
  trialing: "Пробен",
  past_due: "Просрочено плащане",
  incomplete: "Незавършено плащане",
  incomplete_expired: "Изтекло незавършено плащане",
  unpaid: "Неплатен",
  canceled: "Прекратен",
};

export interface UserSearch {
  q: string;
  plan: Plan | null;
  status: UserStatusFilter | null;
}

// ── A user (login) ────────────────────────────────────────────────────────────────

export const ADMIN_MESSAGES = {
  passwordOrLink: "Въведете парола или изберете «Изпрати връзка за задаване на парола»",
  passwordWithLink: "Оставете паролата празна, когато изпращате връзка за задаване на парола",
  lockReason: "Въведете причина за блокирането",
  grantReason: "Въведете причина за предоставянето",
  pastEnd: "Последният ден на плана не може да е в миналото",
  noCustomer: "Фирмата не е намерена",
  failed: "Проверете отбелязаните полета",
} as const;
export const NEW_USER_FIELDS = ["email", "firstName", "lastName", "password", "sendLink"] as const;
export const EDIT_USER_FIELDS = ["firstName", "lastName", "email"] as const;
export const NEW_CUSTOMER_FIELDS = [
  "companyName",
  "companyType",
  "companyVat",
  "companyAddress",
  "companyCity",
  "postalCode",
  "country",
  "companyPhone",
  "isVatRegistered",
  "vatNumber",
  "companyBankAccount",
  "companyBankName",
  "companyBankBic",
  "username",
  "firstName",
  "lastName",
  "password",
  "sendLink",
] as const;
export const COMPANY_EDIT_FIELDS = [
  "companyName",
  "companyType",
  "companyVat",
  "companyEmail",
  "companyAddress",
  "companyCity",
  "postalCode",
  "country",
  "companyPhone",
  "isVatRegistered",
  "vatNumber",
  "companyBankAccount",
  "companyBankName",
  "companyBankBic",
  "useEnglishInvoices",
  "companyNameEn",
  "companyAddressEn",
  "companyCityEn",
  "companyBankNameEn",
] as const;
export const GRANT_FIELDS = ["plan", "reason", "endsOn"] as const;
