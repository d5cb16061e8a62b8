import { randomInt } from "node:crypto";
import { isValidEik } from "~/modules/reference/bg-identifiers";

/*
 * Test values that need no database: what the e2e files use from the test setup. They live apart
 * from factories.ts, whose database factories import half the app; an e2e file imported all of
 * it for an ЕИК (0.7 s a file, decision 036). factories.ts re-exports them.
 */

export const PASSWORD = "Parola1!";
let sequence = 0;

/** A number never given before in this test file (for unique names and e-mails). */
export function nextSequence(): number {
  return ++sequence;
}

/** A 9-digit EIK with a correct check digit, different on every call. */
export function validEik(): string {
  const stem = String(randomInt(10_000_000, 99_999_999));
  for (let digit = 0; digit <= 9; digit++)
    if (isValidEik(`${stem}${digit}`)) return `${stem}${digit}`;
  throw new Error("unreachable: one check digit always fits");
}

/**
 * An ЕГН: the nine digits given (the birth date yymmdd, the month +40 for the 2000s, and a
 * serial) with their check digit (weights 2,4,8,5,10,9,7,3,6; mod 11; 10 → 0).
 */
export function validEgn(first9: string): string {
  const weights = [2, 4, 8, 5, 10, 9, 7, 3, 6];
  const sum = [...first9].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  return `${first9}${(sum % 11) % 10}`;
}

/** Cyrillic letters only (the registration rule for names): a unique company name. */
export function uniqueCompanyName(): string {
  const letters = "абвгдежзийклмнопрстуфхцчшщ";
  let n = nextSequence() * 1000 + randomInt(0, 999);
  let word = "";
  do {
    word += letters[n % letters.length];
    n = Math.floor(n / letters.length);
  } while (n > 0);
  return `Фирма ${word} ЕООД`;
}

/** The /api/register payload of spec §3, valid, with unique e-mail, name and EIK. */
export function registrationPayload(overrides: Record<string, unknown> = {}) {
  const eik = validEik();
  return {
    username: `user${nextSequence()}.${randomInt(0, 1e9)}@example.bg`,
    password: PASSWORD,
    firstName: "Иван",
    lastName: "Петров",
    role: "user",
    companyName: uniqueCompanyName(),
    companyNameEn: "",
    companyVat: eik,
    companyAddress: "ул. Шипка 5",
    companyAddressEn: "",
    companyCity: "Пловдив",
    companyCityEn: "",
    companyEmail: "",
    companyPhone: "",
    companyBankAccount: "BG80BNBG96611020345678",
    companyBankName: "Банка ДСК",
    companyBankNameEn: "",
    companyBankBic: "STSABGSF",
    isVatRegistered: true,
    vatNumber: `BG${eik}`,
    country: "България",
    postalCode: "4000",
    useEnglishInvoices: false,
    ...overrides,
  };
}

/** A 1×1 PNG: the smallest receipt a test can attach. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
