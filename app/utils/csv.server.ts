import { stringify } from "csv-stringify/sync";
import { contentDisposition } from "./content-disposition";
import { formatPrice, MINUS } from "./money";

/*
 * CSV for Bulgarian Excel, the one way every export is written: UTF-8 with a BOM, ";" between
 * fields, decimal commas, CRLF. Text that Excel would run as a formula is neutralised (OWASP:
 * a cell starting with = + - @ TAB or CR gets a leading apostrophe), while numbers written by
 * excelNumber — negative ones too — stay numbers.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const EXCEL_NUMBER = /^-?\d+(,\d+)?$/;

/** A cell as Excel should see it: numbers as they are, text that could be a formula defused. */
export function excelCell(value: string): string {
  if (EXCEL_NUMBER.test(value)) return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Cents as Bulgarian Excel reads a number: "-1234,50". */
export function excelNumber(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** A unit price as Bulgarian Excel reads a number: "1250,5", "-0,125" (no grouping, ASCII minus). */
export function excelPrice(value: bigint): string {
  return formatPrice(value)
    .replace(/\u00a0/g, "")
    .replace(MINUS, "-");
}

/** Rows as CSV lines (no BOM), every cell passed through excelCell. */
export function csvLines(rows: readonly (readonly string[])[]): string {
  return stringify(
    rows.map((row) => row.map(excelCell)),
    { delimiter: ";", record_delimiter: "windows", quoted_string: false },
  );
}

/** The whole file: a header row and the rows, every cell passed through excelCell. */
export function excelCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${csvLines(rows)}`;
}

/**
 * A large export as a stream: the header, then each page of rows as the database gives it, so no
 * single step holds the event loop (each page is a few milliseconds of work) and memory stays at
 * one page. The first page is read before answering, so a failure there is a proper error page;
 * a failure later cuts the download, which the browser shows as failed.
 */
export async function csvStreamResponse(
  header: readonly string[],
  pages: AsyncIterable<readonly (readonly string[])[]>,
  asciiName: string,
  name: string,
): Promise<Response> {
  const iterator = pages[Symbol.asyncIterator]();
  let pending: IteratorResult<readonly (readonly string[])[]> | null = await iterator.next();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(excelCsv([header])));
    },
    async pull(controller) {
      const result = pending ?? (await iterator.next());
      pending = null;
      if (result.done) controller.close();
      else controller.enqueue(encoder.encode(csvLines(result.value)));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return csvResponse(body, asciiName, name);
}

/** The download: text/csv with an ASCII file name and the Bulgarian one (RFC 5987). */
export function csvResponse(
  body: string | ReadableStream<Uint8Array>,
  asciiName: string,
  name: string,
): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": contentDisposition(name, "attachment", asciiName),
      "Cache-Control": "private, no-cache",
    },
  });
}
