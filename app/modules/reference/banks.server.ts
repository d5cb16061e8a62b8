import type { Kysely } from "kysely";
import { todayInSofia } from "~/utils/dates";
import type { Database } from "~db/types";
import { type BankFields, type BgBank, bankFill, COMPANY_BANK_FIELDS } from "./banks";

/** The banks licensed in Bulgaria on a day (Sofia's today by default), by bank code. */
export async function bulgarianBanks(
  db: Kysely<Database>,
  on: string = todayInSofia(),
): Promise<BgBank[]> {
  return db
    .selectFrom("banksBg")
    .select(["bankCode as code", "bic", "nameBg", "nameEn"])
    .where((eb) =>
      eb.and([
        eb.or([eb("validFrom", "is", null), eb("validFrom", "<=", on)]),
        eb.or([eb("validTo", "is", null), eb("validTo", ">=", on)]),
      ]),
    )
    .orderBy("bankCode")
    .execute();
}

/**
 * A form's values with the bank's name and BIC filled from a Bulgarian IBAN where they were left
 * empty (a form sent without JavaScript); the rest as typed.
 */
export async function withBankFilled<T extends Record<string, unknown>>(
  db: Kysely<Database>,
  values: T,
  fields: BankFields = COMPANY_BANK_FIELDS,
): Promise<T> {
  const iban = values[fields.iban];
  if (typeof iban !== "string" || iban.trim() === "") return values;
  return { ...values, ...bankFill(await bulgarianBanks(db), values, fields) };
}
