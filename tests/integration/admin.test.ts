import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { adminStatistics } from "~/modules/admin/statistics.server";
import { loader as logoutLoader } from "~/routes/logout";
import { todayInSofia } from "~/utils/dates";
import { createUser } from "../setup/factories";
import { call, formBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();
const ROUTES = path.resolve(__dirname, "../../app/routes");

// Admin routes that are public on purpose, with the reason.
const PUBLIC = {
  "hatterscastle_.login.tsx": "the back office's sign-in page",
  "api.admin.customers.direct.ts":
    "spends an admin's one-time token: the token is the credential (admin-impersonation.test.ts)",
} as Record<string, string>;

/** Every route module of the admin area: /hatterscastle… pages and /api/admin… calls. */
function adminRoutes() {
  return readdirSync(ROUTES)
    .filter((file) => /^(hatterscastle|api\.admin\.)/.test(file) && !file.includes(".test."))
    .filter((file) => !(file in PUBLIC));
}

type Handler = (args: unknown) => Promise<unknown>;

describe("the admin area's guard", () => {
  it("every admin loader and action sends a guest to the admin sign-in and a customer away; an admin passes", async () => {
    const db = getDb();
    const customer = await signInApi(db, await createUser(db, { plan: "full" }));
    const admin = await signInApi(db, await createUser(db, { role: "admin" }));
    const files = adminRoutes();
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) {
      const module = (await import(path.join(ROUTES, file))) as Record<string, Handler>;
      const isApi = file.startsWith("api.");
      const urlPath = isApi
        ? `/${file.replace(/\.tsx?$/, "").replace(/\./g, "/")}`
        : "/hatterscastle/x";
      for (const kind of ["loader", "action"] as const) {
        const handler = module[kind];
        if (!handler) continue;
        const request = (headers: Record<string, string>) =>
          call(handler as never, db, urlPath, {
            method: kind === "loader" ? "GET" : "POST",
            headers: {
              ...headers,
              ...(kind === "action" ? { Origin: "http://localhost:3000" } : {}),
            },
            params: { id: "00000000-0000-4000-8000-000000000000", userId: "x" },
          });
        const guest = await request({});
        const asCustomer = await request(isApi ? customer.bearer : { Cookie: customer.cookie });
        const asAdmin = await request(isApi ? admin.bearer : { Cookie: admin.cookie });
        const label = `${kind} of ${file}`;
        if (isApi) {
          expect(guest.status, label).toBe(401);
          expect(asCustomer.status, label).toBe(403);
          expect(await asCustomer.json(), label).toEqual({ message: "Достъп отказан" });
        } else {
          expect(guest.status, label).toBe(302);
          expect(guest.headers.get("Location"), label).toMatch(/^\/hatterscastle\/login/);
          expect(asCustomer.status, label).toBe(302);
          expect(asCustomer.headers.get("Location"), label).toBe("/dashboard");
        }
        expect([401, 403], label).not.toContain(asAdmin.status);
        expect(asAdmin.headers.get("Location") ?? "", label).not.toMatch(/login|dashboard/);
      }
    }
  });
});

describe("the admin sign-in", () => {
  it("lets only an admin in, throttles like /auth, keeps the e-mail and stays inside the back office", async () => {
    const db = getDb();
    const { action } = await import("~/routes/hatterscastle_.login");
    const admin = await createUser(db, { role: "admin" });
    const customer = await createUser(db, { plan: "full" });
    const post = (fields: Record<string, string>, ip = "10.0.0.1") =>
      call(action, db, "/hatterscastle/login", { ...formBody(fields), ip });

    const empty = await post({ email: "", password: "" });
    expect(empty.status).toBe(400);
    expect((await empty.json()).fieldErrors).toEqual({
      email: "Въведете имейл",
      password: "Въведете парола",
    });

    // Found by the fuzz table: a NUL byte never reaches the database.
    const nul = await post({ email: "a\u0000@b.bg", password: "x" });
    expect(nul.status).toBe(400);
    expect((await nul.json()).fieldErrors).toEqual({ email: "Въведете валиден имейл адрес" });

    const asCustomer = await post({ email: customer.email, password: customer.password });
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.headers.get("Set-Cookie")).toBeNull();
    expect(await asCustomer.json()).toMatchObject({
      repopulateFields: { email: customer.email },
      formError: "Този вход е само за администратори",
    });

    const wrong = await post({ email: admin.email, password: "Грешна1!" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({
      repopulateFields: { email: admin.email },
      formError: "Невалиден имейл или парола",
    });

    const ok = await post({ email: admin.email, password: admin.password, redirectTo: "/clients" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/hatterscastle");
    expect(ok.headers.get("Set-Cookie")).toContain("__session=");
    const deep = await post({
      email: admin.email,
      password: admin.password,
      redirectTo: "/hatterscastle/statistics",
    });
    expect(deep.headers.get("Location")).toBe("/hatterscastle/statistics");

    // Wrong passwords for one account from one address: throttled, with the same message as /auth.
    let last: Response | undefined;
    for (let i = 0; i < 8; i++) {
      last = await post({ email: admin.email, password: `Грешна${i}!` }, "10.0.0.9");
    }
    expect(last?.status).toBe(429);

    // An admin's logout goes back to the admin sign-in.
    const session = await signInApi(db, admin);
    const out = await call(logoutLoader, db, "/logout", { headers: { Cookie: session.cookie } });
    expect(out.headers.get("Location")).toBe("/hatterscastle/login");
  });
});

describe("the back office's figures", () => {
  it("counts customers by plan, MRR from paying subscriptions, sign-ups of the week and payments to check", async () => {
    const db = getDb();
    const before = await adminStatistics(db, { standard: 1500, full: 2900 }, todayInSofia());
    const full = await createUser(db, { plan: "full" });
    const standard = await createUser(db, { plan: "standard" });
    await db
      .insertInto("subscriptions")
      .values([
        { companyId: full.companyId!, plan: "full", status: "active" },
        { companyId: standard.companyId!, plan: "standard", status: "past_due" },
      ])
      .execute();
    const after = await adminStatistics(db, { standard: 1500, full: 2900 }, todayInSofia());
    expect(after.customers - before.customers).toBe(2);
    const plan = (s: typeof after, p: string) => s.byPlan.find((b) => b.plan === p)!.count;
    expect(plan(after, "full") - plan(before, "full")).toBe(1);
    expect(plan(after, "standard") - plan(before, "standard")).toBe(1);
    expect(after.mrrCents - before.mrrCents).toBe(2900 + 1500);
    const week = (s: typeof after) => s.signUps.at(-1)!.count;
    expect(week(after) - week(before)).toBe(2);
    expect(after.signUps).toHaveLength(12);
    expect(after.attention.map((a) => a.companyId)).toContain(standard.companyId);
    expect(after.attention.map((a) => a.companyId)).not.toContain(full.companyId);
  });
});
