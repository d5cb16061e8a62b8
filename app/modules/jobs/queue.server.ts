import type { PGlite } from "@electric-sql/pglite";
import PgBoss from "pg-boss";

/*
 * The job queue (issue #15, docs/decisions/013): pg-boss on the app's own PostgreSQL, so jobs,
 * schedules and their record live beside the data, every instance can work them, and a job is
 * fetched by one worker only (SELECT … FOR UPDATE SKIP LOCKED). On the embedded default pg-boss
 * talks to PGlite through a small adapter: the same SQL, one connection.
 */

export type Queue = PgBoss;

/** pg-boss's database interface over PGlite (one statement with parameters, or a script). */
export function pgliteAdapter(pglite: PGlite) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (!values || values.length === 0) {
        const results = await pglite.exec(text);
        const last = results.at(-1);
        return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 };
      }
      const result = await pglite.query(text, values);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  };
}

/** A pg-boss instance on the database (not started). */
export function createQueue(options: {
  databaseUrl?: string;
  pglite?: PGlite | null;
  /** Connections of its own on PostgreSQL (polling, maintenance, the jobs' state). */
  poolSize?: number;
}): Queue {
  const common = {
    schema: "pgboss",
    // Jobs and their record: completed ones kept a week for support, archived after that.
    archiveCompletedAfterSeconds: 7 * 24 * 60 * 60,
    deleteAfterDays: 30,
    monitorStateIntervalSeconds: 60,
  } as const;
  if (options.pglite) {
    return new PgBoss({
      ...common,
      db: pgliteAdapter(options.pglite),
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
