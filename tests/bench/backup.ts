import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { backUp } from "~/modules/backup/backups.server";
import { unpackPgliteFolder } from "~/modules/backup/pglite-archive.server";
import { findTool, restorePostgres, serverMajor } from "~/modules/backup/postgres-archive.server";
import { type OpenedDatabase, openDatabase, openPostgres } from "~db/client";
import { migrateToLatest } from "~db/migrate";
import { createDatabase, dropDatabase, uniqueName } from "../setup/postgres";
import { seed } from "./seed";
import { fmt, record } from "./table";

// Backups (issue #28, decision 026): the bench's big database (1,000 companies, 100,000
// documents with two lines each, 100,000 expenses, 10,000 clients) backed up and restored the way
// `npm run backup` and `npm run restore` do it, on PostgreSQL (pg_dump -Fc / pg_restore) and on
// PGlite (the data folder as .tar.gz, read while the database's one connection is held).
// Part of `npm run bench` (BENCH_ONLY=backup). The data set has no stored PDFs: a real company's
// PDFs and receipts add their bytes, so the MB/s figures are what to scale by.

const MB = 1024 * 1024;

async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    total += entry.isDirectory() ? await folderBytes(full) : (await stat(full)).size;
  }
  return total;
}

async function documents(database: OpenedDatabase): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from documents`.execute(
    database.db,
  );
  return rows[0]!.n;
}

function report(label: string, seconds: number, bytes: number, sourceBytes: number, note: string) {
  console.log(
    `  ${label.padEnd(44)} ${fmt(seconds, 1)} s   ${fmt(bytes / MB, 1)} MB   ${fmt(sourceBytes / MB / seconds, 1)} MB/s of the database${note ? `   ${note}` : ""}`,
  );
  record({
    part: "backup",
    measure: label,
    app: `${fmt(seconds, 1)} s, ${fmt(bytes / MB, 1)} MB`,
    baseline: `database ${fmt(sourceBytes / MB)} MB${note ? `; ${note}` : ""}`,
  });
}

async function benchPostgres() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = uniqueName("smetka_bench_backup");
  const copy = uniqueName("smetka_bench_restored");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "smetka-bench-backup-"));
  try {
    const url = await createDatabase(serverUrl, name);
    const database = openPostgres(url, 4);
    await migrateToLatest(database.db);
    await seed(database);
    const { rows } = await sql<{ bytes: number }>`
      select pg_database_size(current_database())::bigint as bytes`.execute(database.db);
    const databaseBytes = rows[0]!.bytes;
    const count = await documents(database);

    const made = await backUp(
      { db: database.db, kind: "postgres", dataDir, databaseUrl: url, keep: 2 },
      "command",
    );
    report("PostgreSQL: backup (pg_dump -Fc)", made.ms / 1000, made.sizeBytes, databaseBytes, "");

    const copyUrl = await createDatabase(serverUrl, copy);
    const tool = await findTool("pg_restore", await serverMajor(database.db));
    await database.close();
    const began = performance.now();
    await restorePostgres(copyUrl, tool, made.path);
    const seconds = (performance.now() - began) / 1000;
    const restored = openPostgres(copyUrl, 2);
    const restoredCount = await documents(restored);
    await restored.close();
    report(
      "PostgreSQL: restore (pg_restore, one transaction)",
      seconds,
      made.sizeBytes,
      databaseBytes,
      restoredCount === count ? `${fmt(count)} documents back` : `MISMATCH ${restoredCount}`,
    );
  } finally {
    await dropDatabase(serverUrl, name).catch(() => {});
    await dropDatabase(serverUrl, copy).catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function benchPglite() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "smetka-bench-backup-"));
  const restoredDir = await mkdtemp(path.join(os.tmpdir(), "smetka-bench-restored-"));
  try {
    const database = await openDatabase({ dataDir });
    await migrateToLatest(database.db);
    await seed(database);
    const folder = await folderBytes(path.join(dataDir, "pgdata"));
    const count = await documents(database);

    // Queries asked while the backup runs wait for it (the database's one connection is held):
    // the longest wait of a query asked again and again meanwhile.
    let running = true;
    let held = 0;
    const probe = (async () => {
      while (running) {
        const asked = performance.now();
        await sql`select 1`.execute(database.db);
        held = Math.max(held, performance.now() - asked);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const made = await backUp({ db: database.db, kind: "pglite", dataDir, keep: 2 }, "command");
    running = false;
    await probe;
    report(
      "PGlite: backup (data folder, .tar.gz)",
      made.ms / 1000,
      made.sizeBytes,
      folder,
      `a query waited ${fmt(held / 1000, 1)} s`,
    );
    await database.close();

    const began = performance.now();
    await unpackPgliteFolder(made.path, path.join(restoredDir, "pgdata"));
    const restored = await openDatabase({ dataDir: restoredDir });
    const restoredCount = await documents(restored);
    const seconds = (performance.now() - began) / 1000;
    await restored.close();
    report(
      "PGlite: restore (unpack, open with recovery)",
      seconds,
      made.sizeBytes,
      folder,
      restoredCount === count ? `${fmt(count)} documents back` : `MISMATCH ${restoredCount}`,
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await rm(restoredDir, { recursive: true, force: true });
  }
}

export async function benchBackup() {
  console.log("\nBackups: the bench's database backed up and restored");
  await benchPostgres();
  await benchPglite();
}
