import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { amountToCents, csvDate } from "./amounts";
import { type CsvMapping, StatementError } from "./constants";
import { importKeys } from "./import.server";
import { readStatement } from "./read";
import { readTag86 } from "./tag86";

/*
 * The statement readers on sample files written from the documented layouts (decision 031):
 * MT940 with «+NN» (Windows-1251, CR LF, a SWIFT envelope), MT940 with «?NN» (UTF-8), camt.053
 * (a batch of two, a debit, a pending entry), and a UBB-like CSV (Windows-1251, title lines,
 * debit and credit columns, a «Общо» row).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const fixture = (name: string) => readFileSync(path.join(root, "tests/fixtures/bank", name));

const UBB_MAPPING: CsvMapping = {
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

function problemOf(fn: () => unknown): StatementError {
  try {
    fn();
  } catch (error) {
    if (error instanceof StatementError) return error;
    throw error;
  }
  throw new Error("no problem");
}

describe("tag 86", () => {
  it("reads the «+NN» subfields of the Bulgarian layout (the docstring's example)", () => {
    expect(
      readTag86([
        "+00Получен междубанков превод+21ПО Ф-РА 1000004346/20.12.2017+30DEMIBGSF+31BG92DEMI92401000019723+32СИЛА ИНВЕСТ ООД",
      ]),
    ).toEqual({
      code: null,
      operation: "Получен междубанков превод",
      reason: "ПО Ф-РА 1000004346/20.12.2017",
      bic: "DEMIBGSF",
      iban: "BG92DEMI92401000019723",
      name: "СИЛА ИНВЕСТ ООД",
      structured: true,
    });
  });

  it("joins a subfield wrapped over lines and the reason's parts +20…+27", () => {
    const tag = readTag86([
      "+00Превод+20ПЛАЩАНЕ ПО ФАКТУРИ 124 И 125+21ЕИК 175074752+31BG18RZBB9155012345",
      "6789+32ПЕТРОВ И СИЕ+33 ЕООД",
    ]);
    expect(tag.reason).toBe("ПЛАЩАНЕ ПО ФАКТУРИ 124 И 125 ЕИК 175074752");
    expect(tag.iban).toBe("BG18RZBB91550123456789");
    expect(tag.name).toBe("ПЕТРОВ И СИЕ ЕООД");
  });

  it("reads «?NN» and «>NN» with a leading transaction code, and ?60 as more reason", () => {
    const tag = readTag86(["166?00ПРЕВОД?20ПО ФАКТУРА 126?60ДОПЪЛНИТЕЛНО?30UNCRBGSF?32АЛФА"]);
    expect(tag).toMatchObject({
      code: "166",
      operation: "ПРЕВОД",
      reason: "ПО ФАКТУРА 126 ДОПЪЛНИТЕЛНО",
      bic: "UNCRBGSF",
      name: "АЛФА",
    });
    expect(readTag86([">20Ф-РА 7>32БЕТА"])).toMatchObject({ reason: "Ф-РА 7", name: "БЕТА" });
  });

  it("keeps a «+» inside the reason that is not a subfield, and free text as the reason", () => {
    expect(readTag86(["+20ПЛАЩАНЕ А+Б ДОГОВОР+32ИВАН"]).reason).toBe("ПЛАЩАНЕ А+Б ДОГОВОР");
    expect(readTag86(["Такса за поддръжка", "на сметка"])).toMatchObject({
      reason: "Такса за поддръжка на сметка",
      structured: false,
    });
  });
});

describe("amounts and dates as banks write them", () => {
  it("reads comma and dot decimals, thousands either way, signs and parentheses", () => {
    expect(amountToCents("1200,00")).toBe(120000);
    expect(amountToCents("1 234,56")).toBe(123456);
    expect(amountToCents("1.234,56")).toBe(123456);
    expect(amountToCents("1,234.56")).toBe(123456);
    expect(amountToCents("-12.5")).toBe(-1250);
    expect(amountToCents("(84,00)")).toBe(-8400);
    expect(amountToCents("12,")).toBe(1200);
    expect(amountToCents("1.234.567")).toBe(123456700);
    expect(amountToCents("12,345")).toBeNull();
    expect(amountToCents("abc")).toBeNull();
  });

  it("reads the dates of CSV exports and refuses impossible ones", () => {
    expect(csvDate("05.11.2026")).toBe("2026-11-05");
    expect(csvDate("5/11/2026")).toBe("2026-11-05");
    expect(csvDate("2026-11-05")).toBe("2026-11-05");
    expect(csvDate("05.11.26 14:30")).toBe("2026-11-05");
    expect(csvDate("31.02.2026")).toBeNull();
  });
});

describe("MT940", () => {
  it("reads the «+NN» sample in Windows-1251 with its envelope and balances", () => {
    const statement = readStatement({ bytes: fixture("dsk-plus-cp1251.sta"), mapping: null });
    expect(statement).toMatchObject({
      format: "mt940",
      iban: "BG80BNBG96611020345678",
      currency: "EUR",
      number: "00215/001",
      openingCents: 1250000,
      closingCents: 1395440,
      periodFrom: "2026-11-04",
      periodTo: "2026-11-05",
    });
    expect(statement.movements).toEqual([
      {
        line: 6,
        bookedOn: "2026-11-05",
        valueOn: "2026-11-05",
        direction: "credit",
        amountCents: 120000,
        counterpartyName: "СИЛА ИНВЕСТ ООД",
        counterpartyIban: "BG92DEMI92401000019723",
        counterpartyBic: "DEMIBGSF",
        reason: "ПО Ф-РА 0000000123/05.11.2026",
        operation: "Получен междубанков превод",
        bankReference: "2611050012345",
      },
      expect.objectContaining({
        line: 9,
        direction: "debit",
        amountCents: 4560,
        counterpartyIban: "BG97BNBG96618000112001",
        reason: "Такса обслужване ноември",
      }),
      expect.objectContaining({
        line: 12,
        amountCents: 30000,
        reason: "ПЛАЩАНЕ ПО ФАКТУРИ 124 И 125 ЕИК 175074752",
        counterpartyName: "ПЕТРОВ И СИЕ ЕООД",
      }),
    ]);
  });

  it("reads the «?NN» sample in UTF-8: the account with its currency, a reversal", () => {
    const statement = readStatement({ bytes: fixture("qmark-utf8.sta"), mapping: null });
    expect(statement.iban).toBe("BG80BNBG96611020345678");
    expect(
      statement.movements.map((m) => [m.line, m.direction, m.amountCents, m.bankReference]),
    ).toEqual([
      [5, "credit", 25050, "REF-Q1"],
      [7, "credit", 1000, "REF-Q2"],
    ]);
    expect(statement.movements[0]).toMatchObject({
      reason: "ПО ФАКТУРА № 0000000126 ОТ 01.11.2026",
      counterpartyName: "АЛФА ТРЕЙД ООД",
      counterpartyIban: "BG20UNCR70001523456781",
    });
  });

  it("reads the payer from «Получен превод от …» in a free-text :86: (issue #41 item 14)", () => {
    const text = [
      ":20:X",
      ":25:BG80BNBG96611020345678",
      ":60F:C261101EUR0,00",
      ":61:2611051105C120,00NTRFNONREF//W1",
      ":86:Получен превод от ИВАН ПЕТРОВ ИВАНОВ, основание: фактура 0000000012",
      ":61:2611061106C30,00NTRFNONREF//W2",
      ":86:ПОЛУЧЕН МЕЖДУБАНКОВ ПРЕВОД ОТ АЛФА ТРЕЙД ООД BG18RZBB91550123456789 ПО Ф-РА 13",
      ":62F:C261106EUR150,00",
    ].join("\r\n");
    const [first, second] = readStatement({ bytes: Buffer.from(text), mapping: null }).movements;
    expect(first).toMatchObject({
      counterpartyName: "ИВАН ПЕТРОВ ИВАНОВ",
      reason: "Получен превод от ИВАН ПЕТРОВ ИВАНОВ, основание: фактура 0000000012",
    });
    expect(second).toMatchObject({
      counterpartyName: "АЛФА ТРЕЙД ООД",
      counterpartyIban: "BG18RZBB91550123456789",
    });
    // In the subfields: the operation or the reason; +32/+33 win when the bank writes them.
    expect(readTag86(["+00Получен превод от Мария Георгиева+20Наем за ноември"]).name).toBe(
      "Мария Георгиева",
    );
    expect(readTag86(["+00Превод+20Получен превод от Бета ЕООД; ф-ра 7"]).name).toBe("Бета ЕООД");
    expect(readTag86(["+00Получен превод от Х+32СИЛА ИНВЕСТ ООД"]).name).toBe("СИЛА ИНВЕСТ ООД");
    expect(readTag86(["Такса за превод"]).name).toBeNull();
  });

  it("keeps the space where a tag 86 line was wrapped after it", () => {
    const text = [
      ":20:X",
      ":25:BG80BNBG96611020345678",
      ":60F:C261101EUR0,00",
      ":61:2611051105C70,00NTRFNONREF//W1",
      ":86:+20ПЛАЩАНЕ+32КЛИЕНТ ",
      "22 ООД",
      ":62F:C261105EUR70,00",
    ].join("\r\n");
    const [movement] = readStatement({ bytes: Buffer.from(text), mapping: null }).movements;
    expect(movement?.counterpartyName).toBe("КЛИЕНТ 22 ООД");
  });

  it("names the broken line, and refuses balances that do not add up", () => {
    const text = fixture("qmark-utf8.sta").toString("utf8");
    const broken = text.replace(":61:261106C250,50NTRF//REF-Q1", ":61:2611XXC250,50NTRF//REF-Q1");
    const problem = problemOf(() => readStatement({ bytes: Buffer.from(broken), mapping: null }));
    expect(problem.line).toBe(5);
    expect(problem.message).toMatch(/^Ред 5: Полето :61:/);
    const short = text.replace("14214,90", "14200,00");
    expect(
      problemOf(() => readStatement({ bytes: Buffer.from(short), mapping: null })),
    ).toMatchObject({
      line: 9,
      reason: expect.stringMatching(/Крайното салдо/),
    });
    const twoAccounts = `${text}\n:20:X\n:25:BG18RZBB91550123456789\n`;
    expect(
      problemOf(() => readStatement({ bytes: Buffer.from(twoAccounts), mapping: null })).line,
    ).toBe(12);
  });
});

describe("a statement must reach its closing balance (issue #43 item 4)", () => {
  const text = fixture("qmark-utf8.sta").toString("utf8");
  const read = (body: string) => readStatement({ bytes: Buffer.from(body), mapping: null });

  it("refuses an MT940 statement cut before :62F:, at its :20: line, saying to download it again", () => {
    const cut = text.slice(0, text.indexOf(":62F:"));
    const problem = problemOf(() => read(cut));
    expect(problem).toMatchObject({ status: 422, line: 1 });
    expect(problem.message).toMatch(
      /^Ред 1: Извлечението, което започва на този ред, няма крайно салдо \(:62F:\).*изтеглете цялото извлечение от банката отново$/,
    );
    // Cut after a movement's details, or inside the second of two statements: the same.
    const cutAfterFirst = text.slice(0, text.indexOf(":61:2611061106RD"));
    expect(problemOf(() => read(cutAfterFirst)).line).toBe(1);
    const two = `${text}\n:20:MT940-20261107\n:25:BG80BNBG96611020345678EUR\n:60F:C261106EUR14214,90\n:61:261107C100,00NTRF//REF-Q3\n`;
    expect(problemOf(() => read(two))).toMatchObject({
      line: 11, // the :20: of the second statement (the file ends with a line break)
      reason: expect.stringMatching(/няма крайно салдо/),
    });
  });

  it("refuses movements that do not reach the closing balance, naming the sums, and a statement without its opening", () => {
    // The second movement left out: 13 954,40 + 250,50 is not 14 214,90.
    const lines = text.split("\n");
    const missing = [...lines.slice(0, 6), lines[8]].join("\n");
    const problem = problemOf(() => read(missing));
    expect(problem).toMatchObject({ status: 422, line: 7 });
    expect(problem.message).toMatch(
      /^Ред 7: Крайното салдо \(14\s214,90\) не отговаря на началното \(13\s954,40\) и движенията \(250,50\).*изтеглете го отново от банката$/,
    );
    const noOpening = text.replace(":60F:C261105EUR13954,40\n", "");
    expect(problemOf(() => read(noOpening))).toMatchObject({
      line: 4,
      reason: expect.stringMatching(/^Извлечението няма начално салдо \(:60F:\)/),
    });
  });

  it("refuses a camt.053 statement without CLBD, or whose entries do not reach it", () => {
    const camt = fixture("camt053-v2.xml").toString("utf8");
    expect(read(camt).movements.length).toBeGreaterThan(0);
    const noClosing = camt.replace(/<Bal>(?:(?!<\/Bal>)[\s\S])*?<Cd>CLBD<\/Cd>[\s\S]*?<\/Bal>/, "");
    expect(problemOf(() => read(noClosing))).toMatchObject({
      status: 422,
      reason: expect.stringMatching(/^Извлечението няма крайно салдо \(Bal с вид CLBD\)/),
    });
    const firstEntry = /<Ntry>[\s\S]*?<\/Ntry>\s*/.exec(camt)?.[0] ?? "";
    const missing = camt.replace(firstEntry, "");
    expect(problemOf(() => read(missing)).reason).toMatch(
      /^Крайното салдо \(.*\) не отговаря на началното \(.*\) и движенията/,
    );
  });
});

describe("camt.053", () => {
  it("splits a batch, reads the debit, leaves a pending entry out", () => {
    const statement = readStatement({ bytes: fixture("camt053-v2.xml"), mapping: null });
    expect(statement).toMatchObject({
      format: "camt053",
      iban: "BG80BNBG96611020345678",
      currency: "EUR",
      number: "STMT-2026-11-07",
      openingCents: 1421490,
      closingCents: 1491490,
    });
    expect(statement.movements).toEqual([
      expect.objectContaining({
        line: 17,
        direction: "credit",
        amountCents: 60000,
        counterpartyName: "Бета Консулт ЕООД",
        counterpartyIban: "BG07FINV91501004567890",
        counterpartyBic: "FINVBGSF",
        reason: "Ф-РА 127",
        bankReference: "CAMT-REF-1/1",
      }),
      expect.objectContaining({
        line: 17,
        amountCents: 40000,
        reason: "INV 128",
        bankReference: "CAMT-REF-1/2",
      }),
      expect.objectContaining({
        direction: "debit",
        amountCents: 30000,
        counterpartyName: "Доставчик АД",
        counterpartyIban: "BG91STSA93000012345679",
        reason: "ФАКТУРА 2000000042",
        bankReference: "CAMT-REF-2",
      }),
    ]);
  });

  it("refuses a DOCTYPE, XML that is not camt.053, and names the line of a broken entry", () => {
    const text = fixture("camt053-v2.xml").toString("utf8");
    const doctype = text.replace("<Document", '<!DOCTYPE d [<!ENTITY x "y">]><Document');
    expect(
      problemOf(() => readStatement({ bytes: Buffer.from(doctype), mapping: null })).status,
    ).toBe(400);
    const other = '<?xml version="1.0"?><Invoice xmlns="urn:x"><a/></Invoice>';
    expect(
      problemOf(() => readStatement({ bytes: Buffer.from(other), mapping: null })).status,
    ).toBe(400);
    const noMark = text.replace("<CdtDbtInd>DBIT</CdtDbtInd>\n        <Sts>BOOK", "<Sts>BOOK");
    const problem = problemOf(() => readStatement({ bytes: Buffer.from(noMark), mapping: null }));
    expect(problem.line).toBe(46);
  });
});

describe("CSV", () => {
  it("reads a Windows-1251 export with title lines, debit/credit columns and a «Общо» row", () => {
    const statement = readStatement({ bytes: fixture("ubb-cp1251.csv"), mapping: UBB_MAPPING });
    expect(statement.movements).toEqual([
      {
        line: 4,
        bookedOn: "2026-11-08",
        valueOn: null,
        direction: "credit",
        amountCents: 123456,
        counterpartyName: "Делта Сървиз ЕООД",
        counterpartyIban: "BG51BPBI79401034567801",
        counterpartyBic: null,
        reason: "ПО Ф-РА 129/01.11.2026",
        operation: null,
        bankReference: "UBB0001",
      },
      expect.objectContaining({ line: 5, direction: "debit", amountCents: 8400 }),
      expect.objectContaining({ line: 6, reason: 'Плащане; "аванс"', counterpartyIban: null }),
    ]);
  });

  it("reads UTF-8 with one signed amount column mapped by numbers", () => {
    const text = '\uFEFF2026-11-10,1,-12.50,Такса\n2026-11-11,2,"1,200.00",Ф-РА 5\n';
    const statement = readStatement({
      bytes: Buffer.from(text, "utf8"),
      mapping: {
        ...UBB_MAPPING,
        date: "1",
        reference: "2",
        amount: "3",
        reason: "4",
        debit: null,
        credit: null,
        counterparty: null,
        iban: null,
      },
    });
    expect(statement.movements.map((m) => [m.direction, m.amountCents, m.reason])).toEqual([
      ["debit", 1250, "Такса"],
      ["credit", 120000, "Ф-РА 5"],
    ]);
  });

  it("names the line of a bad date or amount; asks for the mapping; knows a header is missing", () => {
    const text = iconv.decode(fixture("ubb-cp1251.csv"), "win1251").replace("84,00;", "8x4;");
    expect(
      problemOf(() => readStatement({ bytes: Buffer.from(text), mapping: UBB_MAPPING })),
    ).toMatchObject({
      line: 5,
      reason: "Невалидна сума «8x4»: поправете реда или изнесете файла от банката отново",
    });
    const badDate = iconv
      .decode(fixture("ubb-cp1251.csv"), "win1251")
      .replace("09.11.2026", "39.11.2026");
    expect(
      problemOf(() => readStatement({ bytes: Buffer.from(badDate), mapping: UBB_MAPPING })).line,
    ).toBe(6);
    expect(
      problemOf(() => readStatement({ bytes: fixture("ubb-cp1251.csv"), mapping: null })).status,
    ).toBe(400);
    expect(
      problemOf(() =>
        readStatement({
          bytes: fixture("ubb-cp1251.csv"),
          mapping: { ...UBB_MAPPING, date: "Дата на плащане" },
        }),
      ).reason,
    ).toMatch(/«Дата на плащане»/);
  });

  it("refuses binary files and control characters", () => {
    expect(
      problemOf(() => readStatement({ bytes: Buffer.from([0x89, 0x50, 0, 1]), mapping: null }))
        .status,
    ).toBe(400);
    expect(
      problemOf(() => readStatement({ bytes: Buffer.from("a;b\n\u0001;c"), mapping: UBB_MAPPING }))
        .line,
    ).toBe(2);
  });
});

/*
 * Files from the real world (issue #42 items 1–7, decision 045): each case is cut from a public
 * test file of another parser (tests/fixtures/bank/corpus/README.md) or written as that bank
 * writes it; every one of them was refused before.
 */
describe("bank files from the world", () => {
  const read = (text: string | Buffer) =>
    readStatement({ bytes: typeof text === "string" ? Buffer.from(text) : text, mapping: null });
  const corpus = (name: string) => fixture(`corpus/${name}`);
  // genkgo's camt.053 files close at −27,00 after 18,15 + 8,85 (issue #43 item 4 refuses that):
  // with the closing balance's sign as a bank would write it, the file adds up.
  const addingUp = (text: string | Buffer) =>
    text.toString().replace(/(<Cd>CLBD<\/Cd>[\s\S]*?<CdtDbtInd>)DBIT(<\/CdtDbtInd>)/, "$1CRDT$2");
  const closingBal = (type: string, amount: string, mark: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${type}</Cd></CdOrPrtry></Tp><Amt Ccy="SEK">${amount}</Amt><CdtDbtInd>${mark}</CdtDbtInd><Dt><Dt>2014-12-30</Dt></Dt></Bal>`;

  it("1. strips SWIFT's SOH … ETX framing (mBank) and the {1:}{2:}{4: … -} envelope", () => {
    const mbank = corpus("wolph-mbank-mt940.sta");
    expect(mbank[0]).toBe(0x01);
    expect(mbank.at(-2)).toBe(0x03);
    const statement = read(mbank);
    expect(statement).toMatchObject({
      iban: "PL29114010810000267002001002",
      accountKind: "iban",
      currency: "PLN",
      openingCents: 40,
      closingCents: 43,
    });
    expect(statement.movements.map((m) => [m.line, m.amountCents, m.bankReference])).toEqual([
      [6, 1, "MB170119012058"],
      [12, 1, "MB170119012085"],
      [18, 1, "MB170119012121"],
    ]);
    // Two messages, each framed and enveloped, one after the other on the same line.
    const message = (n: number, from: string, to: string, day: string) =>
      `{1:F01BNBGBGSDAXXX0000000000}{2:O9401200261105BNBGBGSDAXXX00000000002611051200N}{4:\r\n:20:S${n}\r\n:25:BG80BNBG96611020345678\r\n:28C:${n}/1\r\n:60F:C${day}EUR${from}\r\n:61:${day}C10,00NTRFNONREF//R${n}\r\n:86:+20Ф-РА ${n}\r\n:62F:C${day}EUR${to}\r\n-}`;
    const framed = `\u0001${message(1, "0,", "10,00", "261105")}\u0003\u0001${message(2, "10,00", "20,00", "261106")}{5:{CHK:0}}\u0003`;
    const two = read(framed);
    expect(two.movements.map((m) => [m.line, m.bookedOn, m.bankReference])).toEqual([
      [6, "2026-11-05", "R1"],
      [14, "2026-11-06", "R2"],
    ]);
    expect(two.closingCents).toBe(2000);
    // A control character anywhere else is still refused at its line.
    expect(
      problemOf(() => read(framed.replace(":86:+20Ф-РА 2", ":86:+20Ф-РА\u0003 2"))),
    ).toMatchObject({ line: 15, status: 400 });
  });

  it("2. skips a transmission's header lines before :20: (ABN AMRO, ING) and names stray text", () => {
    const body = [
      ":20:ABN AMRO BANK NV",
      ":25:BG80BNBG96611020345678",
      ":28:19321/1",
      ":60F:C261101EUR100,00",
      ":61:2611051105D9,NTRFNONREF",
      ":86:ТАКСА",
      ":62F:C261105EUR91,00",
    ];
    const abn = read(
      [
        "ABNANL2A",
        "940",
        "ABNANL2A",
        ...body,
        "ABNANL2A",
        "940",
        "ABNANL2A",
        ":20:ABN AMRO BANK NV",
        ":25:BG80BNBG96611020345678",
        ":28:19322/1",
        ":60F:C261105EUR91,00",
        ":61:2611061106D1,NTRFNONREF",
        ":62F:C261106EUR90,00",
      ].join("\r\n"),
    );
    expect(abn.movements.map((m) => [m.line, m.amountCents])).toEqual([
      [8, 900],
      [18, 100],
    ]);
    const ing = read(
      ["0000 01INGBNL2AXXXX00001", "0000 01INGBNL2AXXXX00001", "940 00", ":940:", ...body].join(
        "\n",
      ),
    );
    expect(ing.movements[0]).toMatchObject({ line: 9, amountCents: 900 });
    // Text before a tag that does not start a message is not a header: the file is refused there.
    expect(problemOf(() => read(["ABNANL2A", ...body.slice(1)].join("\n")))).toMatchObject({
      line: 1,
      reason: expect.stringMatching(/Очаква се поле на MT940/),
    });
  });

  it("3. reads an amount written without its decimal comma («C500»)", () => {
    const text = [
      ":20:KNAB",
      ":25:BG80BNBG96611020345678",
      ":60F:C261101EUR1000,00",
      ":61:2611051105C500NTRF29-07-2014 10:05//B4G29PGDCK1QFV3E",
      ":61:2611051105D7260,NTRFNONREF//B4G29PGCVO7Q06US",
      ":61:2611051105C12 NTRFNONREF//K3",
      ":62F:D261105EUR5748,00",
    ].join("\n");
    expect(read(text).movements.map((m) => [m.direction, m.amountCents])).toEqual([
      ["credit", 50000],
      ["debit", 726000],
      ["credit", 1200],
    ]);
  });

  it("4. reads camt.053 without the <?xml …?> declaration, and camt.052 and camt.054", () => {
    const minimal = corpus("genkgo-camt053.v2.minimal.xml").toString("utf8");
    const bare = minimal.replace(/^<\?xml[^>]*>\s*/, "");
    expect(bare.startsWith("<Document")).toBe(true);
    expect(problemOf(() => read(bare)).message).toMatch(
      /Крайното салдо \(−27,00\) не отговаря на началното \(18,15\) и движенията \(8,85\)/,
    );
    expect(read(addingUp(bare))).toMatchObject({
      format: "camt053",
      iban: "NL26VAYB8060476890",
      currency: "EUR",
      openingCents: 1815,
      closingCents: 2700,
      movements: [expect.objectContaining({ direction: "credit", amountCents: 885 })],
    });
    // A report (camt.052) needs its closing or interim balance; genkgo's have none.
    expect(problemOf(() => read(corpus("genkgo-camt052.v2.xml")))).toMatchObject({
      status: 422,
      reason: expect.stringMatching(/^Отчетът няма крайно салдо/),
    });
    const withInterim = (name: string) =>
      corpus(name)
        .toString("utf8")
        .replace(/<Ntry>/, `${closingBal("ITBD", "200000.00", "DBIT")}<Ntry>`);
    for (const text of [
      withInterim("genkgo-camt052.v2.xml"),
      corpus("genkgo-camt054.v8.xml"),
      withInterim("genkgo-camt052.v1.xml"),
    ]) {
      expect(read(text)).toMatchObject({
        iban: "CH2801234000123456789",
        currency: "SEK",
        movements: [expect.objectContaining({ direction: "debit", amountCents: 20000000 })],
      });
    }
    // Another ISO 20022 message (a payment order) is still not a statement.
    const pain = bare.replaceAll("camt.053.001.02", "pain.001.001.03");
    expect(problemOf(() => read(pain)).status).toBe(400);
  });

  it("5. reads camt amounts with up to five decimals, refuses a fraction of a cent at its line", () => {
    // <Amt Ccy="EUR">8.850</Amt> is 8,85; the file's closing 4,04 is not 1,01 + 8,85.
    const three = problemOf(() => read(corpus("genkgo-camt053.v2.all-balance-types.xml")));
    expect(three.message).toMatch(/не отговаря на началното \(1,01\) и движенията \(8,85\)/);
    const five = read(
      corpus("genkgo-camt53.only-Dt-with-DtTm.xml")
        .toString("utf8")
        .replace(
          "</Bal>",
          `</Bal><Ntry><Amt Ccy="RON">18.15000</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2025-07-23</Dt></BookgDt></Ntry>${closingBal("CLBD", "5460.24", "CRDT")}`,
        ),
    );
    expect(five).toMatchObject({
      openingCents: 544209,
      movements: [expect.objectContaining({ amountCents: 1815 })],
    });
    const minimal = corpus("genkgo-camt053.v2.minimal.xml").toString("utf8");
    const fraction = problemOf(() => read(minimal.replace(">8.85<", ">18.155<")));
    expect(fraction).toMatchObject({ status: 422, line: 90 });
    expect(fraction.message).toMatch(/^Ред 90: Сумата на движението \(18\.155\) има част от цента/);
  });

  it("6. reads the account from Acct/Id/Othr/Id: an IBAN there, or the bank's own number", () => {
    expect(read(addingUp(corpus("genkgo-camt053.v4.xml")))).toMatchObject({
      iban: "NL26VAYB8060476890",
      accountKind: "iban",
    });
    const national = addingUp(corpus("genkgo-camt053.v4.xml")).replace(
      "<Id>NL26VAYB8060476890</Id>",
      "<Id>1522532201 EUR</Id>",
    );
    expect(read(national)).toMatchObject({ iban: "1522532201EUR", accountKind: "other" });
    // MT940 the same way: :25: with a bank's own number is read, a broken IBAN is refused.
    expect(read(corpus("jejik-sns.txt"))).toMatchObject({
      iban: "0123456789",
      accountKind: "other",
    });
    expect(problemOf(() => read(corpus("jejik-rabobank-iban.txt")))).toMatchObject({
      line: 3,
      reason: expect.stringMatching(/IBAN с грешни контролни цифри/),
    });
  });

  it("7. keys a movement by what the bank states, never by a name or a reason written another way", () => {
    const text = (name: string, reason: string) =>
      [
        ":20:X",
        ":25:BG80BNBG96611020345678",
        ":60F:C261101EUR0,00",
        ":61:2611051105C120,00NTRFNONREF",
        `:86:+20${reason}+32${name}`,
        ":61:2611051105C120,00NTRFNONREF",
        `:86:+20${reason}+32ДРУГ КЛИЕНТ`,
        ":61:2611061106C30,00NTRF//REF-7",
        `:86:+20${reason}+32${name}`,
        ":62F:C261106EUR270,00",
      ].join("\n");
    const first = importKeys(read(text("АЛФА ТРЕЙД ООД", "Ф-РА 12")).movements);
    const again = importKeys(read(text("Алфа Трейд", "ФАКТУРА 12/05.11")).movements);
    expect(again).toEqual(first);
    expect(first).toEqual([
      "k|2026-11-05|2026-11-05|C|12000|#1",
      "k|2026-11-05|2026-11-05|C|12000|#2",
      "k|2026-11-06|2026-11-06|C|3000|REF-7#1",
    ]);
  });
});
