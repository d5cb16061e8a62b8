import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { BANK_MESSAGES, type ParsedStatement, STATEMENT_LIMITS, StatementError } from "./constants";
import { type ReadStatementResult, type ReadStatementTask, readStatementResult } from "./read";

/*
 * Statement files are read as the e-invoices are (einvoice/reader.server.ts): a small file on the
 * request's thread (reading 256 KB takes a few milliseconds), a larger one in a pool of worker
 * threads (piscina) bounded in threads, queue and time, so a 10,000-line month never holds the
 * event loop that answers everyone else. A full queue or an overrun answers 503.
 */

let pool: Piscina | null = null;

/** The worker file: the bundled one next to the server build, or the source through tsx. */
function workerFile(): string {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) {
    const bundled = fileURLToPath(new URL("./bank-worker.js", here));
    if (existsSync(bundled)) return bundled;
  }
  return fileURLToPath(new URL("./reader-worker-dev.mjs", import.meta.url));
}

function getPool(): Piscina {
  if (pool) return pool;
  const threads = Math.max(1, Math.min(STATEMENT_LIMITS.threads, availableParallelism() - 1));
  pool = new Piscina({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: threads,
    maxQueue: threads * STATEMENT_LIMITS.queuePerThread,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  pool.on("error", (error: Error) => console.error(`Statement reader failed: ${error.message}`));
  return pool;
}

/** Reads a statement file: inline when small, else in the pool. StatementError otherwise. */
export async function readStatementFile(task: ReadStatementTask): Promise<ParsedStatement> {
  let result: ReadStatementResult;
  if (task.bytes.length <= STATEMENT_LIMITS.inlineBytes) {
    result = readStatementResult(task);
  } else {
    try {
      result = await getPool().run(task satisfies ReadStatementTask, {
        signal: AbortSignal.timeout(STATEMENT_LIMITS.parseTimeoutMs),
      });
    } catch (error) {
      const name = (error as Error)?.name;
      const code = (error as { code?: unknown })?.code;
      const message = String((error as Error)?.message ?? "");
      if (name === "AbortError" || name === "TimeoutError") {
        throw new StatementError(BANK_MESSAGES.timeout, null, 503);
      }
      if (/queue is at limit/i.test(message))
        throw new StatementError(BANK_MESSAGES.busy, null, 503);
      if (code === "ERR_WORKER_OUT_OF_MEMORY") {
        throw new StatementError(BANK_MESSAGES.tooHeavy, null, 422);
      }
      throw error;
    }
  }
  if ("problem" in result) {
    throw new StatementError(result.problem.message, result.problem.line, result.problem.status);
  }
  return result.statement;
}

/** Stops the threads (shutdown, end of tests). */
export async function closeStatementPool(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.destroy();
}
