import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { postMissing } from "~/modules/ledger/backfill.server";
import { trialBalance } from "~/modules/ledger/reports.server";
import { type OpenedDatabase, openPostgres } from "~db/client";
import { migrateToLatest } from "~db/migrate";
import { createDatabase, dropDatabase, uniqueName } from "../setup/postgres";
import { CLIENTS, seedDocuments, seedExpenses } from "./seed";
import { fmt, record } from "./table";

// `BENCH_ONLY=ledger npm run bench` (issue #45 item 9): on PostgreSQL, the books of a company
// of 100,000 documents over seven years (seed.ts's documents; BENCH_LEDGER_EXPENSES=1 adds its
// 100,000 expenses) — posted by the backfill (the migration's and the hourly job's path,
// `postMissing`), then the trial balance of a year and of a month (goal: the year's ≤ 200 ms).

const RUNS = 30;

async function timed(run: () => Promise<unknown>, runs = RUNS) {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

/** The measured company, its 10,000 clients and 100,000 documents (and expenses, when asked). */
async function seedCompany(database: OpenedDatabase): Promise<string> {
  const { db } = database;
  const company = await db
    .insertInto("companies")
    .values({
      name: "Книги Бенч ЕООД",
      companyType: "company",
      eik: "100000002",
      address: "ул. Шипка 5",
      city: "София",
      postalCode: "1000",
      email: "ledger@example.bg",
      subscriptionPlan: "standard",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const target = company.id;
  await sql`insert into clients (company_id, kind, name, eik, address, city)
    select ${target}::uuid, 'company', 'Клиент ' || g || ' ООД', (200000000 + g)::text, 'ул. 1', 'София'
    from generate_series(0, ${CLIENTS - 1}) g`.execute(db);
  await seedDocuments(database, target);
  if (process.env.BENCH_LEDGER_EXPENSES) await seedExpenses(database, target);
  await sql`vacuum analyze`.execute(db);
  return target;
}

export async function benchLedger() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  // BENCH_LEDGER_DB: a database kept by an earlier run (BENCH_KEEP), its seed and what is posted.
  const kept = process.env.BENCH_LEDGER_DB;
  const name = kept ?? uniqueName("smetka_bench_ledger");
  const url = kept
    ? `${serverUrl.replace(/\/[^/]*$/, "")}/${kept}`
    : await createDatabase(serverUrl, name);
  const database = openPostgres(url, 10);
  const { db } = database;
  console.log("\nPostgreSQL: the ledger at 100,000 documents (issue #45 item 9)");
  try {
    await migrateToLatest(db);
    const target = kept
      ? (
          await db
            .selectFrom("companies")
            .select("id")
            .where("eik", "=", "100000002")
            .executeTakeFirstOrThrow()
        ).id
      : await seedCompany(database);
    const started = performance.now();
    let posted = 0;
    for (;;) {
      const count = await postMissing(db, { companyId: target, budgetMs: 60_000 });
      posted += count;
      if (count === 0) break;
    }
    const postingMs = performance.now() - started;
    const lines = await db
      .selectFrom("ledgerLines")
      .select(sql<string>`count(*)`.as("n"))
      .where("companyId", "=", target)
      .executeTakeFirstOrThrow();
    console.log(
      `  posted ${posted} documents, payments and expenses (${lines.n} lines) in ${fmt(postingMs / 1000, 1)} s`,
    );
    record({
      part: "ledger",
      measure: `posting ${posted.toLocaleString("en")} rows (backfill)`,
      app: `${fmt(postingMs / 1000, 1)} s, ${fmt((postingMs / posted) * 1000)} µs a row`,
    });
    await sql`vacuum analyze`.execute(db);
    const year = await timed(() => trialBalance(db, target, "2026-01-01", "2026-12-31"));
    const month = await timed(() => trialBalance(db, target, "2026-11-01", "2026-11-30"));
    console.log(
      `  trial balance 2026: p50 ${fmt(year.p50, 1)} ms, p95 ${fmt(year.p95, 1)} ms; November: p50 ${fmt(month.p50, 1)} ms, p95 ${fmt(month.p95, 1)} ms`,
    );
    record({
      part: "ledger",
      measure: "trial balance of 2026 (100,000 documents)",
      app: `${fmt(year.p50, 1)} / ${fmt(year.p95, 1)} ms p50/p95`,
      baseline: "goal 200 ms",
      ratio: year.p95 / 200,
      ratioLabel: "p95/goal",
      goal: "p95 ≤ 200 ms",
      met: year.p95 <= 200,
    });
    record({
      part: "ledger",
      measure: "trial balance of a month",
      app: `${fmt(month.p50, 1)} / ${fmt(month.p95, 1)} ms p50/p95`,
    });
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP || kept) console.log(`  kept the database ${name} (BENCH_KEEP)`);
    else await dropDatabase(serverUrl, name).catch(() => {});
  }
}
