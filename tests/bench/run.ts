import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { analyticsSummary } from "~/modules/analytics/summary.server";
import { listClients } from "~/modules/clients/queries.server";
import { dashboardMoney } from "~/modules/dashboard/page.server";
import { readReceiptForm } from "~/modules/expenses/form.server";
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
import { type OpenedDatabase, openMemoryPglite, openPostgres } from "~db/client";
import { migrateToLatest } from "~db/migrate";
import { createDatabase, dropDatabase, uniqueName } from "../setup/postgres";
import { benchEvents } from "./events";
import { benchJsSize } from "./js-size";

// `npm run bench`: figures for the notes, never assertions. Postgres is BENCH_DATABASE_URL
// (a server URL; a fresh database is created on it), default postgres://postgres@127.0.0.1:5432/postgres.

const COMPANIES = 1_000;
const CLIENTS = 10_000;
const DOCUMENTS = 100_000;
const EXPENSES = 100_000;
const RUNS = 200;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(label: string, run: () => Promise<unknown>, runs = RUNS) {
  for (let i = 0; i < 10; i++) await run(); // warm up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(38)} p50 ${percentile(times, 50).toFixed(2)} ms   p95 ${percentile(times, 95).toFixed(2)} ms`,
  );
}

async function seed(database: OpenedDatabase): Promise<string> {
  const { db } = database;
  const started = performance.now();
  const companyIds: string[] = [];
  for (let offset = 0; offset < COMPANIES; offset += 500) {
    const rows = Array.from({ length: Math.min(500, COMPANIES - offset) }, (_, i) => ({
      name: `Фирма ${offset + i}`,
      companyType: "company" as const,
      eik: String(100_000_000 + offset + i),
      address: "ул. Шипка 5",
      city: "София",
      postalCode: "1000",
      email: `c${offset + i}@example.bg`,
    }));
    companyIds.push(
      ...(await db.insertInto("companies").values(rows).returning("id").execute()).map((r) => r.id),
    );
  }
  const target = companyIds[0]!;
  const others = companyIds.slice(1);
  const clientRows = [
    ...Array.from({ length: CLIENTS }, (_, i) => ({
      companyId: target,
      name: `Клиент ${i} ООД`,
      eik: String(200_000_000 + i),
    })),
    ...others.flatMap((companyId, c) =>
      Array.from({ length: 10 }, (_, i) => ({
        companyId,
        name: `Чужд клиент ${c}-${i}`,
        eik: null,
      })),
    ),
  ];
  for (let offset = 0; offset < clientRows.length; offset += 1_000) {
    await db
      .insertInto("clients")
      .values(
        clientRows
          .slice(offset, offset + 1_000)
          .map((r) => ({ ...r, kind: "company" as const, address: "ул. 1", city: "София" })),
      )
      .execute();
  }
  await seedDocuments(database, target);
  await seedExpenses(database, target);
  // Autovacuum would gather statistics and set the visibility map on a live server; freshly seeded
  // tables have neither: without statistics the planner sorts all 10,000 clients instead of walking
  // the index, and without the map the totals cannot be read from the covering index alone.
  await sql`vacuum analyze`.execute(db);
  console.log(
    `  seeded ${COMPANIES} companies, ${clientRows.length} clients in ${Math.round(performance.now() - started)} ms`,
  );
  return target;
}

/**
 * 100,000 documents for the measured company (invoices, every 20th a credit note, every 50th
 * cancelled, every 100th a draft; two lines each; over seven years, one client in 10,000 each)
 * and 10 for each other company, written by SQL in the database for speed.
 */
async function seedDocuments(database: OpenedDatabase, target: string) {
  const { db } = database;
  const started = performance.now();
  const insert = (companyId: string, count: number) =>
    sql`
    with c as (
      select id, row_number() over (order by id) - 1 as rn, count(*) over () as n
      from clients where company_id = ${companyId}
    )
    insert into documents (company_id, type, status, number, client_id, issue_date, due_date,
      currency, subtotal_cents, vat_cents, total_cents, paid_cents, issued_at, cancelled_at, cancel_reason)
    select ${companyId}::uuid,
      case when g % 20 = 0 then 'credit_note' else 'invoice' end,
      case when g % 100 = 1 then 'draft' when g % 50 = 0 then 'cancelled' else 'issued' end,
      case when g % 100 = 1 then null else lpad(g::text, 10, '0') end,
      c.id,
      date '2020-01-01' + (g * 2555 / ${count})::int,
      date '2020-01-15' + (g * 2555 / ${count})::int,
      'EUR', 10000, 2000, 12000,
      case when g % 3 = 0 then 12000 when g % 3 = 1 then 5000 else 0 end,
      now(), case when g % 50 = 0 then now() end, case when g % 50 = 0 then 'грешка' end
    from generate_series(1, ${count}) g join c on c.rn = g % c.n`.execute(db);
  await insert(target, DOCUMENTS);
  const others = await db.selectFrom("companies").select("id").where("id", "<>", target).execute();
  for (const { id } of others) await insert(id, 10);
  await sql`insert into document_lines (document_id, company_id, position, description, quantity,
      unit, unit_price, discount_percent, vat_rate, net_cents)
    select d.id, d.company_id, p, 'Услуга по договор, етап ' || (p + 1), 1, 'бр.', 50, 0, 20, 5000
    from documents d cross join generate_series(0, 1) p`.execute(db);
  await db
    .insertInto("documentCounters")
    .values({ companyId: target, series: "tax", lastNumber: DOCUMENTS })
    .execute();
  console.log(
    `  seeded ${DOCUMENTS + others.length * 10} documents (${DOCUMENTS} in one company), two lines each, in ${Math.round(performance.now() - started)} ms`,
  );
}

/**
 * 100,000 expenses for the measured company (over seven years, 2,000 suppliers, every 20th a credit
 * note, every third unpaid; one or two VAT rates each) and 10 for each other company, by SQL.
 */
async function seedExpenses(database: OpenedDatabase, target: string) {
  const { db } = database;
  const started = performance.now();
  await sql`insert into expense_categories (company_id, code, name, position)
    select c.id, 'other', 'Други', 0 from companies c`.execute(db);
  await sql`insert into suppliers (company_id, name, eik)
    select ${target}::uuid, 'Доставчик ' || g || ' ООД', (300000000 + g)::text
    from generate_series(1, 2000) g`.execute(db);
  const insert = (companyId: string, count: number) =>
    sql`
    with s as (
      select id, name, eik, row_number() over (order by id) - 1 as rn, count(*) over () as n
      from suppliers where company_id = ${companyId}
    ), c as (select id from expense_categories where company_id = ${companyId} limit 1)
    insert into expenses (company_id, supplier_id, supplier_name, supplier_eik, document_type,
      document_number, document_date, description, category_id, currency, subtotal_cents, vat_cents,
      total_cents, vat_credit, creditable_vat_cents, payment_method, paid_on, due_date)
    select ${companyId}::uuid, s.id, coalesce(s.name, 'Доставчик'), s.eik,
      case when g % 20 = 0 then 'credit_note' else 'invoice' end,
      lpad(g::text, 10, '0'), date '2020-01-01' + (g * 2555 / ${count})::int,
      'Покупка ' || g, (select id from c), 'EUR',
      case when g % 2 = 0 then 11000 else 10000 end, case when g % 2 = 0 then 2090 else 2000 end,
      case when g % 2 = 0 then 13090 else 12000 end, 'full',
      case when g % 2 = 0 then 2090 else 2000 end,
      case when g % 3 = 0 then null else 'bank' end,
      case when g % 3 = 0 then null else date '2020-01-01' + (g * 2555 / ${count})::int end,
      case when g % 3 = 0 then date '2020-01-31' + (g * 2555 / ${count})::int end
    from generate_series(1, ${count}) g left join s on s.rn = g % greatest(s.n, 1)`.execute(db);
  // Other companies have no suppliers: their 10 expenses name one in text only.
  await insert(target, EXPENSES);
  const others = await db.selectFrom("companies").select("id").where("id", "<>", target).execute();
  for (const { id } of others) {
    await sql`insert into expenses (company_id, supplier_name, document_type, document_number,
        document_date, description, category_id, subtotal_cents, vat_cents, total_cents)
      select ${id}::uuid, 'Доставчик', 'receipt', g::text, date '2026-01-01' + g, 'Покупка',
        (select id from expense_categories where company_id = ${id}), 1000, 200, 1200
      from generate_series(1, 10) g`.execute(db);
  }
  await sql`insert into expense_amounts (company_id, expense_id, vat_rate, base_cents, vat_cents,
      sign, document_date, currency)
    select e.company_id, e.id, 20, 10000, 2000,
      case when e.document_type = 'credit_note' then -1 else 1 end, e.document_date, e.currency
    from expenses e`.execute(db);
  await sql`insert into expense_amounts (company_id, expense_id, vat_rate, base_cents, vat_cents,
      sign, document_date, currency)
    select e.company_id, e.id, 9, 1000, 90,
      case when e.document_type = 'credit_note' then -1 else 1 end, e.document_date, e.currency
    from expenses e where e.subtotal_cents = 11000`.execute(db);
  // The month totals the app keeps on every write, built here in one go as the migration does.
  await sql`insert into expense_month_totals
    select company_id, date_trunc('month', document_date)::date, currency, count(*),
      sum(s * subtotal_cents), sum(s * vat_cents), sum(s * total_cents), sum(s * creditable_vat_cents),
      coalesce(sum(s * total_cents) filter (where paid_on is null), 0)
    from (select *, case when document_type = 'credit_note' then -1 else 1 end as s from expenses) e
    group by 1, 2, 3`.execute(db);
  await sql`insert into expense_month_rates
    select company_id, date_trunc('month', document_date)::date, currency, coalesce(vat_rate, -1),
      sum(sign * base_cents), sum(sign * vat_cents)
    from expense_amounts group by 1, 2, 3, 4`.execute(db);
  await sql`insert into expense_month_categories
    select company_id, date_trunc('month', document_date)::date, category_id, count(*),
      sum(s * subtotal_cents), sum(s * total_cents), sum(s * creditable_vat_cents)
    from (select *, case when document_type = 'credit_note' then -1 else 1 end as s from expenses) e
    group by 1, 2, 3`.execute(db);
  console.log(
    `  seeded ${EXPENSES + others.length * 10} expenses (${EXPENSES} in one company) in ${Math.round(performance.now() - started)} ms`,
  );
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
  await measure("/salaries: a month and the one before", () =>
    Promise.all([
      monthSalaries(db, company.id, "2025-06"),
      monthSalaries(db, company.id, "2025-05"),
    ]),
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
  await measure("/expenses: first page + totals", () => expensesPage(db, companyId, ""));
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
  await measure("/dashboard: money (revenue, receivables, latest)", () =>
    dashboardMoney(db, { role: "user", plan: "full", companyId }, "2026-11-22"),
  );
  await measure("/analytics: 12 months", () =>
    analyticsSummary(db, companyId, { from: "2025-12", to: "2026-11" }, "2026-11-22"),
  );
  await measure("/analytics: 36 months", () =>
    analyticsSummary(db, companyId, { from: "2023-12", to: "2026-11" }, "2026-11-22"),
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
  );
}

async function benchStart() {
  console.log("\nserver start (node build/index.js, embedded PGlite)");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "smetka-bench-"));
  const start = () =>
    new Promise<number>((resolve, reject) => {
      const began = performance.now();
      const child = spawn(process.execPath, ["build/index.js"], {
        env: {
          ...process.env,
          PORT: "3999",
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
          NODE_ENV: "production",
          DATABASE_URL: "",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout.on("data", async (chunk: Buffer) => {
        if (!chunk.toString().includes("is running at")) return;
        const response = await fetch("http://127.0.0.1:3999/");
        const elapsed = performance.now() - began;
        if (response.status !== 200) reject(new Error(`GET / answered ${response.status}`));
        child.kill("SIGTERM");
        child.on("exit", () => resolve(elapsed));
      });
      child.on("error", reject);
    });
  console.log(
    `  first start (new database, migrations, demo seed) to GET / 200: ${Math.round(await start())} ms`,
  );
  console.log(`  restart on the same data to GET / 200: ${Math.round(await start())} ms`);
  await rm(dataDir, { recursive: true, force: true });
}

if (!process.env.BENCH_ONLY || process.env.BENCH_ONLY === "pglite") {
  const memory = await openMemoryPglite();
  await benchDatabase(`PGlite (in memory)`, memory, true);
  await memory.close();
}

// BENCH_ONLY=pglite | postgres | vat | js | server | upload | events runs one part.
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
    await migrateToLatest(postgres.db);
    await benchVat(postgres);
    await postgres.close();
  } finally {
    await dropDatabase(serverUrl, name).catch(() => {});
  }
}
if (!only || only === "js") benchJsSize();
if (!only || only === "server") await benchStart();
if (!only || only === "upload") await benchUpload();
if (!only || only === "events") await benchEvents();
