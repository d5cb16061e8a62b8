import { describe, expect, it } from "vitest";
import { loader as analytics } from "~/routes/_app.analytics";
import { loader as expenses } from "~/routes/_app.expenses";
import { loader as salaries } from "~/routes/_app.salaries";
import { loader as salaryAdd } from "~/routes/_app.salaries_.add";
import { loader as salaryEdit } from "~/routes/_app.salaries_.edit.$id";
import { loader as salariesApi } from "~/routes/api.salaries.month.$month";
import { loader as status } from "~/routes/api.subscription.status";
import type { Plan } from "~db/types";
import { createUser } from "../setup/factories";
import { call, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

const gated = [
  ["/expenses", expenses, "standard"],
  ["/salaries", salaries, "full"],
  ["/salaries/add", salaryAdd, "full"],
  ["/salaries/edit/x", salaryEdit, "full"],
  ["/analytics", analytics, "full"],
  ["/api/salaries/month/2026-11", salariesApi, "full"],
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
      for (const [path, loader, needs] of gated) {
        const headers = path.startsWith("/api/") ? bearer : { Cookie: cookie };
        const response = await call(loader, getDb(), path, {
          headers,
          params: { id: "x", month: "2026-11" },
        });
        const allowed = who === "admin" || RANK[who] >= RANK[needs];
        expect(response.status, `${who} ${path}`).toBe(allowed ? 200 : 403);
        if (!allowed && !path.startsWith("/api/")) {
          expect(await response.json()).toMatchObject({ locked: true, needed: needs });
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
