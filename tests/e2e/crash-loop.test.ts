import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { createDatabase, dropDatabase, uniqueName } from "../setup/postgres";
import { registrationPayload, validEik } from "../setup/values";
import {
  demoToken,
  fetchJson,
  type RunningApp,
  registerViaApi,
  runServer,
  startApp,
} from "./harness";

/*
 * Crash safety (issue #28 item 2): what the app answered 201 for survives a kill -9. On the
 * embedded database the built server is killed with SIGKILL while clients create records, again
 * and again, and every acknowledged record must be there after each restart, which must be clean.
 * On PostgreSQL the job worker is killed while it renders a document's PDF: the job runs again
 * and every document ends with exactly one PDF and one completed job.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const ROUNDS = 3;
const CLIENTS = 4;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await delay(100);
  }
}

/** Every client's id of the signed-in company, page after page. */
async function allClientIds(app: RunningApp, token: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let after: string | null = null;
  do {
    const query: string = after ? `&after=${encodeURIComponent(after)}` : "";
    const response = await fetch(`${app.url}/api/clients?limit=50${query}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const page = (await response.json()) as {
      clients: { id: string }[];
      nextCursor: string | null;
    };
    for (const client of page.clients) ids.add(client.id);
    after = page.nextCursor;
  } while (after);
  return ids;
}

describe.skipIf(Boolean(serverUrl))(
  "the embedded database killed with SIGKILL under writes",
  () => {
    it(`keeps every record answered 201, ${ROUNDS} times over, and restarts cleanly`, async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), "smetka-e2e-crash-"));
      const template = inject("e2eDataTemplate");
      if (template)
        await cp(path.join(template, "pgdata"), path.join(dataDir, "pgdata"), { recursive: true });
      const acknowledged = new Set<string>();
      let app = await startApp({ dataDir });
      try {
        for (let round = 1; round <= ROUNDS; round++) {
          const token = await demoToken(app);
          // Every record acknowledged before, after the restart that preceded this round.
          const present = await allClientIds(app, token);
          expect([...acknowledged].filter((id) => !present.has(id))).toEqual([]);

          let writing = true;
          let sent = 0;
          const client = async (n: number) => {
            while (writing) {
              const response = await fetch(`${app.url}/api/clients`, {
                method: "POST",
                headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
                body: JSON.stringify({
                  kind: "company",
                  name: `Клиент ${round}-${n}-${sent++}`,
                  eik: validEik(),
                  address: "ул. Срив 1",
                  city: "София",
                }),
              }).catch(() => null);
              // A request cut by the kill has no answer: it may or may not have been written.
              if (response?.status === 201)
                acknowledged.add(((await response.json()) as { id: string }).id);
              else await response?.arrayBuffer().catch(() => {});
            }
          };
          const before = acknowledged.size;
          const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
          // Killed in the middle of the writes, once a good number have been acknowledged.
          await until(() => acknowledged.size >= before + 40, 30_000, "40 records acknowledged");
          expect(await app.stop("SIGKILL")).toBeNull();
          writing = false;
          await Promise.all(clients);

          app = await startApp({ dataDir });
          // A clean restart: no migration to redo, no recovery error, healthy.
          expect(app.output()).not.toContain("Migrations applied");
          expect(app.output()).not.toMatch(/error|failed/i);
          const health = await fetch(`${app.url}/api/health`);
          expect(await health.json()).toEqual({ status: "ok", db: "ok" });
        }
        const present = await allClientIds(app, await demoToken(app));
        expect([...acknowledged].filter((id) => !present.has(id))).toEqual([]);
        expect(acknowledged.size).toBeGreaterThanOrEqual(ROUNDS * 40);
      } finally {
        await app.stop();
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  },
);

describe.skipIf(!serverUrl)("the job worker killed with SIGKILL mid-job (PostgreSQL)", () => {
  it("the job whose worker died runs again; every document ends with one PDF and one completed job", async () => {
    const name = uniqueName("smetka_e2e_crash");
    const databaseUrl = await createDatabase(serverUrl!, name);
    // The web process only queues; separate workers do the jobs.
    const app = await startApp({ databaseUrl, env: { JOBS: "off" } });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const workers: ReturnType<typeof runServer>[] = [];
    const worker = () => {
      const started = runServer(
        {
          DATABASE_URL: databaseUrl,
          DATA_DIR: app.dataDir,
          SESSION_SECRET: "e2e-session-secret-0123456789abcdefghij",
        },
        ["--worker"],
      );
      workers.push(started);
      return started;
    };
    try {
      const { token } = await registerViaApi(app, registrationPayload({ isVatRegistered: false }));
      const auth = { Authorization: `Bearer ${token}` };
      const post = (url: string, body: unknown, status: number) =>
        fetchJson(app, url, body, auth, status);
      const client = await post(
        "/api/clients",
        {
          kind: "company",
          name: "Клиент Срив ООД",
          eik: validEik(),
          address: "ул. 1",
          city: "София",
        },
        201,
      );
      const documents: string[] = [];
      for (let n = 0; n < 12; n++) {
        const draft = await post(
          "/api/invoices",
          {
            type: "invoice",
            clientId: client.id,
            issueDate: "2026-11-20",
            lines: [{ description: `Услуга ${n}`, quantity: "1", unitPrice: "10", vatRate: null }],
          },
          201,
        );
        await post(`/api/invoices/${draft.id}/issue`, {}, 200);
        documents.push(draft.id);
      }
      const pdfJobs = async () =>
        (
          await db.query<{ id: string; state: string; retry_count: number; document: string }>(
            "select id, state, retry_count, data->>'documentId' as document from pgboss.job where name = 'document.pdf'",
          )
        ).rows;
      expect(await pdfJobs()).toHaveLength(documents.length);

      // Killed while it renders: the first worker dies once a job is active.
      let caught: string[] = [];
      for (let attempt = 1; attempt <= 3 && caught.length === 0; attempt++) {
        const first = worker();
        await until(
          async () => (await pdfJobs()).some((job) => job.state === "active"),
          60_000,
          "a PDF job being worked",
        );
        first.child.kill("SIGKILL");
        await first.exited;
        caught = (await pdfJobs()).filter((job) => job.state === "active").map((job) => job.id);
      }
      expect(caught.length, "a job was active when its worker died").toBeGreaterThan(0);

      // Another worker: the dead one's job is retried after its expiry (decision 013) and done.
      worker();
      await until(
        async () => (await pdfJobs()).every((job) => job.state === "completed"),
        120_000,
        "every PDF job completed",
      );
      const jobs = await pdfJobs();
      expect(
        jobs.filter((job) => caught.includes(job.id)).every((job) => job.retry_count >= 1),
      ).toBe(true);
      // One job per document, and exactly one stored PDF each.
      expect(jobs.map((job) => job.document).sort()).toEqual([...documents].sort());
      const pdfs = await db.query<{ document_id: string; n: string }>(
        "select document_id, count(*) as n from document_pdfs group by document_id",
      );
      expect(pdfs.rows.map((row) => row.document_id).sort()).toEqual([...documents].sort());
      expect(pdfs.rows.every((row) => Number(row.n) === 1)).toBe(true);
    } finally {
      for (const started of workers) {
        if (started.child.exitCode === null) started.child.kill("SIGTERM");
        await started.exited;
      }
      await db.end();
      await app.stop();
      await dropDatabase(serverUrl!, name);
    }
  });
});
