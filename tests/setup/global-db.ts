import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openMemoryPglite, openPostgres } from "~db/client";
import { migrateToLatest } from "~db/migrate";
import { createDatabase, databaseName, dropDatabase } from "./postgres";

export type TestDatabaseInfo =
  | { kind: "pglite"; templateFile: string }
  | { kind: "postgres"; url: string; template: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

/**
 * Migrates one template database before any test runs; each test file then gets its own
 * copy (PGlite: a memory database loaded from a data-dir dump; Postgres: CREATE DATABASE
 * … TEMPLATE), so files run in parallel without seeing each other's rows.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `${databaseName(url)}_template`;
    await dropDatabase(url, template);
    const database = openPostgres(await createDatabase(url, template), 2);
    await migrateToLatest(database.db);
    await database.close();
    project.provide("testDatabase", { kind: "postgres", url, template });
    return async () => dropDatabase(url, template);
  }

  const folder = await mkdtemp(path.join(os.tmpdir(), "smetka-test-"));
  const templateFile = path.join(folder, "template.tar");
  const database = await openMemoryPglite();
  await migrateToLatest(database.db);
  const dump = await database.pglite!.dumpDataDir("none");
  await writeFile(templateFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("testDatabase", { kind: "pglite", templateFile });
  return async () => rm(folder, { recursive: true, force: true });
}
