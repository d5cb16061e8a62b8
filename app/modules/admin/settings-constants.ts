import { LOGO_MAX_BYTES } from "~/modules/accounts/limits";

/*
 * The admin settings' form ids, limits and messages, without zod (settings-schema.ts builds the
 * schemas).
 */

export const NOTIFICATION_MAX = 500;
export const EMAIL_LOGO_MAX_BYTES = LOGO_MAX_BYTES;

export const SETTINGS_MESSAGES = {
  logoType: "Логото трябва да е изображение PNG или JPEG",
  logoTooLarge: "Логото е твърде голямо: най-много 1 MB",
  logoMissing: "Изберете файл с логото",
  supportEmail: "Въведете валиден имейл адрес",
  eik: "ЕИК трябва да е 9 или 13 цифри с вярна контролна цифра",
  vatNumber: "ДДС номерът е BG и 9, 10 или 13 цифри с вярна контролна цифра",
  required: "Полето е задължително",
  postalCode: "Пощенският код е 4 цифри",
} as const;

export const SETTINGS_FORMS = {
  notification: "settings-notification",
  emailLogo: "settings-email-logo",
  supportEmail: "settings-support-email",
  operator: "settings-operator",
} as const;

/** The kinds of requests, as the list names them. */
export const FEEDBACK_TYPES = { feedback: "Обратна връзка", support: "Поддръжка" } as const;
