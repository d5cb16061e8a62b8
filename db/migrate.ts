import { type Kysely, Migrator } from "kysely";
import { migrationProvider } from "./migrations/index";
import type { Database } from "./types";

/**
 * Brings the schema up to date and returns the names it applied. Safe when several
 * instances start at once: Kysely holds a Postgres advisory lock while migrating.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // Migrations see raw snake_case SQL, not the app's camelCase plugin.
  const migrator = new Migrator({ db: db.withoutPlugins(), provider: migrationProvider });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === "Error");
  if (error) {
    const name = failed ? ` in ${failed.migrationName}` : "";
    throw new Error(`Migration failed${name}: ${describe(error)}`, { cause: error });
  }
  return results.filter((r) => r.status === "Success").map((r) => r.migrationName);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
