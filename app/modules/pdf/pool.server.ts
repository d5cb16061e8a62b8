import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { AppError } from "~/utils/http.server";
import type { PdfTask } from "./tasks";

/*
 * PDFs are rendered in a pool of worker threads (piscina), never on the event loop that answers
 * requests: a long document must not freeze the app for every other customer. The pool is bounded
 * in threads (PDF_WORKERS), in queue length and in time per PDF (PDF_TIMEOUT_MS); a render that
 * overruns is stopped (its thread is replaced) and the request answers 503.
 */

export const PDF_BUSY =
  "Сървърът генерира много PDF файлове в момента. Опитайте отново след малко.";
export const PDF_TIMEOUT = "PDF файлът не можа да бъде генериран навреме. Опитайте отново.";

export interface PdfPoolOptions {
  threads?: number | undefined;
  timeoutMs?: number | undefined;
}

let options: Required<PdfPoolOptions> = {
  threads: Math.max(1, Math.min(4, availableParallelism() - 1)),
  timeoutMs: 20_000,
};
let pool: Piscina | null = null;

/** The worker file: the bundled one next to the server build, or the source through tsx. */
function workerFile(): string {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) {
    const bundled = fileURLToPath(new URL("./pdf-worker.js", here));
    if (existsSync(bundled)) return bundled;
  }
  return fileURLToPath(new URL("./worker-dev.mjs", import.meta.url));
}

/** Sets the pool's size and time limit (server start); takes effect for the next pool. */
export function configurePdfPool(next: PdfPoolOptions) {
  options = {
    threads: next.threads ?? options.threads,
    timeoutMs: next.timeoutMs ?? options.timeoutMs,
  };
}

function getPool(): Piscina {
  if (pool) return pool;
  pool = new Piscina({
    filename: workerFile(),
    minThreads: 1,
    maxThreads: options.threads,
    // A queue longer than this is refused (503) rather than held in memory.
    maxQueue: options.threads * 32,
    // Keep a warm thread: the first render in a thread loads the fonts (~0.3 s).
    idleTimeout: 10 * 60 * 1000,
  });
  // A thread that dies outside a task (it failed to start, ran out of memory) is reported here;
  // without a listener Node would end the whole process. Its task fails; the pool starts another.
  pool.on("error", (error: Error) => console.error(`PDF worker failed: ${error.message}`));
  return pool;
}

/** Renders a PDF in the pool; AppError 503 when the pool is full or the render overruns. */
export async function renderInPool(task: PdfTask): Promise<Buffer> {
  try {
    const bytes: Uint8Array = await getPool().run(task, {
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (error) {
    const name = (error as Error)?.name;
    const message = String((error as Error)?.message ?? "");
    if (name === "AbortError" || name === "TimeoutError") {
      console.error(`PDF render stopped after ${options.timeoutMs} ms`);
      throw new AppError(PDF_TIMEOUT, 503);
    }
    if (/queue is at limit/i.test(message)) throw new AppError(PDF_BUSY, 503);
    throw error;
  }
}

/** Starts a thread and loads its fonts ahead of the first customer (after the server listens). */
export function warmPdfPool(): void {
  void getPool()
    .run({ kind: "warmup" } satisfies PdfTask)
    .catch(() => {});
}

/** Stops the threads (shutdown, end of tests). */
export async function closePdfPool(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.destroy();
}
