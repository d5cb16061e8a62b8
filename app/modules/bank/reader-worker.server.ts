import { type ReadStatementResult, type ReadStatementTask, readStatementResult } from "./read";

/*
 * The statement reader: runs in a worker thread of its pool (reader.server.ts), so that reading a
 * large statement never stops the web process from answering. Built to build/bank-worker.js by
 * `npm run build`.
 */
export default function read(task: ReadStatementTask): ReadStatementResult {
  return readStatementResult(task);
}
