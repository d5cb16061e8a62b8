import { describe, expect, it } from "vitest";
import { BANK_MESSAGES, type CsvMapping, StatementError } from "./constants";
import { csvMappingProblem } from "./csv";
import { htmlTableRows, looksLikeHtmlTable } from "./html-table";
import { bankLayout } from "./layouts";
import { readStatement } from "./read";
import { looksLikeBankXml, xmlRecordRows } from "./xml-records";

/*
 * The readers under the Bulgarian banks' exports (decision 046): an HTML table saved as .xls,
 * a bank's XML of records, and a mapping with a column for the direction. The banks' own files
 * are tests/integration/bank-bulgarian-exports.test.ts's.
 */

function problemOf(fn: () => unknown): StatementError {
  try {
    fn();
  } catch (error) {
    if (error instanceof StatementError) return error;
    throw error;
  }
  throw new Error("no problem");
}

const read = (text: string, mapping: CsvMapping | null = null) =>
  readStatement({ bytes: Buffer.from(text, "utf8"), mapping });

describe("an HTML table saved as .xls", () => {
  it("is told from XML and CSV by its start", () => {
    expect(looksLikeHtmlTable('<head><META charset="utf-8"></head><body><table><tr>')).toBe(true);
    expect(looksLikeHtmlTable("\uFEFF<html><body><TABLE border=1>")).toBe(true);
    expect(looksLikeHtmlTable('<?xml version="1.0"?><table>')).toBe(false);
    expect(looksLikeHtmlTable("Дата;Сума\n<table>")).toBe(false);
  });

  it("gives a row per <tr> at its line: entities decoded, <br> a space, a colspan keeps the columns", () => {
    const rows = htmlTableRows(
      [
        "<html><head><style>td { color: red }</style><script>var x = '<tr><td>no</td></tr>';</script></head>",
        "<body><!-- <tr><td>commented</td></tr> --><table>",
        '<tr><th colspan="2">Извлечение&nbsp;&amp;&nbsp;период</th><th>Трета</th></tr>',
        "<tr><td>A&#1041;&#x412;</td><td>ред<br/>два</td><td>  x  </td></tr>",
        "<tr><td>без затварящи<td>клетки",
        "</table></body></html>",
      ].join("\n"),
    );
    expect(rows).toEqual([
      { line: 3, cells: ["Извлечение & период", "", "Трета"] },
      { line: 4, cells: ["AБВ", "ред два", "x"] },
      { line: 5, cells: ["без затварящи", "клетки"] },
    ]);
  });

  it("of an unknown layout asks for the columns; with them it is read as the CSV would be", () => {
    const html =
      "<table><tr><td>Дата</td><td>Сума</td><td>Описание</td></tr>" +
      "<tr><td>05.11.2026</td><td>-12,50</td><td>Такса</td></tr></table>";
    expect(problemOf(() => read(html))).toMatchObject({
      status: 400,
      reason: BANK_MESSAGES.tableUnknown,
    });
    const statement = read(html, {
      ...(bankLayout("ccb")?.mapping("EUR") as CsvMapping),
      date: "Дата",
      credit: null,
      debit: null,
      amount: "Сума",
      reason: "Описание",
      reference: null,
    });
    expect(statement.format).toBe("html");
    expect(statement.movements.map((m) => [m.direction, m.amountCents, m.reason])).toEqual([
      ["debit", 1250, "Такса"],
    ]);
  });
});

describe("a bank's XML of records", () => {
  const MOVEMENT = (type: string, amount: string, status = "success") => `
  <AccountMovement>
    <ValueDate>10.11.2026</ValueDate><PaymentDateTime>2026-11-10T10:00:00</PaymentDateTime>
    <MovementType>${type}</MovementType><Amount>${amount}</Amount><CCY>EUR</CCY>
    <OppositeSideName>Дарител</OppositeSideName><OppositeSideAccount>BG51BPBI79401034567801</OppositeSideAccount>
    <NarrativeI02>ДАРЕНИЕ ABCD-1234-EFGH</NarrativeI02><DocumentReference>DR${amount}</DocumentReference>
    <Status><Context>${status}</Context></Status>
  </AccountMovement>`;

  it("reads УниКредит's AccountMovements: its currency, its reference; a movement not «success» is left out", () => {
    const xml = `<?xml version="1.0"?>\n<AccountMovements>${MOVEMENT("Credit", "50,00")}${MOVEMENT("Credit", "70,00", "rejected")}${MOVEMENT("Debit", "1,20")}\n</AccountMovements>`;
    expect(looksLikeBankXml(xml)).toBe(true);
    const statement = read(xml);
    expect(statement).toMatchObject({
      format: "xml",
      preset: "unicredit-dsk-xml",
      currency: "EUR",
    });
    expect(
      statement.movements.map((m) => [
        m.line,
        m.direction,
        m.amountCents,
        m.reason,
        m.bankReference,
      ]),
    ).toEqual([
      [3, "credit", 5000, "ДАРЕНИЕ ABCD-1234-EFGH", "DR50,00"],
      [17, "debit", 120, "ДАРЕНИЕ ABCD-1234-EFGH", "DR1,20"],
    ]);
  });

  it("refuses a DOCTYPE, a broken file and one without movements, and names an unknown MovementType's line", () => {
    const doctype = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><AccountMovements>${MOVEMENT("Credit", "1,00")}</AccountMovements>`;
    expect(problemOf(() => read(doctype))).toMatchObject({
      status: 400,
      reason: BANK_MESSAGES.xmlBroken,
    });
    expect(
      problemOf(() =>
        xmlRecordRows("<AccountMovements><AccountMovement><Amount>1</AccountMovements>"),
      ).status,
    ).toBe(400);
    expect(problemOf(() => xmlRecordRows("<STATEMENT><TRANSACTION/></STATEMENT>")).reason).toBe(
      BANK_MESSAGES.noMovements,
    );
    const unknown = problemOf(() =>
      read(`<AccountMovements>${MOVEMENT("Storno", "1,00")}</AccountMovements>`),
    );
    expect(unknown.message).toBe(
      "Ред 2: Непознат вид на движението «Storno»: MovementType трябва да е Debit или Credit",
    );
  });
});

describe("a mapping with a column for the direction", () => {
  const MAPPING: CsvMapping = {
    date: "Дата",
    amount: "Сума",
    direction: "Д/К",
    debit: null,
    credit: null,
    counterparty: "Наредител | Получател",
    iban: null,
    reason: "Основание",
    reference: null,
  };

  it("reads the unsigned amount by the mark (ДТ/КТ, D/C, Дебит/Кредит) and the party of its direction", () => {
    const statement = read(
      [
        "Дата;Сума;Д/К;Наредител;Получател;Основание",
        "05.11.2026;100,00;КТ;Клиент ООД;ПРИМЕР ООД;Ф-РА 1",
        "06.11.2026;20,00;D;ПРИМЕР ООД;Доставчик ЕООД;Ф-РА 2",
        "07.11.2026;3,00;Дебит;;Банка;Такса",
      ].join("\n"),
      MAPPING,
    );
    expect(
      statement.movements.map((m) => [m.direction, m.amountCents, m.counterpartyName, m.reason]),
    ).toEqual([
      ["credit", 10000, "Клиент ООД", "Ф-РА 1"],
      ["debit", 2000, "Доставчик ЕООД", "Ф-РА 2"],
      ["debit", 300, "Банка", "Такса"],
    ]);
  });

  it("names the line of a mark it does not know, and asks for the one amount column", () => {
    const problem = problemOf(() =>
      read("Дата;Сума;Д/К;Наредител;Получател;Основание\n05.11.2026;100,00;?;А;Б;В\n", MAPPING),
    );
    expect(problem.message).toBe(
      "Ред 2: Непознат вид на движението «?»: колоната «Д/К» трябва да казва дебит или кредит (ДТ/КТ, DR/CR, D/C)",
    );
    expect(csvMappingProblem({ ...MAPPING, amount: null, debit: "Дебит" })).toBe(
      BANK_MESSAGES.mappingDirection,
    );
    expect(csvMappingProblem(MAPPING)).toBeNull();
  });

  it("ДСК's layout names the account's currency in its columns: a BGN file is a BGN statement", () => {
    const text = [
      '"Дата","Основание","Наредител/Получател","Номер сметка на наредителя / получателя","Вид на трансакцията","Свързваща референция","Валутен курс","Сума във валутата на превода","Дебит BGN","Кредит BGN"',
      '"30.12.2025","АВТ.ТАКСА ОБСЛУЖВАНЕ","","","","","","","15,99",""',
    ].join("\n");
    expect(read(text)).toMatchObject({ preset: "dsk", currency: "BGN", iban: null });
    expect(bankLayout("dsk")?.mapping("BGN")).toMatchObject({
      debit: "Дебит BGN",
      credit: "Кредит BGN",
    });
  });
});
