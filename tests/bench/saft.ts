import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { postMissing } from "~/modules/ledger/backfill.server";
import { monthlySaft } from "~/modules/saft/file.server";
import { openPostgres } from "~db/client";
import { migrateToLatest } from "~db/migrate";
import { createDatabase, dropDatabase, uniqueName } from "../setup/postgres";
import { CLIENTS, seedDocuments, seedExpenses } from "./seed";
import { fmt, record } from "./table";

// `BENCH_ONLY=saft npm run bench` (issue #46 item 1, decision 063): on PostgreSQL, the monthly
// SAF-T file of a company with 100,000 documents (and 100,000 expenses) in one month — seed.ts's
// rows moved into October 2026 and posted by the backfill — written to nowhere as it streams:
// its time, its size and the process's peak RSS while it is written (bounded memory: a page of
// 500 rows, the chart and the month's counterparties).

const MONTH = "2026-10";

export async function benchSaft() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = uniqueName("smetka_bench_saft");
  const url = await createDatabase(serverUrl, name);
  const database = openPostgres(url, 10);
  const { db } = database;
  console.log(
    "\nPostgreSQL: the monthly SAF-T file at 100,000 documents a month (issue #46 item 1)",
  );
  try {
    await migrateToLatest(db);
    const company = await db
      .insertInto("companies")
      .values({
        name: "SAF-T Бенч ЕООД",
        companyType: "company",
        eik: "100000003",
        address: "ул. Шипка 5",
        city: "София",
        postalCode: "1000",
        email: "saft@example.bg",
        bankIban: "BG80BNBG96611020345678",
        subscriptionPlan: "standard",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const target = company.id;
    await sql`insert into clients (company_id, kind, name, eik, address, city)
      select ${target}::uuid, 'company', 'Клиент ' || g || ' ООД', (200000000 + g)::text, 'ул. 1', 'София'
      from generate_series(0, ${CLIENTS - 1}) g`.execute(db);
    await seedDocuments(database, target);
    await seedExpenses(database, target);
    // Every document, payment and expense into the one month, before anything is posted.
    await sql`update documents set issue_date = ${`${MONTH}-01`}::date + (abs(hashtext(id::text)) % 31), tax_event_date = null
      where company_id = ${target}::uuid`.execute(db);
    await sql`update document_payments set paid_on = ${`${MONTH}-01`}::date + (abs(hashtext(id::text)) % 31)
      where company_id = ${target}::uuid`.execute(db);
    await sql`update expenses set document_date = ${`${MONTH}-01`}::date + (abs(hashtext(id::text)) % 31),
      paid_on = case when paid_on is null then null else ${`${MONTH}-01`}::date + (abs(hashtext(id::text)) % 31) end
      where company_id = ${target}::uuid`.execute(db);
    for (;;) if ((await postMissing(db, { companyId: target, budgetMs: 60_000 })) === 0) break;
    await sql`vacuum analyze`.execute(db);

    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const before = process.memoryUsage().rss;
    const started = performance.now();
    const result = await monthlySaft(db, target, MONTH, "2026-11-29");
    let bytes = 0;
    if ("problems" in result) {
      console.log(`  problems: ${result.problems.map((p) => p.message).join("; ")}`);
    } else {
      for await (const chunk of result.chunks) bytes += Buffer.byteLength(chunk);
    }
    const ms = performance.now() - started;
    clearInterval(sampler);
    console.log(
      `  SAF-T ${MONTH}: ${fmt(bytes / 1e6, 1)} MB in ${fmt(ms / 1000, 1)} s; RSS ${fmt(before / 1e6)} → peak ${fmt(peak / 1e6)} MB`,
    );
    record({
      part: "saft",
      measure: "monthly SAF-T file, 100,000 documents in the month",
      app: `${fmt(ms / 1000, 1)} s, ${fmt(bytes / 1e6, 1)} MB, peak RSS +${fmt((peak - before) / 1e6)} MB`,
    });
  } finally {
    await database.close();
    await dropDatabase(serverUrl, name).catch(() => {});
  }
}
