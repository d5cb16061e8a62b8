import { describe, expect, it } from "vitest";
import { loader as analytics } from "~/routes/_app.analytics";
import { loader as expenses } from "~/routes/_app.expenses";
import { loader as expenseView } from "~/routes/_app.expenses_.$id";
import { loader as expenseAdd } from "~/routes/_app.expenses_.add";
import { loader as expenseCategories } from "~/routes/_app.expenses_.categories";
import { loader as expenseEdit } from "~/routes/_app.expenses_.edit.$id";
import { loader as salaries } from "~/routes/_app.salaries";
import { loader as salaryAdd } from "~/routes/_app.salaries_.add";
import { loader as salaryEdit } from "~/routes/_app.salaries_.edit.$id";
import { loader as employees } from "~/routes/_app.salaries_.employees";
import { loader as employee } from "~/routes/_app.salaries_.employees_.$id";
import { loader as employeeNew } from "~/routes/_app.salaries_.employees_.new";
import { loader as analyticsCsv } from "~/routes/analytics.export[.]csv";
import { loader as analyticsApi } from "~/routes/api.analytics.summary";
import { loader as employeesApi } from "~/routes/api.employees";
import { loader as employeeApi } from "~/routes/api.employees.$id";
import { loader as expenseCategoriesApi } from "~/routes/api.expense-categories";
import { loader as expensesApi } from "~/routes/api.expenses";
import { loader as expenseApi } from "~/routes/api.expenses.$id";
import { loader as attachmentsApi } from "~/routes/api.expenses.$id.attachments";
import { loader as salariesList } from "~/routes/api.salaries";
import { loader as salaryApi } from "~/routes/api.salaries.$id";
import { loader as banner } from "~/routes/api.salaries.banner-dismissal.$month";
import { loader as prompt } from "~/routes/api.salaries.check-duplicate-prompt";
import { loader as salariesApi } from "~/routes/api.salaries.month.$month";
import { loader as status } from "~/routes/api.subscription.status";
import { loader as suppliersApi } from "~/routes/api.suppliers";
import { loader as expensesCsv } from "~/routes/expenses.export[.]csv";
import { loader as salariesCsv } from "~/routes/salaries.export[.]csv";
import type { Plan } from "~db/types";
import { createUser } from "../setup/factories";
import { call, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

// [path, loader, the plan it needs, the answer when allowed (404: no such expense), a company's module]
const gated = [
  ["/expenses", expenses, "standard", 200, true],
  ["/expenses/add", expenseAdd, "standard", 200, true],
  ["/expenses/edit/x", expenseEdit, "standard", 404, true],
  ["/expenses/x", expenseView, "standard", 404, true],
  ["/expenses/categories", expenseCategories, "standard", 200, true],
  ["/expenses/export.csv", expensesCsv, "standard", 200, true],
  ["/api/expenses", expensesApi, "standard", 200, true],
  ["/api/expenses/x", expenseApi, "standard", 404, true],
  ["/api/expenses/x/attachments", attachmentsApi, "standard", 404, true],
  ["/api/expense-categories", expenseCategoriesApi, "standard", 200, true],
  ["/api/suppliers", suppliersApi, "standard", 200, true],
  ["/salaries", salaries, "full", 200, true],
  ["/salaries/add", salaryAdd, "full", 200, true],
  ["/salaries/edit/x", salaryEdit, "full", 404, true],
  ["/salaries/employees", employees, "full", 200, true],
  ["/salaries/employees/new", employeeNew, "full", 200, true],
  ["/salaries/employees/x", employee, "full", 404, true],
  ["/salaries/export.csv", salariesCsv, "full", 200, true],
  ["/analytics", analytics, "full", 200, true],
  ["/analytics/export.csv?table=months", analyticsCsv, "full", 200, true],
  ["/api/analytics/summary", analyticsApi, "full", 200, true],
  ["/api/salaries/month/2026-11", salariesApi, "full", 200, true],
  ["/api/salaries", salariesList, "full", 200, true],
  ["/api/salaries/x", salaryApi, "full", 404, true],
  ["/api/salaries/check-duplicate-prompt", prompt, "full", 200, true],
  ["/api/salaries/banner-dismissal/2026-11", banner, "full", 200, true],
  ["/api/employees", employeesApi, "full", 200, true],
  ["/api/employees/x", employeeApi, "full", 404, true],
] as const;

const RANK = { basic: 0, standard: 1, full: 2 };

describe("plan gates on the server", () => {
  for (const who of ["basic", "standard", "full", "admin"] as const) {
    it(`${who}: every gated loader and API call answers by plan`, async () => {
      const user = await createUser(
        getDb(),
        who === "admin" ? { role: "admin" } : { plan: who as Plan },
      );
      const { cookie, bearer } = await signInApi(getDb(), user);
      for (const [path, loader, needs, ok, companyModule] of gated) {
        const headers = path.startsWith("/api/") ? bearer : { Cookie: cookie };
        const response = await call(loader, getDb(), path, {
          headers,
          params: { id: "x", month: "2026-11" },
        });
        // An admin works in the operator's company (decision 012), with every module open.
        void companyModule;
        const allowed = who === "admin" || RANK[who] >= RANK[needs];
        expect(response.status, `${who} ${path}`).toBe(allowed ? ok : 403);
        if (!allowed) {
          expect(await response.json(), `${who} ${path}`).toMatchObject(
            path.startsWith("/api/")
              ? // The plan by the name the spec and the plans page give it (issue #41 item 13).
                {
                  message: `Необходим е план „${needs === "full" ? "Пълен" : "Стандартен"}“`,
                  requiredPlan: needs,
                }
              : { locked: true, needed: needs },
          );
        }
      }
      const body = (await (
        await call(status, getDb(), "/api/subscription/status", { headers: bearer })
      ).json()) as {
        data: { effectivePlan: string };
      };
      expect(body.data.effectivePlan).toBe(who);
    });
  }

  it("without a session: pages go to sign in, the API answers 401", async () => {
    expect((await call(expenses, getDb(), "/expenses")).status).toBe(302);
    expect(
      (
        await call(salariesApi, getDb(), "/api/salaries/month/2026-11", {
          params: { month: "2026-11" },
        })
      ).status,
    ).toBe(401);
  });
});
