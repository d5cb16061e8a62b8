import { parse } from "csv-parse/sync";
import { isValidIBAN } from "ibantools";
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

/*
 * A bank's CSV export, read with the column mapping the user set once for the account (decision
 * 031): each mapped column is a header's name (as in the file's header row, any case) or a
 * column's number (1 = the first). The separator is guessed from the first lines (";", ",", tab,
 * "|"); amounts may use a comma or a dot for decimals and either for thousands; dates as
 * 05.11.2026, 2026-11-05, 05/11/2026. Rows before the header (a bank's title lines) and rows
 * whose date cell has no digit (a «Общо» line) are left out; any other row that cannot be read
 * names its line. csv-parse (the csv project's parser, the sibling of csv-stringify) splits it.
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

const norm = (value: string) => value.trim().toLowerCase().replace(/\s+/g, " ");

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

/** Reads a CSV export's text with the account's mapping; StatementError names the line. */
export function readCsv(text: string, mapping: CsvMapping): ParsedStatement {
  const problem = csvMappingProblem(mapping);
  if (problem) throw new StatementError(problem, null, 400);
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.length > STATEMENT_LIMITS.maxLines)
    throw new StatementError(BANK_MESSAGES.tooManyLines);
  const long = lines.findIndex((line) => line.length > STATEMENT_LIMITS.maxLineLength);
  if (long !== -1) throw new StatementError(BANK_MESSAGES.lineTooLong, long + 1);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: separatorOf(text),
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      bom: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? null;
    throw new StatementError("Редът не може да бъде прочетен като CSV (кавички?)", line);
  }
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
    start = records.findIndex(({ record }) => {
      const cells = record.map(norm);
      return wanted.every((name) => cells.includes(name));
    });
    if (start === -1) {
      const missing = (Object.keys(CSV_FIELDS) as (keyof CsvMapping)[])
        .filter((key) => mapping[key]?.trim() && !/^\d{1,3}$/.test(mapping[key]?.trim() ?? ""))
        .map((key) => `«${mapping[key]}»`);
      throw new StatementError(
        `Във файла няма заглавен ред с колоните ${missing.join(", ")} от настройките на сметката`,
        null,
        400,
      );
    }
    header = records[start]?.record ?? null;
    start += 1;
  }
  const col = columnsOf(mapping, header);
  const cell = (record: string[], index: number | null) =>
    index === null || index < 0 ? "" : (record[index] ?? "").trim();
  const movements: ParsedMovement[] = [];
  for (const { record, info } of records.slice(start)) {
    const line = info.lines;
    const dateText = cell(record, col.date);
    // A title, header or «Общо» row: no digit where the date is.
    if (!/\d/.test(dateText)) continue;
    const bookedOn = csvDate(dateText);
    if (!bookedOn) throw new StatementError(`Невалидна дата «${dateText.slice(0, 30)}»`, line);
    let cents: number | null;
    if (col.amount !== null) {
      const text = cell(record, col.amount);
      cents = amountToCents(text);
      if (cents === null || cents === 0) {
        throw new StatementError(`Невалидна сума «${text.slice(0, 30)}»`, line);
      }
    } else {
      const debitText = cell(record, col.debit);
      const creditText = cell(record, col.credit);
      const debit = debitText ? amountToCents(debitText) : 0;
      const credit = creditText ? amountToCents(creditText) : 0;
      if (debit === null || credit === null) {
        throw new StatementError(
          `Невалидна сума «${(debit === null ? debitText : creditText).slice(0, 30)}»`,
          line,
        );
      }
      cents = Math.abs(credit) - Math.abs(debit);
      if (cents === 0) throw new StatementError("Редът няма сума в дебит или кредит", line);
    }
    if (Math.abs(cents) > 9_999_999_999_999) throw new StatementError("Невалидна сума", line);
    if (movements.length >= STATEMENT_LIMITS.maxMovements) {
      throw new StatementError(BANK_MESSAGES.tooManyMovements, line, 413);
    }
    const iban = cell(record, col.iban).replace(/\s/g, "").toUpperCase();
    movements.push({
      line,
      bookedOn,
      valueOn: null,
      direction: cents > 0 ? "credit" : "debit",
      amountCents: Math.abs(cents),
      counterpartyName: cell(record, col.counterparty).slice(0, 200) || null,
      counterpartyIban: iban && isValidIBAN(iban) ? iban : null,
      counterpartyBic: null,
      reason: cell(record, col.reason).replace(/\s+/g, " ").slice(0, 1000),
      operation: null,
      bankReference: cell(record, col.reference).slice(0, 100) || null,
    });
  }
  if (!movements.length) throw new StatementError(BANK_MESSAGES.noMovements);
  const dates = movements.map((m) => m.bookedOn).sort();
  return {
    format: "csv",
    iban: null,
    currency: null,
    number: null,
    openingCents: null,
    closingCents: null,
    periodFrom: dates[0] ?? null,
    periodTo: dates.at(-1) ?? null,
    movements,
  };
}
