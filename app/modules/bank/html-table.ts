import type { TableRow } from "~/utils/xlsx";
import { BANK_MESSAGES, STATEMENT_LIMITS, StatementError } from "./constants";

/*
 * A bank's «Excel» export that is an HTML table saved with the .xls name (УниКредит Булбанк's
 * «Булбанк Онлайн» and Банка ДСК's exports, decision 046): Excel opens it, and so does this — as
 * rows of text, one per <tr>, a cell per <td>/<th> (a colspan keeps the columns after it in
 * place), <br> as a space, the entities decoded. One linear pass over the tags, no DOM: HTML
 * need not be well formed, and a file of any shape costs its length. Pure (no server code).
 */

/** Whether a text file's start is an HTML document with a table (not XML, not CSV). */
export function looksLikeHtmlTable(head: string): boolean {
  return (
    /^\s*(\uFEFF)?</.test(head) && /<table[\s>]/i.test(head) && !/^\s*(\uFEFF)?<\?xml/.test(head)
  );
}

const ENTITIES: Readonly<Record<string, string>> = {
  nbsp: " ",
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
};

/** HTML's character references in a cell's text. */
function decoded(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : " ";
    }
    return Object.hasOwn(ENTITIES, name.toLowerCase())
      ? (ENTITIES[name.toLowerCase()] as string)
      : whole;
  });
}

const MAX_CELLS = 200;
const MAX_CELL_CHARS = 5_000;
const MAX_ROWS = STATEMENT_LIMITS.maxMovements + 1_000;

/** The table's rows, with the line of each <tr>; StatementError past the file's limits. */
export function htmlTableRows(text: string): TableRow[] {
  const rows: TableRow[] = [];
  let row: TableRow | null = null;
  let cell: string[] | null = null;
  let span = 1;
  let line = 1;
  let counted = 0;
  const lineAt = (index: number) => {
    for (let i = counted; i < index; i++) if (text.charCodeAt(i) === 10) line++;
    counted = Math.max(counted, index);
    return line;
  };
  const closeCell = () => {
    if (!row || !cell) return;
    const value = decoded(cell.join("")).replace(/\s+/g, " ").trim().slice(0, MAX_CELL_CHARS);
    row.cells.push(value);
    for (let i = 1; i < span && row.cells.length < MAX_CELLS; i++) row.cells.push("");
    if (row.cells.length > MAX_CELLS) throw new StatementError(BANK_MESSAGES.lineTooLong, row.line);
    cell = null;
  };
  const closeRow = () => {
    closeCell();
    if (row?.cells.length) rows.push(row);
    if (rows.length > MAX_ROWS) throw new StatementError(BANK_MESSAGES.tooManyMovements, null, 413);
    row = null;
  };
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf("<", at);
    const chunk = text.slice(at, open === -1 ? text.length : open);
    if (cell && chunk) (cell as string[]).push(chunk);
    if (open === -1) break;
    if (text.startsWith("<!--", open)) {
      const end = text.indexOf("-->", open + 4);
      at = end === -1 ? text.length : end + 3;
      continue;
    }
    const close = text.indexOf(">", open + 1);
    if (close === -1) break;
    const tag = /^<(\/?)([a-z][a-z0-9]*)([^>]*)/i.exec(text.slice(open, close + 1));
    at = close + 1;
    if (!tag) {
      if (cell) (cell as string[]).push(text.slice(open, close + 1));
      continue;
    }
    const [, slash, rawName, attributes = ""] = tag;
    const name = (rawName as string).toLowerCase();
    if (!slash && (name === "script" || name === "style")) {
      const end = new RegExp(`</${name}`, "ig");
      end.lastIndex = at;
      at = end.exec(text)?.index ?? text.length;
    } else if (name === "tr") {
      closeRow();
      if (!slash) row = { line: lineAt(open), cells: [] };
    } else if (name === "td" || name === "th") {
      closeCell();
      if (!slash && row) {
        cell = [];
        const colspan = /colspan\s*=\s*["']?(\d{1,3})/i.exec(attributes);
        span = colspan ? Math.max(1, Number(colspan[1])) : 1;
      }
    } else if (name === "br" || name === "p" || name === "div") {
      if (cell) (cell as string[]).push(" ");
    } else if (name === "table" && slash) {
      closeRow();
    }
  }
  closeRow();
  return rows;
}
