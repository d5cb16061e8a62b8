import { describe, expect, it } from "vitest";
import { endExpiredGrants, grantPlan, revokeGrant } from "~/modules/admin/grants.server";
import { writeSubscription } from "~/modules/subscriptions/state.server";
import { createUser } from "../setup/factories";
import { call, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

async function setup() {
  const db = getDb();
  const admin = await createUser(db, { role: "admin" });
  const customer = await createUser(db, { plan: "basic" });
  const audit = { admin: { id: admin.id, email: admin.email }, ip: "127.0.0.1" };
  const companyPlan = async () =>
    (
      await db
        .selectFrom("companies")
        .select("subscriptionPlan")
        .where("id", "=", customer.companyId!)
        .executeTakeFirstOrThrow()
    ).subscriptionPlan;
  const status = async () => {
    const { loader } = await import("~/routes/api.subscription.status");
    const session = await signInApi(db, customer);
    const response = await call(loader, db, "/api/subscription/status", {
      headers: session.bearer,
    });
    return ((await response.json()) as { data: { plan: string; effectivePlan: string } }).data;
  };
  return { db, admin, customer, audit, companyPlan, status };
}

describe("a plan granted without payment", () => {
  it("opens the plan's modules, says so to the customer, and is recorded", async () => {
    const { db, customer, audit, companyPlan, status } = await setup();
    expect(
      await grantPlan(
        db,
        customer.companyId!,
        { plan: "full", reason: "Партньорска програма", endsOn: null },
        audit,
      ),
    ).toBe("full");
    expect(await companyPlan()).toBe("full");
    expect(await status()).toMatchObject({ plan: "basic", effectivePlan: "full" });

    const { loader } = await import("~/routes/_app.expenses");
    const session = await signInApi(db, customer);
    const expenses = await call(loader, db, "/expenses", { headers: { Cookie: session.cookie } });
    expect(expenses.status).toBe(200);

    const page = await import("~/routes/_app.settings_.subscription");
    const sub = await call(page.loader, db, "/settings/subscription", {
      headers: { Cookie: session.cookie },
    });
    expect(await sub.json()).toMatchObject({ grant: { plan: "full", endsOn: null } });

    const rows = await db
      .selectFrom("auditLog")
      .select(["action", "adminEmail", "details"])
      .where("companyId", "=", customer.companyId!)
      .execute();
    expect(rows).toEqual([
      {
        action: "plan.grant",
        adminEmail: audit.admin.email,
        details: { plan: "full", reason: "Партньорска програма", endsOn: null },
      },
    ]);
  });

  it("keeps the higher of paid and granted; revoking returns the paid plan", async () => {
    const { db, customer, audit, companyPlan } = await setup();
    await grantPlan(db, customer.companyId!, { plan: "full", reason: "Тест", endsOn: null }, audit);
    // The customer pays for standard meanwhile: the grant still holds the company on full.
    await db
      .transaction()
      .execute((trx) =>
        writeSubscription(trx, customer.companyId!, { plan: "standard", status: "active" }),
      );
    expect(await companyPlan()).toBe("full");
    expect(await revokeGrant(db, customer.companyId!, audit)).toBe("standard");
    expect(await companyPlan()).toBe("standard");
    await expect(revokeGrant(db, customer.companyId!, audit)).rejects.toThrow(
      "Фирмата няма предоставен план",
    );
  });

  it("ends after its last day in the hourly sweep, and refuses a last day in the past", async () => {
    const { db, customer, audit, companyPlan } = await setup();
    await expect(
      grantPlan(
        db,
        customer.companyId!,
        { plan: "standard", reason: "Тест", endsOn: "2020-01-01" },
        audit,
      ),
    ).rejects.toThrow("Последният ден на плана не може да е в миналото");
    await grantPlan(
      db,
      customer.companyId!,
      { plan: "standard", reason: "Тест", endsOn: "2099-12-31" },
      audit,
    );
    expect(await endExpiredGrants(db, "2099-12-31")).toBe(0);
    expect(await companyPlan()).toBe("standard");
    expect(await endExpiredGrants(db, "2100-01-01")).toBe(1);
    expect(await companyPlan()).toBe("basic");
    expect(await endExpiredGrants(db, "2100-01-01")).toBe(0);
  });
});
