import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { excelDay, writeXlsx } from "../../../tests/setup/xlsx";
import { BANK_MESSAGES, type CsvMapping, StatementError } from "./constants";
import { readStatement } from "./read";

/*
 * Table exports read without a mapping (decision 046): УниКредит Булбанк's «Тип ДТ/КТ» layout as a
 * CSV and as an Excel workbook (tests/fixtures/bank-presets/README.md names its sources), an
 * Excel file of another bank read with the account's mapping, and the refusals, each naming
 * its line and what to do.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const fixture = (name: string) => readFileSync(path.join(root, "tests/fixtures", name));

function problemOf(fn: () => unknown): StatementError {
  try {
    fn();
  } catch (error) {
    if (error instanceof StatementError) return error;
    throw error;
  }
  throw new Error("no problem");
}

const EXPECTED = [
  {
    line: 2,
    bookedOn: "2026-11-03",
    valueOn: "2026-11-03",
    direction: "credit",
    amountCents: 123456,
    counterpartyName: "ДЕЛТА СЪРВИЗ ЕООД",
    counterpartyIban: "BG51BPBI79401034567801",
    counterpartyBic: null,
    reason: "ПО Ф-РА 0000000129 от 01.11.2026",
    operation: "Получен кредитен превод",
    bankReference: "FT26307000001",
  },
  {
    line: 3,
    bookedOn: "2026-11-04",
    valueOn: "2026-11-04",
    direction: "debit",
    amountCents: 8400,
    counterpartyName: "Офис Трейд, клон София",
    counterpartyIban: "BG85IABG74781000123456",
    counterpartyBic: null,
    reason: "Ф-РА 2000000077; консумативи",
    operation: "Изходящ кредитен превод",
    bankReference: "FT26308000002",
  },
  {
    line: 4,
    bookedOn: "2026-11-30",
    valueOn: "2026-11-30",
    direction: "debit",
    amountCents: 250,
    counterpartyName: null,
    counterpartyIban: null,
    counterpartyBic: null,
    reason: "Такса за обслужване на сметка",
    operation: "Такса",
    bankReference: "FEE2611300003",
  },
];

/** The fixture's rows as Excel saves them: dates as day numbers, amounts as numbers. */
function fixtureAsWorkbook(edit?: (rows: (string | number)[][]) => void): Uint8Array {
  const rows = parse(fixture("bank-presets/unicredit-bulbank.csv"), {
    relax_column_count: true,
  }) as string[][];
  const header = rows[0] as string[];
  const col = (name: string) => header.indexOf(name);
  const out: (string | number)[][] = rows.map((row, i) => {
    if (i === 0) return row;
    const cells: (string | number)[] = [...row];
    const day = (text: string) => excelDay(text.slice(0, 10).split(".").reverse().join("-"));
    cells[col("Вальор")] = day(row[col("Вальор")] as string);
    cells[col("Дата на плащане")] = day(row[col("Дата на плащане")] as string) + 0.5;
    cells[col("Сума във валута на сметката")] = Number(row[col("Сума във валута на сметката")]);
    return cells;
  });
  edit?.(out);
  return writeXlsx([["Движения по сметка 1522532201EUR"], [], ...out]);
}

describe("УниКредит Булбанк's «Тип ДТ/КТ» export, read without a mapping", () => {
  it("reads the CSV by its header row: direction from «Тип», the party by direction, the bank's own account", () => {
    const statement = readStatement({
      bytes: fixture("bank-presets/unicredit-bulbank.csv"),
      mapping: null,
    });
    expect(statement).toMatchObject({
      format: "csv",
      preset: "unicredit-bulbank",
      iban: "1522532201EUR",
      accountKind: "other",
      currency: "EUR",
      periodFrom: "2026-11-03",
      periodTo: "2026-11-30",
    });
    expect(statement.movements).toEqual(EXPECTED);
  });

  it("reads the same table saved as .xlsx: Excel's day numbers and a number's binary tail", () => {
    const bytes = fixtureAsWorkbook((rows) => {
      // 84.00 as Excel may save a sum: 83.99999999999999.
      (rows[2] as (string | number)[])[5] = 83.99999999999999;
    });
    const statement = readStatement({ bytes, mapping: null });
    expect(statement).toMatchObject({
      format: "xlsx",
      preset: "unicredit-bulbank",
      iban: "1522532201EUR",
      accountKind: "other",
    });
    // Two title rows before the header: the lines are Excel's row numbers.
    expect(statement.movements).toEqual(EXPECTED.map((m) => ({ ...m, line: m.line + 2 })));
  });

  it("names the line and the way out: an unknown «Тип», two accounts in one file", () => {
    const text = fixture("bank-presets/unicredit-bulbank.csv").toString("utf8");
    const badType = problemOf(() =>
      readStatement({ bytes: Buffer.from(text.replace(",ДТ,BG85", ",ХХ,BG85")), mapping: null }),
    );
    expect(badType.line).toBe(3);
    expect(badType.message).toBe(
      "Ред 3: Непознат вид на движението «ХХ»: колоната «Тип» трябва да е ДТ (плащане) или КТ (постъпление)",
    );
    const lines = text.split("\n");
    lines[3] = (lines[3] as string).replace("1522532201EUR", "1522532201BGN");
    const twoAccounts = problemOf(() =>
      readStatement({ bytes: Buffer.from(lines.join("\n")), mapping: null }),
    );
    expect(twoAccounts.line).toBe(4);
    expect(twoAccounts.reason).toBe(
      BANK_MESSAGES.tableTwoAccounts("1522532201EUR", "1522532201BGN"),
    );
    const badAmount = problemOf(() =>
      readStatement({
        bytes: Buffer.from(text.replace(",84.00,84.00,", ",8x4,84.00,")),
        mapping: null,
      }),
    );
    expect(badAmount.message).toBe(
      "Ред 3: Невалидна сума «8x4»: поправете реда или изнесете файла от банката отново",
    );
  });
});

describe("Excel files of any other bank", () => {
  const MAPPING: CsvMapping = {
    date: "Дата",
    amount: null,
    debit: "Дебит",
    credit: "Кредит",
    counterparty: "Наредител/Получател",
    iban: "IBAN",
    reason: "Основание",
    reference: "Референция",
    direction: null,
  };

  it("are read with the account's column mapping, as its CSV is", () => {
    const bytes = writeXlsx([
      ["Извлечение по сметка BG80BNBG96611020345678"],
      ["Дата", "Референция", "Наредител/Получател", "IBAN", "Основание", "Дебит", "Кредит"],
      [
        excelDay("2026-11-08"),
        "R1",
        "Делта Сървиз ЕООД",
        "BG51BPBI79401034567801",
        "Ф-РА 129",
        "",
        1234.56,
      ],
      ["09.11.2026", "R2", "Офис Трейд", "", "Консумативи", 84, ""],
      ["Общо", "", "", "", "", 84, 1234.56],
    ]);
    const statement = readStatement({ bytes, mapping: MAPPING });
    expect(statement.format).toBe("xlsx");
    expect(
      statement.movements.map((m) => [
        m.line,
        m.bookedOn,
        m.direction,
        m.amountCents,
        m.bankReference,
      ]),
    ).toEqual([
      [3, "2026-11-08", "credit", 123456, "R1"],
      [4, "2026-11-09", "debit", 8400, "R2"],
    ]);
  });

  it("without a mapping and of no known layout: what to do; the old .xls: save it as .xlsx", () => {
    const bytes = writeXlsx([
      ["Дата", "Сума"],
      ["08.11.2026", "12,00"],
    ]);
    const unknown = problemOf(() => readStatement({ bytes, mapping: null }));
    expect(unknown).toMatchObject({ status: 400, reason: BANK_MESSAGES.tableUnknown });
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect(problemOf(() => readStatement({ bytes: xls, mapping: null }))).toMatchObject({
      status: 400,
      reason: BANK_MESSAGES.oldExcel,
    });
    const broken = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    expect(problemOf(() => readStatement({ bytes: broken, mapping: null })).reason).toMatch(
      /запишете го отново като \.xlsx или CSV/,
    );
  });
});
