import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { type Kysely, sql } from "kysely";
import type { Database } from "~db/types";

/*
 * PostgreSQL's backup (decision 026): pg_dump in its custom format (compressed, every schema:
 * the app's tables, the job queue's, the migrations' record), read in one snapshot of the
 * database; pg_restore puts it into an empty database in one transaction. The tools must be of
 * the server's major version or newer: Debian keeps each version's in
 * /usr/lib/postgresql/<major>/bin, tried before the PATH's.
 */

export type PostgresTool = "pg_dump" | "pg_restore";

/** A tool that is missing or older than the server, said so that one knows what to install. */
export class BackupToolError extends Error {
  override name = "BackupToolError";
}

/** The server's major version (15 for 15.20). */
export async function serverMajor(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ version: number }>`
    select current_setting('server_version_num')::int as version`.execute(db);
  return Math.floor(rows[0]!.version / 10_000);
}

/** The major version a tool prints (`pg_dump (PostgreSQL) 15.20 …`), or null when it cannot run. */
async function toolMajor(command: string): Promise<number | null> {
  try {
    const { code, stdout } = await run(command, ["--version"], {});
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
    return code === 0 && match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** The path of `tool` for a server of major version `major`; throws when none will do. */
export async function findTool(tool: PostgresTool, major: number): Promise<string> {
  const candidates = [`/usr/lib/postgresql/${major}/bin/${tool}`, tool];
  const found: string[] = [];
  for (const candidate of candidates) {
    if (candidate.includes("/") && !existsSync(candidate)) continue;
    const version = await toolMajor(candidate);
    if (version === null) continue;
    if (version >= major) return candidate;
    found.push(`${candidate} is version ${version}`);
  }
  const install = `install postgresql-client-${major} (or a newer one)`;
  throw new BackupToolError(
    found.length > 0
      ? `${tool} older than the PostgreSQL ${major} server cannot be used (${found.join("; ")}): ${install}`
      : `${tool} was not found: ${install}`,
  );
}

/** libpq's connection from a URL: the address without the password, which goes in PGPASSWORD. */
function connection(databaseUrl: string): { dbname: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** pg_dump of the whole database into `file`, custom format. */
export async function dumpPostgres(databaseUrl: string, tool: string, file: string) {
  const { dbname, env } = connection(databaseUrl);
  const result = await run(
    tool,
    [
      "--format=custom",
      `--file=${file}`,
      // Waits at most this long for a table another session locked (a migration), then fails.
      "--lock-wait-timeout=60000",
      "--no-password",
      `--dbname=${dbname}`,
    ],
    env,
  );
  if (result.code !== 0) throw new Error(`pg_dump failed: ${lastLines(result.stderr)}`);
}

/**
 * pg_restore of `file` into an empty database, in one transaction (a failure leaves it empty),
 * owned by the user of `databaseUrl` whoever owned the original.
 */
export async function restorePostgres(databaseUrl: string, tool: string, file: string) {
  const { dbname, env } = connection(databaseUrl);
  const result = await run(
    tool,
    [
      "--single-transaction",
      "--exit-on-error",
      "--no-owner",
      "--no-privileges",
      "--no-password",
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
  if (result.code !== 0) throw new Error(`pg_restore failed: ${lastLines(result.stderr)}`);
}

/**
 * The table of contents of a pg_dump custom file (`pg_restore --list`), which touches no
 * database: throws when pg_restore cannot read the file.
 */
export async function listPostgresArchive(tool: string, file: string): Promise<string> {
  const result = await run(tool, ["--list", file], {});
  if (result.code !== 0) throw new Error(`pg_restore --list failed: ${lastLines(result.stderr)}`);
  return result.stdout;
}

/** The tables, views and sequences a database holds outside PostgreSQL's own schemas. */
export async function userRelations(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select n.nspname || '.' || c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      and n.nspname not in ('pg_catalog', 'information_schema')
      and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
    order by 1`.execute(db);
  return rows.map((row) => row.name);
}

function lastLines(text: string): string {
  const lines = text.trim().split("\n").filter(Boolean);
  return lines.slice(-5).join(" / ") || "no message";
}

function run(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      if (stderr.length < 64_000) stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
