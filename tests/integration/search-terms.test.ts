import { describe, expect, it } from "vitest";
import { createCompanyOnPlan } from "../setup/factories";
import { call, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

// A search box's text goes to SQL: NUL and lone surrogates (which PostgreSQL refuses) are dropped
// by searchTerm, so every list answers instead of failing.
describe("list searches with characters the database refuses", () => {
  it("answer 200 with no match instead of a 500", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "full");
    const { cookie, bearer } = await signInApi(db, me.user);
    const pages = [
      ["/invoices", "~/routes/_app.invoices"],
      ["/clients", "~/routes/_app.clients"],
      ["/expenses", "~/routes/_app.expenses"],
      ["/salaries/employees", "~/routes/_app.salaries_.employees"],
      ["/api/invoices", "~/routes/api.invoices"],
      ["/api/clients", "~/routes/api.clients"],
      ["/api/suppliers", "~/routes/api.suppliers"],
    ] as const;
    for (const [path, module] of pages) {
      const { loader } = (await import(/* @vite-ignore */ module)) as {
        loader: Parameters<typeof call>[0];
      };
      for (const q of ["a%00b", "%ED%A0%80", "%00", "x".repeat(5000)]) {
        const response = await call(loader, db, `${path}?q=${q}`, {
          headers: path.startsWith("/api/") ? bearer : { Cookie: cookie },
        });
        expect(response.status, `${path} ${JSON.stringify(q.slice(0, 5))}`).toBe(200);
      }
    }
  });
});
