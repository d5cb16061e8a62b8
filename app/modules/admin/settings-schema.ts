import { z } from "zod";
import {
  BG_ID_MESSAGES,
  bgVatError,
  isValidBranchBulstat,
  isValidEik,
} from "~/modules/reference/bg-identifiers";
import { checkedIban } from "~/utils/iban";
import { boundedText, optionalText, SAFE_TEXT, TEXT_MESSAGES } from "~/utils/schema";
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

/**
 * The operator's requisites, printed on its invoices for the subscription (issue #31 item 3): the
 * seller's name, ЕИК, VAT registration, address, МОЛ and bank.
 */
export const operatorSchema = z
  .object({
    name: boundedText(200, SETTINGS_MESSAGES.required),
    eik: boundedText(13, SETTINGS_MESSAGES.required).refine(
      (value) => isValidEik(value) || isValidBranchBulstat(value),
      SETTINGS_MESSAGES.eik,
    ),
    isVatRegistered: z
      .string()
      .max(10)
      .optional()
      .transform((value) => value === "on"),
    vatNumber: optionalText(20).transform(
      (value) => value?.replace(/\s/g, "").toUpperCase() ?? null,
    ),
    address: boundedText(200, SETTINGS_MESSAGES.required),
    city: boundedText(100, SETTINGS_MESSAGES.required),
    postalCode: boundedText(10, SETTINGS_MESSAGES.required).refine(
      (value) => /^\d{4}$/.test(value),
      SETTINGS_MESSAGES.postalCode,
    ),
    mol: optionalText(200),
    bankIban: checkedIban(boundedText(50, SETTINGS_MESSAGES.required)),
    bankName: boundedText(100, SETTINGS_MESSAGES.required),
    bankBic: boundedText(20, SETTINGS_MESSAGES.required).transform((value) => value.toUpperCase()),
  })
  .superRefine((data, ctx) => {
    if (!data.isVatRegistered) return;
    const error = bgVatError(data.vatNumber ?? "", data.eik);
    if (error) {
      const message =
        error === BG_ID_MESSAGES.vatNotEik(data.eik) ? error : SETTINGS_MESSAGES.vatNumber;
      ctx.addIssue({ code: "custom", path: ["vatNumber"], message });
    }
  });
