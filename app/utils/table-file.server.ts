import { parse } from "csv-parse/sync";
import { Unzip, UnzipInflate } from "fflate";
import iconv from "iconv-lite";
import { SaxesParser } from "saxes";
import { AppError } from "./http.server";

/*
 * A table a person uploads (a list exported from another program): CSV or an Excel workbook
 * (.xlsx), told apart by the content, never by the name. CSV text is UTF-8 when the bytes are
 * valid UTF-8 (with or without a BOM), else Windows-1251 (what older Bulgarian programs and
 * Excel's «CSV» save); the separator is guessed from the first lines («;», «,», tab). An .xlsx is
 * a ZIP of XML parts (ECMA-376): its first worksheet is read with the shared strings, through
 * fflate and saxes, both already dependencies (for the NAP files and the e-invoices), so no
 * spreadsheet library is added; the parts are inflated as a stream and refused past a bound, so
 * a small file that inflates to gigabytes is refused, not read. Formulas give their saved value.
 */

export interface TableRow {
  /** The line (CSV) or row (Excel) number as the person sees it in their program. */
  line: number;
  cells: string[];
}

export const TABLE_MESSAGES = {
  empty: "Файлът е празен",
  binary: "Файлът не е CSV или Excel (.xlsx) таблица",
  xlsx: "Excel файлът не може да бъде прочетен: запишете го отново като .xlsx или CSV",
  xls: "Старият формат .xls не се чете: запишете файла като .xlsx или CSV (UTF-8)",
  tooManyRows: (max: number) => `Файлът има повече от ${max} реда: разделете го на няколко файла`,
  tooBig: "Таблицата във файла е твърде голяма",
  csv: (line: number) => `Ред ${line}: CSV файлът не може да бъде прочетен (незатворени кавички?)`,
} as const;

const SEPARATORS = [";", ",", "\t"] as const;
// What the XML parts of an .xlsx may inflate to, together.
const MAX_XML_BYTES = 40 * 1024 * 1024;
const MAX_COLUMNS = 100;

/** Reads the rows of a CSV or .xlsx file; AppError 400 with a Bulgarian message otherwise. */
export function readTableFile(bytes: Uint8Array, options: { maxRows: number }): TableRow[] {
  if (bytes.length === 0) throw new AppError(TABLE_MESSAGES.empty, 400);
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)
    return readXlsx(bytes, options.maxRows);
  // The old binary Excel (OLE compound file).
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0)
    throw new AppError(TABLE_MESSAGES.xls, 400);
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

/** The XML parts of the workbook that are needed, inflated within MAX_XML_BYTES together. */
function unzipParts(bytes: Uint8Array, wanted: (name: string) => boolean) {
  const parts = new Map<string, Uint8Array[]>();
  let total = 0;
  let over = false;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file) => {
    if (!wanted(file.name)) return;
    const chunks: Uint8Array[] = [];
    parts.set(file.name, chunks);
    file.ondata = (error, chunk) => {
      if (error || over) return;
      total += chunk.length;
      if (total > MAX_XML_BYTES) {
        over = true;
        file.terminate();
        return;
      }
      chunks.push(chunk);
    };
    file.start();
  };
  try {
    unzip.push(bytes, true);
  } catch {
    throw new AppError(TABLE_MESSAGES.xlsx, 400);
  }
  if (over) throw new AppError(TABLE_MESSAGES.tooBig, 400);
  const text = (name: string) => {
    const chunks = parts.get(name);
    return chunks ? Buffer.concat(chunks).toString("utf8") : null;
  };
  return text;
}

/** Runs saxes over a part; a malformed part is the workbook's fault (AppError). */
function sax(xml: string, handlers: (parser: SaxesParser) => void) {
  const parser = new SaxesParser();
  handlers(parser);
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(TABLE_MESSAGES.xlsx, 400);
  }
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/** The first worksheet's part name: workbook.xml's first sheet through its relationships. */
function firstSheetPath(part: (name: string) => string | null): string {
  const workbook = part("xl/workbook.xml");
  const rels = part("xl/_rels/workbook.xml.rels");
  if (!workbook || !rels) return "xl/worksheets/sheet1.xml";
  let id: string | null = null;
  sax(workbook, (p) => {
    p.on("opentag", (tag) => {
      if (id === null && localName(tag.name) === "sheet") {
        const attr = Object.entries(tag.attributes).find(([k]) => localName(k) === "id");
        id = attr ? String(attr[1]) : null;
      }
    });
  });
  let target: string | null = null;
  sax(rels, (p) => {
    p.on("opentag", (tag) => {
      if (localName(tag.name) === "Relationship" && tag.attributes.Id === id)
        target = String(tag.attributes.Target ?? "");
    });
  });
  if (!target) return "xl/worksheets/sheet1.xml";
  const path = (target as string).replace(/^\/?xl\//, "").replace(/^\//, "");
  return `xl/${path}`;
}

function readXlsx(bytes: Uint8Array, maxRows: number): TableRow[] {
  // The workbook's own parts first (small), then the sheet it names with the shared strings.
  const meta = unzipParts(bytes, (name) =>
    ["xl/workbook.xml", "xl/_rels/workbook.xml.rels"].includes(name),
  );
  const sheetPath = firstSheetPath(meta);
  const part = unzipParts(bytes, (name) => name === "xl/sharedStrings.xml" || name === sheetPath);
  const sheet = part(sheetPath);
  if (!sheet) throw new AppError(TABLE_MESSAGES.xlsx, 400);

  const shared: string[] = [];
  const strings = part("xl/sharedStrings.xml");
  if (strings) {
    let current: string | null = null;
    let inText = false;
    let inPhonetic = false;
    sax(strings, (p) => {
      p.on("opentag", (tag) => {
        const name = localName(tag.name);
        if (name === "si") current = "";
        else if (name === "rPh") inPhonetic = true;
        else if (name === "t" && !inPhonetic) inText = true;
      });
      p.on("closetag", (tag) => {
        const name = localName(tag.name);
        if (name === "si") {
          shared.push(current ?? "");
          current = null;
        } else if (name === "rPh") inPhonetic = false;
        else if (name === "t") inText = false;
      });
      p.on("text", (text) => {
        if (inText && current !== null) current += text;
      });
    });
  }

  const rows: TableRow[] = [];
  let row: TableRow | null = null;
  let cell: { column: number; type: string; value: string } | null = null;
  let inValue = false;
  let nextRow = 1;
  sax(sheet, (p) => {
    p.on("opentag", (tag) => {
      const name = localName(tag.name);
      if (name === "row") {
        const r = Number(tag.attributes.r);
        row = { line: Number.isInteger(r) && r > 0 ? r : nextRow, cells: [] };
        nextRow = row.line + 1;
      } else if (name === "c" && row) {
        const ref = String(tag.attributes.r ?? "");
        const letters = /^[A-Z]+/.exec(ref)?.[0];
        const column = letters
          ? [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1
          : row.cells.length;
        cell = { column, type: String(tag.attributes.t ?? "n"), value: "" };
      } else if ((name === "v" || name === "t") && cell) inValue = true;
    });
    p.on("text", (text) => {
      if (inValue && cell) cell.value += text;
    });
    p.on("closetag", (tag) => {
      const name = localName(tag.name);
      if (name === "v" || name === "t") inValue = false;
      else if (name === "c" && cell && row) {
        if (cell.column < MAX_COLUMNS) {
          const value = cell.type === "s" ? (shared[Number(cell.value)] ?? "") : cell.value;
          while (row.cells.length < cell.column) row.cells.push("");
          row.cells[cell.column] = value;
        }
        cell = null;
      } else if (name === "row" && row) {
        if (row.cells.some((c) => c.trim() !== "")) {
          rows.push(row);
          if (rows.length > maxRows + 1)
            throw new AppError(TABLE_MESSAGES.tooManyRows(maxRows), 400);
        }
        row = null;
      }
    });
  });
  return rows;
}
