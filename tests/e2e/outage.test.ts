import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminQuery,
  createDatabase,
  dropDatabase,
  uniqueName,
  withDatabase,
} from "../setup/postgres";
import { registrationPayload, validEik } from "../setup/values";
import {
  fetchJson,
  type RunningApp,
  registerViaApi,
  sessionCookieValue,
  startApp,
} from "./harness";

const serverUrl = process.env.TEST_DATABASE_URL;

// A real outage needs a server to take away, so these run in the PostgreSQL pass only.
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

  it("survives connections killed under a read and a write load: 503 meanwhile, nothing half-written", async () => {
    const { token } = await registerViaApi(app, registrationPayload({ isVatRegistered: false }));
    const auth = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
    const client = await fetchJson(
      app,
      "/api/clients",
      {
        kind: "company",
        name: "Клиент Прекъсване ООД",
        eik: validEik(),
        address: "ул. Кабел 1",
        city: "София",
        postalCode: "1000",
      },
      auth,
      201,
    );

    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    let running = true;
    const reader = async () => {
      while (running) {
        const response = await fetch(`${app.url}/api/invoices`, { headers: auth }).catch(
          () => null,
        );
        count(response?.status ?? 0);
        await response?.arrayBuffer();
      }
    };
    const writer = async () => {
      while (running) {
        const created = await fetch(`${app.url}/api/invoices`, {
          method: "POST",
          headers: auth,
          body: JSON.stringify({
            type: "invoice",
            clientId: client.id,
            issueDate: "2026-11-20",
            lines: [
              { description: "Ред 1", quantity: "1", unitPrice: "10", vatRate: null },
              { description: "Ред 2", quantity: "2", unitPrice: "5", vatRate: null },
            ],
          }),
        }).catch(() => null);
        count(created?.status ?? 0);
        const body = (await created?.json().catch(() => null)) as { id?: string } | null;
        if (body?.id) {
          const issued = await fetch(`${app.url}/api/invoices/${body.id}/issue`, {
            method: "POST",
            headers: auth,
          }).catch(() => null);
          count(issued?.status ?? 0);
          await issued?.arrayBuffer();
        }
      }
    };
    /** Waits until the load is served again after `since`: three more reads and a new document. */
    const servedAgain = async (since: Map<number, number>) => {
      const grown = (status: number, by: number) =>
        (statuses.get(status) ?? 0) >= (since.get(status) ?? 0) + by;
      const end = Date.now() + 30_000;
      while (!(grown(200, 3) && grown(201, 1))) {
        if (Date.now() > end) throw new Error(`not served again: ${[...statuses]}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const load = [reader(), reader(), writer(), writer()];
    // Kill every connection of the app's database, five times while the load runs, each time once
    // the app serves again (not after a fixed pause: each kill lands on a working app).
    for (let round = 0; round < 5; round++) {
      await servedAgain(new Map(statuses));
      await adminQuery(
        serverUrl!,
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
      );
    }
    await servedAgain(new Map(statuses));
    running = false;
    await Promise.all(load);

    // The process is alive and serves again by itself.
    // (An uncaught error ends Node with its version line; the app printed none.)
    expect(app.output()).not.toMatch(/^Node\.js v\d+/m);
    const after = await fetch(`${app.url}/api/invoices`, { headers: auth });
    expect(after.status).toBe(200);
    // What failed said 503 (never 500, never a dropped connection).
    const seen = [...statuses.keys()].sort();
    expect(
      seen.every((status) => [200, 201, 503].includes(status)),
      `statuses ${seen}`,
    ).toBe(true);

    // Nothing half-written: every document has its two lines, issued ones their numbers in a row.
    const db = new pg.Client({ connectionString: withDatabase(serverUrl!, name) });
    await db.connect();
    try {
      const partial = await db.query(
        "select d.id from documents d where (select count(*) from document_lines l where l.document_id = d.id) <> 2",
      );
      expect(partial.rows).toEqual([]);
      const numbers = await db.query<{ number: string }>(
        "select number from documents where number is not null order by number",
      );
      expect(numbers.rows.map((row) => Number(row.number))).toEqual(
        numbers.rows.map((_, i) => i + 1),
      );
      const counter = await db.query<{ last_number: string }>(
        "select last_number from document_counters where series = 'tax'",
      );
      expect(Number(counter.rows[0]?.last_number ?? 0)).toBe(numbers.rows.length);
    } finally {
      await db.end();
    }
  });

  it("answers 503 with the Bulgarian page (JSON under /api) while the database is gone; / keeps working", async () => {
    const cookie = `__session=${await sessionCookieValue(app)}`;
    expect((await fetch(`${app.url}/dashboard`, { headers: { Cookie: cookie } })).status).toBe(200);

    await adminQuery(serverUrl!, `drop database "${name}" with (force)`);

    const page = await fetch(`${app.url}/dashboard`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(503);
    const html = await page.text();
    expect(html).toContain('<html lang="bg">');
    expect(html).toContain("Услугата е временно недостъпна");
    expect(html).not.toMatch(/at .+\.(js|ts):\d+|node_modules|database .* does not exist/);

    const api = await fetch(`${app.url}/api/invoices`, { headers: { Cookie: cookie } });
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({
      message: "Услугата е временно недостъпна. Опитайте отново след малко.",
    });

    const health = await fetch(`${app.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "error", db: "unreachable" });
    // The landing page needs no database and keeps working (the plans without their prices).
    const landing = await fetch(`${app.url}/`);
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain("Цената не може да бъде показана в момента");
    // Back by itself once the database is there again.
    await createDatabase(serverUrl!, name);
    const back = await fetch(`${app.url}/`);
    expect(back.status).toBe(200);
  });
});
