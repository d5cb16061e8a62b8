import { parse } from "csv-parse/sync";
import iconv from "iconv-lite";
import { AppError } from "./errors";
import { isOldExcel, isXlsx, readXlsx, type TableRow, XLSX_MESSAGES, XlsxError } from "./xlsx";

export type { TableRow } from "./xlsx";

/*
 * A table a person uploads (a list exported from another program): CSV or an Excel workbook
 * (.xlsx), told apart by the content, never by the name. CSV text is UTF-8 when the bytes are
 * valid UTF-8 (with or without a BOM), else Windows-1251 (what older Bulgarian programs and
 * Excel's «CSV» save); the separator is guessed from the first lines («;», «,», tab). An .xlsx is
 * read by utils/xlsx.ts (its first worksheet, bounded), the one workbook reader of the app.
 */

export const TABLE_MESSAGES = {
  empty: "Файлът е празен",
  binary: "Файлът не е CSV или Excel (.xlsx) таблица",
  xlsx: XLSX_MESSAGES.xlsx,
  xls: "Старият формат .xls не се чете: запишете файла като .xlsx или CSV (UTF-8)",
  tooManyRows: XLSX_MESSAGES.tooManyRows,
  tooBig: XLSX_MESSAGES.tooBig,
  csv: (line: number) => `Ред ${line}: CSV файлът не може да бъде прочетен (незатворени кавички?)`,
} as const;

const SEPARATORS = [";", ",", "\t"] as const;
const MAX_COLUMNS = 100;

/** Reads the rows of a CSV or .xlsx file; AppError 400 with a Bulgarian message otherwise. */
export function readTableFile(bytes: Uint8Array, options: { maxRows: number }): TableRow[] {
  if (bytes.length === 0) throw new AppError(TABLE_MESSAGES.empty, 400);
  if (isXlsx(bytes)) {
    try {
      return readXlsx(bytes, options.maxRows);
    } catch (error) {
      if (error instanceof XlsxError) throw new AppError(error.message, 400);
      throw error;
    }
  }
  if (isOldExcel(bytes)) throw new AppError(TABLE_MESSAGES.xls, 400);
  return readCsv(decodeText(bytes), options.maxRows);
}

function decodeText(bytes: Uint8Array): string {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if (bytes.subarray(start, start + 8192).includes(0))
    throw new AppError(TABLE_MESSAGES.binary, 400);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(start));
  } catch {
    return iconv.decode(Buffer.from(bytes), "win1251");
  }
}

function separatorOf(text: string): string {
  const sample = text.split(/\r?\n/, 10).join("\n");
  let best: string = ";";
  let bestCount = 0;
  for (const sep of SEPARATORS) {
    const count = sample.split(sep).length - 1;
    if (count > bestCount) {
      best = sep;
      bestCount = count;
    }
  }
  return best;
}

function readCsv(text: string, maxRows: number): TableRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: separatorOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      // The header row and maxRows data rows; the one past them says the file is too long.
      to: maxRows + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = Number((error as { lines?: number }).lines) || 1;
    throw new AppError(TABLE_MESSAGES.csv(line), 400);
  }
  if (records.length > maxRows + 1) throw new AppError(TABLE_MESSAGES.tooManyRows(maxRows), 400);
  return records.map(({ record, info }) => ({
    line: info.lines,
    cells: record.slice(0, MAX_COLUMNS),
  }));
}
