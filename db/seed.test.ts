import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/modules/auth/password.server";
import { addDays, todayInSofia } from "~/utils/dates";
import { call, signInApi } from "../tests/setup/routes";
import { setupTestDatabase } from "../tests/setup/test-db";
import { DEMO_ACCOUNTS, isEmpty, seedDemo, seedDemoData } from "./seed";

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

  it("gives the demo company a working month on the full plan: clients, every kind of document, a payment, expenses, a salary (issue #41, item 15)", async () => {
    const db = getDb();
    await seedDemo(db);
    const demo = await db
      .selectFrom("users")
      .innerJoin("companies", "companies.id", "users.companyId")
      .select(["users.id as userId", "companies.id as companyId", "companies.subscriptionPlan"])
      .where("users.email", "=", DEMO_ACCOUNTS.customer.email)
      .executeTakeFirstOrThrow();
    expect(demo.subscriptionPlan).toBe("full");
    const { companyId } = demo;
    const count = async (table: "clients" | "expenses" | "employees" | "salaries") =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("companyId", "=", companyId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count("clients")).toBeGreaterThanOrEqual(3);
    expect(await count("expenses")).toBeGreaterThanOrEqual(1);
    expect(await count("employees")).toBe(1);
    expect(await count("salaries")).toBe(1);
    const docs = await db
      .selectFrom("documents")
      .select(["type", "status", "number", "totalCents", "paidCents", "issueDate", "createdBy"])
      .where("companyId", "=", companyId)
      .execute();
    const kinds = new Set(docs.map((d) => `${d.type}:${d.status}`));
    for (const kind of [
      "invoice:issued",
      "invoice:draft",
      "proforma:issued",
      "credit_note:issued",
      "debit_note:issued",
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    // A paid invoice with its payment, and every issued one numbered and the demo user's.
    expect(
      docs.some((d) => d.type === "invoice" && d.paidCents > 0 && d.paidCents === d.totalCents),
    ).toBe(true);
    expect(docs.filter((d) => d.status === "issued").every((d) => d.number)).toBe(true);
    expect(docs.every((d) => d.createdBy === demo.userId)).toBe(true);
    // Within the last weeks: the month a newcomer sees.
    const today = todayInSofia();
    expect(docs.every((d) => d.issueDate <= today && d.issueDate >= addDays(today, -45))).toBe(
      true,
    );

    // The demo customer sees them: the dashboard and the pages of the full plan open.
    const session = await signInApi(db, DEMO_ACCOUNTS.customer);
    const invoices = await import("~/routes/_app.invoices");
    const listed = await call(invoices.loader, db, "/invoices", {
      headers: { Cookie: session.cookie },
    });
    expect(listed.status).toBe(200);
    const salaries = await import("~/routes/_app.salaries");
    const shown = await call(salaries.loader, db, "/salaries", {
      headers: { Cookie: session.cookie },
    });
    expect(shown.status).toBe(200);
  });

  it("never adds the month twice, nor to a demo company that has data of its own", async () => {
    const db = getDb();
    await seedDemo(db);
    const { companyId } = await db
      .selectFrom("users")
      .select("companyId")
      .where("email", "=", DEMO_ACCOUNTS.customer.email)
      .executeTakeFirstOrThrow();
    const documents = () =>
      db
        .selectFrom("documents")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("companyId", "=", companyId!)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    const before = await documents();
    expect(before).toBeGreaterThan(0);
    expect(await seedDemoData(db)).toBe(false);
    expect(await documents()).toBe(before);
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
