import { randomUUID } from "node:crypto";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { type Kysely, sql } from "kysely";
import { countNumberedDocuments } from "~/modules/invoices/archive.server";
import type { JobDeps } from "~/modules/jobs/jobs.server";
import { companyPlan, liveGrant } from "~/modules/subscriptions/company-plan.server";
import { hasPlan } from "~/modules/subscriptions/plans";
import { todayInSofia } from "~/utils/dates";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { type Build, type Step, unit } from "./build-units.server";
import { EXPORT_MESSAGES } from "./constants";
import { exportPaths, keptUntil, pendingDeletionOf } from "./service.server";
import { EMPTY_ZIP_STATE, ZipEntryTooLarge, ZipLostError, ZipWriter } from "./zip.server";

/*
 * The job «export.build» (decision 027): one step of writing the company's ZIP. A step works for
 * RUN_BUDGET_MS in small units (a page of documents, a page of receipts, a VAT month, a page of a
 * CSV), saves where it stopped in the export's row (with the ZIP writer's state, after making the
 * files durable) and hands the rest to the next step — so no job outlives the queue's 30-second
 * expiry, and a step whose process died is done again from the last save. A step holds the build
 * by a lease (run_id, heartbeat_at): another takes over only TAKEOVER_SECONDS after the last save,
 * and a step stops writing LEASE_MS after its own last save, well before that.
 */

/** How long one step works before it hands on (the queue gives up on a job after 30 s). */
export const RUN_BUDGET_MS = 15_000;
/** A step saves at least this often (the heartbeat others read). */
const SAVE_EVERY_MS = 2_000;
/** A step that could not save for this long stops writing (its lease may pass to another). */
const LEASE_MS = 45_000;
/** Another step may take the build over this long after the last save. */
export const TAKEOVER_SECONDS = 60;
/** A step whose lease passed to another (it stops without writing more). */
class LeaseLost extends Error {}

const monthOf = (day: string) => day.slice(0, 7);

async function initialStep(db: Kysely<Database>, companyId: string, createdAt: Date) {
  const company = await db
    .selectFrom("companies")
    .select(["isVatRegistered", "subscriptionPlan"])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  const plan = companyPlan(company.subscriptionPlan, await liveGrant(db, companyId));
  const today = todayInSofia(createdAt);
  const first = await db
    .selectFrom("documents")
    .select((eb) => eb.fn.min("issueDate").as("day"))
    .where("companyId", "=", companyId)
    .where("status", "in", ["issued", "cancelled"])
    .unionAll(
      db
        .selectFrom("expenses")
        .select((eb) => eb.fn.min("documentDate").as("day"))
        .where("companyId", "=", companyId),
    )
    .execute();
  const days = first.map((row) => row.day).filter((day): day is string => Boolean(day));
  const firstMonth = days.length ? monthOf(days.sort()[0]!) : null;
  const step: Step = {
    part: "documents",
    cursor: null,
    today,
    zip: EMPTY_ZIP_STATE,
    withExpenses: hasPlan({ role: "user", plan }, "standard"),
    vatRegistered: company.isVatRegistered,
    vatMonth: company.isVatRegistered && firstMonth ? firstMonth : null,
    vatLast: monthOf(today),
    csvIndex: 0,
    salaryMonths: [],
    receipt: null,
    counts: { pdfs: 0, cancelled: 0, rendered: 0, ubls: 0, receipts: 0, offers: 0 },
    csvWritten: [],
    vatFiles: [],
    vatProblemMonths: [],
    skipped: [],
    skippedCount: 0,
  };
  return { step, total: await countNumberedDocuments(db, companyId) };
}

function parseStep(value: unknown): Step | null {
  const step = value as Partial<Step> | null;
  return step && typeof step === "object" && typeof step.part === "string" && step.zip
    ? (step as Step)
    : null;
}

/** The queue's job «export.build»: one step of the export's build. */
export async function runExportStep(deps: JobDeps, data: { exportId?: unknown }) {
  const id = data.exportId;
  if (typeof id !== "string" || !isUuid(id)) return;
  const { db, config } = deps;
  const runId = randomUUID();
  const claimed = await db
    .updateTable("companyExports")
    .set({
      state: "running",
      runId,
      heartbeatAt: sql`now()`,
      startedAt: sql`coalesce(started_at, now())`,
    })
    .where("id", "=", id)
    .where("state", "in", ["queued", "running"])
    .where((eb) =>
      eb.or([
        eb("runId", "is", null),
        eb("heartbeatAt", "<", sql<Date>`now() - make_interval(secs => ${TAKEOVER_SECONDS})`),
      ]),
    )
    .returning(["companyId", "step", "createdAt", "documentsDone", "documentsTotal"])
    .executeTakeFirst();
  if (!claimed) {
    const row = await db
      .selectFrom("companyExports")
      .select("state")
      .where("id", "=", id)
      .executeTakeFirst();
    // Held by a step that may have died: look again once its lease has passed.
    if (row?.state === "queued" || row?.state === "running") {
      await deps.jobs.send(
        "export.build",
        { exportId: id },
        { singletonKey: id, startAfterSeconds: TAKEOVER_SECONDS + 1 },
      );
    }
    return;
  }
  const { companyId, createdAt } = claimed;
  const paths = exportPaths(config.dataDir, id);
  await mkdir(paths.folder, { recursive: true });
  let step = parseStep(claimed.step);
  let documentsDone = claimed.documentsDone;
  let fresh = false;
  if (!step) {
    const first = await initialStep(db, companyId, createdAt);
    step = first.step;
    documentsDone = 0;
    fresh = true;
    await db
      .updateTable("companyExports")
      .set({ documentsTotal: first.total })
      .where("id", "=", id)
      .execute();
  }
  let writer: ZipWriter;
  try {
    writer = await ZipWriter.resume(paths.part, paths.central, step.zip, createdAt);
  } catch (error) {
    if (!(error instanceof ZipLostError)) throw error;
    // The files are shorter than the saved state (lost with the machine): start again.
    step = (await initialStep(db, companyId, createdAt)).step;
    documentsDone = 0;
    writer = await ZipWriter.resume(paths.part, paths.central, EMPTY_ZIP_STATE, createdAt);
  }
  const build: Build = { db, companyId, step, writer, documentsDone };
  const began = Date.now();
  let savedAt = Date.now();

  /** Saves the place (after making the files durable); false when the lease was lost. */
  const save = async (handOn: boolean) => {
    await writer.sync();
    build.step.zip = writer.saved();
    const values = {
      step: JSON.stringify(build.step),
      documentsDone: build.documentsDone,
      entries: build.step.zip.entries,
      zipBytes: build.step.zip.offset,
      centralBytes: build.step.zip.centralOffset,
      heartbeatAt: sql<Date>`now()`,
      ...(handOn ? { runId: null } : {}),
    };
    const mine = (trx: Kysely<Database>) =>
      trx
        .updateTable("companyExports")
        .set(values)
        .where("id", "=", id)
        .where("runId", "=", runId)
        .where("state", "=", "running")
        .returning("id")
        .executeTakeFirst();
    if (!handOn) return (await mine(db)) !== undefined;
    return deps.jobs.transaction(db, async (trx, jobs) => {
      if (!(await mine(trx))) return false;
      await jobs.send("export.build", { exportId: id }, { singletonKey: id });
      return true;
    });
  };

  try {
    if (fresh) await save(false);
    for (;;) {
      if (Date.now() - savedAt > LEASE_MS) throw new LeaseLost();
      if (await unit(build, createdAt)) break;
      if (Date.now() - began > RUN_BUDGET_MS) {
        await save(true);
        return;
      }
      if (Date.now() - savedAt > SAVE_EVERY_MS) {
        if (!(await save(false))) return;
        savedAt = Date.now();
      }
    }
    // Everything is in: the central directory and the end, then the file takes its name.
    await writer.finish();
    await writer.sync();
    await writer.close();
    const size = (await stat(paths.part)).size;
    const readyAt = new Date();
    const expiresAt = keptUntil(readyAt, await pendingDeletionOf(db, companyId));
    const done = await deps.jobs.transaction(db, async (trx, jobs) => {
      const row = await trx
        .updateTable("companyExports")
        .set({
          state: "ready",
          step: JSON.stringify(build.step),
          documentsDone: build.documentsDone,
          entries: writer.saved().entries,
          zipBytes: size,
          sizeBytes: size,
          readyAt,
          expiresAt,
          runId: null,
          heartbeatAt: sql<Date>`now()`,
        })
        .where("id", "=", id)
        .where("runId", "=", runId)
        .where("state", "=", "running")
        .returning("id")
        .executeTakeFirst();
      if (!row) return false;
      await rename(paths.part, paths.zip);
      await jobs.send("export.mail", { exportId: id }, { singletonKey: id });
      return true;
    });
    if (done) await rm(paths.central, { force: true });
  } catch (error) {
    if (error instanceof LeaseLost) return;
    // What retrying cannot mend: the export is marked failed, its files deleted.
    if (error instanceof ZipEntryTooLarge) {
      await db
        .updateTable("companyExports")
        .set({ state: "failed", error: EXPORT_MESSAGES.failed, runId: null })
        .where("id", "=", id)
        .where("runId", "=", runId)
        .execute();
      await Promise.all([paths.part, paths.central].map((file) => rm(file, { force: true })));
      return;
    }
    throw error;
  } finally {
    await writer.close();
  }
}
