import { z } from "zod";
import { boundedText } from "~/utils/schema";

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

const checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

export const MESSAGE_MAX = 5000;

/**
 * The feedback/support submission (spec §3), checked in the spec's order (§5): the message, the
 * category — then the bot check (the route's) — then the other e-mail (customEmailProblem).
 */
export const feedbackSchema = z
  .object({
    type: z.enum(["feedback", "support"]),
    category: boundedText(50).optional(),
    severity: z
      .enum(["low", "medium", "high", ""])
      .nullable()
      .optional()
      .transform((value) => value || null),
    message: boundedText(MESSAGE_MAX).optional(),
    useDifferentEmail: checkbox,
    customEmail: boundedText(254).nullable().optional(),
  })
  .superRefine((data, ctx) => {
    if (!data.message?.trim()) {
      ctx.addIssue({ code: "custom", path: ["message"], message: FEEDBACK_MESSAGES.message });
      return;
    }
    const categories = data.type === "support" ? SUPPORT_CATEGORIES : FEEDBACK_CATEGORIES;
    if (!data.category || !(data.category in categories)) {
      ctx.addIssue({ code: "custom", path: ["category"], message: FEEDBACK_MESSAGES.category });
    }
  });

/** The fourth check (after the bot check): a different e-mail, when chosen, must be given. */
export function customEmailProblem(data: FeedbackInput): string | null {
  return data.useDifferentEmail && !data.customEmail?.trim() ? FEEDBACK_MESSAGES.customEmail : null;
}

export type FeedbackInput = z.infer<typeof feedbackSchema>;
