/** The message of an IBAN with a wrong structure or check digits (iban.ts, the forms' messages). */
export const IBAN_MESSAGE = "Невалиден IBAN: проверете цифрите";
