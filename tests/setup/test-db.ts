import { readFile } from "node:fs/promises";
import { type Kysely, sql } from "kysely";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { type OpenedDatabase, openMemoryPglite, openPostgres } from "~db/client";
import type { Database } from "~db/types";
import { createDatabase, dropDatabase, uniqueName } from "./postgres";

let templateBlob: Blob | undefined;

/** A fresh, migrated database of its own (a copy of the template made by global-db.ts). */
export async function createTestDatabase(): Promise<OpenedDatabase & { url?: string }> {
  const info = inject("testDatabase");
  if (info.kind === "pglite") {
    templateBlob ??= new Blob([new Uint8Array(await readFile(info.templateFile))]);
    return openMemoryPglite(templateBlob);
  }
  const name = uniqueName("smetka_t");
  const url = await createDatabase(info.url, name, info.template);
  const database = openPostgres(url, 4);
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await dropDatabase(info.url, name);
    },
  };
}

/** Reference data the migrations seed (payroll parameters, public holidays, VAT rates, НАП's formats and accounts, seats per plan): kept between tests. */
const REFERENCE_TABLES = [
  "payroll_parameters",
  "public_holidays",
  "sick_leave_rules",
  "vat_registration_thresholds",
  "vat_rates",
  "vat_grounds",
  "banks_bg",
  "nap_declaration_formats",
  "nap_payment_accounts",
  "plan_seats",
  "ecb_rates",
  "ledger_account_templates",
];

/** Empties every table (but the migration bookkeeping and reference data) so each test starts clean. */
export async function resetDatabase(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables
    where schemaname = 'public' and tablename not like 'kysely_%'
      and tablename not in (${sql.join(REFERENCE_TABLES)})
  `.execute(db);
  if (rows.length === 0) return;
  const tables = rows.map((row) => `"${row.tablename}"`).join(", ");
  await sql.raw(`truncate ${tables} restart identity cascade`).execute(db);
}

/**
 * Gives the test file its own migrated database, emptied after each test.
 * Call at the top of a file; use the returned getter inside tests.
 */
export function setupTestDatabase(): (() => Kysely<Database>) & {
  opened: () => OpenedDatabase & { url?: string };
} {
  let database: (OpenedDatabase & { url?: string }) | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    if (database) await resetDatabase(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });
  const opened = () => {
    if (!database) throw new Error("setupTestDatabase: the database is not open yet");
    return database;
  };
  return Object.assign(() => opened().db, { opened });
}
