import { readUblDocument, UblImportError, type UblReading } from "./import";

/*
 * The e-invoice reader: runs in a worker thread of its pool (reader.server.ts), so that parsing a
 * supplier's XML never stops the web process from answering. Built to build/ubl-worker.js by
 * `npm run build`.
 */

/** One file's text, already passed by `ublText` (size, DTD, nesting, elements). */
export interface UblReadTask {
  text: string;
}

/**
 * The prefill and the embedded PDF (decoded here, off the event loop), or why the file cannot be
 * imported (errors do not cross threads as classes).
 */
export type UblReadResult = UblReading | { error: string; status: UblImportError["status"] };

export default function read(task: UblReadTask): UblReadResult {
  try {
    return readUblDocument(task.text);
  } catch (error) {
    if (error instanceof UblImportError) return { error: error.message, status: error.status };
    throw error;
  }
}
