import { randomUUID } from "node:crypto";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { type Kysely, sql } from "kysely";
import { CATALOGUE_CSV_HEADER, catalogueCsvPage } from "~/modules/catalogue/csv.server";
import { CLIENT_CSV_HEADER, clientCsvPage } from "~/modules/clients/csv.server";
import { EInvoiceInvalidError, eInvoiceXml, hasEInvoice } from "~/modules/einvoice/ubl.server";
import { receiptsPage } from "~/modules/expenses/archive.server";
import { EXPENSE_CSV_HEADER, expenseCsvPage } from "~/modules/expenses/csv.server";
import { expenseFiltersFromSearch } from "~/modules/expenses/queries.server";
import {
  countNumberedDocuments,
  numberedDocumentsPage,
  storedPdfsOf,
} from "~/modules/invoices/archive.server";
import {
  DOCUMENT_CSV_HEADER,
  documentCsvPage,
  PAYMENT_CSV_HEADER,
  paymentCsvPage,
} from "~/modules/invoices/csv.server";
import type { DocumentWithLines } from "~/modules/invoices/documents.server";
import { pdfFileName, storedPdf } from "~/modules/invoices/render.server";
import type { JobDeps } from "~/modules/jobs/jobs.server";
import { SALARY_CSV_HEADER, salaryCsvRows, salaryMonths } from "~/modules/salaries/csv.server";
import { companyPlan, liveGrant } from "~/modules/subscriptions/company-plan.server";
import { hasPlan } from "~/modules/subscriptions/plans";
import { buildFiles, vatReport } from "~/modules/vat/report.server";
import { csvLines, excelCsv } from "~/utils/csv.server";
import { formatDate, todayInSofia } from "~/utils/dates";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { EXPORT_MESSAGES, type ExportPart } from "./constants";
import { numbered, receiptFolder, safeEntryName } from "./names";
import { exportReadme } from "./readme";
import { exportPaths, keptUntil, pendingDeletionOf } from "./service.server";
import {
  EMPTY_ZIP_STATE,
  ZipEntryTooLarge,
  ZipLostError,
  type ZipState,
  ZipWriter,
} from "./zip.server";

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
const DOCUMENTS_PER_UNIT = 50;
/** Receipts are up to 5 MB each: a few at a time. */
const RECEIPTS_PER_UNIT = 8;
const CSV_ROWS_PER_UNIT = 1_000;
/** At most this many skipped files are named in README.txt (the rest are counted). */
const SKIPPED_NAMED = 200;

interface Step {
  part: ExportPart;
  cursor: string | null;
  /** The day the export was asked for (Sofia): the CSVs' states are as of it. */
  today: string;
  zip: ZipState;
  withExpenses: boolean;
  vatRegistered: boolean;
  /** The next VAT month to write, and the last one. */
  vatMonth: string | null;
  vatLast: string | null;
  csvIndex: number;
  salaryMonths: string[];
  /** The expense whose receipts are being written and the names used in its folder. */
  receipt: { expenseId: string; names: string[] } | null;
  counts: {
    pdfs: number;
    cancelled: number;
    rendered: number;
    ubls: number;
    receipts: number;
  };
  csvWritten: string[];
  vatFiles: string[];
  vatProblemMonths: string[];
  skipped: { name: string; reason: string }[];
  skippedCount: number;
}

interface Build {
  db: Kysely<Database>;
  companyId: string;
  step: Step;
  writer: ZipWriter;
  documentsDone: number;
}

/** A step whose lease passed to another (it stops without writing more). */
class LeaseLost extends Error {}

const monthOf = (day: string) => day.slice(0, 7);
function nextMonth(month: string) {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

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
    counts: { pdfs: 0, cancelled: 0, rendered: 0, ubls: 0, receipts: 0 },
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

function skip(step: Step, name: string, reason: string) {
  step.skippedCount += 1;
  if (step.skipped.length < SKIPPED_NAMED) step.skipped.push({ name, reason });
}

/** "Документи/2026/Фактура-0000000001.pdf" (a cancelled one: "…-анулиран.pdf"). */
function documentEntry(doc: DocumentWithLines) {
  const base = pdfFileName(doc).replace(/\.pdf$/, "");
  const name = doc.status === "cancelled" ? `${base}-анулиран` : base;
  return `Документи/${doc.issueDate.slice(0, 4)}/${safeEntryName(name, "документ")}`;
}

async function documentsUnit(build: Build) {
  const { db, companyId, step, writer } = build;
  const page = await numberedDocumentsPage(db, companyId, step.cursor, DOCUMENTS_PER_UNIT);
  const pdfs = await storedPdfsOf(
    db,
    companyId,
    page.documents.map((doc) => doc.id),
  );
  for (const doc of page.documents) {
    let pdf = pdfs.get(doc.id);
    if (!pdf) {
      // No stored PDF (its job has not run yet, or a cancelled one): rendered in the pool now.
      pdf = (await storedPdf(db, doc)).data;
      step.counts.rendered += 1;
    }
    const entry = documentEntry(doc);
    await writer.addFile(`${entry}.pdf`, pdf, { deflate: false });
    step.counts.pdfs += 1;
    if (doc.status === "cancelled") step.counts.cancelled += 1;
    if (hasEInvoice(doc)) {
      try {
        const xml = await eInvoiceXml(db, doc, pdf);
        await writer.addFile(`${entry}.xml`, Buffer.from(xml, "utf8"), { deflate: true });
        step.counts.ubls += 1;
      } catch (error) {
        if (!(error instanceof EInvoiceInvalidError)) throw error;
        skip(
          step,
          `${entry}.xml`,
          `електронната фактура не може да бъде създадена: ${error.problems.map((p) => p.message).join("; ")}`,
        );
      }
    }
    build.documentsDone += 1;
  }
  step.cursor = page.nextCursor;
  if (!page.nextCursor) {
    step.part = "receipts";
    step.cursor = null;
  }
}

async function receiptsUnit(build: Build) {
  const { db, companyId, step, writer } = build;
  const page = await receiptsPage(db, companyId, step.cursor, RECEIPTS_PER_UNIT);
  for (const receipt of page.receipts) {
    if (step.receipt?.expenseId !== receipt.expenseId) {
      step.receipt = { expenseId: receipt.expenseId, names: [] };
    }
    const clean = safeEntryName(receipt.fileName, "файл");
    const names = step.receipt.names;
    let name = clean;
    for (let n = 2; names.includes(name.toLowerCase()); n++) name = numbered(clean, n);
    names.push(name.toLowerCase());
    await writer.addFile(`Разходни документи/${receiptFolder(receipt)}/${name}`, receipt.data, {
      deflate: false,
    });
    step.counts.receipts += 1;
  }
  step.cursor = page.nextCursor;
  if (!page.nextCursor) {
    step.part = "vat";
    step.cursor = null;
    step.receipt = null;
  }
}

async function vatUnit(build: Build) {
  const { db, companyId, step, writer } = build;
  const month = step.vatMonth;
  if (!month || !step.vatLast || month > step.vatLast) {
    step.part = "csv";
    return;
  }
  const report = await vatReport(db, companyId, month, step.withExpenses);
  const { files, problems } = buildFiles(report);
  const all = [...report.problems, ...problems];
  if (all.length) {
    const text = [
      `Файловете за НАП за ${month.slice(5)}.${month.slice(0, 4)} не са създадени. Поправете първо в Сметка:`,
      ...all.map((p) => `- ${p.what}: ${p.message}`),
      "",
    ].join("\r\n");
    await writer.addFile(`ДДС/${month}/ПРОБЛЕМИ.txt`, Buffer.from(`\uFEFF${text}`, "utf8"), {
      deflate: true,
    });
    step.vatProblemMonths.push(month);
  } else {
    for (const file of files) {
      const name = `ДДС/${month}/${file.name}`;
      await writer.addFile(name, file.bytes, { deflate: true });
      step.vatFiles.push(name);
    }
  }
  step.vatMonth = nextMonth(month);
}

interface CsvSource {
  name: string;
  header: readonly string[];
  what: string;
  page(cursor: string | null): Promise<{ rows: string[][]; nextCursor: string | null }>;
}

/** A list of two tabs (active, then archived) as one: its cursor says which tab it is in. */
function bothTabs(
  page: (
    archived: boolean,
    after: string | null,
  ) => Promise<{ rows: string[][]; nextCursor: string | null }>,
) {
  return async (cursor: string | null) => {
    const archived = cursor?.startsWith("archived:") ?? false;
    const after = cursor ? cursor.slice(cursor.indexOf(":") + 1) || null : null;
    const result = await page(archived, after);
    if (result.nextCursor) {
      return {
        rows: result.rows,
        nextCursor: `${archived ? "archived" : "active"}:${result.nextCursor}`,
      };
    }
    return { rows: result.rows, nextCursor: archived ? null : "archived:" };
  };
}

function csvSources(build: Build): CsvSource[] {
  const { db, companyId, step } = build;
  const today = step.today;
  return [
    {
      name: "Документи.csv",
      header: DOCUMENT_CSV_HEADER,
      what: "всички документи, и черновите, с колоните на „Експорт в CSV“ от списъка „Документи“ (състоянието е към деня на експорта).",
      page: (cursor) => documentCsvPage(db, companyId, {}, today, cursor, CSV_ROWS_PER_UNIT),
    },
    {
      name: "Плащания.csv",
      header: PAYMENT_CSV_HEADER,
      what: "плащанията, получени по документите, по дата на плащане.",
      page: (cursor) => paymentCsvPage(db, companyId, cursor, CSV_ROWS_PER_UNIT),
    },
    {
      name: "Клиенти.csv",
      header: CLIENT_CSV_HEADER,
      what: "клиентите, активните и архивираните, с данните от формата им.",
      page: bothTabs((archived, after) =>
        clientCsvPage(db, companyId, archived, after, CSV_ROWS_PER_UNIT),
      ),
    },
    {
      name: "Артикули.csv",
      header: CATALOGUE_CSV_HEADER,
      what: "артикулите и услугите от каталога, активните и архивираните.",
      page: bothTabs((archived, after) =>
        catalogueCsvPage(db, companyId, archived, after, CSV_ROWS_PER_UNIT),
      ),
    },
    {
      name: "Разходи.csv",
      header: EXPENSE_CSV_HEADER,
      what: "всички разходи с колоните на „Експорт в CSV“ от списъка „Разходи“.",
      page: (cursor) =>
        expenseCsvPage(
          db,
          companyId,
          expenseFiltersFromSearch(new URLSearchParams()),
          today,
          cursor,
          CSV_ROWS_PER_UNIT,
        ),
    },
    ...step.salaryMonths.map(
      (month): CsvSource => ({
        name: `Заплати/Заплати-${month}.csv`,
        header: SALARY_CSV_HEADER,
        what: `заплатите за ${month.slice(5)}.${month.slice(0, 4)} с колоните на „Експорт в CSV“ от страницата „Заплати“.`,
        page: async () => ({
          rows: await salaryCsvRows(db, companyId, month),
          nextCursor: null,
        }),
      }),
    ),
  ];
}

async function csvUnit(build: Build) {
  const { step, writer } = build;
  if (step.csvIndex === 0 && step.cursor === null && !writer.entryOpen) {
    step.salaryMonths = await salaryMonths(build.db, build.companyId);
  }
  const sources = csvSources(build);
  const source = sources[step.csvIndex];
  if (!source) {
    step.part = "readme";
    return;
  }
  if (!writer.entryOpen) {
    await writer.begin(source.name, { deflate: true });
    await writer.append(Buffer.from(excelCsv([source.header]), "utf8"));
  }
  const page = await source.page(step.cursor);
  if (page.rows.length) await writer.append(Buffer.from(csvLines(page.rows), "utf8"));
  if (page.nextCursor) {
    step.cursor = page.nextCursor;
    return;
  }
  await writer.end();
  step.csvWritten.push(source.name);
  step.csvIndex += 1;
  step.cursor = null;
}

async function readmeUnit(build: Build, createdAt: Date) {
  const { db, companyId, step, writer } = build;
  const company = await db
    .selectFrom("companies")
    .select(["name", "eik"])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  const sources = new Map(csvSources(build).map((source) => [source.name, source]));
  const text = exportReadme({
    companyName: company.name,
    eik: company.eik,
    madeOn: formatDate(createdAt),
    ...step.counts,
    csv: step.csvWritten.map((name) => {
      const source = sources.get(name);
      return { name, header: source?.header ?? [], what: source?.what ?? "" };
    }),
    vatFiles: step.vatFiles,
    vatProblemMonths: step.vatProblemMonths,
    vatRegistered: step.vatRegistered,
    skipped: step.skipped,
    skippedCount: step.skippedCount,
  });
  await writer.addFile("README.txt", Buffer.from(`\uFEFF${text}`, "utf8"), { deflate: true });
  step.part = "finish";
}

/** One unit of work; true when the ZIP has everything and only its end is left. */
async function unit(build: Build, createdAt: Date): Promise<boolean> {
  switch (build.step.part) {
    case "documents":
      await documentsUnit(build);
      return false;
    case "receipts":
      await receiptsUnit(build);
      return false;
    case "vat":
      await vatUnit(build);
      return false;
    case "csv":
      await csvUnit(build);
      return false;
    case "readme":
      await readmeUnit(build, createdAt);
      return false;
    case "finish":
      return true;
  }
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
