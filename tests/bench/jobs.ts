import { performance } from "node:perf_hooks";
import { POLLING_SECONDS, workQueue } from "~/modules/jobs/jobs.server";
import { createQueue, type Queue } from "~/modules/jobs/queue.server";
import { createDatabase, dropDatabase, uniqueName } from "../setup/postgres";
import { fmt, record } from "./table";

// Jobs per second through the queue (issue #24: about one job per 2 s per kind left 2,345 PDFs
// waiting after a soak). No-op jobs on PostgreSQL: what the queue itself allows, beside pg-boss's
// own loop as it ran before (one worker, waiting its polling interval after every job).
// Part of `npm run bench` (BENCH_ONLY=jobs); JOBS_COUNT=… to change the count.

const COUNT = Number(process.env.JOBS_COUNT ?? 2_000);
const BASELINE_SECONDS = 8;

async function until(check: () => boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting for the queue");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function drain(queue: Queue, name: string, count: number, start: () => Promise<unknown>) {
  await queue.createQueue(name, { name, policy: "stately" });
  // Like the PDFs after a soak: one job per document, all waiting before the workers start.
  for (let i = 0; i < count; i += 500) {
    const batch = Array.from({ length: Math.min(500, count - i) }, (_, k) => ({
      name,
      data: { n: i + k },
      singletonKey: `doc-${i + k}`,
    }));
    await queue.insert(batch);
  }
  const started = performance.now();
  await start();
  return started;
}

export async function benchJobs() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = uniqueName("smetka_bench_jobs");
  console.log(`\nJob queue: ${fmt(COUNT)} waiting no-op jobs of one kind (PostgreSQL)`);
  const url = await createDatabase(serverUrl, name);
  const queue = createQueue({ databaseUrl: url });
  queue.on("error", (error) => console.error("queue error", error.message));
  try {
    await queue.start();
    let before = 0;
    const beforeStarted = await drain(queue, "bench.before", 50, () =>
      queue.work("bench.before", { pollingIntervalSeconds: POLLING_SECONDS }, async () => {
        before++;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, BASELINE_SECONDS * 1000));
    const beforeRate = before / ((performance.now() - beforeStarted) / 1000);
    await queue.offWork("bench.before");
    console.log(
      `  pg-boss's loop (1 worker, ${POLLING_SECONDS} s poll)   ${fmt(beforeRate, 2)} jobs/s`,
    );

    for (const workers of [1, 2]) {
      let done = 0;
      const kind = `bench.now${workers}`;
      const started = await drain(queue, kind, COUNT, () =>
        workQueue(queue, kind, workers, async () => {
          done++;
        }),
      );
      await until(() => done >= COUNT, 600_000);
      const rate = COUNT / ((performance.now() - started) / 1000);
      await queue.offWork(kind);
      console.log(
        `  workQueue, ${workers} worker${workers > 1 ? "s" : " "}             ${fmt(rate, 1)} jobs/s`,
      );
      record({
        part: "jobs",
        measure: `${fmt(COUNT)} waiting no-op jobs, ${workers} worker${workers > 1 ? "s" : ""} (PostgreSQL)`,
        app: `${fmt(rate, 1)} jobs/s`,
        baseline: `pg-boss's loop ${fmt(beforeRate, 2)} jobs/s`,
        ratio: rate / beforeRate,
        ratioLabel: "× loop",
        // 2,345 waiting jobs of one kind done within a minute.
        goal: "≥ 40 jobs/s",
        met: rate >= 40,
      });
    }
  } finally {
    await queue.stop({ graceful: false, wait: true, timeout: 2_000 }).catch(() => {});
    await dropDatabase(serverUrl, name).catch(() => {});
  }
}
