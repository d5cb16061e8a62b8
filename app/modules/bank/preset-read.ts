import { ownValue } from "~/utils/own-keys";
import type { TableRow } from "~/utils/xlsx";
import {
  BANK_MESSAGES,
  type ParsedMovement,
  type ParsedStatement,
  StatementError,
} from "./constants";
import { type ColumnName, columnAt, norm, type TablePreset } from "./presets";
import {
  accountOfText,
  badAmount,
  badDate,
  cellCents,
  cellDate,
  checkCount,
  ibanOf,
  realigned,
  statementOf,
  type TableSource,
  titleAccount,
} from "./table";

/*
 * A table export in a known layout (presets.ts, decision 046): each row after the header row
 * read by the layout, without a mapping. A row with no digit where the date is (a title, a
 * repeated header, «Общо») is left out; any other row that cannot be read names its line and
 * what to do.
 */

/** A row's cells with its direction mark back in its column (realigned, table.ts). */
function rowCells(cells: string[], header: string[], preset: TablePreset): string[] {
  const directions = preset.directions;
  if (!preset.directionColumn || !directions) return cells;
  const isMark = (text: string) => ownValue(directions, text.trim().toUpperCase()) !== undefined;
  return realigned(cells, header.length, columnAt(header, preset.directionColumn), isMark);
}

/** A known layout's rows: no mapping, the direction and the account as the bank writes them. */
export function readPreset(
  rows: TableRow[],
  preset: TablePreset,
  headerAt: number,
  source: TableSource,
): ParsedStatement {
  const header = (rows[headerAt]?.cells ?? []).map(norm);
  const movements: ParsedMovement[] = [];
  let account: { text: string; line: number } | null = null;
  let currency: string | null = preset.currencyOf?.(header) ?? null;
  for (const row of rows.slice(headerAt + 1)) {
    const cells = rowCells(row.cells, header, preset);
    const cell = (...names: ColumnName[]) => {
      for (const name of names) {
        const at = columnAt(header, name);
        const value = at === -1 ? "" : (cells[at] ?? "").trim();
        if (value) return value;
      }
      return "";
    };
    const read = preset.read(cell);
    // A title, header or «Общо» row: no digit where the date is.
    if (!/\d/.test(read.date) || read.skip) continue;
    const line = row.line;
    const bookedOn = cellDate(read.date, source);
    if (!bookedOn) throw new StatementError(badDate(read.date), line);
    const valueOn = read.valueDate ? cellDate(read.valueDate, source) : null;
    const { cents, direction } = amountOf(read, preset, source, line);
    checkCount(movements, line, cents);
    if (read.account) {
      const text = read.account.replace(/\s/g, "").toUpperCase().slice(0, 60);
      if (account && account.text !== text) {
        throw new StatementError(BANK_MESSAGES.tableTwoAccounts(account.text, text), line);
      }
      account ??= { text, line };
    }
    if (read.currency && /^[A-Za-z]{3}$/.test(read.currency)) {
      currency ??= read.currency.toUpperCase();
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
  const extra: Partial<ParsedStatement> =
    (account ? accountOfText(account.text) : titleAccount(rows.slice(0, headerAt))) ?? {};
  if (!extra.currency && currency) extra.currency = currency;
  return statementOf(movements, source, { preset: preset.id, ...extra });
}

/** A row's amount in cents (signed) and its direction: one column and its mark, or debit and credit. */
function amountOf(
  read: ReturnType<TablePreset["read"]>,
  preset: TablePreset,
  source: TableSource,
  line: number,
): { cents: number; direction: ParsedMovement["direction"] } {
  if (read.amount === undefined) {
    const debitText = read.debit ?? "";
    const creditText = read.credit ?? "";
    const debit = debitText ? cellCents(debitText, source) : 0;
    const credit = creditText ? cellCents(creditText, source) : 0;
    if (debit === null) throw new StatementError(badAmount(debitText), line);
    if (credit === null) throw new StatementError(badAmount(creditText), line);
    const cents = Math.abs(credit) - Math.abs(debit);
    if (cents === 0) throw new StatementError("Редът няма сума в дебит или кредит", line);
    return { cents, direction: cents > 0 ? "credit" : "debit" };
  }
  const cents = cellCents(read.amount, source);
  if (cents === null || cents === 0) throw new StatementError(badAmount(read.amount), line);
  if (!read.direction) {
    if (preset.directions) {
      throw new StatementError(
        `Липсва видът на движението: ${preset.directionHint ?? "ДТ или КТ"}`,
        line,
      );
    }
    return { cents, direction: cents > 0 ? "credit" : "debit" };
  }
  const known = preset.directions && ownValue(preset.directions, read.direction.toUpperCase());
  if (!known) {
    throw new StatementError(
      `Непознат вид на движението «${read.direction.slice(0, 10)}»: ${preset.directionHint ?? ""}`,
      line,
    );
  }
  return { cents, direction: known };
}
