import type { PGlite } from "@electric-sql/pglite";
import { CompiledQuery, type Kysely } from "kysely";
import PgBoss from "pg-boss";
import type { Database } from "~db/types";

/*
 * The job queue (issue #15, docs/decisions/013): pg-boss on the app's own PostgreSQL, so jobs,
 * schedules and their record live beside the data, every instance can work them, and a job is
 * fetched by one worker only (SELECT … FOR UPDATE SKIP LOCKED). On the embedded default pg-boss
 * talks to PGlite through a small adapter: the same SQL, the app's one connection.
 */

export type Queue = PgBoss;

/**
 * How often one instance looks for jobs whose worker died (their expiry passed while active) and
 * hands them to a retry; with the kinds' expiry and retry delay this bounds how long a job of a
 * killed process waits (issue #24: under a minute).
 */
export const MAINTENANCE_INTERVAL_SECONDS = 10;

type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * pg-boss's database interface over PGlite (one statement with parameters, or a script). PGlite
 * is one connection: Kysely's driver lends it to one user at a time and a transaction keeps it to
 * its end, so pg-boss borrows it the same way — its polls never land inside an app transaction
 * (and are never rolled back with one). A job sent inside a transaction goes through that
 * transaction instead (`transactionExecutor`); through here it would wait for itself.
 */
export function pgliteAdapter(pglite: PGlite, db: Kysely<Database>) {
  const exclusive = <T>(work: () => Promise<T>) => db.connection().execute(work);
  return {
    executeSql: (text: string, values?: unknown[]) =>
      exclusive(async () => {
        if (!values || values.length === 0) {
          const results = await pglite.exec(text);
          const last = results.at(-1);
          return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 };
        }
        const result = await pglite.query(text, values);
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      }),
  };
}

/**
 * pg-boss's database interface over a Kysely transaction (PostgreSQL or PGlite): a job created
 * through it is committed or rolled back with the transaction's rows.
 */
export function transactionExecutor(trx: Kysely<Database>): Executor {
  const raw = trx.withoutPlugins();
  return {
    async executeSql(text, values = []) {
      const result = await raw.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows };
    },
  };
}

/** A pg-boss instance on the database (not started). */
export function createQueue(options: {
  databaseUrl?: string | undefined;
  /** The embedded database and the Kysely instance that owns its connection. */
  pglite?: { pglite: PGlite; db: Kysely<Database> } | null;
  /** Connections of its own on PostgreSQL (polling, maintenance, the jobs' state). */
  poolSize?: number;
  /**
   * How often the instance looks whether a schedule's tick has come, and turns a tick into its
   * job (pg-boss's cronMonitorIntervalSeconds and cronWorkerIntervalSeconds: 30 s and 5 s when
   * not given). Tests shorten it to see a tick without waiting half a minute for the look.
   */
  cronCheckSeconds?: number;
}): Queue {
  const cron = options.cronCheckSeconds
    ? {
        cronMonitorIntervalSeconds: options.cronCheckSeconds,
        cronWorkerIntervalSeconds: options.cronCheckSeconds,
      }
    : {};
  const common = {
    ...cron,
    schema: "pgboss",
    // Jobs and their record: completed ones kept a week for support, archived after that.
    archiveCompletedAfterSeconds: 7 * 24 * 60 * 60,
    deleteAfterDays: 30,
    monitorStateIntervalSeconds: 60,
    maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
  } as const;
  if (options.pglite) {
    return new PgBoss({
      ...common,
      db: pgliteAdapter(options.pglite.pglite, options.pglite.db),
    } as PgBoss.ConstructorOptions);
  }
  if (!options.databaseUrl) throw new Error("The job queue needs DATABASE_URL or PGlite");
  return new PgBoss({
    ...common,
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 3,
    application_name: "smetka-jobs",
  });
}
