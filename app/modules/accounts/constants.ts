import { BG_ID_MESSAGES } from "~/modules/reference/bg-identifiers";
import { IBAN_MESSAGE } from "~/utils/iban-message";

/*
 * The account forms' messages and the registration wizard's steps, without zod (schema.ts builds
 * the schemas).
 */

// Messages are the product spec's (§5, §8) word for word where it gives them.
export const MESSAGES = {
  required: "Моля, попълнете всички задължителни полета",
  email: "Моля, въведете валиден имейл адрес",
  passwordLength: "Паролата трябва да бъде поне 8 символа",
  passwordUppercase: "Паролата трябва да съдържа поне една главна буква",
  passwordDigit: "Паролата трябва да съдържа поне една цифра",
  passwordSpecial: 'Паролата трябва да съдържа поне един специален символ (!@#$%^&*(),.?":{}|<>)',
  passwordMismatch: "Паролите не съвпадат",
  passwordRequired: "Моля, въведете парола",
  cyrillic: "Само български текст (кирилица)",
  addressLength: "Адресът трябва да бъде между 5 и 200 символа",
  city: "Градът е задължителен",
  postalRequired: "Пощенският код е задължителен",
  postalBgDigits: "Пощенският код трябва да съдържа точно 4 цифри",
  postalDigitsOnly: "Пощенският код трябва да съдържа само цифри",
  postalTooShort: "Пощенският код трябва да е поне 3 символа",
  postalTooLong: "Пощенският код трябва да е най-много 10 символа",
  postalInvalid: "Невалиден формат на пощенския код",
  country: "Моля, изберете държава от списъка",
  eikFormat: BG_ID_MESSAGES.eikFormat,
  eikChecksum: BG_ID_MESSAGES.eikChecksum,
  personChecksum: BG_ID_MESSAGES.personChecksum,
  vatRequired: "ДДС номерът е задължителен",
  vatFormat: BG_ID_MESSAGES.vatFormat,
  vatChecksum: BG_ID_MESSAGES.vatChecksum,
  iban: "IBAN е задължителен",
  ibanInvalid: IBAN_MESSAGE,
  bankName: "Името на банката е задължително",
  bic: "BIC кодът е задължителен",
  botCheck: "Моля, потвърдете, че не сте робот чрез reCAPTCHA",
  latinName: "Името се пише на латиница (напр. Ivan Petrov)",
} as const;

/** The registration wizard's steps and the fields each asks for (schema.ts: step1Fields…). */
export const REGISTER_STEPS = [
  { title: "Профил", fields: ["username", "password", "confirmPassword"] },
  {
    title: "Фирмена информация",
    fields: [
      "firstName",
      "lastName",
      "companyType",
      "companyName",
      "companyVat",
      "companyAddress",
      "companyCity",
      "postalCode",
      "country",
    ],
  },
  {
    title: "Финансови детайли",
    fields: [
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
      "companyIssuerNameEn",
      "companyPhone",
    ],
  },
] as const;

/**
 * The hidden field the sign-up's steps 2 and 3 (and step 1 again) carry instead of the password:
 * the random token of the server's signup draft (issue #31 item 7).
 */
export const SIGNUP_DRAFT_FIELD = "signupDraft";
