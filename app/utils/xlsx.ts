import { Unzip, UnzipInflate } from "fflate";
import { SaxesParser } from "saxes";

/*
 * An Excel workbook (.xlsx) as rows of text: a ZIP of XML parts (ECMA-376) whose first worksheet
 * is read with the shared strings, through fflate and saxes (already dependencies, for the NAP
 * files and the e-invoices), so no spreadsheet library is added. The parts are inflated as a
 * stream and refused past a bound, so a small file that inflates to gigabytes is refused, not
 * read. Formulas give their saved value; a number is its saved text (a date is Excel's serial
 * day number, see excelSerialDay). Pure (no server code): the clients' import reads it through
 * utils/table-file.server.ts, the bank's statement reader in its worker (modules/bank/read.ts).
 */

export interface TableRow {
  /** The line (CSV) or row (Excel) number as the person sees it in their program. */
  line: number;
  cells: string[];
}

export const XLSX_MESSAGES = {
  xlsx: "Excel файлът не може да бъде прочетен: запишете го отново като .xlsx или CSV",
  tooManyRows: (max: number) => `Файлът има повече от ${max} реда: разделете го на няколко файла`,
  tooBig: "Таблицата във файла е твърде голяма",
} as const;

/** A workbook that cannot be read; the message is for the person. */
export class XlsxError extends Error {
  override name = "XlsxError";
}

/** Whether the bytes are a ZIP (an .xlsx), by their signature. */
export const isXlsx = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** Whether the bytes are the old binary Excel (.xls, an OLE compound file). */
export const isOldExcel = (bytes: Uint8Array) =>
  bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;

/**
 * Excel's serial day (1900 date system: 46000 is 2025-12-09; a time of day is the fraction) as
 * yyyy-mm-dd, counted in whole days from 1899-12-30 (Excel's phantom 29 February 1900 is before
 * any statement); null for anything else.
 */
export function excelSerialDay(text: string): string | null {
  if (!/^\d{5}(\.\d+)?$/.test(text.trim())) return null;
  const days = Math.floor(Number(text));
  if (days < 20000 || days > 80000) return null;
  return new Date(Date.UTC(1899, 11, 30) + days * 86_400_000).toISOString().slice(0, 10);
}

// What the XML parts of an .xlsx may inflate to, together.
const MAX_XML_BYTES = 40 * 1024 * 1024;
const MAX_COLUMNS = 100;

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
    throw new XlsxError(XLSX_MESSAGES.xlsx);
  }
  if (over) throw new XlsxError(XLSX_MESSAGES.tooBig);
  const text = (name: string) => {
    const chunks = parts.get(name);
    return chunks ? Buffer.concat(chunks).toString("utf8") : null;
  };
  return text;
}

/** Runs saxes over a part; a malformed part is the workbook's fault (XlsxError). */
function sax(xml: string, handlers: (parser: SaxesParser) => void) {
  const parser = new SaxesParser();
  handlers(parser);
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof XlsxError) throw error;
    throw new XlsxError(XLSX_MESSAGES.xlsx);
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

/** The first worksheet's rows (empty rows left out); XlsxError with a Bulgarian message otherwise. */
export function readXlsx(bytes: Uint8Array, maxRows: number): TableRow[] {
  // The workbook's own parts first (small), then the sheet it names with the shared strings.
  const meta = unzipParts(bytes, (name) =>
    ["xl/workbook.xml", "xl/_rels/workbook.xml.rels"].includes(name),
  );
  const sheetPath = firstSheetPath(meta);
  const part = unzipParts(bytes, (name) => name === "xl/sharedStrings.xml" || name === sheetPath);
  const sheet = part(sheetPath);
  if (!sheet) throw new XlsxError(XLSX_MESSAGES.xlsx);

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
          if (rows.length > maxRows + 1) throw new XlsxError(XLSX_MESSAGES.tooManyRows(maxRows));
        }
        row = null;
      }
    });
  });
  return rows;
}
