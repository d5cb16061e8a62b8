import { describe, expect, it } from "vitest";
import { endExpiredGrants, grantPlan, revokeGrant } from "~/modules/admin/grants.server";
import { writeSubscription } from "~/modules/subscriptions/state.server";
import { createUser } from "../setup/factories";
import { call, formBody, signInApi } from "../setup/routes";
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

  it("thirty grants at once: each answered (no 5xx), one grant left in force, the database holding it", async () => {
    const { db, admin, customer, companyPlan } = await setup();
    const companyId = customer.companyId!;
    const session = await signInApi(db, admin);
    const { action } = await import("~/routes/hatterscastle.customers.edit.$id");
    const plans = ["standard", "full"] as const;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(action, db, `/hatterscastle/customers/edit/${companyId}`, {
          ...formBody(
            { intent: "grant", plan: plans[i % 2]!, reason: `Тест ${i}`, endsOn: "" },
            { Cookie: session.cookie },
          ),
          params: { id: companyId },
        }).then(
          (response) => response.status,
          (error: unknown) => `thrown: ${String(error)}`,
        ),
      ),
    );
    expect(answers.filter((status) => status !== 302)).toEqual([]);
    const live = await db
      .selectFrom("planGrants")
      .select(["plan", "reason"])
      .where("companyId", "=", companyId)
      .where("revokedAt", "is", null)
      .execute();
    expect(live).toHaveLength(1);
    expect(await companyPlan()).toBe(live[0]!.plan);
    expect(
      await db.selectFrom("planGrants").select("id").where("companyId", "=", companyId).execute(),
    ).toHaveLength(30);

    // A second grant in force is refused by the database itself, whoever writes it.
    await expect(
      db
        .insertInto("planGrants")
        .values({
          companyId,
          plan: "full",
          reason: "В обход",
          endsOn: null,
          grantedBy: admin.id,
          grantedByEmail: admin.email,
        })
        .execute(),
    ).rejects.toMatchObject({ code: "23505" });
  });

  it("the migration keeps the newest of several grants in force and ends the others", async () => {
    const { db, admin, customer } = await setup();
    const companyId = customer.companyId!;
    const { down, up } = await import("~db/migrations/20261125T0600-one-active-grant");
    await down(db);
    for (const [plan, createdAt] of [
      ["full", "2026-01-01T10:00:00Z"],
      ["standard", "2026-03-01T10:00:00Z"],
      ["full", "2026-02-01T10:00:00Z"],
    ] as const) {
      await db
        .insertInto("planGrants")
        .values({
          companyId,
          plan,
          reason: "Тест",
          endsOn: null,
          grantedBy: admin.id,
          grantedByEmail: admin.email,
          createdAt: new Date(createdAt),
        })
        .execute();
    }
    await up(db);
    const rows = await db
      .selectFrom("planGrants")
      .select(["plan", "createdAt", "revokedAt"])
      .where("companyId", "=", companyId)
      .orderBy("createdAt")
      .execute();
    expect(rows.map((r) => [r.plan, r.revokedAt === null])).toEqual([
      ["full", false],
      ["full", false],
      ["standard", true],
    ]);
  });
});
