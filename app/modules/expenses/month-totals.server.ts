import { type Kysely, sql, type Transaction } from "kysely";
import { BGN_PER_EUR } from "~/utils/money";
import type { Database } from "~db/types";

/*
 * The expenses of each month per currency and per VAT rate, kept in the transaction that writes
 * an expense (decision 009): the list's totals for a month, a quarter, a year or everything read
 * a few rows. Refreshing recomputes the month from its expenses, so it cannot drift; a test
 * checks it against the rows after creating, changing and deleting expenses.
 */

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;

/** Recomputes the totals of the months of these dates (inside the caller's transaction). */
export async function refreshMonthTotals(
  trx: Transaction<Database>,
  companyId: string,
  dates: readonly string[],
): Promise<void> {
  // One writer per company at a time: two expenses of a month saved together both count.
  await sql`select pg_advisory_xact_lock(hashtextextended(${`expense-totals:${companyId}`}, 0))`.execute(
    trx,
  );
  for (const month of new Set(dates.map(firstOfMonth))) {
    const next = sql`(${month}::date + interval '1 month')::date`;
    await trx
      .deleteFrom("expenseMonthTotals")
      .where("companyId", "=", companyId)
      .where("month", "=", month)
      .execute();
    await trx
      .deleteFrom("expenseMonthRates")
      .where("companyId", "=", companyId)
      .where("month", "=", month)
      .execute();
    await trx
      .deleteFrom("expenseMonthCategories")
      .where("companyId", "=", companyId)
      .where("month", "=", month)
      .execute();
    await sql`insert into expense_month_totals
      select company_id, ${month}::date, currency, count(*),
        sum(s * subtotal_cents), sum(s * vat_cents), sum(s * total_cents),
        sum(s * creditable_vat_cents),
        coalesce(sum(s * total_cents) filter (where paid_on is null), 0)
      from (select *, case when document_type = 'credit_note' then -1 else 1 end as s
            from expenses
            where company_id = ${companyId} and document_date >= ${month}::date
              and document_date < ${next}) e
      group by company_id, currency`.execute(trx);
    await sql`insert into expense_month_rates
      select company_id, ${month}::date, currency, coalesce(vat_rate, -1),
        sum(sign * base_cents), sum(sign * vat_cents)
      from expense_amounts
      where company_id = ${companyId} and document_date >= ${month}::date
        and document_date < ${next}
      group by company_id, currency, coalesce(vat_rate, -1)`.execute(trx);
    // Per category in euro, each expense rounded to the cent (analytics).
    await sql`insert into expense_month_categories
      select company_id, ${month}::date, category_id, count(*), sum(s * round(subtotal_cents * f)),
        sum(s * round(total_cents * f)), sum(s * round(creditable_vat_cents * f))
      from (select *, case when document_type = 'credit_note' then -1 else 1 end as s,
              case currency when 'EUR' then 1 when 'BGN' then 1 / ${BGN_PER_EUR}::numeric
                else coalesce(eur_rate, 0) end as f
            from expenses
            where company_id = ${companyId} and document_date >= ${month}::date
              and document_date < ${next}) e
      group by company_id, category_id`.execute(trx);
  }
}

/** Whether a period covers whole months (or is open), so the month totals answer it. */
export function coversWholeMonths(from: string | undefined, to: string | undefined): boolean {
  if (from && !from.endsWith("-01")) return false;
  if (!to) return true;
  const [y, m, d] = to.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate() === d;
}

/** The totals per currency and per rate of whole months in [from, to] from the month rows. */
export async function monthTotals(
  db: Kysely<Database>,
  companyId: string,
  from: string | undefined,
  to: string | undefined,
) {
  let currencies = db
    .selectFrom("expenseMonthTotals")
    .select((eb) => [
      "currency",
      eb.fn.sum<number>("count").as("count"),
      eb.fn.sum<number>("subtotalCents").as("subtotalCents"),
      eb.fn.sum<number>("vatCents").as("vatCents"),
      eb.fn.sum<number>("totalCents").as("totalCents"),
      eb.fn.sum<number>("creditableVatCents").as("creditableVatCents"),
      eb.fn.sum<number>("unpaidCents").as("unpaidCents"),
    ])
    .where("companyId", "=", companyId)
    .groupBy("currency")
    .orderBy("currency");
  let rates = db
    .selectFrom("expenseMonthRates")
    .select((eb) => [
      "currency",
      "vatRateKey",
      eb.fn.sum<number>("baseCents").as("baseCents"),
      eb.fn.sum<number>("vatCents").as("vatCents"),
    ])
    .where("companyId", "=", companyId)
    .groupBy(["currency", "vatRateKey"]);
  if (from) {
    currencies = currencies.where("month", ">=", from);
    rates = rates.where("month", ">=", from);
  }
  if (to) {
    currencies = currencies.where("month", "<=", firstOfMonth(to));
    rates = rates.where("month", "<=", firstOfMonth(to));
  }
  const [c, r] = await Promise.all([currencies.execute(), rates.execute()]);
  return {
    currencies: c
      .map((row) => ({
        currency: row.currency,
        count: Number(row.count),
        subtotalCents: Number(row.subtotalCents),
        vatCents: Number(row.vatCents),
        totalCents: Number(row.totalCents),
        creditableVatCents: Number(row.creditableVatCents),
        unpaidCents: Number(row.unpaidCents),
      }))
      .filter((row) => row.count > 0),
    rates: r.map((row) => ({
      currency: row.currency,
      vatRate: row.vatRateKey === -1 ? null : row.vatRateKey,
      baseCents: Number(row.baseCents),
      vatCents: Number(row.vatCents),
    })),
  };
}
