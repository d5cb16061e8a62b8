import { validate as validatePostalCode } from "postal-codes-js";
import { z } from "zod";
import { bgIdError, bgVatError } from "~/modules/reference/bg-identifiers";
import { countryByName, DEFAULT_COUNTRY } from "~/modules/reference/countries";
import { checkedIban } from "~/utils/iban";
import { BULGARIAN_TEXT, SAFE_TEXT, TEXT_MESSAGES } from "~/utils/schema";
import { COMPANY_KINDS, type CompanyKind } from "./company-kind";
import { MESSAGES, type REGISTER_STEPS } from "./constants";

// One set of rules for the browser (live validation), the form actions and the JSON API.
// Messages are the product spec's (§5, §8) word for word where it gives them (constants.ts).

export { MESSAGES, REGISTER_STEPS } from "./constants";

const SPECIAL = /[!@#$%^&*(),.?":{}|<>]/;

/** Every text has a length limit and only characters that may be stored (utils/schema.ts). */
const text = (max = 200) =>
  z
    .string({ required_error: MESSAGES.required })
    .trim()
    .max(max, TEXT_MESSAGES.tooLong(max))
    .regex(SAFE_TEXT, TEXT_MESSAGES.invalidChars);
const requiredText = (message: string = MESSAGES.required, max = 200) => text(max).min(1, message);
// Empty input gets only the "required" message; the Cyrillic rule speaks about text that is there.
const cyrillicText = (message: string = MESSAGES.required, max = 200) =>
  requiredText(message, max).pipe(z.string().regex(BULGARIAN_TEXT, MESSAGES.cyrillic));
/** A checkbox: "on"/"true" from forms, true from JSON. */
export const checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");
const optionalText = (max = 200) =>
  text(max)
    .optional()
    .transform((value) => value || undefined);

export const emailField = requiredText(MESSAGES.required, 254).email(MESSAGES.email).toLowerCase();

const PASSWORD_MAX = 200;
export const newPasswordField = z
  .string({ required_error: MESSAGES.required })
  .min(1, MESSAGES.required)
  .max(PASSWORD_MAX, TEXT_MESSAGES.tooLong(PASSWORD_MAX))
  .regex(SAFE_TEXT, TEXT_MESSAGES.invalidChars)
  .min(8, MESSAGES.passwordLength)
  .regex(/[A-ZА-Я]/, MESSAGES.passwordUppercase)
  .regex(/\d/, MESSAGES.passwordDigit)
  .regex(SPECIAL, MESSAGES.passwordSpecial);

/** The bot-check fields every protected form carries (see bot-check.server.ts). */
export const botCheckFields = {
  recaptchaToken: z.string().max(4000).optional(),
  notRobot: z.string().max(10).optional(),
  website: z.string().max(200).optional(), // the honeypot: people never see or fill it
};
const passwordInput = (message: string = MESSAGES.required) =>
  z
    .string({ required_error: message })
    .min(1, message)
    .max(PASSWORD_MAX, TEXT_MESSAGES.tooLong(PASSWORD_MAX));

// ── Login ───────────────────────────────────────────────────────────────────────────

export const loginSchema = z.object({
  username: emailField,
  password: passwordInput(MESSAGES.passwordRequired),
  redirectTo: z.string().max(2000).optional(),
  ...botCheckFields,
});

// ── Registration, in three steps ───────────────────────────────────────────────────

/** A step's fields: exactly those REGISTER_STEPS (constants.ts) names for it. */
type StepFields<N extends 0 | 1 | 2> = Record<
  (typeof REGISTER_STEPS)[N]["fields"][number],
  z.ZodTypeAny
>;

export const step1Fields = {
  username: emailField,
  password: newPasswordField,
  confirmPassword: passwordInput(),
} satisfies StepFields<0>;

export const step2Fields = {
  firstName: cyrillicText(MESSAGES.required, 100),
  lastName: cyrillicText(MESSAGES.required, 100),
  companyType: z.enum(COMPANY_KINDS, {
    errorMap: () => ({ message: MESSAGES.required }),
  }),
  companyName: cyrillicText(),
  companyVat: requiredText(MESSAGES.required, 20),
  companyAddress: cyrillicText(MESSAGES.required, 1000).pipe(
    z.string().min(5, MESSAGES.addressLength).max(200, MESSAGES.addressLength),
  ),
  companyCity: cyrillicText(MESSAGES.city, 100),
  postalCode: requiredText(MESSAGES.postalRequired, 20),
  country: requiredText(MESSAGES.required, 100).default(DEFAULT_COUNTRY),
} satisfies StepFields<1>;

export const step3Fields = {
  isVatRegistered: checkbox,
  vatNumber: optionalText(20),
  companyBankAccount: checkedIban(requiredText(MESSAGES.iban, 50)),
  companyBankName: requiredText(MESSAGES.bankName, 100),
  companyBankBic: requiredText(MESSAGES.bic, 20).transform((v) => v.toUpperCase()),
  useEnglishInvoices: checkbox,
  companyNameEn: optionalText(200),
  companyAddressEn: optionalText(200),
  companyCityEn: optionalText(100),
  companyBankNameEn: optionalText(100),
  // Who issues the documents, in Latin: «Issued by» on English documents (issue #41 item 5).
  companyIssuerNameEn: optionalText(100).refine(
    (value) => value === undefined || !/[\u0400-\u04FF]/.test(value),
    MESSAGES.latinName,
  ),
  companyPhone: optionalText(50),
} satisfies StepFields<2>;

type Ctx = z.RefinementCtx;

function checkPasswords(data: { password?: string; confirmPassword?: string }, ctx: Ctx) {
  if (data.confirmPassword && data.password !== data.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: MESSAGES.passwordMismatch });
  }
}

/** Postal code by country: Bulgaria 4 digits; elsewhere the library, else 3–10 characters. */
export function postalCodeError(postalCode: string, countryName: string): string | null {
  const country = countryByName(countryName);
  if (!country || country.code === "BG") {
    if (!/^\d+$/.test(postalCode)) return MESSAGES.postalDigitsOnly;
    return /^\d{4}$/.test(postalCode) ? null : MESSAGES.postalBgDigits;
  }
  const verdict = validatePostalCode(country.code, postalCode);
  if (verdict === true) return null;
  if (typeof verdict === "string" && !verdict.startsWith("Unknown")) return MESSAGES.postalInvalid;
  if (postalCode.length < 3) return MESSAGES.postalTooShort;
  if (postalCode.length > 10) return MESSAGES.postalTooLong;
  return /^[A-Za-z0-9 -]+$/.test(postalCode) ? null : MESSAGES.postalInvalid;
}

/**
 * EIK (company: 9 digits, or 10 for an ЕГН/ЛНЧ), Bulstat (freelancer: 9, 10 or 13 digits) or a
 * non-profit's Булстат/ЕИК (9 digits, 13 for a branch), with the check digit
 * (modules/reference/bg-identifiers.ts; 11 and 12 digits are no Bulgarian identifier).
 */
export function eikError(eik: string, companyType: CompanyKind): string | null {
  const pattern = {
    company: /^\d{9,10}$/,
    freelancer: /^(\d{9,10}|\d{13})$/,
    nonprofit: /^(\d{9}|\d{13})$/,
  }[companyType];
  if (!pattern.test(eik)) return MESSAGES.eikFormat;
  return bgIdError(eik);
}

/** The company rules of registration (country, postal code, EIK), for every form that has them. */
export function checkCompany(
  data: {
    companyVat?: string;
    companyType?: CompanyKind;
    postalCode?: string;
    country?: string;
  },
  ctx: Ctx,
) {
  if (data.country !== undefined && !countryByName(data.country)) {
    ctx.addIssue({ code: "custom", path: ["country"], message: MESSAGES.country });
  }
  if (data.postalCode && data.country !== undefined) {
    const error = postalCodeError(data.postalCode, data.country);
    if (error) ctx.addIssue({ code: "custom", path: ["postalCode"], message: error });
  }
  if (data.companyVat && data.companyType) {
    const error = eikError(data.companyVat, data.companyType);
    if (error) ctx.addIssue({ code: "custom", path: ["companyVat"], message: error });
  }
}

/**
 * A VAT-registered company needs a BG VAT number with its check digits; a company's or a
 * non-profit's, when the form has its 9-digit ЕИК, is BG + that ЕИК (чл. 94, ал. 2 ЗДДС).
 */
export function checkVat(
  data: {
    isVatRegistered?: boolean;
    vatNumber?: string;
    companyVat?: string;
    companyType?: CompanyKind;
  },
  ctx: Ctx,
) {
  if (!data.isVatRegistered) return;
  if (!data.vatNumber) {
    ctx.addIssue({ code: "custom", path: ["vatNumber"], message: MESSAGES.vatRequired });
    return;
  }
  // A freelancer's VAT number may be BG + ЕГН beside a 9-digit Bulstat; a nine-digit one is its ЕИК.
  const eik =
    data.companyType !== "freelancer" || data.vatNumber.length === 11 ? data.companyVat : null;
  const error = bgVatError(data.vatNumber, eik);
  if (error) ctx.addIssue({ code: "custom", path: ["vatNumber"], message: error });
}

export const registerStep1Schema = z.object(step1Fields).superRefine(checkPasswords);

/**
 * Step 1 again, with the password already kept on the server (issue #31 item 7): the password
 * fields may stay empty; a password typed there replaces the kept one and follows the rules.
 */
export const registerStep1AgainSchema = z
  .object({
    username: emailField,
    password: z.string().max(PASSWORD_MAX).optional(),
    confirmPassword: z.string().max(PASSWORD_MAX).optional(),
  })
  .superRefine((data, ctx) => {
    if (!data.password && !data.confirmPassword) return;
    const rules = newPasswordField.safeParse(data.password ?? "");
    if (!rules.success) {
      ctx.addIssue({ code: "custom", path: ["password"], message: rules.error.issues[0]!.message });
    }
    if (!data.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: MESSAGES.required });
    }
    checkPasswords(data, ctx);
  });
export const registerStep2Schema = z.object(step2Fields).superRefine(checkCompany);
export const registerStep3Schema = z
  .object({ ...step3Fields, ...botCheckFields })
  .superRefine(checkVat);

/** The whole registration, as /api/register receives it and the last wizard step submits it. */
export const registerSchema = z
  .object({
    ...step1Fields,
    // The API payload carries neither (spec §3): the confirmation is the form's own business.
    confirmPassword: z.string().max(PASSWORD_MAX).optional(),
    ...step2Fields,
    companyType: step2Fields.companyType.default("company"),
    ...step3Fields,
    ...botCheckFields,
    role: z.literal("user").optional(),
    companyEmail: z.string().max(254).optional(),
  })
  .superRefine((data, ctx) => {
    checkPasswords(data, ctx);
    checkCompany(data, ctx);
    checkVat(data, ctx);
  });

export type RegisterInput = z.infer<typeof registerSchema>;

/**
 * The wizard's last step: everything but the password, which waits on the server as a hash
 * (issue #31 item 7; accounts/signup-draft.server.ts).
 */
export const registerWizardSchema = z
  .object({
    username: step1Fields.username,
    ...step2Fields,
    companyType: step2Fields.companyType.default("company"),
    ...step3Fields,
    ...botCheckFields,
  })
  .superRefine((data, ctx) => {
    checkCompany(data, ctx);
    checkVat(data, ctx);
  });

// ── Passwords and profile ──────────────────────────────────────────────────────────

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({ password: newPasswordField, confirmPassword: passwordInput() })
  .superRefine(checkPasswords);

export const changePasswordSchema = z
  .object({
    currentPassword: passwordInput("Моля, въведете текущата парола"),
    password: newPasswordField,
    confirmPassword: passwordInput(),
  })
  .superRefine(checkPasswords);

export const verifyCodeSchema = z.object({
  code: z
    .string({ required_error: "Кодът се състои от 6 цифри" })
    .max(20, "Кодът се състои от 6 цифри")
    .trim()
    .regex(/^\d{6}$/, "Кодът се състои от 6 цифри"),
});

export const profileSchema = z
  .object({
    firstName: step2Fields.firstName,
    lastName: step2Fields.lastName,
    companyName: step2Fields.companyName,
    companyAddress: step2Fields.companyAddress,
    companyCity: step2Fields.companyCity,
    postalCode: step2Fields.postalCode,
    country: step2Fields.country,
    ...step3Fields,
  })
  .superRefine((data, ctx) => {
    checkCompany(data, ctx);
    checkVat(data, ctx);
  });

export type ProfileInput = z.infer<typeof profileSchema>;

/** The profile of a user without a company (an admin): the name only. */
export const personalSchema = z.object({
  firstName: step2Fields.firstName,
  lastName: step2Fields.lastName,
});
