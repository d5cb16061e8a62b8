import { z } from "zod";
import { LOGO_MAX_BYTES } from "~/modules/accounts/limits";
import { optionalText, SAFE_TEXT, TEXT_MESSAGES } from "~/utils/schema";

/*
 * The forms of /hatterscastle/settings (issue #14, part 5): the banner message every customer
 * sees, the logo of the e-mails, the address feedback and support requests go to. Each form
 * posts its `intent`.
 */

export const NOTIFICATION_MAX = 500;
export const EMAIL_LOGO_MAX_BYTES = LOGO_MAX_BYTES;

export const SETTINGS_MESSAGES = {
  logoType: "Логото трябва да е изображение PNG или JPEG",
  logoTooLarge: "Логото е твърде голямо: най-много 1 MB",
  logoMissing: "Изберете файл с логото",
  supportEmail: "Въведете валиден имейл адрес",
  unknownIntent: "Неизвестно действие",
} as const;

export const SETTINGS_FORMS = {
  notification: "settings-notification",
  emailLogo: "settings-email-logo",
  supportEmail: "settings-support-email",
} as const;

/** The banner message; empty means no banner. */
export const notificationSchema = z.object({
  message: optionalText(NOTIFICATION_MAX),
});

/** The support address; empty means SUPPORT_EMAIL of the server's settings. */
export const supportEmailSchema = z.object({
  supportEmail: z
    .string()
    .trim()
    .max(254, TEXT_MESSAGES.tooLong(254))
    .regex(SAFE_TEXT, TEXT_MESSAGES.invalidChars)
    .email(SETTINGS_MESSAGES.supportEmail)
    .toLowerCase()
    .nullish()
    .transform((value) => value || null),
});

/** The kinds of requests, as the list names them. */
export const FEEDBACK_TYPES = { feedback: "Обратна връзка", support: "Поддръжка" } as const;
