import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import {
  UBL_IMPORT_MESSAGES,
  UBL_LIMITS,
  UblImportError,
  type UblReading,
  ublText,
} from "./import";
import type { UblReadResult, UblReadTask } from "./reader-worker.server";

/*
 * Suppliers' e-invoices are parsed in a pool of worker threads (piscina), the PDF pool's way: a
 * file's shape is checked first, here, by one linear pass (size, nesting, elements: UBL_LIMITS),
 * and only then is it parsed, off the event loop that answers requests. The pool is bounded in
 * threads, in queue length and in time per file; a reading that overruns is stopped (its thread is
 * replaced) and the request answers 503, as does a full queue.
 */

let pool: Piscina | null = null;

/** The worker file: the bundled one next to the server build, or the source through tsx. */
function workerFile(): string {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) {
    const bundled = fileURLToPath(new URL("./ubl-worker.js", here));
    if (existsSync(bundled)) return bundled;
  }
  return fileURLToPath(new URL("./reader-worker-dev.mjs", import.meta.url));
}

function getPool(): Piscina {
  if (pool) return pool;
  const threads = Math.max(1, Math.min(UBL_LIMITS.threads, availableParallelism() - 1));
  pool = new Piscina({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: threads,
    maxQueue: threads * UBL_LIMITS.queuePerThread,
    // A thread stays a minute after its last file (imports come in bursts), then it ends.
    idleTimeout: 60_000,
    // A thread's heap is bounded: a file that would need more ends its thread, not the process.
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  // A thread that dies outside a task is reported here; without a listener Node would end the
  // whole process. Its task fails; the pool starts another.
  pool.on("error", (error: Error) => console.error(`E-invoice reader failed: ${error.message}`));
  return pool;
}

/**
 * Reads a supplier's e-invoice into the expense form's fields and its embedded PDF: its shape
 * checked here, the parsing (and the PDF's base64) in the pool. UblImportError with the reason and
 * status (400, 413, 422, 503).
 */
export async function readUblInvoiceOffThread(bytes: Uint8Array): Promise<UblReading> {
  const text = ublText(bytes);
  let result: UblReadResult;
  try {
    result = await getPool().run({ text } satisfies UblReadTask, {
      signal: AbortSignal.timeout(UBL_LIMITS.parseTimeoutMs),
    });
  } catch (error) {
    const name = (error as Error)?.name;
    const code = (error as { code?: unknown })?.code;
    const message = String((error as Error)?.message ?? "");
    if (name === "AbortError" || name === "TimeoutError") {
      console.error(`E-invoice reading stopped after ${UBL_LIMITS.parseTimeoutMs} ms`);
      throw new UblImportError(UBL_IMPORT_MESSAGES.timeout, 503);
    }
    if (/queue is at limit/i.test(message)) throw new UblImportError(UBL_IMPORT_MESSAGES.busy, 503);
    if (code === "ERR_WORKER_OUT_OF_MEMORY") {
      throw new UblImportError(UBL_IMPORT_MESSAGES.tooHeavy, 422);
    }
    throw error;
  }
  if ("error" in result) throw new UblImportError(result.error, result.status);
  return result;
}

/** Stops the threads (shutdown, end of tests). */
export async function closeUblPool(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.destroy();
}
