import { existsSync } from "node:fs";
import { cp, mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDatabase, dropDatabase, uniqueName } from "../setup/postgres";
import { registrationPayload, validEik } from "../setup/values";
import {
  demoToken,
  expectAccessible,
  fetchJson,
  freePort,
  hasChromium,
  launchBrowser,
  openPage,
  type RunningApp,
  registerViaApi,
  runServer,
  signInAdmin,
  startApp,
} from "./harness";

/*
 * `npm run backup` and `npm run restore FILE` against the built server (issue #28, decision 026):
 * on the embedded database the running app makes the backup when the command asks on its
 * control socket, the command makes it itself when no app runs, a second process never opens the
 * same data folder, and a restore goes only into an empty folder; on PostgreSQL pg_dump and
 * pg_restore, never into a database that holds anything. The back office shows the last backup.
 */

const serverUrl = process.env.TEST_DATABASE_URL;

/** `node build/index.js <args>` run to its end: its exit code and what it printed. */
async function command(env: Record<string, string>, args: string[]) {
  const run = runServer(env, args);
  const code = await run.exited;
  return { code, output: run.output() };
}

async function createClientOver(app: RunningApp, token: string, name: string): Promise<string> {
  const client = await fetchJson(
    app,
    "/api/clients",
    { kind: "company", name, eik: validEik(), address: "ул. Архивна 1", city: "София" },
    { Authorization: `Bearer ${token}` },
    201,
  );
  return client.id;
}

async function clientNames(app: RunningApp, token: string): Promise<string[]> {
  const response = await fetch(`${app.url}/api/clients?limit=50`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { clients: { name: string }[] }).clients.map((c) => c.name);
}

describe.skipIf(Boolean(serverUrl))("backups of the embedded database", () => {
  // One journey in two steps (issue #26 item 6: no test over 60 s): the running app's backup,
  // then the stopped app's backup and the restore of the first one.
  let dataDir: string;
  let restoredDir: string;
  let app: RunningApp;
  let restored: RunningApp | undefined;
  let made: string | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "smetka-e2e-backup-"));
    restoredDir = await mkdtemp(path.join(os.tmpdir(), "smetka-e2e-restored-"));
    const template = inject("e2eDataTemplate");
    if (template)
      await cp(path.join(template, "pgdata"), path.join(dataDir, "pgdata"), { recursive: true });
    app = await startApp({ dataDir });
  });
  afterAll(async () => {
    await app?.stop();
    await restored?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(restoredDir, { recursive: true, force: true });
  });

  it("the running app backs up when asked, nothing else opens its database, and the back office shows it; axe", async () => {
    const token = await demoToken(app);
    await createClientOver(app, token, "Клиент Архив ООД");

    const byApp = await command({ DATA_DIR: dataDir }, ["--backup"]);
    expect(byApp.code, byApp.output).toBe(0);
    made = /Backup written by the app: (\S+\.pgdata\.tar\.gz)/.exec(byApp.output)?.[1];
    expect(made, byApp.output).toBeDefined();
    expect(path.dirname(made!)).toBe(path.join(dataDir, "backups"));
    expect((await stat(made!)).size).toBeGreaterThan(0);
    expect(app.output()).toContain(`Backup written: ${made}`);

    // Nothing else opens the running app's database: not a second server, not a restore.
    const second = await command({ DATA_DIR: dataDir, PORT: String(await freePort()) }, []);
    expect(second.code).toBe(1);
    expect(second.output).toContain("Another process has the embedded database in");
    const over = await command({ DATA_DIR: dataDir }, ["--restore", made!]);
    expect(over.code).toBe(1);
    expect(over.output).toContain("архив се възстановява само докато приложението е спряно.");

    if (hasChromium) {
      const browser = await launchBrowser();
      try {
        const { page } = await openPage(browser, { javaScriptEnabled: false });
        await signInAdmin(page, app);
        const card = page.getByRole("region", { name: "Резервни копия" });
        await card.getByText("Последно успешно:").waitFor();
        await card.getByText(path.basename(made!)).first().waitFor();
        await page.getByRole("table", { name: "Последните резервни копия" }).waitFor();
        expect(await card.getByRole("alert").count()).toBe(0);
        await expectAccessible(page);
      } finally {
        await browser.close();
      }
    }
  });

  it("the command alone when no app runs; a restore only into an empty folder, which then serves the data", async () => {
    expect(made, "the first step made a backup").toBeDefined();
    expect(await app.stop()).toBe(0);
    const alone = await command({ DATA_DIR: dataDir }, ["--backup"]);
    expect(alone.code, alone.output).toBe(0);
    expect(alone.output).toMatch(/Backup written by this command: \S+\.pgdata\.tar\.gz/);
    expect(existsSync(path.join(dataDir, "control.sock"))).toBe(false);

    const full = await command({ DATA_DIR: dataDir }, ["--restore", made!]);
    expect(full.code).toBe(1);
    expect(full.output).toContain("не е празна: архив се възстановява само в празна папка с данни");

    const into = await command({ DATA_DIR: restoredDir }, ["--restore", made!]);
    expect(into.code, into.output).toBe(0);
    expect(into.output).toMatch(/Restored into \S+: 2 companies, \d+ documents, 2 users\./);
    restored = await startApp({ dataDir: restoredDir });
    expect(restored.output()).not.toContain("Migrations applied");
    expect(await clientNames(restored, await demoToken(restored))).toContain("Клиент Архив ООД");
  });
});

describe.skipIf(!serverUrl)("backups of PostgreSQL", () => {
  it("pg_dump while the app runs; pg_restore refuses a database with tables and fills an empty one", async () => {
    const name = uniqueName("smetka_e2e_backup");
    const copy = uniqueName("smetka_e2e_restored");
    const databaseUrl = await createDatabase(serverUrl!, name);
    const app = await startApp({ databaseUrl });
    let restored: RunningApp | undefined;
    try {
      const { token } = await registerViaApi(app, registrationPayload());
      await createClientOver(app, token, "Клиент Дъмп ООД");

      const env = { DATA_DIR: app.dataDir, DATABASE_URL: databaseUrl };
      const dumped = await command(env, ["--backup"]);
      expect(dumped.code, dumped.output).toBe(0);
      const made = /Backup written by pg_dump: (\S+\.pgdump)/.exec(dumped.output)?.[1];
      expect(made, dumped.output).toBeDefined();
      expect(path.dirname(made!)).toBe(path.join(app.dataDir, "backups"));

      const full = await command(env, ["--restore", made!]);
      expect(full.code).toBe(1);
      expect(full.output).toContain("не е празна (");
      expect(full.output).toContain("архив се възстановява само в празна база данни");

      const copyUrl = await createDatabase(serverUrl!, copy);
      const into = await command({ ...env, DATABASE_URL: copyUrl }, ["--restore", made!]);
      expect(into.code, into.output).toBe(0);
      expect(into.output).toMatch(/Restored into \S+: 1 companies, 0 documents, 1 users\./);
      restored = await startApp({ databaseUrl: copyUrl });
      // The session is a row of the database: the same token signs in to the restored copy.
      expect(await clientNames(restored, token)).toContain("Клиент Дъмп ООД");
    } finally {
      await app.stop();
      await restored?.stop();
      await dropDatabase(serverUrl!, name);
      await dropDatabase(serverUrl!, copy);
    }
  });
});
