import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite, types as pgliteTypes } from "@electric-sql/pglite";
import { CamelCasePlugin, type Dialect, Kysely, PostgresDialect, sql } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import type { Database } from "./types";

export type DatabaseKind = "postgres" | "pglite";

export interface OpenedDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Where the data lives, for logs: a URL without its password, or the PGlite folder. */
  location: string;
  /** The embedded engine itself (null on PostgreSQL), for dumps in tests and LISTEN. */
  pglite: PGlite | null;
  close: () => Promise<void>;
}

// Type OIDs whose default parsing is wrong for accounting: DATE must stay a calendar
// day ("2026-01-31", no time zone shift) and INT8 (cents) must be a plain number.
const DATE_OID = 1082;
const INT8_OID = 20;
pg.types.setTypeParser(DATE_OID, (value) => value);
pg.types.setTypeParser(INT8_OID, (value) => Number(value));

const pgliteParsers = {
  [pgliteTypes.DATE]: (value: string) => value,
  [pgliteTypes.INT8]: (value: string) => Number(value),
};

/** Wraps a dialect in the one Kysely configuration the whole app uses. */
export function createKysely(dialect: Dialect): Kysely<Database> {
  return new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] });
}

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite under dataDir/pgdata. */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
}): Promise<OpenedDatabase> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  const folder = path.resolve(options.dataDir, "pgdata");
  await mkdir(folder, { recursive: true });
  return openPglite(await PGlite.create(folder, { parsers: pgliteParsers }), folder);
}

/** Opens an in-memory PGlite, optionally from a tarball made by `dumpDataDir` (tests). */
export async function openMemoryPglite(loadDataDir?: Blob): Promise<OpenedDatabase> {
  const pglite = await PGlite.create({
    parsers: pgliteParsers,
    ...(loadDataDir && { loadDataDir }),
  });
  return openPglite(pglite, "memory");
}

export function openPostgres(databaseUrl: string, poolSize = 10): OpenedDatabase {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
  });
  // A client losing its connection must never crash the process. Idle clients report through
  // the pool; a client checked out by a request reports on itself, so every client gets its own
  // listener. The query in flight fails (the request answers 503) and the pool drops the client.
  pool.on("error", (error) => console.error(`postgres pool: ${error.message}`));
  pool.on("connect", (client) => {
    client.on("error", (error) => console.error(`postgres connection: ${error.message}`));
  });
  const db = createKysely(new PostgresDialect({ pool }));
  return {
    db,
    kind: "postgres",
    location: redactUrl(databaseUrl),
    pglite: null,
    close: () => db.destroy(),
  };
}

// The Kysely handles on embedded PGlite: one session of one connection, where a statement
// prepared once stays prepared (isEmbedded).
const embedded = new WeakSet<Kysely<Database>>();

/** True for a handle on embedded PGlite (a single session), false on a PostgreSQL pool. */
export function isEmbedded(db: Kysely<Database>): boolean {
  return embedded.has(db);
}

function openPglite(pglite: PGlite, location: string): OpenedDatabase {
  const db = createKysely(new PGliteDialect(pglite));
  embedded.add(db);
  // Destroying the Kysely instance closes PGlite, which flushes its files to disk.
  return { db, kind: "pglite", location, pglite, close: () => db.destroy() };
}

/** True when the database answers a trivial query within the timeout. */
export async function pingDatabase(db: Kysely<Database>, timeoutMs = 3_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    const query = sql`select 1`.execute(db).then(() => true as const);
    return await Promise.race([query, timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function redactUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "postgres";
  }
}
