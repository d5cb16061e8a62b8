import type { Kysely } from "kysely";
import { AppError, NotFoundError } from "~/utils/errors";
import { isValidIban, normalizeIban } from "~/utils/iban";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { BANK_MESSAGES, type CsvMapping } from "./constants";

/*
 * The company's bank accounts (decision 031): the IBAN of its settings is its first account (in
 * euro), added here the first time the bank is opened; more are added on /bank. A statement is
 * taken only for one of them, in its currency. Each keeps the column mapping of its CSV export
 * and whether exact matches are confirmed at import.
 */

const COLUMNS = [
  "id",
  "iban",
  "currency",
  "name",
  "autoConfirm",
  "csvDate",
  "csvAmount",
  "csvDebit",
  "csvCredit",
  "csvCounterparty",
  "csvIban",
  "csvReason",
  "csvReference",
  "csvDirection",
] as const;

export type BankAccount = Awaited<ReturnType<typeof listAccounts>>[number];

/** The IBAN of the company's settings as an account, when it is not one yet. */
async function ensureSettingsAccount(db: Kysely<Database>, companyId: string) {
  const company = await db
    .selectFrom("companies")
    .select("bankIban")
    .where("id", "=", companyId)
    .executeTakeFirst();
  const iban = company?.bankIban ? normalizeIban(company.bankIban) : null;
  if (!iban || !isValidIban(iban)) return;
  await db
    .insertInto("bankAccounts")
    .values({ companyId, iban, currency: "EUR" })
    .onConflict((c) => c.columns(["companyId", "iban"]).doNothing())
    .execute();
}

/** The company's accounts, the settings' IBAN among them. */
export async function listAccounts(db: Kysely<Database>, companyId: string) {
  await ensureSettingsAccount(db, companyId);
  return db
    .selectFrom("bankAccounts")
    .select(COLUMNS)
    .where("companyId", "=", companyId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

export async function getAccount(db: Kysely<Database>, companyId: string, id: string | undefined) {
  if (!isUuid(id)) return undefined;
  return db
    .selectFrom("bankAccounts")
    .select(COLUMNS)
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The account's CSV mapping (null fields: not mapped). */
export const mappingOf = (account: BankAccount): CsvMapping => ({
  date: account.csvDate,
  amount: account.csvAmount,
  debit: account.csvDebit,
  credit: account.csvCredit,
  counterparty: account.csvCounterparty,
  iban: account.csvIban,
  reason: account.csvReason,
  reference: account.csvReference,
  direction: account.csvDirection,
});

export async function createAccount(
  db: Kysely<Database>,
  companyId: string,
  input: { iban: string; currency: string; name: string | null },
): Promise<string> {
  const row = await db
    .insertInto("bankAccounts")
    .values({ companyId, iban: input.iban, currency: input.currency, name: input.name })
    .onConflict((c) => c.columns(["companyId", "iban"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row)
    throw new AppError(BANK_MESSAGES.accountExists, 409, { iban: BANK_MESSAGES.accountExists });
  return row.id;
}

export async function updateAccount(
  db: Kysely<Database>,
  companyId: string,
  id: string,
  input: { name: string | null; autoConfirm: boolean; mapping: CsvMapping },
): Promise<void> {
  const result = await db
    .updateTable("bankAccounts")
    .set({
      name: input.name,
      autoConfirm: input.autoConfirm,
      csvDate: input.mapping.date,
      csvAmount: input.mapping.amount,
      csvDebit: input.mapping.debit,
      csvCredit: input.mapping.credit,
      csvCounterparty: input.mapping.counterparty,
      csvIban: input.mapping.iban,
      csvReason: input.mapping.reason,
      csvReference: input.mapping.reference,
      csvDirection: input.mapping.direction,
    })
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!result.numUpdatedRows) throw new NotFoundError();
}
