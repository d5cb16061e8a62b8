import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningApp, runServer, startApp } from "./harness";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe("the built server", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("serves the Bulgarian landing page at /", async () => {
    const response = await fetch(`${app.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="bg">');
    expect(html).toContain("Фактурирането и счетоводството на малкия бизнес");
    expect(html).toMatch(/href="\/auth"/);
  });

  it("answers an unknown path with 404 'Page Not Found'", async () => {
    const response = await fetch(`${app.url}/no/such/page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Page Not Found");
    expect(html).toContain('<html lang="bg">');
  });

  it("answers an unknown API path with JSON 404", async () => {
    const response = await fetch(`${app.url}/api/no-such-call`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Няма такъв адрес в API" });
  });

  it("reports its health at /api/health", async () => {
    const response = await fetch(`${app.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", db: "ok" });
  });

  it("serves the logo, the favicon and the Cyrillic font itself", async () => {
    for (const file of [
      "/logo.svg",
      "/favicon.svg",
      "/fonts/noto-sans-cyrillic-400-normal.woff2",
    ]) {
      const response = await fetch(`${app.url}${file}`);
      expect(response.status, file).toBe(200);
    }
  });

  it("prints where it listens and which database it uses", () => {
    expect(app.output()).toContain(`Сметка is running at ${app.url}`);
    expect(app.output()).toContain(onPostgres ? "database: postgres://" : "embedded PGlite");
  });
});

describe.skipIf(onPostgres)("the embedded default", () => {
  it("seeds the demo logins once, and keeps data and secret across a clean restart", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "smetka-restart-"));
    const first = await startApp({ dataDir });
    expect(first.output()).toContain(
      "Demo logins (just created): customer demo@smetka.bg / Demo1234!, admin admin@smetka.bg / Admin1234!",
    );
    const secret = await readFile(path.join(dataDir, "secrets.json"), "utf8");
    // startApp keeps a folder it was given, so the second run reopens the same data.
    expect(await first.stop()).toBe(0);
    expect(first.output()).toContain("Stopped cleanly");

    const second = await startApp({ dataDir });
    try {
      expect(second.output()).toContain("Demo logins: customer demo@smetka.bg");
      expect(second.output()).not.toContain("just created");
      expect(second.output()).not.toContain("Migrations applied");
      expect(await readFile(path.join(dataDir, "secrets.json"), "utf8")).toBe(secret);
    } finally {
      expect(await second.stop()).toBe(0);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("configuration", () => {
  it("stops with one clear line on a bad value", async () => {
    const server = runServer({ PORT: "not-a-port", DATA_DIR: "/tmp/smetka-never-used" });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "not-a-port")',
    );
  });
});
