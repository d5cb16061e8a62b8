import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { type Kysely, sql } from "kysely";
import { AppError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { EXPORT_KEEP_DAYS, EXPORT_MESSAGES, EXPORT_PARTS, type ExportPart } from "./constants";

/*
 * The company's export (issue #28 item 3, decision 027): asking for one (one in the making per
 * company), its state and progress, the finished file in DATA_DIR/exports, how long it is kept,
 * and the hourly sweep. The ZIP itself is written by the job «export.build» (build.server.ts).
 */

/** The export's files under DATA_DIR: the finished ZIP and the two files it grows in. */
export function exportPaths(dataDir: string, id: string) {
  const folder = path.resolve(dataDir, "exports");
  return {
    folder,
    zip: path.join(folder, `${id}.zip`),
    part: path.join(folder, `${id}.zip.part`),
    central: path.join(folder, `${id}.central.part`),
  };
}

const COLUMNS = [
  "id",
  "companyId",
  "state",
  "step",
  "documentsTotal",
  "documentsDone",
  "entries",
  "sizeBytes",
  "error",
  "createdAt",
  "startedAt",
  "readyAt",
  "expiresAt",
  "heartbeatAt",
] as const;

/** Heartbeats older than this mark a build that stopped (its steps died and were not retried). */
export const STALLED_AFTER_MS = 60 * 60 * 1000;

/** An export as the page and the API show it. */
export interface ExportView {
  id: string;
  state: "queued" | "running" | "ready" | "failed" | "expired";
  /** What the build is doing now (running), in Bulgarian. */
  part: string | null;
  documentsDone: number;
  documentsTotal: number;
  /** 0–100, rough: documents are most of the work. */
  percent: number;
  files: number;
  sizeBytes: number | null;
  error: string | null;
  createdAt: string;
  readyAt: string | null;
  expiresAt: string | null;
}

type Row = {
  id: string;
  state: ExportView["state"];
  step: unknown;
  documentsTotal: number;
  documentsDone: number;
  entries: number;
  sizeBytes: number | null;
  error: string | null;
  createdAt: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
};

const PART_SHARE: Record<ExportPart, [number, number]> = {
  documents: [0, 80],
  offers: [80, 84],
  protocols: [84, 85],
  receipts: [85, 92],
  vat: [92, 95],
  csv: [95, 99],
  readme: [99, 99],
  finish: [99, 100],
};

function partOf(step: unknown): ExportPart | null {
  const part = (step as { part?: unknown } | null)?.part;
  return typeof part === "string" && Object.hasOwn(EXPORT_PARTS, part)
    ? (part as ExportPart)
    : null;
}

/** The row as the page and the API show it. */
export function exportView(row: Row): ExportView {
  const part = row.state === "running" ? partOf(row.step) : null;
  const [from, to] = part ? PART_SHARE[part] : [0, 0];
  const percent =
    row.state === "ready"
      ? 100
      : part === "documents"
        ? Math.floor((row.documentsDone / Math.max(row.documentsTotal, 1)) * (to - from))
        : from;
  return {
    id: row.id,
    state: row.state,
    part: part ? EXPORT_PARTS[part] : null,
    documentsDone: row.documentsDone,
    documentsTotal: row.documentsTotal,
    percent,
    files: row.entries,
    sizeBytes: row.sizeBytes,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/**
 * Asks for a new export of the company: its row and its first step's job in one transaction.
 * AppError 409 while another is queued or running (a unique index holds it across instances).
 */
export async function startExport(
  context: Pick<AppLoadContext, "db" | "jobs">,
  user: { id: string; companyId: string },
): Promise<ExportView> {
  const busy = await activeExport(context.db, user.companyId);
  if (busy) throw new AppError(EXPORT_MESSAGES.busy, 409);
  try {
    const row = await context.jobs.transaction(context.db, async (trx, jobs) => {
      const made = await trx
        .insertInto("companyExports")
        .values({ companyId: user.companyId, requestedBy: user.id })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      await jobs.send("export.build", { exportId: made.id }, { singletonKey: made.id });
      return made;
    });
    // The inline runner of tests has done the work by now: answer with what it left.
    return (await findExport(context.db, user.companyId, row.id)) ?? exportView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(EXPORT_MESSAGES.busy, 409);
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505";
}

/** The company's export being made, if any. */
export async function activeExport(db: Kysely<Database>, companyId: string) {
  const row = await db
    .selectFrom("companyExports")
    .select(COLUMNS)
    .where("companyId", "=", companyId)
    .where("state", "in", ["queued", "running"])
    .executeTakeFirst();
  return row ? exportView(row) : undefined;
}

/** One export of the company; undefined for another company's id or a malformed one. */
export async function findExport(
  db: Kysely<Database>,
  companyId: string,
  id: string | undefined,
): Promise<ExportView | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db
    .selectFrom("companyExports")
    .select(COLUMNS)
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? exportView(row) : undefined;
}

/** The company's latest exports (the page lists them), newest first. */
export async function recentExports(db: Kysely<Database>, companyId: string, limit = 5) {
  const rows = await db
    .selectFrom("companyExports")
    .select(COLUMNS)
    .where("companyId", "=", companyId)
    .orderBy("createdAt", "desc")
    .limit(limit)
    .execute();
  return rows.map(exportView);
}

/** The file of a finished export of the company, or AppError 404 / 409 / 410. */
export async function exportDownload(
  context: Pick<AppLoadContext, "db" | "config">,
  companyId: string,
  id: string | undefined,
): Promise<{ path: string; size: number; name: string; asciiName: string }> {
  const found = await findExport(context.db, companyId, id);
  if (!found) throw new AppError(EXPORT_MESSAGES.notFound, 404);
  if (found.state === "expired") throw new AppError(EXPORT_MESSAGES.expired, 410);
  if (found.state !== "ready") throw new AppError(EXPORT_MESSAGES.notReady, 409);
  const file = exportPaths(context.config.dataDir, found.id).zip;
  const size = await stat(file).then(
    (s) => s.size,
    () => null,
  );
  if (size === null) throw new AppError(EXPORT_MESSAGES.expired, 410);
  const day = (found.readyAt ?? found.createdAt).slice(0, 10);
  return {
    path: file,
    size,
    name: `Сметка-експорт-${day}.zip`,
    asciiName: `smetka-export-${day}.zip`,
  };
}

/** The day a finished export is deleted: 30 days on, and never before a pending deletion's day. */
export function keptUntil(readyAt: Date, deletionScheduledAt: Date | null): Date {
  const kept = new Date(readyAt.getTime() + EXPORT_KEEP_DAYS * 24 * 60 * 60 * 1000);
  return deletionScheduledAt && deletionScheduledAt > kept ? deletionScheduledAt : kept;
}

/** The latest deletion day asked for by a login of the company (null when none is pending). */
export async function pendingDeletionOf(
  db: Kysely<Database>,
  companyId: string,
): Promise<Date | null> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.max("deletionScheduledAt").as("at"))
    .where("companyId", "=", companyId)
    .where("anonymizedAt", "is", null)
    .executeTakeFirst();
  return row?.at ? new Date(row.at as Date | string) : null;
}

/**
 * Keeps the company's finished exports at least until `until` (the day its account is deleted):
 * they stay downloadable for the whole 30 days of a pending deletion.
 */
export async function keepExportsUntil(db: Kysely<Database>, companyId: string, until: Date) {
  await db
    .updateTable("companyExports")
    .set({ expiresAt: until })
    .where("companyId", "=", companyId)
    .where("state", "=", "ready")
    .where("expiresAt", "<", until)
    .execute();
}

/**
 * The hourly sweep: deletes the files of exports past their day (and of companies whose every
 * login is deleted), and gives up on builds that stopped. Idempotent; any instance may run it.
 */
export async function sweepExports(
  deps: { db: Kysely<Database>; config: AppLoadContext["config"] },
  now = new Date(),
) {
  const { db, config } = deps;
  const orphaned = sql<boolean>`not exists (select 1 from users u
    where u.company_id = company_exports.company_id and u.anonymized_at is null)`;
  const expired = await db
    .updateTable("companyExports")
    .set({ state: "expired" })
    .where("state", "=", "ready")
    .where((eb) => eb.or([eb("expiresAt", "<=", now), orphaned]))
    .returning("id")
    .execute();
  const stalled = await db
    .updateTable("companyExports")
    .set({ state: "failed", error: EXPORT_MESSAGES.stalled, runId: null })
    .where("state", "in", ["queued", "running"])
    .where(
      sql<boolean>`coalesce(heartbeat_at, created_at) < ${new Date(now.getTime() - STALLED_AFTER_MS)}`,
    )
    .returning("id")
    .execute();
  for (const { id } of [...expired, ...stalled]) {
    const paths = exportPaths(config.dataDir, id);
    await Promise.all(
      [paths.zip, paths.part, paths.central].map((file) => rm(file, { force: true })),
    );
  }
  const orphans = await removeOrphanFiles(db, config.dataDir);
  return { expired: expired.length, stalled: stalled.length, orphans };
}

/**
 * Files in DATA_DIR/exports that no export row names: a deleted company's (its rows went with
 * it, decision 033) or a crash's leftovers. Counted and removed.
 */
async function removeOrphanFiles(db: Kysely<Database>, dataDir: string): Promise<number> {
  const { folder } = exportPaths(dataDir, "-");
  const names = await readdir(folder).catch(() => [] as string[]);
  const byId = new Map<string, string[]>();
  for (const name of names) {
    const id = name.slice(0, 36);
    if (!isUuid(id)) continue;
    byId.set(id, [...(byId.get(id) ?? []), name]);
  }
  if (byId.size === 0) return 0;
  const known = new Set(
    (
      await db
        .selectFrom("companyExports")
        .select("id")
        .where("id", "in", [...byId.keys()])
        .execute()
    ).map((row) => row.id),
  );
  let removed = 0;
  for (const [id, files] of byId) {
    if (known.has(id)) continue;
    for (const name of files) {
      await rm(path.join(folder, name), { force: true });
      removed++;
    }
  }
  return removed;
}
