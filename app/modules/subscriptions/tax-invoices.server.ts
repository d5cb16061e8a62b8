import type { Kysely, Transaction } from "kysely";
import { vatRatesOn } from "~/modules/reference/vat.server";
import { getOperatorDetails, type OperatorDetails } from "~/modules/settings/app-settings.server";
import { todayInSofia } from "~/utils/dates";
import { divRound } from "~/utils/money";
import type { Database } from "~db/types";

/*
 * The operator's invoice for each subscription payment (issue #31 item 3, decision 032): when a
 * payment's invoice is paid (either provider, in the transaction that records it), it gets the
 * next number of the operator's own series, the seller's requisites (the back office's settings)
 * and the buyer's (the company's record) as they are that day, and the price split into the tax
 * base and the VAT. Plan prices are what the customer pays: with VAT when the operator is
 * registered, the VAT then being the standard rate in force on the day (dated rows).
 */

/** The ground printed when the operator is not registered for VAT (ЗДДС чл. 113, ал. 9). */
export const OPERATOR_NO_VAT_GROUND = "чл. 113, ал. 9 от ЗДДС";

/** A party of the operator's invoice, as it was on the day. */
export interface TaxParty {
  name: string;
  eik: string;
  vatNumber: string | null;
  address: string;
  city: string;
  postalCode: string;
  countryCode: string;
}

/** The seller: a party with the bank and VAT registration its invoices print. */
export type TaxSeller = TaxParty &
  Pick<OperatorDetails, "isVatRegistered" | "mol" | "bankIban" | "bankName" | "bankBic">;

const MAX_NUMBER = 9_999_999_999;

/**
 * A price with VAT in it split into the base and the VAT (decision 032): the VAT is the price ×
 * rate / (100 + rate), rounded half up, the base the rest — so base + VAT is exactly what was
 * paid, whatever the amount (a proration's cents too; from the base by decision 005's rule one
 * in six amounts could not be reached). 39,00 at 20 % is 32,50 + 6,50. Without a rate the whole
 * price is the base.
 */
export function splitGross(grossCents: number, rate: number | null) {
  if (!rate) return { netCents: grossCents, vatCents: 0 };
  const vatCents = Number(divRound(BigInt(grossCents) * BigInt(rate), BigInt(100 + rate)));
  return { netCents: grossCents - vatCents, vatCents };
}

/** The VAT rate the operator charges on a day: the standard rate in force, or none. */
export async function operatorVatRate(
  db: Kysely<Database>,
  seller: Pick<OperatorDetails, "isVatRegistered">,
  day: string,
): Promise<number | null> {
  if (!seller.isVatRegistered) return null;
  const [standard] = await vatRatesOn(db, day);
  return standard?.rate ?? 20;
}

/** The next number of the operator's series, in the caller's transaction (it locks the row). */
async function nextOperatorNumber(trx: Transaction<Database>): Promise<string> {
  await trx
    .insertInto("operatorCounters")
    .values({ series: "subscription" })
    .onConflict((c) => c.column("series").doNothing())
    .execute();
  const row = await trx
    .updateTable("operatorCounters")
    .set((eb) => ({ lastNumber: eb("lastNumber", "+", 1) }))
    .where("series", "=", "subscription")
    .where("lastNumber", "<", MAX_NUMBER)
    .returning("lastNumber")
    .executeTakeFirstOrThrow();
  return String(row.lastNumber).padStart(10, "0");
}

/**
 * Makes the paid subscription invoice (by the provider's id) the operator's tax invoice, once:
 * its number, the parties, the base and the VAT. Runs inside the transaction that records the
 * payment; without the operator's requisites (no settings and no operator company) it stays
 * without a number and says so in the log.
 */
export async function issueOperatorInvoice(
  trx: Transaction<Database>,
  providerId: string,
  paidAt: Date,
): Promise<void> {
  const invoice = await trx
    .selectFrom("subscriptionInvoices")
    .select(["companyId", "amountCents", "status", "taxNumber"])
    .where("providerId", "=", providerId)
    .forUpdate()
    .executeTakeFirst();
  if (invoice?.status !== "paid" || invoice.taxNumber) return;
  const seller = await getOperatorDetails(trx);
  if (!seller) {
    console.warn(
      `Subscription invoice ${providerId}: no operator requisites (/hatterscastle/settings), no tax invoice yet`,
    );
    return;
  }
  const buyer = await trx
    .selectFrom("companies")
    .select(["name", "eik", "vatNumber", "isVatRegistered"])
    .select(["address", "city", "postalCode", "countryCode"])
    .where("id", "=", invoice.companyId)
    .executeTakeFirstOrThrow();
  const day = todayInSofia(paidAt);
  const rate = await operatorVatRate(trx, seller, day);
  const { netCents, vatCents } = splitGross(invoice.amountCents, rate);
  const sellerSnapshot: TaxSeller = {
    name: seller.name,
    eik: seller.eik,
    vatNumber: seller.isVatRegistered ? seller.vatNumber : null,
    address: seller.address,
    city: seller.city,
    postalCode: seller.postalCode,
    countryCode: seller.countryCode,
    isVatRegistered: seller.isVatRegistered,
    mol: seller.mol,
    bankIban: seller.bankIban,
    bankName: seller.bankName,
    bankBic: seller.bankBic,
  };
  const buyerSnapshot: TaxParty = {
    name: buyer.name,
    eik: buyer.eik,
    vatNumber: buyer.isVatRegistered ? buyer.vatNumber : null,
    address: buyer.address,
    city: buyer.city,
    postalCode: buyer.postalCode,
    countryCode: buyer.countryCode,
  };
  await trx
    .updateTable("subscriptionInvoices")
    .set({
      taxNumber: await nextOperatorNumber(trx),
      issuedOn: day,
      seller: JSON.stringify(sellerSnapshot),
      buyer: JSON.stringify(buyerSnapshot),
      netCents,
      vatCents,
      vatRate: rate,
      vatGround: rate === null ? OPERATOR_NO_VAT_GROUND : null,
    })
    .where("providerId", "=", providerId)
    .execute();
}

/** A plan's monthly price as the pages state it: what is paid, its base and the VAT's rate. */
export interface PlanPrice {
  grossCents: number;
  netCents: number;
  /** The VAT rate in the price; null when the operator charges none. */
  vatRate: number | null;
}

/**
 * The paid plans' prices today, saying whether VAT is in them (issue #31 item 3): the landing
 * page, the plan cards and the subscription's invoices say «с ДДС» or that none is charged.
 */
export async function planPrices(
  db: Kysely<Database>,
  prices: { standard: number; full: number },
  today = todayInSofia(),
): Promise<{ standard: PlanPrice; full: PlanPrice }> {
  const seller = await getOperatorDetails(db);
  const rate = await operatorVatRate(db, seller ?? { isVatRegistered: true }, today);
  const price = (grossCents: number): PlanPrice => ({
    grossCents,
    netCents: splitGross(grossCents, rate).netCents,
    vatRate: rate,
  });
  return { standard: price(prices.standard), full: price(prices.full) };
}
