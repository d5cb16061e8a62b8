import { isValidIBAN } from "ibantools";
import { ownValue } from "~/utils/own-keys";
import { excelSerialDay, type TableRow } from "~/utils/xlsx";
import { amountToCents, csvDate } from "./amounts";
import {
  BANK_MESSAGES,
  type ParsedMovement,
  type ParsedStatement,
  STATEMENT_LIMITS,
  StatementError,
} from "./constants";

/*
 * What the readers of a table export share (decision 046): a row's cells as a date and an amount,
 * the statement made of the movements, and the account a file names. A table comes from a CSV,
 * an Excel workbook, an HTML table saved as .xls or a bank's XML of records.
 */

/** Which kind of file the rows came from: a workbook's cells hold numbers and day numbers. */
export type TableSource = "csv" | "xlsx" | "html" | "xml";

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

/** The statement from its movements (the period from their dates). */
export function statementOf(
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

export const badAmount = (text: string) =>
  `Невалидна сума «${text.slice(0, 30)}»: поправете реда или изнесете файла от банката отново`;

export const badDate = (text: string) =>
  `Невалидна дата «${text.slice(0, 30)}»: очаква се дд.мм.гггг — поправете реда`;

export function checkCount(movements: ParsedMovement[], line: number, cents: number) {
  if (Math.abs(cents) > 9_999_999_999_999) throw new StatementError("Невалидна сума", line);
  if (movements.length >= STATEMENT_LIMITS.maxMovements) {
    throw new StatementError(BANK_MESSAGES.tooManyMovements, line, 413);
  }
}

export const ibanOf = (text: string) => {
  const iban = text.replace(/\s/g, "").toUpperCase();
  return iban && isValidIBAN(iban) ? iban : null;
};

/**
 * The marks of a movement's direction in a mapped column that says it (upper case): the banks'
 * ДТ/КТ, DR/CR, D/C and the words.
 */
const DIRECTION_MARKS: Readonly<Record<string, "credit" | "debit">> = {
  ДТ: "debit",
  DT: "debit",
  DR: "debit",
  D: "debit",
  Д: "debit",
  ДЕБИТ: "debit",
  DEBIT: "debit",
  КТ: "credit",
  KT: "credit",
  CR: "credit",
  C: "credit",
  К: "credit",
  КРЕДИТ: "credit",
  CREDIT: "credit",
};

/** A mapped direction column's value as credit or debit; null for a mark it does not know. */
export const directionMark = (text: string) =>
  ownValue(DIRECTION_MARKS, text.trim().toUpperCase()) ?? null;

/**
 * The account a table export names, as the statement's: an IBAN is matched as the other formats'
 * are; «BG80… EUR» or a bank's own number with its currency at the end («1522532201EUR») gives
 * the currency too; any other number is for the person to choose once.
 */
export function accountOfText(text: string): Partial<ParsedStatement> {
  const compact = text.replace(/\s/g, "").toUpperCase().slice(0, 60);
  const withCurrency = /^(.*?)([A-Z]{3})$/.exec(compact);
  if (isValidIBAN(compact)) return { iban: compact };
  if (withCurrency && isValidIBAN(withCurrency[1] as string)) {
    return { iban: withCurrency[1] as string, currency: withCurrency[2] as string };
  }
  const extra: Partial<ParsedStatement> = { iban: compact, accountKind: "other" };
  if (withCurrency && /\d/.test(withCurrency[1] as string)) extra.currency = withCurrency[2];
  return extra;
}

/**
 * The cells of a row that left out empty cells before its direction mark (УниКредит's HTML
 * export writes a fee's row without the operation's amount and rate): the mark moved back to its
 * column `at`, empty cells where the missing ones were. Any other row as it is.
 */
export function realigned(
  cells: string[],
  width: number,
  at: number,
  isMark: (text: string) => boolean,
): string[] {
  if (at < 1 || cells.length >= width || isMark(cells[at] ?? "")) return cells;
  for (let k = at - 1; k > 0; k--) {
    if (isMark(cells[k] ?? "")) {
      return [...cells.slice(0, k), ...Array<string>(at - k).fill(""), ...cells.slice(k)];
    }
  }
  return cells;
}

/** An account in the title rows above the header (Тексим's «Сметка»; ОББ's IBAN_S): an IBAN only. */
export function titleAccount(rows: TableRow[]): Partial<ParsedStatement> | null {
  for (const row of rows) {
    for (const cell of row.cells) {
      const text = cell.trim();
      if (!/^[A-Za-z]{2}\d{2}/.test(text)) continue;
      const found = accountOfText(text);
      if (!found.accountKind) return found;
    }
  }
  return null;
}

/** A reason without the line breaks a bank writes as «<br/>» (ДСК; escaped in its CSV). */
export const withoutBreaks = (text: string) => text.replace(/&lt;br\s*\/?&gt;|<br\s*\/?>/gi, " ");
