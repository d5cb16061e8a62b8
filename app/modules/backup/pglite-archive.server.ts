import { existsSync } from "node:fs";
import { access, mkdir, readdir, rename, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type Kysely, sql } from "kysely";
import * as tar from "tar";
import type { Database } from "~db/types";

/*
 * The embedded database's backup (decision 026): its data folder, DATA_DIR/pgdata, as a .tar.gz
 * read while the app's one connection is held. PGlite is PostgreSQL in one process: it writes its
 * files straight to that folder (Node's file system, no cache of its own), and between two
 * statements nothing of it runs. Holding the connection (Kysely's driver lends it to one user at a
 * time, and a transaction keeps it to its end; pg-boss borrows it the same way) means no statement
 * and no open transaction while the files are read, and CHECKPOINT first writes every changed
 * page and the WAL: the folder is then what a clean stop would leave, every committed
 * transaction in it. The archive is a plain tar that `tar -xzf` opens and PGlite's own
 * `loadDataDir` loads.
 */

/** PostgreSQL's lock file of the running engine: never part of a backup. */
const LOCK_FILE = "postmaster.pid";
/** A WAL segment's file (timeline, log, segment: 24 hex digits; names of one width sort as numbers). */
const WAL_SEGMENT = /^pg_wal\/([0-9A-F]{24})$/;

/**
 * Writes the data folder `pgdata` of the PGlite that `db` talks to into `file` (gzip), holding
 * the database's one connection from the checkpoint to the archive's last byte.
 */
export async function archivePgliteFolder(
  db: Kysely<Database>,
  pgdata: string,
  file: string,
): Promise<void> {
  // A missing data folder fails here, before tar opens `file`: tar's failure on its cwd came while
  // its write stream was still opening the file, which then appeared after the caller removed it.
  await access(pgdata);
  await db.connection().execute(async (connection) => {
    await sql`checkpoint`.execute(connection);
    // The WAL a start from this checkpoint replays: from its redo point to the end. The other
    // segments in pg_wal are older ones or recycled ones kept for reuse (up to max_wal_size, a
    // gigabyte): left out, as pg_basebackup leaves them out.
    const { rows } = await sql<{ redo: string; last: string }>`
      select pg_walfile_name(redo_lsn) as redo, pg_walfile_name(pg_current_wal_insert_lsn()) as last
      from pg_control_checkpoint()`.execute(connection);
    const { redo, last } = rows[0]!;
    await tar.c(
      {
        file,
        cwd: pgdata,
        gzip: { level: 1 },
        portable: true,
        filter: (entry) => {
          const name = path.normalize(entry);
          if (name === LOCK_FILE) return false;
          const segment = WAL_SEGMENT.exec(name)?.[1];
          return segment === undefined || (segment >= redo && segment <= last);
        },
      },
      ["."],
    );
  });
}

/** True when `folder` is missing or holds nothing. */
export async function isEmptyFolder(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

/** Why an archive was not restored; the restore command says it in Bulgarian (decision 026). */
export type ArchiveProblem =
  /** tar could not read it whole (cut, not a tar, an entry it could not write). */
  | "damaged"
  /** No PG_VERSION at its top: no PostgreSQL data folder. */
  | "no-data-folder"
  /** PostgreSQL (PGlite) did not start on it. */
  | "not-a-database"
  /** It starts, but holds no record of this app's migrations (or not this app's tables). */
  | "not-smetka";

export class ArchiveError extends Error {
  override name = "ArchiveError";
  constructor(
    readonly problem: ArchiveProblem,
    readonly detail: string,
  ) {
    super(`${problem}: ${detail}`);
  }
}

/** What a restored data folder holds, read from it while it was still in staging. */
export interface RestoredCounts {
  migrations: number;
  companies: number;
  documents: number;
  users: number;
}

/**
 * Starts PGlite on a data folder and reads the migrations' record and what the app keeps: the
 * check a restored folder passes before it replaces anything (issue #43 item 7). PGlite is closed
 * again (a clean stop: recovery done, a checkpoint written) before this returns or throws.
 */
export async function checkPgliteFolder(folder: string): Promise<RestoredCounts> {
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(folder);
  } catch (error) {
    throw new ArchiveError("not-a-database", oneLine(error));
  }
  try {
    const { rows } = await pglite
      .query<{ migrations: number }>("select count(*)::int as migrations from kysely_migration")
      .catch((error: unknown) => {
        throw new ArchiveError("not-smetka", oneLine(error));
      });
    const migrations = rows[0]?.migrations ?? 0;
    if (migrations === 0) throw new ArchiveError("not-smetka", "kysely_migration is empty");
    const counts = await pglite
      .query<Omit<RestoredCounts, "migrations">>(
        `select (select count(*) from companies)::int as companies,
          (select count(*) from documents)::int as documents,
          (select count(*) from users)::int as users`,
      )
      .catch((error: unknown) => {
        throw new ArchiveError("not-smetka", oneLine(error));
      });
    return { migrations, ...(counts.rows[0] as Omit<RestoredCounts, "migrations">) };
  } finally {
    await pglite.close().catch(() => undefined);
  }
}

/** An error's message on one line (PostgreSQL's may have a DETAIL and a HINT below it). */
function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (
    text
      .replace(/\s*\n\s*/g, " / ")
      .trim()
      .slice(0, 300) || "no message"
  );
}

/**
 * Unpacks a backup into `pgdata`, which must be missing or empty: first into a sibling folder,
 * renamed into place only when the archive was whole, held a data folder and passed `check`
 * (the restore starts PostgreSQL on it there: checkPgliteFolder). Whatever fails, the staging
 * folder is removed and `pgdata` is as it was. Throws ArchiveError for the archive's faults.
 */
export async function unpackPgliteFolder<T = void>(
  file: string,
  pgdata: string,
  check?: (staging: string) => Promise<T>,
): Promise<T | undefined> {
  // A truncated or damaged archive is an error (tar's own); so is any entry it could not write.
  // Leading slashes are only noted: PGlite's own dumpDataDir writes its names that way.
  const problems: string[] = [];
  const onwarn = (code: string, message: string | Error) => {
    if (code !== "TAR_ENTRY_INFO") problems.push(`${code}: ${message}`);
  };
  const damaged = () => new ArchiveError("damaged", problems[0] as string);
  // The whole archive is read once before anything is written. tar.x rejects on a cut file while
  // the files it had begun still go on being written, and removing the half-made folder raced
  // them (ENOTEMPTY, seen once in CI); a listing writes nothing.
  await tar.t({ file, onwarn }).catch((error: Error) => {
    throw new ArchiveError("damaged", error.message);
  });
  if (problems.length > 0) throw damaged();
  const staging = `${pgdata}.restoring-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    await tar.x({ file, cwd: staging, onwarn }).catch((error: Error) => {
      throw new ArchiveError("damaged", error.message);
    });
    if (problems.length > 0) throw damaged();
    if (!existsSync(path.join(staging, "PG_VERSION"))) {
      throw new ArchiveError("no-data-folder", "no PG_VERSION");
    }
    const checked = check ? await check(staging) : undefined;
    if (existsSync(pgdata)) await rmdir(pgdata);
    await rename(staging, pgdata);
    return checked;
  } catch (error) {
    // Retried while a write tar had begun may still land (a disk that filled up mid-way).
    await rm(staging, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    throw error;
  }
}

/** A backup into an empty `pgdata`, started and read in staging first: what it holds. */
export function restorePgliteFolder(file: string, pgdata: string): Promise<RestoredCounts> {
  return unpackPgliteFolder(file, pgdata, checkPgliteFolder) as Promise<RestoredCounts>;
}
