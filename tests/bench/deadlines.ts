import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import { nextDeadlines } from "~/modules/calendar/calendar.server";
import { returnFiguresReader, vatReport } from "~/modules/vat/report.server";
import { type OpenedDatabase, openMemoryPglite, openPostgres } from "~db/client";
import { migrateToLatest } from "~db/migrate";
import { createDatabase, dropDatabase, uniqueName } from "../setup/postgres";
import { fmt, record } from "./table";

// `BENCH_ONLY=deadlines npm run bench`, or alone: `npx tsx tests/bench/deadlines.ts` (issue #49,
// decision 075): the dashboard's «Предстоящи срокове» on 5 November, when the next three deadlines
// hold two VAT returns (October's, due 16.11, and November's so far), for a VAT-registered company
// of DOCUMENTS invoices and EXPENSES purchases in 2026 — on PGlite in memory and on PostgreSQL.
// «before»: the two full /reports/vat reports the card used to build (eight months' journals, the
// company and the filing settings twice); «now»: the figures only, each month's journals once.

const DOCUMENTS = Number(process.env.BENCH_DEADLINES_DOCUMENTS ?? 3_000);
const EXPENSES = Number(process.env.BENCH_DEADLINES_EXPENSES ?? 1_500);
const TODAY = "2026-11-05";
const RUNS = 20;

async function timed(run: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor(RUNS / 2)]!,
    p95: times[Math.min(RUNS - 1, Math.floor(RUNS * 0.95))]!,
  };
}

/** One VAT-registered company on the standard plan, its 2026 invoices and purchases, by SQL. */
async function seedCompany({ db }: OpenedDatabase): Promise<string> {
  const { id } = await db
    .insertInto("companies")
    .values({
      name: "Срокове Бенч ООД",
      companyType: "company",
      eik: "100000002",
      address: "ул. Шипка 5",
      city: "София",
      postalCode: "1000",
      email: "deadlines@example.bg",
      subscriptionPlan: "standard",
      isVatRegistered: true,
      vatNumber: "BG100000002",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await sql`insert into clients (company_id, kind, name, eik, address, city)
    select ${id}::uuid, 'company', 'Клиент ' || g || ' ООД', (200000000 + g)::text, 'ул. 1', 'София'
    from generate_series(0, 199) g`.execute(db);
  // Over 1.1–4.11.2026: invoices, every 20th a credit note, every 50th cancelled; two lines each,
  // every 7th document's second line at 9 %.
  await sql`
    with c as (
      select id, name, eik, row_number() over (order by id) - 1 as rn, count(*) over () as n
      from clients where company_id = ${id}
    )
    insert into documents (company_id, type, status, number, client_id, client_snapshot,
      issue_date, due_date, currency, subtotal_cents, vat_cents, total_cents, paid_cents, issued_at,
      cancelled_at, cancel_reason)
    select ${id}::uuid,
      case when g % 20 = 0 then 'credit_note' else 'invoice' end,
      case when g % 50 = 0 then 'cancelled' else 'issued' end,
      lpad(g::text, 10, '0'), c.id,
      jsonb_build_object('name', c.name, 'eik', c.eik, 'countryCode', 'BG'),
      date '2026-01-01' + (g::bigint * 307 / ${DOCUMENTS})::int,
      date '2026-01-15' + (g::bigint * 307 / ${DOCUMENTS})::int,
      'EUR', 10000, 1900, 11900, 0,
      now(), case when g % 50 = 0 then now() end, case when g % 50 = 0 then 'грешка' end
    from generate_series(1, ${DOCUMENTS}) g join c on c.rn = g % c.n`.execute(db);
  await sql`insert into document_lines (document_id, company_id, position, description, quantity,
      unit, unit_price, discount_percent, vat_rate, net_cents)
    select d.id, d.company_id, p, 'Услуга по договор, етап ' || (p + 1), 1, 'бр.', 50, 0,
      case when p = 1 and d.number::int % 7 = 0 then 9 else 20 end, 5000
    from documents d cross join generate_series(0, 1) p
    where d.company_id = ${id}`.execute(db);
  await db
    .insertInto("documentCounters")
    .values({ companyId: id, series: "tax", lastNumber: DOCUMENTS })
    .execute();
  await sql`insert into expense_categories (company_id, code, name, position)
    values (${id}::uuid, 'other', 'Други', 0)`.execute(db);
  await sql`insert into suppliers (company_id, name, eik)
    select ${id}::uuid, 'Доставчик ' || g || ' ООД', (300000000 + g)::text
    from generate_series(1, 100) g`.execute(db);
  await sql`
    with s as (
      select id, name, eik, row_number() over (order by id) - 1 as rn, count(*) over () as n
      from suppliers where company_id = ${id}
    ), c as (select id from expense_categories where company_id = ${id} limit 1)
    insert into expenses (company_id, supplier_id, supplier_name, supplier_eik, supplier_vat_number,
      document_type, document_number, document_date, description, category_id, currency,
      subtotal_cents, vat_cents, total_cents, vat_credit, creditable_vat_cents, payment_method,
      paid_on)
    select ${id}::uuid, s.id, s.name, s.eik, 'BG' || s.eik,
      case when g % 20 = 0 then 'credit_note' else 'invoice' end,
      lpad(g::text, 10, '0'), date '2026-01-01' + (g * 307 / ${EXPENSES})::int,
      'Покупка ' || g, (select id from c), 'EUR',
      -- Every 10th a large purchase: some months end with a refund carried into the next.
      case when g % 10 = 0 then 900000 else 10000 end,
      case when g % 10 = 0 then 180000 else 2000 end,
      case when g % 10 = 0 then 1080000 else 12000 end, 'full',
      case when g % 10 = 0 then 180000 else 2000 end,
      'bank', date '2026-01-01' + (g * 307 / ${EXPENSES})::int
    from generate_series(1, ${EXPENSES}) g join s on s.rn = g % s.n`.execute(db);
  await sql`analyze`.execute(db);
  return id;
}

async function measure(label: string, database: OpenedDatabase) {
  const { db } = database;
  await migrateToLatest(db);
  const companyId = await seedCompany(database);
  const before = () =>
    Promise.all(["2026-10", "2026-11"].map((m) => vatReport(db, companyId, m, true)));
  const now = () => {
    const figuresOf = returnFiguresReader(db, companyId, true);
    return Promise.all(["2026-10", "2026-11"].map((m) => figuresOf(m)));
  };
  // The same figures either way: кл. 50 and 60 of both months.
  const old = await before();
  const fresh = await now();
  for (const [i, report] of old.entries()) {
    const cells = fresh[i]!.figures;
    if (report.figures["01-50"] !== cells["01-50"] || report.figures["01-60"] !== cells["01-60"]) {
      throw new Error(`${report.month}: the figures differ`);
    }
  }
  const card = await nextDeadlines(db, companyId, TODAY);
  const vat = card.filter((d) => d.rule === "vat-return");
  if (vat.length !== 2) throw new Error(`expected two VAT returns on the card, got ${vat.length}`);
  const a = await timed(before);
  const b = await timed(now);
  const c = await timed(() => nextDeadlines(db, companyId, TODAY));
  console.log(
    `\n${label}: «Предстоящи срокове» on ${TODAY}, ${DOCUMENTS} documents, ${EXPENSES} expenses`,
  );
  console.log(
    `  two VAT returns, before (two full reports): p50 ${fmt(a.p50, 1)} ms, p95 ${fmt(a.p95, 1)} ms`,
  );
  console.log(
    `  two VAT returns, now (figures, shared months): p50 ${fmt(b.p50, 1)} ms, p95 ${fmt(b.p95, 1)} ms`,
  );
  console.log(`  the whole card (nextDeadlines): p50 ${fmt(c.p50, 1)} ms, p95 ${fmt(c.p95, 1)} ms`);
  console.log(
    `  figures: ${vat.map((d) => `${d.period} ${d.amount?.label} ${d.amount?.cents}`).join("; ")}`,
  );
  record({
    part: "deadlines",
    measure: `dashboard's two VAT returns, ${label} (${DOCUMENTS} documents)`,
    app: `${fmt(b.p50, 1)} / ${fmt(b.p95, 1)} ms p50/p95`,
    baseline: `before ${fmt(a.p50, 1)} / ${fmt(a.p95, 1)} ms`,
    ratio: b.p50 / a.p50,
    ratioLabel: "now/before",
  });
}

export async function benchDeadlines() {
  const memory = await openMemoryPglite();
  try {
    await measure("PGlite (in memory)", memory);
  } finally {
    await memory.close();
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = uniqueName("smetka_bench_deadlines");
  try {
    const postgres = openPostgres(await createDatabase(serverUrl, name), 10);
    try {
      await measure("PostgreSQL", postgres);
    } finally {
      await postgres.close();
    }
  } catch (error) {
    console.log(`\nPostgreSQL skipped: ${(error as Error).message}`);
  } finally {
    await dropDatabase(serverUrl, name).catch(() => {});
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchDeadlines();
}
