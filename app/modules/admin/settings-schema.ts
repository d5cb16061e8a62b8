import { z } from "zod";
import { optionalText, SAFE_TEXT, TEXT_MESSAGES } from "~/utils/schema";
import { NOTIFICATION_MAX, SETTINGS_MESSAGES } from "./settings-constants";

export {
  EMAIL_LOGO_MAX_BYTES,
  FEEDBACK_TYPES,
  NOTIFICATION_MAX,
  SETTINGS_FORMS,
  SETTINGS_MESSAGES,
} from "./settings-constants";

/*
 * The forms of /hatterscastle/settings (issue #14, part 5): the banner message every customer
 * sees, the logo of the e-mails, the address feedback and support requests go to. Each form
 * posts its `intent`.
 */

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
