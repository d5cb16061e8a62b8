import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { analyticsSummary } from "~/modules/analytics/summary.server";
import { listClients } from "~/modules/clients/queries.server";
import { dashboardMoney } from "~/modules/dashboard/page.server";
import {
  expenseFiltersFromSearch,
  listExpenses,
  summarizeExpenses,
} from "~/modules/expenses/queries.server";
import { getDocument } from "~/modules/invoices/documents.server";
import { listDocuments, summarizeDocuments } from "~/modules/invoices/list.server";
import { printModelFor, renderDocumentPdf } from "~/modules/invoices/render.server";
import { computePayroll, PAYROLL_2026 } from "~/modules/salaries/payroll";
import { copyPreviousMonth, monthSalaries } from "~/modules/salaries/salaries.server";
import { buildFiles, vatReport, zipFiles } from "~/modules/vat/report.server";
import { readReceiptForm } from "~/web/expenses/form.server";
import { type OpenedDatabase, openMemoryPglite, openPostgres } from "~db/client";
import { migrateToLatest } from "~db/migrate";
import { createDatabase, dropDatabase, uniqueName } from "../setup/postgres";
import { benchBackup } from "./backup";
import { benchBank } from "./bank";
import { benchDeadlines } from "./deadlines";
import { benchEvents } from "./events";
import { benchExport } from "./export";
import { benchJobs } from "./jobs";
import { benchJsSize } from "./js-size";
import { benchLadder } from "./ladder";
import { benchLedger } from "./ledger";
import { benchMixed } from "./mixed";
import { benchPdfSideBySide } from "./pdf";
import { benchSaft } from "./saft";
import { seed } from "./seed";
import { fmt, printSummary, record } from "./table";

// `npm run bench`: figures for the notes, never assertions. Postgres is BENCH_DATABASE_URL
// (a server URL; a fresh database is created on it), default postgres://postgres@127.0.0.1:5432/postgres.

const RUNS = 200;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Which database the figures are for; the modules' goals (issues #10–#16) are on PostgreSQL. */
let measuring = "";

/**
 * Times `run` and prints p50/p95. With a goal (p95 in ms, from the module's issue), the PostgreSQL
 * figure also goes into the summary table, the goal as its baseline.
 */
async function measure(label: string, run: () => Promise<unknown>, runs = RUNS, goalMs?: number) {
  for (let i = 0; i < 10; i++) await run(); // warm up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  console.log(`  ${label.padEnd(38)} p50 ${p50.toFixed(2)} ms   p95 ${p95.toFixed(2)} ms`);
  if (goalMs !== undefined && measuring === "PostgreSQL") {
    record({
      part: "modules",
      measure: label,
      app: `${fmt(p50, 1)} / ${fmt(p95, 1)} ms p50/p95`,
      baseline: `goal ${fmt(goalMs)} ms`,
      ratio: p95 / goalMs,
      ratioLabel: "p95/goal",
      goal: `p95 ≤ ${fmt(goalMs)} ms`,
      met: p95 <= goalMs,
    });
  }
}

/**
 * Salaries: a company with 200 employees and 36 months of salaries (saved as the app saves them),
 * then what /salaries runs for a month and copying a month of 200 salaries.
 */
async function benchSalaries(database: OpenedDatabase, companyId: string) {
  const { db } = database;
  const started = performance.now();
  const company = { id: companyId };
  await db
    .updateTable("companies")
    .set({ subscriptionPlan: "full" })
    .where("id", "=", companyId)
    .execute();
  const employees = await db
    .insertInto("employees")
    .values(
      Array.from({ length: 200 }, (_, i) => ({
        companyId: company.id,
        name: `Служител ${String(i).padStart(3, "0")}`,
        idKind: "lnch" as const,
        idNumber: String(1_000_000_000 + i),
        position: "Специалист",
        contractType: "labour" as const,
        startDate: "2023-01-01",
        grossCents: 100_000 + i * 1_000,
      })),
    )
    .returning("id")
    .execute();
  // The 36 months up to the bench's today (2026-11-22): 2023-12 … 2026-11.
  const months: string[] = [];
  for (let i = 0; i < 36; i++) {
    const serial = 2023 * 12 + 11 + i;
    months.push(`${Math.floor(serial / 12)}-${String((serial % 12) + 1).padStart(2, "0")}`);
  }
  // Parameters exist from 2026: the earlier months are stored with them too (figures only matter
  // for the reading speed here).
  const parameters = await db
    .selectFrom("payrollParameters")
    .select("id")
    .executeTakeFirstOrThrow();
  for (const month of months) {
    const rows = employees.map((e, i) => {
      const r = computePayroll(
        {
          contract: "labour",
          bornBefore1960: false,
          grossCents: 100_000 + i * 1_000,
          workingDays: 21,
          unpaidDays: 0,
          sickDays: 0,
          bonusCents: 0,
          tzpbRate: 0.4,
        },
        PAYROLL_2026,
      );
      return {
        companyId: company.id,
        employeeId: e.id,
        month,
        employeeName: `Служител ${String(i).padStart(3, "0")}`,
        contractType: "labour" as const,
        bornBefore1960: false,
        parametersId: parameters.id,
        tzpbRate: "0.40",
        agreedGrossCents: 100_000 + i * 1_000,
        workingDays: 21,
        bonusCents: 0,
        ...r,
      };
    });
    await db.insertInto("salaries").values(rows).execute();
  }
  await sql`vacuum analyze salaries`.execute(db);
  console.log(
    `  seeded 200 employees × 36 months of salaries in ${Math.round(performance.now() - started)} ms`,
  );
  await measure(
    "/salaries: a month and the one before",
    () =>
      Promise.all([
        monthSalaries(db, company.id, "2025-06"),
        monthSalaries(db, company.id, "2025-05"),
      ]),
    RUNS,
    50,
  );
  await measure(
    "copy a month of 200 salaries",
    async () => {
      await copyPreviousMonth(db, company.id, "2026-12");
      await db
        .deleteFrom("salaries")
        .where("companyId", "=", company.id)
        .where("month", "=", "2026-12")
        .execute();
    },
    20,
    500,
  );
}

/** What /expenses runs: one page and the totals per currency and per VAT rate. */
function expensesPage(
  db: OpenedDatabase["db"],
  companyId: string,
  query: string,
  after?: string | null,
) {
  const filters = expenseFiltersFromSearch(new URLSearchParams(query));
  return Promise.all([
    listExpenses(db, companyId, filters, "2026-11-22", { after: after ?? null }),
    summarizeExpenses(db, companyId, filters, "2026-11-22"),
  ]);
}

async function benchExpenses(database: OpenedDatabase, companyId: string) {
  const { db } = database;
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    cursor = (
      await listExpenses(
        db,
        companyId,
        expenseFiltersFromSearch(new URLSearchParams()),
        "2026-11-22",
        { after: cursor },
      )
    ).nextCursor;
  }
  await measure("/expenses: first page + totals", () => expensesPage(db, companyId, ""), RUNS, 50);
  await measure("/expenses: page 101 + totals", () => expensesPage(db, companyId, "", cursor));
  await measure("/expenses: this month", () => expensesPage(db, companyId, "period=month:2026-11"));
  await measure("/expenses: this year", () => expensesPage(db, companyId, "period=year:2026"));
  await measure("/expenses: unpaid", () => expensesPage(db, companyId, "payment=unpaid"));
  await measure("/expenses: by amount", () => expensesPage(db, companyId, "sort=amount_desc"));
  await measure("/expenses: search by number", () => expensesPage(db, companyId, "q=0000054321"));
  await measure(
    "/expenses: search «доставчик 99»",
    () => expensesPage(db, companyId, "q=доставчик 99"),
    50,
  );
}

/**
 * The memory one 5 MB receipt upload takes while it is read: the multipart body is generated as it
 * streams (nothing held by the sender), so the growth is what the reader keeps.
 */
async function benchUpload() {
  console.log("\nreceipt upload (multipart, 5 MB file)");
  const size = 5 * 1024 * 1024 - 1024;
  const boundary = "----smetka-bench";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload\r\n--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="scan.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 7);
  const request = () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new Uint8Array(head));
        if (sent >= size) {
          controller.enqueue(new Uint8Array(tail));
          controller.close();
          return;
        }
        const n = Math.min(chunk.length, size - sent);
        controller.enqueue(new Uint8Array(chunk.subarray(0, n)));
        sent += n;
      },
    });
    return new Request("http://localhost/expenses/x", {
      method: "POST",
      body,
      headers: {
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": String(head.length + size + tail.length),
      },
      duplex: "half",
    } as RequestInit);
  };
  await readReceiptForm(request()); // warm up
  globalThis.gc?.();
  const before = process.memoryUsage();
  let peak = before.arrayBuffers;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().arrayBuffers);
  }, 1);
  const { upload } = await readReceiptForm(request());
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().arrayBuffers);
  const held = upload.files[0]?.bytes.byteLength ?? 0;
  const mb = (n: number) => (n / 1024 / 1024).toFixed(2);
  console.log(
    `  file ${mb(held)} MB read; array buffers grew by ${mb(peak - before.arrayBuffers)} MB at the peak (${((peak - before.arrayBuffers) / held).toFixed(2)} × the file)`,
  );
}

/** What /invoices runs: one page and the totals of everything the filters match. */
function invoicesPage(
  db: OpenedDatabase["db"],
  companyId: string,
  query: string,
  after?: string | null,
) {
  const params = new URLSearchParams(query);
  const filters = {
    type: (params.get("type") ?? undefined) as "invoice" | undefined,
    status: (params.get("status") ?? undefined) as "overdue" | undefined,
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
    q: params.get("q") ?? undefined,
  };
  return Promise.all([
    listDocuments(db, companyId, filters, "2026-11-22", { after: after ?? null }),
    summarizeDocuments(db, companyId, filters, "2026-11-22"),
  ]);
}

async function benchDocuments(database: OpenedDatabase, companyId: string) {
  const { db } = database;
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++)
    cursor = (await listDocuments(db, companyId, {}, "2026-11-22", { after: cursor })).nextCursor;
  await measure("/invoices: first page + totals", () => invoicesPage(db, companyId, ""));
  await measure("/invoices: page 101 + totals", () => invoicesPage(db, companyId, "", cursor));
  await measure("/invoices: this year", () =>
    invoicesPage(db, companyId, "from=2026-01-01&to=2026-12-31"),
  );
  await measure("/invoices: overdue", () => invoicesPage(db, companyId, "status=overdue"));
  await measure("/invoices: search by number", () => invoicesPage(db, companyId, "q=54321"));
  await measure(
    "/invoices: search «клиент 99»",
    () => invoicesPage(db, companyId, "q=клиент 99"),
    50,
  );
  const some = await db
    .selectFrom("documents")
    .select("id")
    .where("companyId", "=", companyId)
    .where("status", "=", "issued")
    .orderBy("issueDate", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  await measure("/invoice/{id}: document + print model", async () =>
    printModelFor(db, (await getDocument(db, companyId, some.id))!),
  );
}

async function benchPdf(database: OpenedDatabase, companyId: string) {
  const { db } = database;
  const some = await db
    .selectFrom("documents")
    .select("id")
    .where("companyId", "=", companyId)
    .where("status", "=", "issued")
    .limit(1)
    .executeTakeFirstOrThrow();
  const doc = (await getDocument(db, companyId, some.id))!;
  const began = performance.now();
  const first = await renderDocumentPdf(db, doc);
  console.log(
    `  PDF, first render in this process (fonts loaded): ${Math.round(performance.now() - began)} ms, ${first.length} bytes`,
  );
  await measure("PDF: one-page invoice, warm", () => renderDocumentPdf(db, doc), 50);
}

async function benchDatabase(label: string, database: OpenedDatabase, pdf = false) {
  console.log(`\n${label}`);
  measuring = label;
  await migrateToLatest(database.db);
  const companyId = await seed(database);
  const { db } = database;
  let deepCursor: string | null = null;
  for (let page = 0; page < 100; page++)
    deepCursor = (await listClients(db, companyId, { after: deepCursor })).nextCursor;
  await measure("clients: first page by name", () => listClients(db, companyId, {}));
  await measure("clients: page 101 by name (keyset)", () =>
    listClients(db, companyId, { after: deepCursor }),
  );
  await measure("clients: first page, newest", () =>
    listClients(db, companyId, { sort: "newest" }),
  );
  await measure("clients: search «клиент 99»", () =>
    listClients(db, companyId, { q: "клиент 99" }),
  );
  await measure("clients: search by EIK", () => listClients(db, companyId, { q: "200009999" }));
  await benchDocuments(database, companyId);
  await benchExpenses(database, companyId);
  await benchSalaries(database, companyId);
  await measure(
    "/dashboard: money (revenue, receivables, latest)",
    () =>
      dashboardMoney(
        db,
        { role: "user", plan: "full", companyRole: "owner", companyId },
        "2026-11-22",
      ),
    RUNS,
    50,
  );
  await measure(
    "/analytics: 12 months",
    () => analyticsSummary(db, companyId, { from: "2025-12", to: "2026-11" }, "2026-11-22"),
    RUNS,
    100,
  );
  await measure(
    "/analytics: 36 months",
    () => analyticsSummary(db, companyId, { from: "2023-12", to: "2026-11" }, "2026-11-22"),
    RUNS,
    200,
  );
  await benchVat(database);
  if (pdf) await benchPdf(database, companyId);
}

/**
 * Issue #16's target: a VAT-registered company's month with 10,000 sales documents (two lines
 * each, frozen client snapshots) and 10,000 expenses — the report page's reading and the zip.
 */
async function benchVat(database: OpenedDatabase) {
  const { db } = database;
  const company = await db
    .insertInto("companies")
    .values({
      name: "ДДС Бенч ЕООД",
      companyType: "company",
      eik: "999000111",
      isVatRegistered: true,
      vatNumber: "BG999000111",
      address: "ул. Шипка 5",
      city: "София",
      postalCode: "1000",
      email: "vat@example.bg",
      subscriptionPlan: "standard",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const id = company.id;
  await sql`insert into clients (company_id, kind, name, eik, address, city)
    select ${id}::uuid, 'company', 'Купувач ' || g || ' ООД', (400000000 + g)::text, 'ул. 1', 'София'
    from generate_series(1, 500) g`.execute(db);
  await sql`
    with c as (select id, eik, name, row_number() over (order by id) - 1 as rn from clients
               where company_id = ${id})
    insert into documents (company_id, type, status, number, client_id, issue_date, due_date,
      currency, subtotal_cents, vat_cents, total_cents, issued_at, client_snapshot)
    select ${id}::uuid, case when g % 20 = 0 then 'credit_note' else 'invoice' end, 'issued',
      lpad(g::text, 10, '0'), c.id, date '2026-10-01' + (g % 31), date '2026-10-31',
      'EUR', 10000, 2000, 12000, now(),
      json_build_object('name', c.name, 'eik', c.eik, 'vatNumber', 'BG' || c.eik, 'countryCode', 'BG')
    from generate_series(1, 10000) g join c on c.rn = g % 500`.execute(db);
  await sql`insert into document_lines (document_id, company_id, position, description, quantity,
      unit, unit_price, discount_percent, vat_rate, net_cents)
    select d.id, d.company_id, p, 'Услуга ' || (p + 1), 1, 'бр.', 50, 0, 20, 5000
    from documents d cross join generate_series(0, 1) p where d.company_id = ${id}`.execute(db);
  await sql`insert into expense_categories (company_id, code, name, position)
    values (${id}, 'other', 'Други', 0)`.execute(db);
  await sql`insert into expenses (company_id, supplier_name, supplier_eik, document_type,
      document_number, document_date, description, category_id, currency, subtotal_cents,
      vat_cents, total_cents, vat_credit, creditable_vat_cents)
    select ${id}::uuid, 'Доставчик ' || (g % 300), (300000000 + g % 300)::text, 'invoice',
      lpad(g::text, 10, '0'), date '2026-10-01' + (g % 31), 'Покупка ' || g,
      (select id from expense_categories where company_id = ${id} limit 1), 'EUR', 10000, 2000,
      12000, 'full', 2000
    from generate_series(1, 10000) g`.execute(db);
  await sql`analyze`.execute(db);
  await measure(
    "/reports/vat: 10,000 + 10,000 in a month",
    () => vatReport(db, id, "2026-10", true),
    30,
    200,
  );
  await measure(
    "VAT files zip: 10,000 + 10,000",
    async () => {
      const report = await vatReport(db, id, "2026-10", true);
      const { files, problems } = buildFiles(report);
      if (problems.length) throw new Error(problems[0]?.message);
      zipFiles(files);
    },
    10,
    1_000,
  );
}

/** Starts `args` under node and times it to the first 200 of GET / (the process is then stopped). */
function timeToFirst200(args: string[], env: Record<string, string>, ready: string) {
  return new Promise<number>((resolve, reject) => {
    const began = performance.now();
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env, PORT: "3999", HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", async (chunk: Buffer) => {
      if (!chunk.toString().includes(ready)) return;
      const response = await fetch("http://127.0.0.1:3999/");
      const elapsed = performance.now() - began;
      await response.arrayBuffer();
      child.kill("SIGTERM");
      child.on("exit", () =>
        response.status === 200
          ? resolve(elapsed)
          : reject(new Error(`GET / answered ${response.status}`)),
      );
    });
    child.on("error", reject);
  });
}

/**
 * Issue #17 item 5: start to the first 200 on the embedded default, with a new DATA_DIR (initdb,
 * migrations, the demo seed) and restarting on it (median of three), beside a bare node:http
 * server's start on this machine (what no Node server can beat).
 */
async function benchStart() {
  console.log("\nserver start (node build/index.js, embedded PGlite)");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "smetka-bench-"));
  const app = () =>
    timeToFirst200(
      ["build/index.js"],
      { DATA_DIR: dataDir, NODE_ENV: "production", DATABASE_URL: "" },
      "is running at",
    );
  const bare = () =>
    timeToFirst200(
      [
        "-e",
        `require("node:http").createServer((q, s) => s.end("ok")).listen(3999, "127.0.0.1", () => console.log("listening"))`,
      ],
      {},
      "listening",
    );
  const median = (values: number[]) => values.sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  const first = await app();
  const restarts = [await app(), await app(), await app()];
  const bares = [await bare(), await bare(), await bare()];
  const restart = median(restarts);
  const baseline = median(bares);
  console.log(
    `  first start (new database, migrations, demo seed) to GET / 200: ${Math.round(first)} ms`,
  );
  console.log(
    `  restart on the same data to GET / 200: ${restarts.map((t) => Math.round(t)).join(", ")} ms (median ${Math.round(restart)} ms)`,
  );
  console.log(`  bare node:http server to its first 200: ${Math.round(baseline)} ms (median of 3)`);
  record({
    part: "start",
    measure: "first start, new DATA_DIR, to GET / 200",
    app: `${fmt(first)} ms`,
    baseline: `bare node:http ${fmt(baseline)} ms`,
    ratio: first / baseline,
    ratioLabel: "× bare",
  });
  record({
    part: "start",
    measure: "restart on existing DATA_DIR, to GET / 200",
    app: `${fmt(restart)} ms`,
    baseline: `bare node:http ${fmt(baseline)} ms`,
    ratio: restart / baseline,
    ratioLabel: "× bare",
    goal: "≤ 2,000 ms",
    met: restart <= 2_000,
  });
  await rm(dataDir, { recursive: true, force: true });
}

if (!process.env.BENCH_ONLY || process.env.BENCH_ONLY === "pglite") {
  const memory = await openMemoryPglite();
  await benchDatabase(`PGlite (in memory)`, memory, true);
  await memory.close();
}

// BENCH_ONLY=pglite | postgres | vat | js | server | upload | events | jobs | backup | export | bank | mixed | ledger | saft | deadlines
// runs one part.
const only = process.env.BENCH_ONLY;
if (!only || only === "postgres") {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = uniqueName("smetka_bench");
  try {
    const postgres = openPostgres(await createDatabase(serverUrl, name), 10);
    await benchDatabase("PostgreSQL", postgres);
    await postgres.close();
    if (process.env.BENCH_KEEP) {
      console.log(`  kept the database ${name} (BENCH_KEEP)`);
      process.exit(0);
    }
  } catch (error) {
    console.log(`\nPostgreSQL skipped: ${(error as Error).message}`);
  } finally {
    await dropDatabase(serverUrl, name).catch(() => {});
  }
}
if (only === "vat") {
  // Issue #16's month alone, on PostgreSQL (it also runs inside the full PostgreSQL part).
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = uniqueName("smetka_bench_vat");
  try {
    const postgres = openPostgres(await createDatabase(serverUrl, name), 10);
    console.log("\nPostgreSQL: the VAT month");
    measuring = "PostgreSQL";
    await migrateToLatest(postgres.db);
    await benchVat(postgres);
    await postgres.close();
  } finally {
    await dropDatabase(serverUrl, name).catch(() => {});
  }
}
if (only === "deadlines") await benchDeadlines();
if (!only || only === "js") benchJsSize();
if (!only || only === "server") await benchStart();
if (!only || only === "upload") await benchUpload();
if (!only || only === "ladder") await benchLadder();
if (!only || only === "pdf") await benchPdfSideBySide();
if (!only || only === "events") await benchEvents();
if (!only || only === "jobs") await benchJobs();
if (!only || only === "export") await benchExport();
// Asked for alone: it seeds the big database twice more (PostgreSQL and a PGlite folder).
if (only === "backup") await benchBackup();

if (!only || only === "bank") await benchBank();
if (!only || only === "mixed") await benchMixed();
if (!only || only === "ledger") await benchLedger();
if (only === "saft") await benchSaft();

printSummary();
