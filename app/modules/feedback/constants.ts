/*
 * The feedback and support form's categories, messages and limits, without zod (schema.ts builds
 * the schema).
 */

import { ownValue } from "~/utils/own-keys";

export const FEEDBACK_CATEGORIES = {
  feature_request: "Предложение за нова функция",
  ux_interface: "Интерфейс и удобство",
  performance_speed: "Бързодействие",
  design_aesthetics: "Дизайн",
  usability_workflow: "Работен процес",
  content_translations: "Текстове и преводи",
  pricing_plans: "Цени и планове",
  reports_analytics: "Отчети и анализи",
  integrations: "Интеграции",
  other: "Друго",
} as const;

export const SUPPORT_CATEGORIES = {
  billing_payments: "Плащания и фактуриране на абонамента",
  account_access: "Достъп до профила",
  invoices_credit_notes: "Фактури и кредитни известия",
  expenses_payroll: "Разходи и заплати",
  data_reports: "Данни и отчети",
  integrations_apis: "Интеграции и API",
  file_export_import: "Експорт и импорт на файлове",
  email_notifications: "Имейли и известия",
  technical_bug: "Техническа грешка",
  other: "Друго",
} as const;

/** A category's name for a submission of this type; a code that is none (an old or forged row) as it is. */
export function feedbackCategoryName(type: string, category: string): string {
  return (
    ownValue(type === "support" ? SUPPORT_CATEGORIES : FEEDBACK_CATEGORIES, category) ?? category
  );
}

export const SEVERITIES = { low: "Ниска", medium: "Средна", high: "Висока" } as const;

export const FEEDBACK_MESSAGES = {
  title: "Грешка при изпращане",
  message: "Моля, въведете съобщение",
  category: "Моля, изберете категория",
  botCheck: "Моля, потвърдете reCAPTCHA",
  customEmail: "Моля, въведете имейл адрес",
  fileTooLarge: "Файлът е твърде голям",
  fileTooLargeDetail: "Максималният размер е 5MB",
  fileType: "Разрешени са само файлове JPG или PNG",
  sendFailed: "Моля, опитайте отново по-късно.",
} as const;

export const ATTACHMENT_MAX_BYTES = 5_242_880;

export const MESSAGE_MAX = 5000;
