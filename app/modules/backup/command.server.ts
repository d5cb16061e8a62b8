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
import {
  ArchiveError,
  isEmptyFolder,
  type RestoredCounts,
  restorePgliteFolder,
} from "./pglite-archive.server";
import {
  BackupToolError,
  findTool,
  listPostgresArchive,
  restorePostgres,
  serverMajor,
  userRelations,
} from "./postgres-archive.server";

/*
 * `npm run backup` and `npm run restore FILE` (node build/index.js --backup | --restore FILE;
 * decision 026). The backup's messages are for the operator, in English like the server's own;
 * every refused or failed restore is one Bulgarian line (RESTORE_MESSAGES, issue #43 item 7),
 * never a stack trace. Each ends the process with 0 or 1.
 */

/** The restore's refusals, one line each: what is wrong and what to do. */
export const RESTORE_MESSAGES = {
  noFile: "Посочете архива за възстановяване: npm run restore ФАЙЛ",
  unreadable: (file: string, detail: string) => `Файлът ${file} не може да се прочете: ${detail}`,
  notABackup: (file: string) =>
    `${file} не е архив на Сметка (нито .pgdata.tar.gz, нито файл на pg_dump във формат custom).`,
  postgresBackup: (file: string) =>
    `${file} е архив на PostgreSQL (pg_dump): задайте DATABASE_URL към празна база данни, за да го възстановите там.`,
  pgliteBackup: (file: string) =>
    `${file} е архив на вградената база данни: оставете DATABASE_URL празно и го възстановете в празна DATA_DIR.`,
  appRunning: (dataDir: string) =>
    `Базата данни в ${dataDir} е отворена от работещо приложение или команда: архив се възстановява само докато приложението е спряно.`,
  folderNotEmpty: (pgdata: string) =>
    `${pgdata} не е празна: архив се възстановява само в празна папка с данни. Преместете базата настрана (mv ${pgdata} ${pgdata}.old) или задайте друга DATA_DIR.`,
  damaged: (file: string, detail: string) =>
    `Архивът ${file} е повреден или непълен (${detail}): нищо не е възстановено, папката с данни не е пипната.`,
  noDataFolder: (file: string) =>
    `Архивът ${file} не съдържа папка с данни на PostgreSQL (няма PG_VERSION): нищо не е възстановено, папката с данни не е пипната.`,
  notADatabase: (file: string, detail: string) =>
    `Архивът ${file} има PG_VERSION, но не е база данни: PostgreSQL не тръгва с него (${detail}). Нищо не е възстановено, папката с данни не е пипната.`,
  notSmetka: (file: string, detail: string) =>
    `Архивът ${file} не е база данни на Сметка: няма запис на миграциите или таблиците ѝ (${detail}). Нищо не е възстановено.`,
  databaseNotEmpty: (location: string, count: number, examples: string) =>
    `Базата данни ${location} не е празна (${count} таблици и последователности, напр. ${examples}): архив се възстановява само в празна база данни (създайте нова с createdb и насочете DATABASE_URL към нея).`,
  noTool: (detail: string) => `Няма подходящ pg_restore: ${detail}`,
  restoreFailed: (detail: string) => `pg_restore не успя, базата данни остава празна: ${detail}`,
  failed: (detail: string) => `Възстановяването не успя: ${detail}`,
} as const;

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

/**
 * `npm run restore FILE`: into an empty data folder or an empty database, never over data. A
 * refusal or failure is a CommandError of one Bulgarian line.
 */
export async function restoreCommand(env: Env, given: string | undefined): Promise<void> {
  try {
    await restore(env, given);
  } catch (error) {
    if (error instanceof CommandError) throw error;
    throw new CommandError(RESTORE_MESSAGES.failed(oneLine(error)));
  }
}

/** An error's message on one line. */
function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (
    text
      .replace(/\s*\n\s*/g, " / ")
      .trim()
      .slice(0, 500) || String(error)
  );
}

/** The archive's fault, said in Bulgarian. */
function archiveRefusal(file: string, error: ArchiveError): CommandError {
  const say = {
    damaged: RESTORE_MESSAGES.damaged(file, error.detail),
    "no-data-folder": RESTORE_MESSAGES.noDataFolder(file),
    "not-a-database": RESTORE_MESSAGES.notADatabase(file, error.detail),
    "not-smetka": RESTORE_MESSAGES.notSmetka(file, error.detail),
  } satisfies Record<ArchiveError["problem"], string>;
  return new CommandError(say[error.problem]);
}

async function restore(env: Env, given: string | undefined): Promise<void> {
  if (!given) throw new CommandError(RESTORE_MESSAGES.noFile);
  // npm runs scripts in the project's folder; a relative name is the caller's.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  const kind = await fileKind(file);
  if (!env.DATABASE_URL) {
    if (kind === "postgres") throw new CommandError(RESTORE_MESSAGES.postgresBackup(file));
    const pgdata = path.resolve(env.DATA_DIR, "pgdata");
    const claim = await claimDataDir(env.DATA_DIR).catch((error: Error) => {
      throw error instanceof DataDirBusyError
        ? new CommandError(RESTORE_MESSAGES.appRunning(path.resolve(env.DATA_DIR)))
        : error;
    });
    try {
      if (!(await isEmptyFolder(pgdata))) {
        throw new CommandError(RESTORE_MESSAGES.folderNotEmpty(pgdata));
      }
      // Unpacked beside the data folder and started there (PostgreSQL's recovery, the
      // migrations' record read): only a database that opens replaces the empty folder.
      const counts = await restorePgliteFolder(file, pgdata).catch((error: unknown) => {
        throw error instanceof ArchiveError ? archiveRefusal(file, error) : error;
      });
      printCounts(pgdata, counts);
    } finally {
      await claim.close();
    }
    return;
  }
  if (kind === "pglite") throw new CommandError(RESTORE_MESSAGES.pgliteBackup(file));
  await withDatabase(env, async (database) => {
    const relations = await userRelations(database.db);
    if (relations.length > 0) {
      throw new CommandError(
        RESTORE_MESSAGES.databaseNotEmpty(
          database.location,
          relations.length,
          relations.slice(0, 3).join(", "),
        ),
      );
    }
    const tool = await findTool("pg_restore", await serverMajor(database.db)).catch(
      (error: unknown) => {
        throw error instanceof BackupToolError
          ? new CommandError(RESTORE_MESSAGES.noTool(error.message))
          : error;
      },
    );
    // The archive's table of contents first, which writes nothing: a file pg_restore cannot
    // read, or a dump of another database (no record of this app's migrations), is refused
    // before the database is touched. pg_restore then runs in one transaction.
    const contents = await listPostgresArchive(tool, file).catch((error: unknown) => {
      throw new CommandError(RESTORE_MESSAGES.damaged(file, oneLine(error)));
    });
    if (!/^\d+; \d+ \d+ TABLE DATA public kysely_migration /m.test(contents)) {
      throw new CommandError(
        RESTORE_MESSAGES.notSmetka(file, "no table kysely_migration in the dump"),
      );
    }
    await restorePostgres(env.DATABASE_URL as string, tool, file).catch((error: unknown) => {
      throw new CommandError(RESTORE_MESSAGES.restoreFailed(oneLine(error)));
    });
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
    throw new CommandError(RESTORE_MESSAGES.unreadable(file, oneLine(error)));
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  if (head.toString("latin1") === "PGDMP") return "postgres";
  throw new CommandError(RESTORE_MESSAGES.notABackup(file));
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
  printCounts(database.location, rows[0]!);
}

function printCounts(location: string, counts: Omit<RestoredCounts, "migrations">) {
  console.log(
    `Restored into ${location}: ${counts.companies} companies, ${counts.documents} documents, ${counts.users} users. Start the app as usual; it applies newer migrations itself.`,
  );
}
