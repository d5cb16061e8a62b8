import { parse } from "csv-parse/sync";
import { isValidIBAN } from "ibantools";
import { ownValue } from "~/utils/own-keys";
import { excelSerialDay, type TableRow } from "~/utils/xlsx";
import { amountToCents, csvDate } from "./amounts";
import {
  BANK_MESSAGES,
  CSV_FIELDS,
  type CsvMapping,
  type ParsedMovement,
  type ParsedStatement,
  STATEMENT_LIMITS,
  StatementError,
} from "./constants";
import { norm, presetOf, type TablePreset } from "./presets";

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

/** Where each mapped field is in a row: its index, from the header row or the column number. */
function columnsOf(
  mapping: CsvMapping,
  header: string[] | null,
): Record<keyof CsvMapping, number | null> {
  const names = header?.map(norm) ?? [];
  const resolve = (value: string | null): number | null => {
    if (!value?.trim()) return null;
    if (/^\d{1,3}$/.test(value.trim())) return Number(value.trim()) - 1;
    const at = names.indexOf(norm(value));
    return at === -1 ? -1 : at;
  };
  return {
    date: resolve(mapping.date),
    amount: resolve(mapping.amount),
    debit: resolve(mapping.debit),
    credit: resolve(mapping.credit),
    counterparty: resolve(mapping.counterparty),
    iban: resolve(mapping.iban),
    reason: resolve(mapping.reason),
    reference: resolve(mapping.reference),
  };
}

/** Whether the mapping names the columns it must: a date, and an amount or debit and credit. */
export function csvMappingProblem(mapping: CsvMapping): string | null {
  if (!mapping.date?.trim()) return BANK_MESSAGES.csvNoMapping;
  if (!mapping.amount?.trim() && !(mapping.debit?.trim() || mapping.credit?.trim())) {
    return BANK_MESSAGES.csvNoMapping;
  }
  return null;
}

/** Which kind of file the rows came from: a workbook's cells hold numbers and day numbers. */
export type TableSource = "csv" | "xlsx";

/** A date cell: the bank's text, or (in a workbook) Excel's day number. */
export function cellDate(text: string, source: TableSource): string | null {
  return csvDate(text) ?? (source === "xlsx" ? excelSerialDay(text) : null);
}

/**
 * An amount cell in cents: the bank's text, or (in a workbook) the number Excel saved, which
 * may carry a binary fraction's tail («12.300000000000001») or an exponent: rounded to cents.
 */
export function cellCents(text: string, source: TableSource): number | null {
  const trimmed = text.trim();
  if (source === "xlsx" && /^-?\d+(\.\d+)?(E[-+]?\d+)?$/i.test(trimmed)) {
    const value = Number(trimmed);
    if (!Number.isFinite(value) || Math.abs(value) > 99_999_999_999) return null;
    return amountToCents(value.toFixed(2));
  }
  return amountToCents(trimmed);
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

/** The statement from its movements (the period from their dates). */
function statementOf(
  movements: ParsedMovement[],
  source: TableSource,
  extra: Partial<ParsedStatement> = {},
): ParsedStatement {
  if (!movements.length) throw new StatementError(BANK_MESSAGES.noMovements);
  const dates = movements.map((m) => m.bookedOn).sort();
  return {
    format: source,
    iban: null,
    currency: null,
    number: null,
    openingCents: null,
    closingCents: null,
    periodFrom: dates[0] ?? null,
    periodTo: dates.at(-1) ?? null,
    movements,
    ...extra,
  };
}

const badAmount = (text: string) =>
  `Невалидна сума «${text.slice(0, 30)}»: поправете реда или изнесете файла от банката отново`;

function checkCount(movements: ParsedMovement[], line: number, cents: number) {
  if (Math.abs(cents) > 9_999_999_999_999) throw new StatementError("Невалидна сума", line);
  if (movements.length >= STATEMENT_LIMITS.maxMovements) {
    throw new StatementError(BANK_MESSAGES.tooManyMovements, line, 413);
  }
}

const ibanOf = (text: string) => {
  const iban = text.replace(/\s/g, "").toUpperCase();
  return iban && isValidIBAN(iban) ? iban : null;
};

/** A known layout's rows (presets.ts): no mapping, the direction and account as it writes them. */
function readPreset(
  rows: TableRow[],
  preset: TablePreset,
  headerAt: number,
  source: TableSource,
): ParsedStatement {
  const header = (rows[headerAt]?.cells ?? []).map(norm);
  const movements: ParsedMovement[] = [];
  let account: { text: string; line: number } | null = null;
  for (const row of rows.slice(headerAt + 1)) {
    const cell = (...names: string[]) => {
      for (const name of names) {
        const at = header.indexOf(norm(name));
        const value = at === -1 ? "" : (row.cells[at] ?? "").trim();
        if (value) return value;
      }
      return "";
    };
    const read = preset.read(cell);
    // A title, header or «Общо» row: no digit where the date is.
    if (!/\d/.test(read.date)) continue;
    const line = row.line;
    const bookedOn = cellDate(read.date, source);
    if (!bookedOn) {
      throw new StatementError(
        `Невалидна дата «${read.date.slice(0, 30)}»: очаква се дд.мм.гггг — поправете реда`,
        line,
      );
    }
    const valueOn = read.valueDate ? cellDate(read.valueDate, source) : null;
    const cents = cellCents(read.amount, source);
    if (cents === null || cents === 0) throw new StatementError(badAmount(read.amount), line);
    let direction: ParsedMovement["direction"];
    if (read.direction === null) direction = cents > 0 ? "credit" : "debit";
    else {
      const known = ownValue(preset.directions, read.direction.toUpperCase());
      if (!known) {
        throw new StatementError(
          `Непознат вид на движението «${read.direction.slice(0, 10)}»: ${preset.directionHint}`,
          line,
        );
      }
      direction = known;
    }
    checkCount(movements, line, cents);
    if (read.account) {
      const text = read.account.replace(/\s/g, "").toUpperCase().slice(0, 60);
      if (account && account.text !== text) {
        throw new StatementError(BANK_MESSAGES.tableTwoAccounts(account.text, text), line);
      }
      account ??= { text, line };
    }
    const party = direction === "debit" ? read.payee : read.payer;
    movements.push({
      line,
      bookedOn,
      valueOn,
      direction,
      amountCents: Math.abs(cents),
      counterpartyName: party.name.slice(0, 200) || null,
      counterpartyIban: ibanOf(party.iban),
      counterpartyBic: null,
      reason: read.reason.replace(/\s+/g, " ").trim().slice(0, 1000),
      operation: read.operation.slice(0, 200) || null,
      bankReference: read.reference.slice(0, 100) || null,
    });
  }
  // The account the export names: an IBAN is matched as the other formats' are; a bank's own
  // number («1522532201EUR», its currency at the end) is for the person to choose once.
  const extra: Partial<ParsedStatement> = {};
  if (account) {
    const withCurrency = /^(.*?)([A-Z]{3})$/.exec(account.text);
    if (isValidIBAN(account.text)) extra.iban = account.text;
    else if (withCurrency && isValidIBAN(withCurrency[1] as string)) {
      extra.iban = withCurrency[1] as string;
      extra.currency = withCurrency[2] as string;
    } else {
      extra.iban = account.text;
      extra.accountKind = "other";
      if (withCurrency && /\d/.test(withCurrency[1] as string)) {
        extra.currency = withCurrency[2] as string;
      }
    }
  }
  return statementOf(movements, source, { preset: preset.id, ...extra });
}

/** The rows with the account's mapping (decision 031). */
function readMapped(rows: TableRow[], mapping: CsvMapping, source: TableSource): ParsedStatement {
  const byName = Object.values(mapping).some(
    (value) => value?.trim() && !/^\d{1,3}$/.test(value.trim()),
  );
  // The header row: the first whose cells hold every mapped name (mapping by names), else none.
  let start = 0;
  let header: string[] | null = null;
  if (byName) {
    const wanted = Object.values(mapping)
      .filter((value): value is string => !!value?.trim() && !/^\d{1,3}$/.test(value.trim()))
      .map(norm);
    start = rows.findIndex(({ cells }) => {
      const names = cells.map(norm);
      return wanted.every((name) => names.includes(name));
    });
    if (start === -1) {
      const missing = (Object.keys(CSV_FIELDS) as (keyof CsvMapping)[])
        .filter((key) => mapping[key]?.trim() && !/^\d{1,3}$/.test(mapping[key]?.trim() ?? ""))
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
  const cell = (record: string[], index: number | null) =>
    index === null || index < 0 ? "" : (record[index] ?? "").trim();
  const movements: ParsedMovement[] = [];
  for (const { cells: record, line } of rows.slice(start)) {
    const dateText = cell(record, col.date);
    // A title, header or «Общо» row: no digit where the date is.
    if (!/\d/.test(dateText)) continue;
    const bookedOn = cellDate(dateText, source);
    if (!bookedOn) throw new StatementError(`Невалидна дата «${dateText.slice(0, 30)}»`, line);
    let cents: number | null;
    if (col.amount !== null) {
      const text = cell(record, col.amount);
      cents = cellCents(text, source);
      if (cents === null || cents === 0) {
        throw new StatementError(`Невалидна сума «${text.slice(0, 30)}»`, line);
      }
    } else {
      const debitText = cell(record, col.debit);
      const creditText = cell(record, col.credit);
      const debit = debitText ? cellCents(debitText, source) : 0;
      const credit = creditText ? cellCents(creditText, source) : 0;
      if (debit === null || credit === null) {
        throw new StatementError(
          `Невалидна сума «${(debit === null ? debitText : creditText).slice(0, 30)}»`,
          line,
        );
      }
      cents = Math.abs(credit) - Math.abs(debit);
      if (cents === 0) throw new StatementError("Редът няма сума в дебит или кредит", line);
    }
    checkCount(movements, line, cents);
    movements.push({
      line,
      bookedOn,
      valueOn: null,
      direction: cents > 0 ? "credit" : "debit",
      amountCents: Math.abs(cents),
      counterpartyName: cell(record, col.counterparty).slice(0, 200) || null,
      counterpartyIban: ibanOf(cell(record, col.iban)),
      counterpartyBic: null,
      reason: cell(record, col.reason).replace(/\s+/g, " ").slice(0, 1000),
      operation: null,
      bankReference: cell(record, col.reference).slice(0, 100) || null,
    });
  }
  return statementOf(movements, source);
}
