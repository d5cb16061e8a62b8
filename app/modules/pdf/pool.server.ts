import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { peopleAreWaiting } from "~/utils/activity.server";
import { AppError } from "~/utils/errors";
import {
  FairScheduler,
  type Lane,
  QueueFullError,
  RenderTimeoutError,
  type RunOptions,
} from "./scheduler.server";
import type { PdfTask } from "./tasks";

/*
 * PDFs are rendered in a pool of worker threads (piscina), never on the event loop that answers
 * requests: a long document must not freeze the app for every other customer. In front of the
 * pool a fair scheduler (scheduler.server.ts) keeps one queue per company and serves them in
 * turn, so one company's burst delays that company only; a company holds at most half the
 * threads. The waiting room is bounded (PDF_QUEUE_LIMIT in all, 20 per company): beyond it the
 * request answers 503 with Retry-After. The time limit (PDF_TIMEOUT_MS) counts rendering only;
 * a render that overruns is stopped (its thread is replaced) and the request answers 503.
 *
 * The PDFs nobody waits for (an issued document's, stored by the "document.pdf" job) render in a
 * second pool of threads at the lowest CPU priority (nice 19), so the system hands the cores to
 * people's requests first; while requests are in flight at most one such thread works, and a
 * download of a PDF still waiting there moves it ahead (`hurryPdf`). Decision 052.
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
let pools: Record<Lane, Piscina> | null = null;
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

function newPool(threads: number, lane: Lane): Piscina {
  const piscina = new Piscina({
    filename: workerFile(),
    // People's thread stays warm; the background's start when there is work and leave after it.
    minThreads: lane === "person" ? 1 : 0,
    maxThreads: threads,
    // The scheduler hands over at most one task per thread; a queue here means a bug.
    maxQueue: threads,
    // Keep a warm thread: the first render in a thread loads the fonts (~0.3 s).
    idleTimeout: lane === "person" ? 10 * 60 * 1000 : 30 * 1000,
    workerData: { lane },
  });
  // A thread that dies outside a task (it failed to start, ran out of memory) is reported here;
  // without a listener Node would end the whole process. Its task fails; the pool starts another.
  piscina.on("error", (error: Error) => console.error(`PDF worker failed: ${error.message}`));
  return piscina;
}

function getScheduler(): FairScheduler<PdfTask, Uint8Array> {
  if (scheduler) return scheduler;
  const threads = options.threads ?? DEFAULTS.threads;
  // When quiet, the background may use every core but one (at least one thread).
  const backgroundThreads = Math.max(1, availableParallelism() - 1);
  const lanes = {
    person: newPool(threads, "person"),
    background: newPool(backgroundThreads, "background"),
  };
  pools = lanes;
  scheduler = new FairScheduler<PdfTask, Uint8Array>(
    (task, signal, lane) => lanes[lane].run(task, { signal }),
    {
      slots: threads,
      perTenant: Math.min(threads, options.companyThreads ?? Math.ceil(threads / 2)),
      queueLimit: options.queueLimit ?? DEFAULTS.queueLimit,
      tenantQueueLimit: options.companyQueueLimit ?? DEFAULTS.companyQueueLimit,
      timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
      backgroundSlots: backgroundThreads,
      backgroundWhileBusy: 1,
      busy: peopleAreWaiting,
    },
  );
  return scheduler;
}

/**
 * Renders a company's PDF in the pool, in that company's turn; AppError 503 when the waiting
 * room is full (with Retry-After) or the render overruns. `background`: nobody waits for it (it
 * is stored for later), so it yields to people's work; `key` names it for `hurryPdf`.
 */
export async function renderInPool(
  companyId: string,
  task: PdfTask,
  run: RunOptions = {},
): Promise<Buffer> {
  try {
    const bytes = await getScheduler().run(companyId, task, run);
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

/** A person now waits for the background render named `key`: it moves ahead of the background. */
export function hurryPdf(key: string): boolean {
  return scheduler?.promote(key) ?? false;
}

/** PDFs rendering and waiting on this instance now, people's and the background's. */
export function pdfQueueLoad() {
  return scheduler?.load ?? { running: 0, waiting: 0, backgroundRunning: 0, backgroundWaiting: 0 };
}

/** Starts a thread and loads its fonts ahead of the first customer (after the server listens). */
export function warmPdfPool(): void {
  void getScheduler()
    .run("", { kind: "warmup" })
    .catch(() => {});
}

/** Stops the threads (shutdown, end of tests) and forgets `configurePdfPool`'s options. */
export async function closePdfPool(): Promise<void> {
  const current = pools;
  pools = null;
  scheduler = null;
  options = {};
  await Promise.all([current?.person.destroy(), current?.background.destroy()]);
}
