import { parse } from "csv-parse/sync";
import type { TableRow } from "~/utils/xlsx";
import {
  BANK_MESSAGES,
  CSV_FIELDS,
  type CsvMapping,
  type ParsedMovement,
  type ParsedStatement,
  STATEMENT_LIMITS,
  StatementError,
} from "./constants";
import { readPreset } from "./preset-read";
import { norm, presetOf } from "./presets";
import {
  badAmount,
  badDate,
  cellCents,
  cellDate,
  checkCount,
  directionMark,
  ibanOf,
  realigned,
  statementOf,
  type TableSource,
  titleAccount,
  withoutBreaks,
} from "./table";

/*
 * A bank's table export — CSV, or an Excel workbook (.xlsx, read by utils/xlsx.ts) — as rows
 * (decision 031, decision 046). A file whose header row is one of the known layouts (presets.ts)
 * is read without a mapping; any other with the column mapping the user set once for the
 * account: each mapped column is a header's name (as in the file's header row, any case) or a
 * column's number (1 = the first). A CSV's separator is guessed from the first lines (";", ",",
 * tab, "|"); amounts may use a comma or a dot for decimals and either for thousands; dates as
 * 05.11.2026, 2026-11-05, 05/11/2026, or Excel's day number in a workbook. Rows before the header
 * (a bank's title lines) and rows whose date cell has no digit (a «Общо» line) are left out; any
 * other row that cannot be read names its line and what to do. csv-parse splits a CSV.
 */

const SEPARATORS = [";", ",", "\t", "|"] as const;

function separatorOf(text: string): string {
  const sample = text.split(/\r?\n/).slice(0, 20).join("\n");
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

/**
 * Whether the mapping names the columns it must: a date, and an amount or debit and credit; with
 * a column for the direction, one amount (without its sign).
 */
export function csvMappingProblem(mapping: CsvMapping): string | null {
  if (!mapping.date?.trim()) return BANK_MESSAGES.csvNoMapping;
  if (mapping.direction?.trim()) {
    return mapping.amount?.trim() ? null : BANK_MESSAGES.mappingDirection;
  }
  if (!mapping.amount?.trim() && !(mapping.debit?.trim() || mapping.credit?.trim())) {
    return BANK_MESSAGES.csvNoMapping;
  }
  return null;
}

/** A CSV's rows with their line numbers; StatementError names a line it cannot split. */
export function csvRows(text: string): TableRow[] {
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.length > STATEMENT_LIMITS.maxLines)
    throw new StatementError(BANK_MESSAGES.tooManyLines);
  const long = lines.findIndex((line) => line.length > STATEMENT_LIMITS.maxLineLength);
  if (long !== -1) throw new StatementError(BANK_MESSAGES.lineTooLong, long + 1);
  try {
    const records = parse(text, {
      delimiter: separatorOf(text),
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      bom: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ line: info.lines, cells: record }));
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? null;
    throw new StatementError(
      "Редът не може да бъде прочетен като CSV (незатворени кавички?): изнесете файла от банката отново",
      line,
    );
  }
}

/** Reads a CSV export's text: a known layout, else the account's mapping. */
export function readCsv(text: string, mapping: CsvMapping | null): ParsedStatement {
  return readTable(csvRows(text), mapping, "csv");
}

/**
 * Reads a table export's rows: with the account's mapping when it has one, else by a known
 * layout's header row; StatementError (with the line) otherwise.
 */
export function readTable(
  rows: TableRow[],
  mapping: CsvMapping | null,
  source: TableSource,
): ParsedStatement {
  if (mapping && !csvMappingProblem(mapping)) return readMapped(rows, mapping, source);
  const found = presetOf(rows);
  if (found) return readPreset(rows, found.preset, found.headerAt, source);
  throw new StatementError(BANK_MESSAGES.tableUnknown, null, 400);
}

const isNumber = (value: string) => /^\d{1,3}$/.test(value.trim());

/**
 * A mapped column's names: one, or two for the payer and the payee («Наредител | Бенефициент»:
 * the first for money in, the second for money out).
 */
const namesOf = (value: string | null) =>
  (value ?? "")
    .split("|")
    .map((name) => name.trim())
    .filter(Boolean);

/** Where a mapped field is in a row, for money in and for money out: -1 when it is not there. */
interface Column {
  credit: number;
  debit: number;
}

/** Where each mapped field is in a row: from the header row's names or the columns' numbers. */
function columnsOf(
  mapping: CsvMapping,
  header: string[] | null,
): Record<keyof CsvMapping, Column | null> {
  const names = header?.map(norm) ?? [];
  const at = (name: string) => (isNumber(name) ? Number(name) - 1 : names.indexOf(norm(name)));
  const resolve = (value: string | null): Column | null => {
    const [first, second] = namesOf(value);
    if (first === undefined) return null;
    return { credit: at(first), debit: at(second ?? first) };
  };
  return Object.fromEntries(
    (Object.keys(CSV_FIELDS) as (keyof CsvMapping)[]).map((key) => [key, resolve(mapping[key])]),
  ) as Record<keyof CsvMapping, Column | null>;
}

/** The rows with the account's mapping (decision 031; a direction column, decision 046). */
function readMapped(rows: TableRow[], mapping: CsvMapping, source: TableSource): ParsedStatement {
  const wanted = Object.values(mapping)
    .flatMap(namesOf)
    .filter((name) => !isNumber(name))
    .map(norm);
  // The header row: the first whose cells hold every mapped name (mapping by names), else none.
  let start = 0;
  let header: string[] | null = null;
  if (wanted.length) {
    start = rows.findIndex(({ cells }) => {
      const names = cells.map(norm);
      return wanted.every((name) => names.includes(name));
    });
    if (start === -1) {
      const missing = (Object.keys(CSV_FIELDS) as (keyof CsvMapping)[])
        .filter((key) => namesOf(mapping[key]).some((name) => !isNumber(name)))
        .map((key) => `«${mapping[key]}»`);
      throw new StatementError(
        `Във файла няма заглавен ред с колоните ${missing.join(", ")} от настройките на сметката: поправете колоните в настройките ѝ`,
        null,
        400,
      );
    }
    header = rows[start]?.cells ?? null;
    start += 1;
  }
  const col = columnsOf(mapping, header);
  const marked = col.direction?.credit ?? -1;
  const movements: ParsedMovement[] = [];
  for (const row of rows.slice(start)) {
    const line = row.line;
    // A direction column: a row that left out empty cells before it is realigned (table.ts).
    const record =
      header && marked > 0
        ? realigned(row.cells, header.length, marked, (text) => directionMark(text) !== null)
        : row.cells;
    const cell = (column: Column | null, direction: ParsedMovement["direction"] = "credit") => {
      const index = column?.[direction] ?? -1;
      return index < 0 ? "" : (record[index] ?? "").trim();
    };
    const dateText = cell(col.date);
    // A title, header or «Общо» row: no digit where the date is.
    if (!/\d/.test(dateText)) continue;
    const bookedOn = cellDate(dateText, source);
    if (!bookedOn) throw new StatementError(badDate(dateText), line);
    const cents = mappedCents(cell, col, source, line, mapping.direction?.trim() ?? "");
    checkCount(movements, line, cents);
    const direction = cents > 0 ? "credit" : "debit";
    movements.push({
      line,
      bookedOn,
      valueOn: null,
      direction,
      amountCents: Math.abs(cents),
      counterpartyName: cell(col.counterparty, direction).slice(0, 200) || null,
      counterpartyIban: ibanOf(cell(col.iban, direction)),
      counterpartyBic: null,
      reason: withoutBreaks(cell(col.reason, direction)).replace(/\s+/g, " ").trim().slice(0, 1000),
      operation: null,
      bankReference: cell(col.reference, direction).slice(0, 100) || null,
    });
  }
  // The account, when the title rows above the header name it by IBAN (Тексим, ОББ's XML).
  return statementOf(movements, source, titleAccount(rows.slice(0, Math.max(0, start - 1))) ?? {});
}

/** A mapped row's amount in cents, signed: one column (and its direction's), or debit and credit. */
function mappedCents(
  cell: (column: Column | null) => string,
  col: Record<keyof CsvMapping, Column | null>,
  source: TableSource,
  line: number,
  directionName: string,
): number {
  if (col.amount !== null) {
    const text = cell(col.amount);
    const cents = cellCents(text, source);
    if (cents === null || cents === 0) throw new StatementError(badAmount(text), line);
    if (col.direction === null) return cents;
    const mark = cell(col.direction);
    const direction = directionMark(mark);
    if (!direction) {
      throw new StatementError(
        `Непознат вид на движението «${mark.slice(0, 10)}»: колоната «${directionName}» трябва да казва дебит или кредит (ДТ/КТ, DR/CR, D/C)`,
        line,
      );
    }
    return direction === "credit" ? Math.abs(cents) : -Math.abs(cents);
  }
  const debitText = cell(col.debit);
  const creditText = cell(col.credit);
  const debit = debitText ? cellCents(debitText, source) : 0;
  const credit = creditText ? cellCents(creditText, source) : 0;
  if (debit === null) throw new StatementError(badAmount(debitText), line);
  if (credit === null) throw new StatementError(badAmount(creditText), line);
  const cents = Math.abs(credit) - Math.abs(debit);
  if (cents === 0) throw new StatementError("Редът няма сума в дебит или кредит", line);
  return cents;
}
