import type { Kysely } from "kysely";
import type { Database } from "~db/types";

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
    ])
    .where("companyId", "=", companyId)
    .orderBy("createdAt", "desc")
    .limit(limit)
    .execute();
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
