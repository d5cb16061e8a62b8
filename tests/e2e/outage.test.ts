import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminQuery, createDatabase, dropDatabase, uniqueName } from "../setup/postgres";
import { type RunningApp, sessionCookieValue, startApp } from "./harness";

const serverUrl = process.env.TEST_DATABASE_URL;

// A real outage needs a server to take away, so this runs in the PostgreSQL pass only.
describe.skipIf(!serverUrl)("when the database goes away", () => {
  let app: RunningApp;
  let name: string;
  beforeAll(async () => {
    name = uniqueName("smetka_outage");
    app = await startApp({ databaseUrl: await createDatabase(serverUrl!, name) });
  });
  afterAll(async () => {
    await app?.stop();
    await dropDatabase(serverUrl!, name);
  });

  it("pages answer 500 with the Bulgarian error page and no stack trace; /api/health says 503", async () => {
    const cookie = `__session=${await sessionCookieValue(app)}`;
    expect((await fetch(`${app.url}/dashboard`, { headers: { Cookie: cookie } })).status).toBe(200);

    await adminQuery(serverUrl!, `drop database "${name}" with (force)`);

    const page = await fetch(`${app.url}/dashboard`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(500);
    const html = await page.text();
    expect(html).toContain('<html lang="bg">');
    expect(html).toContain("Възникна неочаквана грешка");
    expect(html).not.toMatch(/at .+\.(js|ts):\d+|node_modules|database .* does not exist/);

    const health = await fetch(`${app.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "error", db: "unreachable" });
    // The landing page needs no database and keeps working.
    expect((await fetch(`${app.url}/`)).status).toBe(200);
    // Recreate it so afterAll's stop and drop find what they expect.
    await createDatabase(serverUrl!, name);
  });
});
