import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { AppLoadContext } from "@remix-run/node";
import { sql } from "kysely";
import { runExportStep } from "~/modules/export/build.server";
import type { Jobs } from "~/modules/jobs/client.server";
import { VIES_DEFAULT_URL } from "~/utils/env.server";
import { openPostgres } from "~db/client";
import { migrateToLatest } from "~db/migrate";
import { createDatabase, dropDatabase, uniqueName } from "../setup/postgres";
import { CLIENTS, DOCUMENTS, seedDocuments } from "./seed";
import { fmt, record } from "./table";

// `BENCH_ONLY=export npm run bench` (issue #28 item 5): the company export of 100,000 documents on
// PostgreSQL — every issued and cancelled one's stored PDF (a small fixed PDF each: the storage
// read path, not the render) and its UBL, the CSVs, README.txt — built step by step as the job
// queue would (each step's hand-on run next), with the time and the process's peak RSS.

/** A small, valid one-page PDF: what the bench stores for every document. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

export async function benchExport() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = uniqueName("smetka_bench_export");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "smetka-bench-export-"));
  console.log(`\nCompany export: ${fmt(DOCUMENTS)} documents (PostgreSQL)`);
  const database = openPostgres(await createDatabase(serverUrl, name), 10);
  const { db } = database;
  try {
    await migrateToLatest(db);
    const started = performance.now();
    const company = await db
      .insertInto("companies")
      .values({
        name: "Експорт Бенч ЕООД",
        companyType: "company",
        eik: "100000000",
        address: "ул. Шипка 5",
        city: "София",
        postalCode: "1000",
        email: "bench@example.bg",
        bankIban: "BG80BNBG96611020345678",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto("users")
      .values({
        companyId: company.id,
        email: "bench@example.bg",
        passwordHash: "!bench",
        firstName: "Бенч",
        lastName: "Тест",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Clients an e-invoice can reach (EN 16931: a VAT number or an e-mail).
    await sql`insert into clients (company_id, kind, name, eik, address, city, emails)
      select ${company.id}::uuid, 'company', 'Клиент ' || g || ' ООД', (200000000 + g)::text,
        'ул. 1', 'София', array['office' || g || '@example.bg']
      from generate_series(1, ${CLIENTS}) g`.execute(db);
    await seedDocuments(database, company.id);
    const sha256 = createHash("sha256").update(PDF).digest("hex");
    await sql`insert into document_pdfs (document_id, company_id, data, sha256)
      select id, company_id, ${PDF}, ${sha256} from documents
      where company_id = ${company.id} and status in ('issued', 'cancelled')`.execute(db);
    await sql`vacuum analyze`.execute(db);
    console.log(`  seeded and stored PDFs in ${fmt((performance.now() - started) / 1000, 1)} s`);

    const row = await db
      .insertInto("companyExports")
      .values({ companyId: company.id, requestedBy: user.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The queue, inline and in order: each step's hand-on is run after it (never nested).
    const waiting: { name: string; data: object }[] = [
      { name: "export.build", data: { exportId: row.id } },
    ];
    const jobs: Jobs = {
      send: async (jobName, data) => {
        waiting.push({ name: jobName, data });
        return null;
      },
      transaction: (trx, work) =>
        trx.transaction().execute((t) =>
          work(t, {
            send: async (jobName, data) => {
              waiting.push({ name: jobName, data });
              return null;
            },
          }),
        ),
    };
    const config = {
      appUrl: "http://localhost:3000",
      dataDir,
      mail: { smtpUrl: undefined, from: "bench", supportEmail: undefined },
      vies: { enabled: false, url: VIES_DEFAULT_URL, timeoutMs: 5000 },
    } as unknown as AppLoadContext["config"];
    globalThis.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 25);
    const began = performance.now();
    let steps = 0;
    while (waiting.length) {
      const job = waiting.shift()!;
      if (job.name !== "export.build") continue;
      steps++;
      await runExportStep({ db, config, jobs }, job.data);
    }
    const seconds = (performance.now() - began) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const done = await db
      .selectFrom("companyExports")
      .select(["state", "entries", "sizeBytes", "documentsDone", "error"])
      .where("id", "=", row.id)
      .executeTakeFirstOrThrow();
    if (done.state !== "ready") throw new Error(`export ${done.state}: ${done.error}`);
    const mb = (n: number) => n / 1024 / 1024;
    console.log(
      `  ${fmt(done.documentsDone)} documents, ${fmt(done.entries)} files, ${fmt(mb(done.sizeBytes ?? 0), 1)} MB in ${fmt(seconds, 1)} s over ${steps} steps (${fmt(done.documentsDone / seconds)} documents/s)`,
    );
    console.log(
      `  RSS ${fmt(mb(before))} MB before, ${fmt(mb(peak))} MB at the peak (+${fmt(mb(peak - before))} MB)`,
    );
    record({
      part: "export",
      measure: `company export, ${fmt(done.documentsDone)} documents → ${fmt(done.entries)} files (PostgreSQL)`,
      app: `${fmt(seconds, 1)} s, peak RSS ${fmt(mb(peak))} MB`,
      baseline: `RSS before ${fmt(mb(before))} MB`,
      ratio: mb(peak - before),
      ratioLabel: "MB growth",
      goal: "growth ≤ 256 MB",
      met: mb(peak - before) <= 256,
    });
  } finally {
    await database.close();
    await dropDatabase(serverUrl, name).catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}
