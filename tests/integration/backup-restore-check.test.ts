import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "kysely";
import * as tar from "tar";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { backUp } from "~/modules/backup/backups.server";
import { runBackupCommand } from "~/modules/backup/command.server";
import { unpackPgliteFolder } from "~/modules/backup/pglite-archive.server";
import {
  dumpPostgres,
  findTool,
  serverMajor,
  userRelations,
} from "~/modules/backup/postgres-archive.server";
import { parseEnv } from "~/utils/env.server";
import { type OpenedDatabase, openDatabase, openPostgres } from "~db/client";
import { createCompanyWithClient } from "../setup/factories";
import { adminQuery, createDatabase, dropDatabase, uniqueName } from "../setup/postgres";

/*
 * Issue #43 item 7: a PGlite archive with PG_VERSION that is not a database was moved into place
 * before it was checked; the app then failed to start and the folder left behind refused a retry
 * with a good backup. A restore now starts the database in a staging folder and reads the
 * migrations' record before it replaces anything; each refusal is one Bulgarian line. On
 * PostgreSQL a dump pg_restore cannot read, or of another database, is refused before the empty
 * database is touched. The command is run as `npm run restore FILE` runs it (runBackupCommand).
 */

const info = inject("testDatabase");
const kind = info.kind;
const serverUrl = process.env.TEST_DATABASE_URL;

let work: string;
let goodBackup: string;
let companies: number;
const dropLater: string[] = [];

/** What the command printed on stderr and stdout, and its exit code. */
async function restore(file: string, env: Record<string, string>) {
  const errors: string[] = [];
  const logs: string[] = [];
  const error = vi.spyOn(console, "error").mockImplementation((...args) => {
    errors.push(args.map(String).join(" "));
  });
  const log = vi.spyOn(console, "log").mockImplementation((...args) => {
    logs.push(args.map(String).join(" "));
  });
  try {
    const code = await runBackupCommand(
      ["node", "build/index.js", "--restore", file],
      parseEnv({ NODE_ENV: "test", ...env }),
    );
    return { code, errors, logs };
  } finally {
    error.mockRestore();
    log.mockRestore();
  }
}

/** One line, in Bulgarian (Cyrillic words), no stack trace. */
function expectOneBulgarianLine(errors: string[], pattern: RegExp) {
  expect(errors).toHaveLength(1);
  const [line] = errors as [string];
  expect(line).not.toContain("\n");
  expect(line).not.toMatch(/\bat \S+ \(|Error:/);
  expect(line).toMatch(/[а-я]{4,}/);
  expect(line).toMatch(pattern);
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "smetka-restore-check-"));
  // A database of the app's with one company, backed up as the app does it.
  let source: OpenedDatabase;
  let databaseUrl: string | undefined;
  const dataDir = path.join(work, "source");
  if (info.kind === "pglite") {
    await unpackPgliteFolder(info.templateFile, path.join(dataDir, "pgdata"));
    source = await openDatabase({ dataDir });
  } else {
    const name = uniqueName("smetka_restore_src");
    dropLater.push(name);
    databaseUrl = await createDatabase(info.url, name, info.template);
    source = openPostgres(databaseUrl, 2);
  }
  try {
    await createCompanyWithClient(source.db);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from companies`.execute(
      source.db,
    );
    companies = rows[0]!.n;
    const made = await backUp({ db: source.db, kind, dataDir, databaseUrl, keep: 7 }, "command");
    goodBackup = made.path;
  } finally {
    await source.close();
  }
});

afterEach(() => vi.restoreAllMocks());

afterAll(async () => {
  if (serverUrl) for (const name of dropLater) await dropDatabase(serverUrl, name);
  await rm(work, { recursive: true, force: true });
});

describe.runIf(kind === "pglite")("restoring the embedded database (PGlite)", () => {
  /** A .tar.gz of a folder made by `fill`. */
  async function archiveOf(name: string, fill: (folder: string) => Promise<void>) {
    const folder = path.join(work, `${name}-src`);
    await mkdir(folder, { recursive: true });
    await fill(folder);
    const file = path.join(work, `${name}.pgdata.tar.gz`);
    await tar.c({ file, cwd: folder, gzip: true, portable: true }, ["."]);
    return file;
  }

  it("refuses an archive with PG_VERSION that is no database in one Bulgarian line, leaves the folder as it was, and a good backup restores right after", async () => {
    const fake = await archiveOf("fake", async (folder) => {
      await writeFile(path.join(folder, "PG_VERSION"), "17\n");
      await mkdir(path.join(folder, "global"));
      await writeFile(path.join(folder, "global", "pg_control"), Buffer.alloc(8192, 0x5a));
      await mkdir(path.join(folder, "base", "1"), { recursive: true });
      await writeFile(path.join(folder, "base", "1", "1259"), "not a page of a table");
    });
    const dataDir = path.join(work, "target");
    await mkdir(dataDir);
    const refused = await restore(fake, { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expectOneBulgarianLine(
      refused.errors,
      /^Архивът \S+fake\.pgdata\.tar\.gz има PG_VERSION, но не е база данни: PostgreSQL не тръгва с него \(.+\)\. Нищо не е възстановено, папката с данни не е пипната\.$/,
    );
    // Nothing moved into place, no staging folder left: the data folder is as it was (empty).
    expect(await readdir(dataDir)).toEqual([]);

    // The retry with a good backup is not blocked.
    const good = await restore(goodBackup, { DATA_DIR: dataDir });
    expect(good.errors).toEqual([]);
    expect(good.code).toBe(0);
    expect(good.logs).toEqual([
      `Restored into ${path.join(dataDir, "pgdata")}: ${companies} companies, 0 documents, ${companies} users. Start the app as usual; it applies newer migrations itself.`,
    ]);
    expect((await readdir(dataDir)).sort()).toEqual(["pgdata"]);
    const restored = await openDatabase({ dataDir });
    try {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from companies`.execute(
        restored.db,
      );
      expect(rows[0]!.n).toBe(companies);
    } finally {
      await restored.close();
    }
  });

  it("refuses a real PostgreSQL folder that is not the app's database (no migrations' record), and an archive without PG_VERSION", async () => {
    const other = await archiveOf("other", async (folder) => {
      const pglite = await PGlite.create(folder);
      await pglite.exec("create table notes (id int)");
      await pglite.close();
    });
    const dataDir = path.join(work, "target-other");
    await mkdir(dataDir);
    const refused = await restore(other, { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expectOneBulgarianLine(
      refused.errors,
      /^Архивът \S+other\.pgdata\.tar\.gz не е база данни на Сметка: няма запис на миграциите или таблиците ѝ \(.*kysely_migration.*\)\. Нищо не е възстановено\.$/,
    );
    expect(await readdir(dataDir)).toEqual([]);

    const empty = await archiveOf("empty", async (folder) => {
      await writeFile(path.join(folder, "readme.txt"), "no database here");
    });
    const none = await restore(empty, { DATA_DIR: dataDir });
    expect(none.code).toBe(1);
    expectOneBulgarianLine(
      none.errors,
      /не съдържа папка с данни на PostgreSQL \(няма PG_VERSION\)/,
    );
    expect(await readdir(dataDir)).toEqual([]);
  });

  it("says the other refusals in one Bulgarian line too", async () => {
    const dataDir = path.join(work, "source");
    const full = await restore(goodBackup, { DATA_DIR: dataDir });
    expect(full.code).toBe(1);
    expectOneBulgarianLine(full.errors, /не е празна: архив се възстановява само в празна папка/);
    const stray = path.join(work, "notes.txt");
    await writeFile(stray, "hello");
    expectOneBulgarianLine(
      (await restore(stray, { DATA_DIR: dataDir })).errors,
      /не е архив на Сметка/,
    );
    const missing = await restore(path.join(work, "no-such.tar.gz"), { DATA_DIR: dataDir });
    expectOneBulgarianLine(missing.errors, /^Файлът \S+ не може да се прочете: /);
  });
});

describe.runIf(kind === "postgres")("restoring PostgreSQL (pg_restore)", () => {
  it("refuses a dump pg_restore cannot read, and a dump of another database, in one Bulgarian line before the empty database is touched; a good backup restores right after", async () => {
    const name = uniqueName("smetka_restore_dst");
    dropLater.push(name);
    const url = await createDatabase(serverUrl!, name);
    const env = { DATA_DIR: work, DATABASE_URL: url };

    const garbage = path.join(work, "garbage.pgdump");
    await writeFile(garbage, Buffer.concat([Buffer.from("PGDMP"), Buffer.alloc(4096, 0x5a)]));
    const refused = await restore(garbage, env);
    expect(refused.code).toBe(1);
    expectOneBulgarianLine(refused.errors, /^Архивът \S+garbage\.pgdump е повреден или непълен/);

    // A real dump, of a database that is not the app's.
    const otherName = uniqueName("smetka_restore_other");
    dropLater.push(otherName);
    const otherUrl = await createDatabase(serverUrl!, otherName);
    await adminQuery(otherUrl, "create table notes (id int); insert into notes values (1)");
    const probe = openPostgres(url, 1);
    let tool: string;
    try {
      tool = await findTool("pg_dump", await serverMajor(probe.db));
    } finally {
      await probe.close();
    }
    const other = path.join(work, "other.pgdump");
    await dumpPostgres(otherUrl, tool, other);
    const notOurs = await restore(other, env);
    expect(notOurs.code).toBe(1);
    expectOneBulgarianLine(notOurs.errors, /^Архивът \S+other\.pgdump не е база данни на Сметка/);

    const target = openPostgres(url, 1);
    try {
      expect(await userRelations(target.db)).toEqual([]);
    } finally {
      await target.close();
    }
    const good = await restore(goodBackup, env);
    expect(good.errors).toEqual([]);
    expect(good.code).toBe(0);
    expect(good.logs[0]).toMatch(new RegExp(`: ${companies} companies, 0 documents`));
  });
});
