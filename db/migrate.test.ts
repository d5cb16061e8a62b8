import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDatabase, dropDatabase, uniqueName } from "../tests/setup/postgres";
import { createTestDatabase } from "../tests/setup/test-db";
import { type OpenedDatabase, openMemoryPglite, openPostgres } from "./client";
import { migrateToLatest } from "./migrate";
import { migrations } from "./migrations/index";

const serverUrl = process.env.TEST_DATABASE_URL;

describe("migrations", () => {
  it("are named with a sortable timestamp, in order", () => {
    const names = Object.keys(migrations);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^\d{8}T\d{4}-[a-z0-9-]+$/);
    expect([...names].sort()).toEqual(names);
  });

  it("leave nothing to apply on an already migrated database", async () => {
    const database = await createTestDatabase();
    try {
      expect(await migrateToLatest(database.db)).toEqual([]);
      const { rows } = await sql<{
        name: string;
      }>`select name from kysely_migration order by name`.execute(database.db);
      expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations));
    } finally {
      await database.close();
    }
  });

  it("apply exactly once when two instances start at the same moment", async () => {
    let first: OpenedDatabase;
    let second: OpenedDatabase;
    let cleanup = async () => {};
    if (serverUrl) {
      const name = uniqueName("smetka_race");
      const url = await createDatabase(serverUrl, name);
      first = openPostgres(url, 2);
      second = openPostgres(url, 2);
      cleanup = () => dropDatabase(serverUrl, name);
    } else {
      // One PGlite is one process's database; two Kysely handles share it, as two requests would.
      first = await openMemoryPglite();
      second = { ...first, close: async () => {} };
    }
    try {
      const [a, b] = await Promise.all([migrateToLatest(first.db), migrateToLatest(second.db)]);
      expect([...a, ...b].sort()).toEqual(Object.keys(migrations));
      const { rows } = await sql<{
        count: number;
      }>`select count(*)::int as count from kysely_migration`.execute(first.db);
      expect(rows[0]?.count).toBe(Object.keys(migrations).length);
    } finally {
      await second.close();
      await first.close();
      await cleanup();
    }
  });
});
