import type { Kysely } from "kysely";
import type { Database } from "~db/types";
import type { TaxParty, TaxSeller } from "./tax-invoices.server";

/** The company's subscription invoices, newest first. */
export function listSubscriptionInvoices(db: Kysely<Database>, companyId: string, limit = 24) {
  return db
    .selectFrom("subscriptionInvoices")
    .select([
      "providerId",
      "number",
      "plan",
      "amountCents",
      "currency",
      "status",
      "description",
      "periodStart",
      "periodEnd",
      "createdAt",
      "hostedUrl",
      // The operator's tax invoice for a payment made (issue #31 item 3).
      "taxNumber",
      "issuedOn",
      "netCents",
      "vatCents",
      "vatRate",
    ])
    .where("companyId", "=", companyId)
    .orderBy("createdAt", "desc")
    .limit(limit)
    .execute();
}

/** One of the company's operator invoices (a paid subscription invoice with its number), or null. */
export async function getOperatorInvoice(
  db: Kysely<Database>,
  companyId: string,
  providerId: string,
) {
  const row = await db
    .selectFrom("subscriptionInvoices")
    .select([
      "providerId",
      "taxNumber",
      "issuedOn",
      "seller",
      "buyer",
      "netCents",
      "vatCents",
      "vatRate",
      "vatGround",
      "amountCents",
      "currency",
      "description",
      "periodStart",
      "periodEnd",
    ])
    .where("companyId", "=", companyId)
    .where("providerId", "=", providerId)
    .where("taxNumber", "is not", null)
    .executeTakeFirst();
  if (!row?.taxNumber || !row.issuedOn || !row.seller || !row.buyer) return null;
  return {
    ...row,
    taxNumber: row.taxNumber,
    issuedOn: row.issuedOn,
    seller: row.seller as TaxSeller,
    buyer: row.buyer as TaxParty,
    netCents: row.netCents ?? row.amountCents,
    vatCents: row.vatCents ?? 0,
  };
}

/** One subscription invoice of the company, by the provider's id. */
export function getSubscriptionInvoice(
  db: Kysely<Database>,
  companyId: string,
  providerId: string,
) {
  return db
    .selectFrom("subscriptionInvoices")
    .select(["providerId", "amountCents", "currency", "status"])
    .where("companyId", "=", companyId)
    .where("providerId", "=", providerId)
    .executeTakeFirst();
}

/** Whether any subscription payment of the company was left unfinished (an open invoice). */
export async function hasOpenSubscriptionInvoice(db: Kysely<Database>, companyId: string) {
  const row = await db
    .selectFrom("subscriptionInvoices")
    .select("providerId")
    .where("companyId", "=", companyId)
    .where("status", "=", "open")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The company as its subscription invoices name the buyer: name, ЕИК, VAT number if registered. */
export async function invoiceBuyer(db: Kysely<Database>, companyId: string) {
  const company = await db
    .selectFrom("companies")
    .select(["name", "eik", "vatNumber", "isVatRegistered"])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  return {
    name: company.name,
    eik: company.eik,
    vatNumber: company.isVatRegistered ? company.vatNumber : null,
  };
}
