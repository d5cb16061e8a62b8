import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/modules/auth/password.server";
import { setupTestDatabase } from "../tests/setup/test-db";
import { DEMO_ACCOUNTS, isEmpty, seedDemo } from "./seed";

const getDb = setupTestDatabase();

describe("seedDemo", () => {
  it("creates the demo customer with a company and the demo admin, with working passwords", async () => {
    const db = getDb();
    expect(await isEmpty(db)).toBe(true);
    expect(await seedDemo(db)).toEqual([DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.admin.email]);
    expect(await isEmpty(db)).toBe(false);

    const users = await db
      .selectFrom("users")
      .leftJoin("companies", "companies.id", "users.companyId")
      .select(["users.email", "users.role", "users.passwordHash", "companies.name as company"])
      .orderBy("users.email")
      .execute();
    expect(users.map(({ email, role, company }) => ({ email, role, company }))).toEqual([
      { email: "admin@smetka.bg", role: "admin", company: "Сметка — администрация" },
      { email: "demo@smetka.bg", role: "user", company: "Демо Сметка ЕООД" },
    ]);
    const customer = users.find((user) => user.email === DEMO_ACCOUNTS.customer.email)!;
    expect(customer.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(customer.passwordHash, DEMO_ACCOUNTS.customer.password)).toBe(true);
    expect(await verifyPassword(customer.passwordHash, "wrong")).toBe(false);
  });

  it("is idempotent: a second run creates nothing and keeps the two companies (the demo's and the operator's)", async () => {
    const db = getDb();
    await seedDemo(db);
    expect(await seedDemo(db)).toEqual([]);
    const { count } = await db
      .selectFrom("companies")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(2);
  });
});
