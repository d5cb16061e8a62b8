import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { clientSnapshot, supplierSnapshot } from "~/modules/invoices/snapshots";
import { openPostgres } from "~db/client";
import { migrateToLatest } from "~db/migrate";
import { createCompanyOnPlan } from "../setup/factories";
import { createDatabase, dropDatabase, uniqueName } from "../setup/postgres";
import { PASSWORD } from "../setup/values";
import { cpuMs, freePort, startChild, stopChild } from "./ladder";
import { fmt, record } from "./table";

/*
 * The working day under load (issue #43, item 9): 50 sessions across 10 companies on the built app
 * (PostgreSQL, the job queue in the same process, as one instance runs), each a person who opens
 * the invoice list, the dashboard, the clients, an invoice's page and its PDF, and creates and
 * issues invoices, with a pause of 0.25–0.75 s between steps. Issuing queues the PDF's rendering
 * ("document.pdf"); the goal is that this background work yields to people: p95 ≤ 500 ms for all
 * requests and ≤ 800 ms for create+issue (the two calls together), and every issued document's PDF
 * stored within a minute after the load ends.
 *
 * BENCH_MIXED_SECONDS (45), BENCH_MIXED_SESSIONS (50) and BENCH_MIXED_COMPANIES (10) bound it.
 */

const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 45);
const SESSIONS = Number(process.env.BENCH_MIXED_SESSIONS ?? 50);
const COMPANIES = Number(process.env.BENCH_MIXED_COMPANIES ?? 10);
/** Issued documents seeded per company, so the lists and PDFs have something to show. */
const SEEDED = 300;
/** BENCH_MIXED_PAUSE_MS: the mean pause between a session's steps (500). */
const PAUSE_MS = Number(process.env.BENCH_MIXED_PAUSE_MS ?? 500);
const SESSION_SECRET = "mixed-bench-session-secret-0123456789";

type Kind = "list" | "dashboard" | "clients" | "page" | "pdf" | "create+issue";
/** How often each step comes, out of 100. */
const FULL_MIX: [Kind, number][] = [
  ["list", 25],
  ["dashboard", 15],
  ["clients", 10],
  ["page", 15],
  ["pdf", 15],
  ["create+issue", 20],
];
/** BENCH_MIXED_KINDS=pdf,page: only those steps (to measure what each costs the server). */
const ONLY_KINDS = process.env.BENCH_MIXED_KINDS?.split(",");
const MIX = ONLY_KINDS ? FULL_MIX.filter(([kind]) => ONLY_KINDS.includes(kind)) : FULL_MIX;
const MIX_TOTAL = MIX.reduce((sum, [, weight]) => sum + weight, 0);

interface Company {
  id: string;
  clientId: string;
  cookie: string;
  bearer: string;
  /** Issued documents of the company (seeded, then those the bench issues). */
  documents: string[];
}

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: readonly number[], p: number) {
  return sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function nextKind(): Kind {
  let roll = Math.random() * MIX_TOTAL;
  for (const [kind, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return "list";
}

async function signIn(base: string, email: string) {
  const challenge = (await (await fetch(`${base}/api/bot-check/challenge`)).json()) as {
    token: string;
  };
  const response = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: email, password: PASSWORD, recaptchaToken: challenge.token }),
  });
  if (response.status !== 200)
    throw new Error(`POST /api/login: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("__session="))
    ?.split(";")[0];
  if (!cookie) throw new Error("POST /api/login set no session cookie");
  return { bearer: `Bearer ${token}`, cookie };
}

/** One request, read to its end; throws on an answer that is not 2xx. */
async function request(url: string, init: RequestInit): Promise<Response> {
  const response = await fetch(url, { ...init, redirect: "manual" });
  const body = await response.arrayBuffer();
  if (response.status >= 300) {
    throw new Error(
      `${init.method ?? "GET"} ${url}: ${response.status} ${Buffer.from(body).toString().slice(0, 200)}`,
    );
  }
  return new Response(body, { status: response.status, headers: response.headers });
}

export async function benchMixed() {
  console.log(
    `\nmixed load: ${SESSIONS} sessions across ${COMPANIES} companies for ${SECONDS} s, PostgreSQL, jobs in the app's process (issue #43)`,
  );
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = uniqueName("smetka_bench_mixed");
  const children: ChildProcess[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "smetka-mixed-"));
  try {
    const url = await createDatabase(serverUrl, name);
    const database = openPostgres(url, 5);
    const { db } = database;
    await migrateToLatest(db);
    const made = [];
    for (let i = 0; i < COMPANIES; i++) made.push(await createCompanyOnPlan(db, "full"));
    for (const { companyId, clientId } of made) {
      await sql`insert into documents (company_id, type, status, number, client_id, issue_date,
          due_date, currency, subtotal_cents, vat_cents, total_cents, paid_cents, issued_at)
        select ${companyId}::uuid, 'invoice', 'issued', lpad(g::text, 10, '0'), ${clientId}::uuid,
          date '2026-01-01' + g / 2, date '2026-01-15' + g / 2, 'EUR', 10000, 2000, 12000,
          case when g % 3 = 0 then 12000 else 0 end, now()
        from generate_series(1, ${SEEDED}) g`.execute(db);
      await db
        .insertInto("documentCounters")
        .values({ companyId, series: "tax", lastNumber: SEEDED })
        .execute();
      // Issuing freezes the parties into the document; the seeded ones too.
      const company = await db
        .selectFrom("companies")
        .selectAll()
        .where("id", "=", companyId)
        .executeTakeFirstOrThrow();
      const client = await db
        .selectFrom("clients")
        .selectAll()
        .where("id", "=", clientId)
        .executeTakeFirstOrThrow();
      await db
        .updateTable("documents")
        .set({
          supplierSnapshot: JSON.stringify(supplierSnapshot(company)),
          clientSnapshot: JSON.stringify(clientSnapshot(client)),
        })
        .where("companyId", "=", companyId)
        .execute();
    }
    await sql`insert into document_lines (document_id, company_id, position, description, quantity,
        unit, unit_price, discount_percent, vat_rate, net_cents)
      select d.id, d.company_id, p, 'Услуга по договор, етап ' || (p + 1), 1, 'бр.', 50, 0, 20, 5000
      from documents d cross join generate_series(0, 1) p`.execute(db);
    await sql`vacuum analyze`.execute(db);

    const appPort = await freePort();
    const app = await startChild(
      children,
      // BENCH_CPU_PROF=<dir>: the server's CPU profile of the run, written when it stops.
      [
        ...(process.env.BENCH_CPU_PROF
          ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
          : []),
        "build/index.js",
      ],
      {
        PORT: String(appPort),
        HOST: "127.0.0.1",
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        SESSION_SECRET,
      },
      /is running at http:\/\/127\.0\.0\.1:(\d+)/,
    );
    const base = `http://127.0.0.1:${app.port}`;
    const companies: Company[] = [];
    for (const { companyId, clientId, user } of made) {
      const documents = (
        await db.selectFrom("documents").select("id").where("companyId", "=", companyId).execute()
      ).map((d) => d.id);
      companies.push({
        id: companyId,
        clientId,
        documents,
        ...(await signIn(base, user.email)),
      });
    }
    // The seeded documents were issued before the load, so their PDFs are stored, as issuing
    // stores them (decision 053): each company's first document is rendered by the app, and its
    // bytes are stored for the others (the first download's render is the pdf bench's subject).
    // BENCH_MIXED_UNRENDERED=1 leaves them unrendered, as the outside attack had them.
    if (process.env.BENCH_MIXED_UNRENDERED !== "1") {
      for (const company of companies) {
        await request(`${base}/invoice/${company.documents[0]}/pdf`, {
          headers: { Cookie: company.cookie },
        });
      }
      await sql`insert into document_pdfs (document_id, company_id, data, sha256)
        select d.id, d.company_id, p.data, p.sha256
        from documents d join document_pdfs p on p.company_id = d.company_id
        where d.id <> p.document_id
        on conflict do nothing`.execute(db);
    }

    const times = new Map<Kind, number[]>(MIX.map(([kind]) => [kind, []]));
    const all: number[] = [];
    const issued: string[] = [];
    let failures = 0;
    let firstFailure = "";
    let running = true;

    const step = async (company: Company, kind: Kind) => {
      const page = { headers: { Cookie: company.cookie } };
      switch (kind) {
        case "list":
          return [await timed(() => request(`${base}/invoices`, page))];
        case "dashboard":
          return [await timed(() => request(`${base}/dashboard`, page))];
        case "clients":
          return [await timed(() => request(`${base}/clients`, page))];
        case "page":
          return [await timed(() => request(`${base}/invoice/${pick(company.documents)}`, page))];
        case "pdf":
          return [
            await timed(() => request(`${base}/invoice/${pick(company.documents)}/pdf`, page)),
          ];
        case "create+issue": {
          const api = {
            Authorization: company.bearer,
            "Content-Type": "application/json",
            Accept: "application/json",
          };
          let id = "";
          const created = await timed(async () => {
            const response = await request(`${base}/api/invoices`, {
              method: "POST",
              headers: api,
              body: JSON.stringify({
                type: "invoice",
                clientId: company.clientId,
                issueDate: "2026-11-20",
                currency: "EUR",
                lines: [
                  {
                    description: "Консултация",
                    quantity: "2",
                    unit: "час",
                    unitPrice: "60.00",
                    vatRate: 20,
                  },
                  { description: "Пътни", quantity: 1, unitPrice: 15.5, vatRate: 20 },
                ],
              }),
            });
            id = ((await response.json()) as { id: string }).id;
          });
          const issuedIn = await timed(() =>
            request(`${base}/api/invoices/${id}/issue`, { method: "POST", headers: api }),
          );
          company.documents.push(id);
          issued.push(id);
          return [created, issuedIn];
        }
      }
    };
    const timed = async (run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      return performance.now() - started;
    };

    const session = async (company: Company) => {
      await pause(Math.random() * 1000);
      while (running) {
        const kind = nextKind();
        try {
          const parts = await step(company, kind);
          if (!running) break;
          for (const ms of parts) all.push(ms);
          times.get(kind)!.push(parts.reduce((a, b) => a + b, 0));
        } catch (error) {
          failures++;
          firstFailure ||= (error as Error).message;
        }
        await pause(PAUSE_MS * (0.5 + Math.random()));
      }
    };

    const server0 = cpuMs((pid) => pid === app.child.pid);
    const postgres0 = cpuMs((_pid, processName) => processName === "postgres");
    const load0 = process.cpuUsage();
    const started = performance.now();
    const sessions = Array.from({ length: SESSIONS }, (_, i) =>
      session(companies[i % companies.length]!),
    );
    await pause(SECONDS * 1000);
    running = false;
    await Promise.all(sessions);
    const seconds = (performance.now() - started) / 1000;
    const server1 = cpuMs((pid) => pid === app.child.pid);
    const postgres1 = cpuMs((_pid, processName) => processName === "postgres");
    const load1 = process.cpuUsage(load0);

    // Every issued document's PDF stored: how long after the load ended.
    const ended = performance.now();
    let stored = 0;
    while (performance.now() - ended < 180_000) {
      const row = await db
        .selectFrom("documentPdfs")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where(
          "documentId",
          "in",
          issued.length > 0 ? issued : ["00000000-0000-0000-0000-000000000000"],
        )
        .executeTakeFirstOrThrow();
      stored = Number(row.n);
      if (stored >= issued.length) break;
      await pause(250);
    }
    const storedAfter = (performance.now() - ended) / 1000;

    all.sort((a, b) => a - b);
    const requests = all.length;
    console.log(
      `  ${requests} requests in ${seconds.toFixed(1)} s (${fmt(requests / seconds, 1)}/s), ${failures} failed${firstFailure ? ` (first: ${firstFailure})` : ""}`,
    );
    console.log(
      `  all requests: p50 ${fmt(percentile(all, 50))} ms, p95 ${fmt(percentile(all, 95))} ms, p99 ${fmt(percentile(all, 99))} ms`,
    );
    for (const [kind, list] of times) {
      list.sort((a, b) => a - b);
      console.log(
        `  ${kind.padEnd(14)} ${String(list.length).padStart(5)} × p50 ${fmt(percentile(list, 50))} ms, p95 ${fmt(percentile(list, 95))} ms`,
      );
    }
    const cpu = (a: number | null, b: number | null) =>
      a === null || b === null ? "?" : `${fmt((b - a) / 1000 / seconds, 2)} cores`;
    console.log(
      `  CPU during the load: the app ${cpu(server0, server1)}, PostgreSQL ${cpu(postgres0, postgres1)}, the sessions (this process) ${fmt((load1.user + load1.system) / 1e6 / seconds, 2)} cores`,
    );
    const steps = [...times.values()].reduce((sum, list) => sum + list.length, 0);
    if (server0 !== null && server1 !== null && steps > 0) {
      console.log(
        `  the app's CPU per step: ${fmt((server1 - server0) / steps, 1)} ms, PostgreSQL's ${postgres0 !== null && postgres1 !== null ? fmt((postgres1 - postgres0) / steps, 1) : "?"} ms (${steps} steps)`,
      );
    }
    console.log(
      `  ${issued.length} issued; ${stored} PDFs stored ${fmt(storedAfter, 1)} s after the load ended`,
    );
    const p95 = percentile(all, 95);
    const createIssue = times.get("create+issue")!;
    const p95Issue = percentile(createIssue, 95);
    record({
      part: "mixed load",
      measure: `${SESSIONS} sessions, ${COMPANIES} companies: p95 of all requests`,
      app: `${fmt(p95)} ms (p50 ${fmt(percentile(all, 50))} ms, ${fmt(requests / seconds, 1)}/s)`,
      baseline: "goal 500 ms",
      ratio: p95 / 500,
      ratioLabel: "p95/goal",
      goal: "p95 ≤ 500 ms",
      met: p95 <= 500 && failures === 0,
    });
    record({
      part: "mixed load",
      measure: "create+issue (two calls) under that load",
      app: `${fmt(p95Issue)} ms p95`,
      baseline: "goal 800 ms",
      ratio: p95Issue / 800,
      ratioLabel: "p95/goal",
      goal: "p95 ≤ 800 ms",
      met: p95Issue <= 800,
    });
    record({
      part: "mixed load",
      measure: "every issued PDF stored after the load",
      app: `${fmt(storedAfter, 1)} s (${stored}/${issued.length})`,
      baseline: "goal 60 s",
      ratio: storedAfter / 60,
      ratioLabel: "time/goal",
      goal: "≤ 60 s",
      met: stored >= issued.length && storedAfter <= 60,
    });
    await database.close();
  } finally {
    for (const child of children) await stopChild(child);
    await dropDatabase(serverUrl, name).catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}
