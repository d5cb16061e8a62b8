import iconv from "iconv-lite";
import { isOldExcel, isXlsx, readXlsx, XlsxError } from "~/utils/xlsx";
import { looksLikeCamt, readCamt } from "./camt";
import {
  BANK_MESSAGES,
  type CsvMapping,
  type ParsedStatement,
  STATEMENT_LIMITS,
  StatementError,
} from "./constants";
import { readCsv, readTable } from "./csv";
import { htmlTableRows, looksLikeHtmlTable } from "./html-table";
import { looksLikeMt940, readMt940 } from "./mt940";
import { looksLikeBankXml, xmlRecordRows } from "./xml-records";

/*
 * A statement file's bytes → its movements: the text's encoding (UTF-8 when the bytes are valid
 * UTF-8, with or without a BOM; UTF-16 with its BOM; otherwise Windows-1251, what Bulgarian banks'
 * older exports use), then the format by the content (never by the file's name): camt.053 XML, a
 * bank's own XML of records, an HTML table saved as .xls, MT940 tags, else CSV — a table by its
 * known layout or the account's mapping (decision 046). Pure: runs on the request's thread for small
 * files and in the worker pool (reader.server.ts) for large ones.
 */

/** The text of a statement file and the encoding it was read in. */
export function decodeStatement(bytes: Uint8Array): { text: string; encoding: string } {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: iconv.decode(Buffer.from(bytes.subarray(2)), "utf16le"), encoding: "UTF-16" };
  }
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const sample = bytes.subarray(start, Math.min(bytes.length, start + 8192));
  if (sample.includes(0)) throw new StatementError(BANK_MESSAGES.binary, null, 400);
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(start));
    return { text, encoding: "UTF-8" };
  } catch {
    return { text: iconv.decode(Buffer.from(bytes), "win1251"), encoding: "Windows-1251" };
  }
}

/**
 * A SWIFT transmission's framing removed: SOH (0x01) before each message and ETX (0x03) after it
 * (mBank, PostFinance). Only where the file starts with SOH, and only at a message's edges (an ETX
 * is followed by the next SOH or the file's end); the line breaks stay, so lines keep their numbers.
 */
export function withoutSwiftFraming(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: SOH is what is looked for
  if (!/^\uFEFF?\s*\u0001/.test(text)) return text;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: SWIFT's framing bytes are removed
  const framing = /^(\uFEFF?\s*)\u0001|\u0003(\s*)\u0001|\u0003(\s*)$/g;
  return text.replace(framing, (_all, start = "", between = "", end = "") => start + between + end);
}

export interface ReadStatementTask {
  bytes: Uint8Array;
  mapping: CsvMapping | null;
}

/** Reads a statement file; StatementError (with the line) for anything it cannot read. */
export function readStatement(task: ReadStatementTask): ParsedStatement {
  if (task.bytes.length === 0) throw new StatementError(BANK_MESSAGES.noFile, null, 400);
  if (task.bytes.length > STATEMENT_LIMITS.maxBytes) {
    throw new StatementError(BANK_MESSAGES.tooLarge, null, 413);
  }
  // A workbook (decision 046): its first sheet's rows, read as a table export is.
  if (isXlsx(task.bytes)) return readWorkbook(task);
  if (isOldExcel(task.bytes)) throw new StatementError(BANK_MESSAGES.oldExcel, null, 400);
  const text = withoutSwiftFraming(decodeStatement(task.bytes).text);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  const control = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.exec(text);
  if (control) {
    const line = text.slice(0, control.index).split(/\r\n|\n|\r/).length;
    throw new StatementError("Редът съдържа управляващ знак", line, 400);
  }
  const head = text.slice(0, 4096);
  if (looksLikeCamt(head)) return readCamt(text);
  // A bank's XML or HTML may open with a long header: their marks are looked for further in.
  const start = text.slice(0, 65_536);
  if (looksLikeBankXml(start)) return readTable(xmlRecordRows(text), task.mapping, "xml");
  if (looksLikeHtmlTable(start)) return readTable(htmlTableRows(text), task.mapping, "html");
  if (/^\s*(\uFEFF)?</.test(head)) throw new StatementError(BANK_MESSAGES.unknownFormat, null, 400);
  if (looksLikeMt940(head)) return readMt940(text);
  return readCsv(text, task.mapping);
}

/** An .xlsx statement: a known layout or the account's mapping, as a CSV's rows. */
function readWorkbook(task: ReadStatementTask): ParsedStatement {
  let rows: ReturnType<typeof readXlsx>;
  try {
    // The movements and a bank's title and total lines.
    rows = readXlsx(task.bytes, STATEMENT_LIMITS.maxMovements + 100);
  } catch (error) {
    if (error instanceof XlsxError) throw new StatementError(error.message, null, 400);
    throw error;
  }
  return readTable(rows, task.mapping, "xlsx");
}

/** What the worker answers: the statement, or the problem (errors do not cross threads as classes). */
export type ReadStatementResult =
  | { statement: ParsedStatement }
  | { problem: { message: string; line: number | null; status: StatementError["status"] } };

/** readStatement, answering its StatementError as data. */
export function readStatementResult(task: ReadStatementTask): ReadStatementResult {
  try {
    return { statement: readStatement(task) };
  } catch (error) {
    if (error instanceof StatementError) {
      return { problem: { message: error.reason, line: error.line, status: error.status } };
    }
    throw error;
  }
}
