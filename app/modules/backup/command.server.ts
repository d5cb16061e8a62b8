import { open } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import type { Env } from "~/utils/env.server";
import { type OpenedDatabase, openDatabase } from "~db/client";
import { type BackupTarget, backUp } from "./backups.server";
import {
  askOwner,
  type ControlHandler,
  claimDataDir,
  DataDirBusyError,
  STARTING,
} from "./control.server";
import { isEmptyFolder, unpackPgliteFolder } from "./pglite-archive.server";
import {
  BackupToolError,
  findTool,
  restorePostgres,
  serverMajor,
  userRelations,
} from "./postgres-archive.server";

/*
 * `npm run backup` and `npm run restore FILE` (node build/index.js --backup | --restore FILE;
 * decision 026). Messages are for the operator, in English like the server's own; each ends the
 * process with 0 or 1.
 */

/** A refusal or failure said in one line (exit code 1). */
export class CommandError extends Error {
  override name = "CommandError";
}

/** True when the process was started as a backup command rather than a server. */
export function isBackupCommand(argv: readonly string[]): boolean {
  return argv.includes("--backup") || argv.includes("--restore");
}

/** Runs `--backup` or `--restore FILE` and returns the exit code (a refusal printed in one line). */
export async function runBackupCommand(argv: readonly string[], env: Env): Promise<number> {
  try {
    if (argv.includes("--backup")) await backupCommand(env);
    else await restoreCommand(env, argv[argv.indexOf("--restore") + 1]);
    return 0;
  } catch (error) {
    const known =
      error instanceof CommandError ||
      error instanceof DataDirBusyError ||
      error instanceof BackupToolError;
    console.error(known ? (error as Error).message : `Failed: ${(error as Error).stack ?? error}`);
    return 1;
  }
}

/** The app's answer to `npm run backup` on its control socket. */
export function answerBackupRequests(target: BackupTarget): ControlHandler {
  return async () => {
    const made = await backUp(target, "command");
    console.log(`Backup written: ${made.path} (${made.sizeBytes} bytes, ${made.ms} ms)`);
    return { ok: true, ...made };
  };
}

/** `npm run backup`: asks the running app (embedded database) or backs up itself. */
export async function backupCommand(env: Env): Promise<void> {
  if (!env.DATABASE_URL) {
    const reply = await askApp(env.DATA_DIR);
    if (reply) {
      if (!reply.ok) throw new CommandError(`The app could not make the backup: ${reply.error}`);
      printBackup(reply as unknown as { path: string; sizeBytes: number; ms: number }, "the app");
      return;
    }
    // No app has the database open: this process claims it for the backup's length.
    const claim = await claimDataDir(env.DATA_DIR);
    try {
      const pgdata = path.resolve(env.DATA_DIR, "pgdata");
      if (await isEmptyFolder(pgdata)) {
        throw new CommandError(`There is no embedded database in ${pgdata} to back up.`);
      }
      await withDatabase(env, (database) =>
        backUp(target(env, database), "command").then((made) => printBackup(made, "this command")),
      );
    } finally {
      await claim.close();
    }
    return;
  }
  await withDatabase(env, (database) =>
    backUp(target(env, database), "command").then((made) => printBackup(made, "pg_dump")),
  );
}

/** `npm run restore FILE`: into an empty data folder or an empty database, never over data. */
export async function restoreCommand(env: Env, given: string | undefined): Promise<void> {
  if (!given) throw new CommandError("Name the backup to restore: npm run restore FILE");
  // npm runs scripts in the project's folder; a relative name is the caller's.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  const kind = await fileKind(file);
  if (!env.DATABASE_URL) {
    if (kind === "postgres") {
      throw new CommandError(
        `${file} is a PostgreSQL backup (pg_dump): set DATABASE_URL to an empty database to restore it there.`,
      );
    }
    const pgdata = path.resolve(env.DATA_DIR, "pgdata");
    const claim = await claimDataDir(env.DATA_DIR).catch((error: Error) => {
      throw new CommandError(
        `${error.message} A backup is restored only while the app is stopped.`,
      );
    });
    try {
      if (!(await isEmptyFolder(pgdata))) {
        throw new CommandError(
          `${pgdata} is not empty: a backup is restored only into an empty data folder. Move the database aside first (mv ${pgdata} ${pgdata}.old) or set another DATA_DIR.`,
        );
      }
      await unpackPgliteFolder(file, pgdata);
      // Opening it runs PostgreSQL's recovery; the counts show what came back.
      await withDatabase(env, printRestored);
    } finally {
      await claim.close();
    }
    return;
  }
  if (kind === "pglite") {
    throw new CommandError(
      `${file} is a backup of the embedded database: leave DATABASE_URL empty and restore it into an empty DATA_DIR.`,
    );
  }
  await withDatabase(env, async (database) => {
    const relations = await userRelations(database.db);
    if (relations.length > 0) {
      throw new CommandError(
        `The database ${database.location} is not empty (${relations.length} tables and sequences, e.g. ${relations.slice(0, 3).join(", ")}): a backup is restored only into an empty database (createdb a new one and point DATABASE_URL at it).`,
      );
    }
    const tool = await findTool("pg_restore", await serverMajor(database.db));
    await restorePostgres(env.DATABASE_URL as string, tool, file);
    await printRestored(database);
  });
}

/** The running app's answer, waiting while it starts; null when no app has the database open. */
async function askApp(dataDir: string) {
  for (let waited = 0; ; waited++) {
    const reply = await askOwner(dataDir, { command: "backup" });
    if (reply?.ok === false && reply.error === STARTING && waited < 60) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    return reply;
  }
}

/** Which database a backup file holds, by its first bytes: gzip (the data folder) or PGDMP. */
async function fileKind(file: string): Promise<"pglite" | "postgres"> {
  let head: Buffer;
  try {
    const handle = await open(file, "r");
    try {
      head = Buffer.alloc(5);
      await handle.read(head, 0, 5, 0);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new CommandError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  if (head.toString("latin1") === "PGDMP") return "postgres";
  throw new CommandError(
    `${file} is not a Сметка backup (neither a .pgdata.tar.gz nor a pg_dump custom file).`,
  );
}

function target(env: Env, database: OpenedDatabase): BackupTarget {
  return {
    db: database.db,
    kind: database.kind,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    keep: env.BACKUP_KEEP,
  };
}

async function withDatabase<T>(env: Env, work: (database: OpenedDatabase) => Promise<T>) {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: 3,
  });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

function printBackup(made: { path: string; sizeBytes: number; ms: number }, by: string) {
  const megabytes = (made.sizeBytes / 1024 / 1024).toFixed(1);
  console.log(`Backup written by ${by}: ${made.path} (${megabytes} MB in ${made.ms} ms)`);
}

async function printRestored(database: OpenedDatabase) {
  const { rows } = await sql<{ companies: number; documents: number; users: number }>`
    select (select count(*) from companies)::int as companies,
      (select count(*) from documents)::int as documents,
      (select count(*) from users)::int as users`.execute(database.db);
  const counts = rows[0]!;
  console.log(
    `Restored into ${database.location}: ${counts.companies} companies, ${counts.documents} documents, ${counts.users} users. Start the app as usual; it applies newer migrations itself.`,
  );
}
