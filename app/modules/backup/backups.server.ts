import { existsSync } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import type { DatabaseKind } from "~db/client";
import type { Database } from "~db/types";
import {
  type BackupFile,
  backupFileName,
  backupsDir,
  completeFile,
  listBackupFiles,
  rotateBackups,
} from "./files.server";
import { archivePgliteFolder } from "./pglite-archive.server";
import { dumpPostgres, findTool, serverMajor } from "./postgres-archive.server";

/*
 * Backups of the whole database into DATA_DIR/backups (issue #28, decision 026): on the schedule
 * (BACKUP_INTERVAL, the job «backup.run») and when `npm run backup` asks. One at a time: in this
 * process a queue of its own, and on PostgreSQL an advisory lock held for the backup's length,
 * so instances sharing the database never dump together. Each run is written to backup_runs when
 * it ends, done or failed; then all but the newest BACKUP_KEEP files are deleted.
 */

/** What a backup reads and where it writes. */
export interface BackupTarget {
  db: Kysely<Database>;
  kind: DatabaseKind;
  dataDir: string;
  /** The database pg_dump reads (PostgreSQL only). */
  databaseUrl?: string | undefined;
  /** How many backup files to keep. */
  keep: number;
}

export type BackupTrigger = "schedule" | "command";

export interface BackupResult {
  file: string;
  path: string;
  sizeBytes: number;
  ms: number;
}

/** pg_advisory_lock's key for "a backup is running" (any 64-bit number the app uses for nothing else). */
const BACKUP_LOCK = 2_026_112_801;
/** How many runs backup_runs keeps. */
const RUNS_KEPT = 1_000;

let inProcess: Promise<unknown> = Promise.resolve();

/** Runs `work` after every backup this process started before it (one at a time). */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = inProcess.then(work, work);
  inProcess = next.catch(() => {});
  return next;
}

/**
 * Holds "a backup is running" for `work`: on PostgreSQL an advisory lock on a connection of its
 * own (other instances wait); on PGlite the process is the only one with the database.
 */
function exclusively<T>(target: BackupTarget, work: () => Promise<T>): Promise<T> {
  return oneAtATime(async () => {
    if (target.kind === "pglite") return work();
    return target.db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${BACKUP_LOCK})`.execute(connection);
      try {
        return await work();
      } finally {
        await sql`select pg_advisory_unlock(${BACKUP_LOCK})`.execute(connection);
      }
    });
  });
}

/** Makes a backup now, records it and rotates the folder; throws (after recording) when it failed. */
export function backUp(target: BackupTarget, trigger: BackupTrigger): Promise<BackupResult> {
  return exclusively(target, () => backUpHoldingLock(target, trigger));
}

/**
 * The scheduled backup: makes one when the last started `intervalHours` ago or more (an hour
 * after a failure, when the interval is longer; with none yet, an interval after the database was
 * made). Returns null when none was due.
 */
export function backUpIfDue(
  target: BackupTarget,
  intervalHours: number,
  now = new Date(),
): Promise<BackupResult | null> {
  return exclusively(target, async () => {
    const due = await nextBackupDue(target.db, intervalHours);
    if (due === null || due.getTime() > now.getTime()) return null;
    return backUpHoldingLock(target, "schedule");
  });
}

/** When the next scheduled backup is due (null when the schedule is off). */
export async function nextBackupDue(
  db: Kysely<Database>,
  intervalHours: number,
): Promise<Date | null> {
  if (intervalHours <= 0) return null;
  const last = await db
    .selectFrom("backupRuns")
    .select(["startedAt", "status"])
    .orderBy("startedAt", "desc")
    .limit(1)
    .executeTakeFirst();
  const hour = 60 * 60 * 1000;
  const wait = last?.status === "failed" ? Math.min(intervalHours, 1) * hour : intervalHours * hour;
  // A tick a few seconds early (the schedule's minutes against the last start's seconds) counts.
  const early = 60 * 1000;
  const since = last ? new Date(last.startedAt) : await databaseMadeAt(db);
  return new Date(since.getTime() + wait - early);
}

/** When the database was made: its first migration's time. */
async function databaseMadeAt(db: Kysely<Database>): Promise<Date> {
  const { rows } = await sql<{ at: Date | string }>`
    select min(timestamp) as at from kysely_migration`.execute(db);
  return rows[0]?.at ? new Date(rows[0].at) : new Date();
}

async function backUpHoldingLock(
  target: BackupTarget,
  trigger: BackupTrigger,
): Promise<BackupResult> {
  const startedAt = new Date();
  const dir = backupsDir(target.dataDir);
  let partial: string | null = null;
  try {
    await mkdir(dir, { recursive: true });
    const name = await freeName(dir, target.kind, startedAt);
    const final = path.join(dir, name);
    partial = `${final}.partial`;
    if (target.kind === "pglite") {
      await archivePgliteFolder(target.db, path.resolve(target.dataDir, "pgdata"), partial);
    } else {
      if (!target.databaseUrl) throw new Error("no DATABASE_URL to back up");
      const tool = await findTool("pg_dump", await serverMajor(target.db));
      await dumpPostgres(target.databaseUrl, tool, partial);
    }
    await completeFile(partial, final);
    partial = null;
    const { size } = await stat(final);
    const finishedAt = new Date();
    await record(target, {
      startedAt,
      finishedAt,
      status: "done",
      trigger,
      file: name,
      sizeBytes: size,
      error: null,
    });
    await rotateBackups(dir, target.keep, finishedAt);
    return {
      file: name,
      path: final,
      sizeBytes: size,
      ms: finishedAt.getTime() - startedAt.getTime(),
    };
  } catch (error) {
    if (partial) await rm(partial, { force: true });
    const message = error instanceof Error ? error.message : String(error);
    await record(target, {
      startedAt,
      finishedAt: new Date(),
      status: "failed",
      trigger,
      file: null,
      sizeBytes: null,
      error: message.slice(0, 2_000),
    });
    throw error;
  }
}

/** The name for a backup started at `at`; a second backup within the same second waits for the next. */
async function freeName(dir: string, kind: DatabaseKind, at: Date): Promise<string> {
  let name = backupFileName(kind, at);
  while (existsSync(path.join(dir, name)) || existsSync(path.join(dir, `${name}.partial`))) {
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
    name = backupFileName(kind, new Date());
  }
  return name;
}

/**
 * Writes one run to backup_runs (keeping the newest RUNS_KEPT). A database that cannot take it
 * (gone away, or older than the table) is reported, never fatal: the backup file is what counts.
 */
async function record(
  target: BackupTarget,
  run: {
    startedAt: Date;
    finishedAt: Date;
    status: "done" | "failed";
    trigger: BackupTrigger;
    file: string | null;
    sizeBytes: number | null;
    error: string | null;
  },
) {
  try {
    await target.db
      .insertInto("backupRuns")
      .values({ ...run, database: target.kind, host: os.hostname() })
      .execute();
    await sql`delete from backup_runs where id not in (
      select id from backup_runs order by started_at desc limit ${RUNS_KEPT})`.execute(target.db);
  } catch (error) {
    console.error(`backup: could not record the run: ${(error as Error).message}`);
  }
}

/** A run as the back office lists it. */
export interface BackupRun {
  startedAt: string;
  finishedAt: string;
  status: "done" | "failed";
  trigger: BackupTrigger;
  database: DatabaseKind;
  host: string;
  file: string | null;
  sizeBytes: number | null;
  error: string | null;
}

/** The newest runs (or successful runs only), newest first. */
export async function latestBackupRuns(
  db: Kysely<Database>,
  limit = 5,
  status?: "done",
): Promise<BackupRun[]> {
  let query = db
    .selectFrom("backupRuns")
    .select([
      "startedAt",
      "finishedAt",
      "status",
      "trigger",
      "database",
      "host",
      "file",
      "sizeBytes",
      "error",
    ])
    .orderBy("startedAt", "desc")
    .limit(limit);
  if (status) query = query.where("status", "=", status);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    startedAt: new Date(row.startedAt).toISOString(),
    finishedAt: new Date(row.finishedAt).toISOString(),
  }));
}

/** The backup files in this instance's DATA_DIR/backups. */
export function localBackupFiles(dataDir: string): Promise<BackupFile[]> {
  return listBackupFiles(backupsDir(dataDir));
}
