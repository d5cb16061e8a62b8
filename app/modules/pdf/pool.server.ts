import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { AppError } from "~/utils/errors";
import { FairScheduler, QueueFullError, RenderTimeoutError } from "./scheduler.server";
import type { PdfTask } from "./tasks";

/*
 * PDFs are rendered in a pool of worker threads (piscina), never on the event loop that answers
 * requests: a long document must not freeze the app for every other customer. In front of the
 * pool a fair scheduler (scheduler.server.ts) keeps one queue per company and serves them in
 * turn, so one company's burst delays that company only; a company holds at most half the
 * threads. The waiting room is bounded (PDF_QUEUE_LIMIT in all, 20 per company): beyond it the
 * request answers 503 with Retry-After. The time limit (PDF_TIMEOUT_MS) counts rendering only;
 * a render that overruns is stopped (its thread is replaced) and the request answers 503.
 */

export const PDF_BUSY =
  "Сървърът генерира много PDF файлове в момента. Опитайте отново след малко.";
export const PDF_COMPANY_BUSY =
  "Вашата фирма вече чака много PDF файлове. Опитайте отново, когато те са готови.";
export const PDF_TIMEOUT = "PDF файлът не можа да бъде генериран навреме. Опитайте отново.";

export interface PdfPoolOptions {
  threads?: number | undefined;
  timeoutMs?: number | undefined;
  /** PDFs waiting for a thread, all companies together. */
  queueLimit?: number | undefined;
  /** PDFs waiting for a thread, one company. */
  companyQueueLimit?: number | undefined;
  /** Threads one company may hold at once (default: half of them, at least one). */
  companyThreads?: number | undefined;
}

const DEFAULTS = {
  threads: Math.max(1, Math.min(4, availableParallelism() - 1)),
  timeoutMs: 20_000,
  queueLimit: 100,
  companyQueueLimit: 20,
};

let options: PdfPoolOptions = {};
let pool: Piscina | null = null;
let scheduler: FairScheduler<PdfTask, Uint8Array> | null = null;

/** The worker file: the bundled one next to the server build, or the source through tsx. */
function workerFile(): string {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) {
    const bundled = fileURLToPath(new URL("./pdf-worker.js", here));
    if (existsSync(bundled)) return bundled;
  }
  return fileURLToPath(new URL("./worker-dev.mjs", import.meta.url));
}

/** Sets the pool's size, limits and time limit (server start); takes effect for the next pool. */
export function configurePdfPool(next: PdfPoolOptions) {
  options = {
    threads: next.threads ?? options.threads,
    timeoutMs: next.timeoutMs ?? options.timeoutMs,
    queueLimit: next.queueLimit ?? options.queueLimit,
    companyQueueLimit: next.companyQueueLimit ?? options.companyQueueLimit,
    companyThreads: next.companyThreads ?? options.companyThreads,
  };
}

function getPool(threads: number): Piscina {
  if (pool) return pool;
  pool = new Piscina({
    filename: workerFile(),
    minThreads: 1,
    maxThreads: threads,
    // The scheduler hands over at most one task per thread; a queue here means a bug.
    maxQueue: threads,
    // Keep a warm thread: the first render in a thread loads the fonts (~0.3 s).
    idleTimeout: 10 * 60 * 1000,
  });
  // A thread that dies outside a task (it failed to start, ran out of memory) is reported here;
  // without a listener Node would end the whole process. Its task fails; the pool starts another.
  pool.on("error", (error: Error) => console.error(`PDF worker failed: ${error.message}`));
  return pool;
}

function getScheduler(): FairScheduler<PdfTask, Uint8Array> {
  if (scheduler) return scheduler;
  const threads = options.threads ?? DEFAULTS.threads;
  const piscina = getPool(threads);
  scheduler = new FairScheduler<PdfTask, Uint8Array>(
    (task, signal) => piscina.run(task, { signal }),
    {
      slots: threads,
      perTenant: Math.min(threads, options.companyThreads ?? Math.ceil(threads / 2)),
      queueLimit: options.queueLimit ?? DEFAULTS.queueLimit,
      tenantQueueLimit: options.companyQueueLimit ?? DEFAULTS.companyQueueLimit,
      timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    },
  );
  return scheduler;
}

/**
 * Renders a company's PDF in the pool, in that company's turn; AppError 503 when the waiting
 * room is full (with Retry-After) or the render overruns.
 */
export async function renderInPool(companyId: string, task: PdfTask): Promise<Buffer> {
  try {
    const bytes = await getScheduler().run(companyId, task);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (error) {
    if (error instanceof QueueFullError) {
      throw new AppError(error.scope === "tenant" ? PDF_COMPANY_BUSY : PDF_BUSY, 503, undefined, {
        "Retry-After": String(error.retryAfterSeconds),
      });
    }
    if (error instanceof RenderTimeoutError) {
      console.error(error.message);
      throw new AppError(PDF_TIMEOUT, 503);
    }
    if (/queue is at limit/i.test(String((error as Error)?.message ?? ""))) {
      throw new AppError(PDF_BUSY, 503, undefined, { "Retry-After": "5" });
    }
    throw error;
  }
}

/** PDFs rendering and waiting on this instance now. */
export function pdfQueueLoad(): { running: number; waiting: number } {
  return scheduler?.load ?? { running: 0, waiting: 0 };
}

/** Starts a thread and loads its fonts ahead of the first customer (after the server listens). */
export function warmPdfPool(): void {
  void getScheduler()
    .run("", { kind: "warmup" })
    .catch(() => {});
}

/** Stops the threads (shutdown, end of tests). */
export async function closePdfPool(): Promise<void> {
  const current = pool;
  pool = null;
  scheduler = null;
  await current?.destroy();
}
