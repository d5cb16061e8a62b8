import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { listClients } from "~/modules/clients/queries.server";
import { type OpenedDatabase, openMemoryPglite, openPostgres } from "~db/client";
import { migrateToLatest } from "~db/migrate";
import { createDatabase, dropDatabase, uniqueName } from "../setup/postgres";

// `npm run bench`: figures for the notes, never assertions. Postgres is BENCH_DATABASE_URL
// (a server URL; a fresh database is created on it), default postgres://postgres@127.0.0.1:5432/postgres.

const COMPANIES = 1_000;
const CLIENTS = 10_000;
const RUNS = 200;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(label: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await run(); // warm up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(38)} p50 ${percentile(times, 50).toFixed(2)} ms   p95 ${percentile(times, 95).toFixed(2)} ms`,
  );
}

async function seed(database: OpenedDatabase): Promise<string> {
  const { db } = database;
  const started = performance.now();
  const companyIds: string[] = [];
  for (let offset = 0; offset < COMPANIES; offset += 500) {
    const rows = Array.from({ length: Math.min(500, COMPANIES - offset) }, (_, i) => ({
      name: `Фирма ${offset + i}`,
      companyType: "company" as const,
      eik: String(100_000_000 + offset + i),
      address: "ул. Шипка 5",
      city: "София",
      postalCode: "1000",
      email: `c${offset + i}@example.bg`,
    }));
    companyIds.push(
      ...(await db.insertInto("companies").values(rows).returning("id").execute()).map((r) => r.id),
    );
  }
  const target = companyIds[0]!;
  const others = companyIds.slice(1);
  const clientRows = [
    ...Array.from({ length: CLIENTS }, (_, i) => ({
      companyId: target,
      name: `Клиент ${i} ООД`,
      eik: String(200_000_000 + i),
    })),
    ...others.flatMap((companyId, c) =>
      Array.from({ length: 10 }, (_, i) => ({
        companyId,
        name: `Чужд клиент ${c}-${i}`,
        eik: null,
      })),
    ),
  ];
  for (let offset = 0; offset < clientRows.length; offset += 1_000) {
    await db
      .insertInto("clients")
      .values(
        clientRows
          .slice(offset, offset + 1_000)
          .map((r) => ({ ...r, kind: "company" as const, address: "ул. 1", city: "София" })),
      )
      .execute();
  }
  // Autovacuum would gather statistics on a live server; a freshly seeded table has none, and
  // without them the planner sorts all 10,000 rows instead of walking the index.
  await sql`analyze`.execute(db);
  console.log(
    `  seeded ${COMPANIES} companies, ${clientRows.length} clients in ${Math.round(performance.now() - started)} ms`,
  );
  return target;
}

async function benchDatabase(label: string, database: OpenedDatabase) {
  console.log(`\n${label}`);
  await migrateToLatest(database.db);
  const companyId = await seed(database);
  const { db } = database;
  let deepCursor: string | null = null;
  for (let page = 0; page < 100; page++)
    deepCursor = (await listClients(db, companyId, { after: deepCursor })).nextCursor;
  await measure("clients: first page by name", () => listClients(db, companyId, {}));
  await measure("clients: page 101 by name (keyset)", () =>
    listClients(db, companyId, { after: deepCursor }),
  );
  await measure("clients: first page, newest", () =>
    listClients(db, companyId, { sort: "newest" }),
  );
  await measure("clients: search «клиент 99»", () =>
    listClients(db, companyId, { q: "клиент 99" }),
  );
  await measure("clients: search by EIK", () => listClients(db, companyId, { q: "200009999" }));
}

async function benchStart() {
  console.log("\nserver start (node build/index.js, embedded PGlite)");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "smetka-bench-"));
  const start = () =>
    new Promise<number>((resolve, reject) => {
      const began = performance.now();
      const child = spawn(process.execPath, ["build/index.js"], {
        env: {
          ...process.env,
          PORT: "3999",
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
          NODE_ENV: "production",
          DATABASE_URL: "",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout.on("data", async (chunk: Buffer) => {
        if (!chunk.toString().includes("is running at")) return;
        const response = await fetch("http://127.0.0.1:3999/");
        const elapsed = performance.now() - began;
        if (response.status !== 200) reject(new Error(`GET / answered ${response.status}`));
        child.kill("SIGTERM");
        child.on("exit", () => resolve(elapsed));
      });
      child.on("error", reject);
    });
  console.log(
    `  first start (new database, migrations, demo seed) to GET / 200: ${Math.round(await start())} ms`,
  );
  console.log(`  restart on the same data to GET / 200: ${Math.round(await start())} ms`);
  await rm(dataDir, { recursive: true, force: true });
}

const memory = await openMemoryPglite();
await benchDatabase(`PGlite (in memory)`, memory);
await memory.close();

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = uniqueName("smetka_bench");
try {
  const postgres = openPostgres(await createDatabase(serverUrl, name), 10);
  await benchDatabase("PostgreSQL", postgres);
  await postgres.close();
} catch (error) {
  console.log(`\nPostgreSQL skipped: ${(error as Error).message}`);
} finally {
  await dropDatabase(serverUrl, name).catch(() => {});
}
await benchStart();
