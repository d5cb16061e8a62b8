import { open, readdir, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { DatabaseKind } from "~db/client";

/*
 * The backup files in DATA_DIR/backups (decision 026): one per backup, named by the moment it
 * started in UTC, `smetka-2026-11-28T01-30-00Z.pgdata.tar.gz` (the embedded database's folder) or
 * `…Z.pgdump` (pg_dump's custom format). A backup is written as `<name>.partial` and renamed when
 * complete, so a file with a final name is always whole; the newest `keep` are kept.
 */

const EXTENSIONS: Record<DatabaseKind, string> = {
  pglite: ".pgdata.tar.gz",
  postgres: ".pgdump",
};

const NAME = /^smetka-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z)\.(pgdata\.tar\.gz|pgdump)$/;

/** A partial file this old belongs to a backup whose process died; it is deleted. */
const STALE_PARTIAL_MS = 24 * 60 * 60 * 1000;

export interface BackupFile {
  name: string;
  path: string;
  sizeBytes: number;
  kind: DatabaseKind;
}

/** The folder of the backups: DATA_DIR/backups. */
export function backupsDir(dataDir: string): string {
  return path.resolve(dataDir, "backups");
}

/** The file name of a backup started at `at` (UTC, to the second). */
export function backupFileName(kind: DatabaseKind, at: Date): string {
  const stamp = at.toISOString().slice(0, 19).replaceAll(":", "-");
  return `smetka-${stamp}Z${EXTENSIONS[kind]}`;
}

/** Which database a backup file's name says it holds, or null for any other file. */
export function backupKindOfName(name: string): DatabaseKind | null {
  const match = NAME.exec(name);
  if (!match) return null;
  return match[2] === "pgdump" ? "postgres" : "pglite";
}

/** The complete backups in `dir`, newest first (the names sort by time). */
export async function listBackupFiles(dir: string): Promise<BackupFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files: BackupFile[] = [];
  for (const name of names.sort().reverse()) {
    const kind = backupKindOfName(name);
    if (!kind) continue;
    const file = path.join(dir, name);
    files.push({ name, path: file, sizeBytes: (await stat(file)).size, kind });
  }
  return files;
}

/**
 * Deletes all but the newest `keep` backups, and partial files left by a process that died more
 * than a day ago (a partial file of a backup in progress is younger). Returns the names deleted.
 */
export async function rotateBackups(dir: string, keep: number, now = new Date()) {
  const deleted: string[] = [];
  for (const file of (await listBackupFiles(dir)).slice(keep)) {
    await unlink(file.path);
    deleted.push(file.name);
  }
  for (const name of await readdir(dir)) {
    if (!name.endsWith(".partial") || !backupKindOfName(name.slice(0, -".partial".length))) {
      continue;
    }
    const file = path.join(dir, name);
    if (now.getTime() - (await stat(file)).mtimeMs > STALE_PARTIAL_MS) {
      await unlink(file);
      deleted.push(name);
    }
  }
  return deleted;
}

/** Flushes a finished partial file to disk and gives it its final name (then flushes the folder). */
export async function completeFile(partial: string, final: string): Promise<void> {
  const handle = await open(partial, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(partial, final);
  const folder = await open(path.dirname(final), "r");
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}
