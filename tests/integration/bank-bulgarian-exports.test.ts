import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createAccount } from "~/modules/bank/accounts.server";
import { BANK_MESSAGES } from "~/modules/bank/constants";
import { action as accountAction } from "~/routes/_app.bank_.accounts.$id";
import { action as importApi } from "~/routes/api.bank.statements";
import { loader as transactionsApi } from "~/routes/api.bank.transactions";
import { createCompanyOnPlan } from "../setup/factories";
import { type AnyAnswer, call, formBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #42 item 8, decision 046: the Bulgarian banks' own exports whose columns were found
 * written down (tests/fixtures/bank-presets/README.md names each source; the files are ours, made
 * from those layouts) import through POST /api/bank/statements without a mapping — УниКредит
 * Булбанк's CSV, its HTML «.xls» with a fee row that left cells out and its English export, ДСК's
 * CSV, HTML «.xls» and XML, ОББ's XML, Тексим's CSV — and the API lists each movement's figures.
 * ЦКБ's CSV, whose header is not known, imports once the account's columns are filled from the
 * bank's layout in the account's settings and saved (the form, without JavaScript).
 */

const getDb = setupTestDatabase();
const fixture = (name: string) =>
  readFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/bank-presets", name),
  );

async function customer() {
  const db = getDb();
  const me = await createCompanyOnPlan(db, "standard");
  const session = await signInApi(db, me.user);
  const accountId = await createAccount(db, me.companyId, {
    iban: "BG21STSA93000012345678",
    currency: "EUR",
    name: "Разплащателна",
  });
  return { ...me, session, accountId };
}

function upload(name: string, fields: Record<string, string>, headers: Record<string, string>) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(fixture(name))]), name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return { method: "POST", body: form, headers };
}

interface Listed {
  line: number;
  bookedOn: string;
  direction: "credit" | "debit";
  amount: string;
  currency: string;
  counterparty: { name: string | null; iban: string | null };
  reason: string;
  reference: string | null;
}

/** Imports the file through the API and lists its movements through the API, in the file's order. */
async function imported(
  me: Awaited<ReturnType<typeof customer>>,
  name: string,
  fields: Record<string, string> = {},
) {
  const db = getDb();
  const response = await call(
    importApi,
    db,
    "/api/bank/statements",
    upload(name, fields, me.session.bearer),
  );
  const body = (await response.json()) as AnyAnswer;
  expect([name, response.status, body.message]).toEqual([name, 201, expect.any(String)]);
  const listed = await call(
    transactionsApi,
    db,
    `/api/bank/transactions?statementId=${body.statementId}`,
    { headers: me.session.bearer },
  );
  const { transactions } = (await listed.json()) as { transactions: Listed[] };
  const statement = await db
    .selectFrom("bankStatements")
    .select(["format", "accountId", "importedCount"])
    .where("id", "=", body.statementId)
    .executeTakeFirstOrThrow();
  const movements = transactions
    .sort((a, b) => a.line - b.line)
    .map((t) => [
      t.bookedOn,
      t.direction,
      t.amount,
      t.counterparty.name,
      t.counterparty.iban,
      t.reason,
    ]);
  return { statement, movements, transactions };
}

describe("Bulgarian banks' exports import through the API without a mapping", () => {
  it("УниКредит Булбанк: CSV, the HTML «.xls» (a fee row without two cells) and the English export", async () => {
    const me = await customer();
    const csv = await imported(me, "unicredit-bulbank.csv", { accountId: me.accountId });
    expect(csv.statement).toEqual({ format: "csv", accountId: me.accountId, importedCount: 3 });
    expect(csv.movements).toEqual([
      [
        "2026-11-03",
        "credit",
        "1234.56",
        "ДЕЛТА СЪРВИЗ ЕООД",
        "BG51BPBI79401034567801",
        "ПО Ф-РА 0000000129 от 01.11.2026",
      ],
      [
        "2026-11-04",
        "debit",
        "84.00",
        "Офис Трейд, клон София",
        "BG85IABG74781000123456",
        "Ф-РА 2000000077; консумативи",
      ],
      ["2026-11-30", "debit", "2.50", null, null, "Такса за обслужване на сметка"],
    ]);

    // The same account number: the account chosen for the CSV is remembered for the .xls.
    const html = await imported(me, "unicredit-bulbank.xls");
    expect(html.statement).toEqual({ format: "html", accountId: me.accountId, importedCount: 3 });
    expect(html.movements).toEqual([
      [
        "2026-12-02",
        "credit",
        "960.00",
        "Алфа & Трейд ЕООД",
        "BG44UNCR70001512345678",
        "ПО Ф-РА 0000000131 от 28.11.2026",
      ],
      ["2026-12-03", "debit", "273.00", "CLOUD VENDOR LTD", null, "CLOUD SERVICES SUBSCRIPTION"],
      ["2026-12-04", "debit", "14.83", null, null, ""],
    ]);
    expect(html.transactions.map((t) => t.reference)).toEqual([
      "FT26336000011",
      "FT26337000012",
      "FT26338000013",
    ]);

    const english = await imported(me, "unicredit-bulbank-en.csv");
    expect(english.movements).toEqual([
      [
        "2026-12-10",
        "credit",
        "3347.86",
        "MAIN ASSEMBLY LTD",
        "BG44UNCR70001512345678",
        "INVOICE 0000000132",
      ],
      ["2026-12-11", "debit", "164.95", null, null, ""],
    ]);
  });

  it("ДСК: the CSV, the HTML «.xls» (title rows, «Общо») and the XML; the file names no account, so it is chosen", async () => {
    const me = await customer();
    const db = getDb();
    const refused = await call(
      importApi,
      db,
      "/api/bank/statements",
      upload("dsk.csv", {}, me.session.bearer),
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as AnyAnswer).message).toBe(BANK_MESSAGES.csvNeedsAccount);

    const csv = await imported(me, "dsk.csv", { accountId: me.accountId });
    expect(csv.movements).toEqual([
      ["2026-11-30", "debit", "4.09", null, null, "АВТ.ТАКСА ОБСЛУЖВАНЕ"],
      [
        "2026-11-27",
        "credit",
        "1250.00",
        '"БЕТА СТРОЙ" ООД',
        "BG21STSA93000012345678",
        "ПО Ф-РА 0000000128",
      ],
      [
        "2026-11-25",
        "debit",
        "36.90",
        "BGR SOFIA OFFICE SHOP",
        null,
        "516849xxxxxx1234 ПЛАЩАНЕ НА ПОС 24.11.2026 18:02 Авт. код: A12345 Номер на у-во: 00000001",
      ],
      [
        "2026-11-20",
        "debit",
        "240.00",
        "ГАМА СОФТ ЕООД",
        "BG60STSA93000087654321",
        "Ф-РА 2000000451 ЗА НОЕМВРИ",
      ],
    ]);
    expect(csv.transactions.every((t) => t.currency === "EUR")).toBe(true);

    const html = await imported(me, "dsk.xls", { accountId: me.accountId });
    expect(html.statement.format).toBe("html");
    expect(html.movements).toEqual([
      [
        "2026-12-02",
        "credit",
        "480.00",
        "ДЕЛТА СЪРВИЗ ЕООД",
        "BG51BPBI79401034567801",
        "ПО Ф-РА 0000000133",
      ],
      [
        "2026-12-03",
        "debit",
        "25.00",
        "BGR SOFIA TEST MERCHANT EOOD",
        null,
        "111111xxxxxx2222 ПЛАЩАНЕ НА ПОС 02.12.2026 10:00 Авт. код: AAA111",
      ],
    ]);

    const xml = await imported(me, "dsk-account-movements.xml", { accountId: me.accountId });
    expect(xml.statement.format).toBe("xml");
    expect(xml.movements).toEqual([
      [
        "2026-11-03",
        "credit",
        "1234.56",
        "ДЕЛТА СЪРВИЗ ЕООД",
        "BG51BPBI79401034567801",
        "ПО Ф-РА 0000000125",
      ],
      [
        "2026-11-05",
        "debit",
        "4.00",
        "BGR VARNA PARKING",
        null,
        "516849xxxxxx1234 ПЛАЩАНЕ НА ПОС 04.11.2026 19:14 Авт. код: B91416",
      ],
      ["2026-11-30", "debit", "8.18", null, null, "АВТ.ТАКСА ОБСЛУЖВАНЕ"],
    ]);

    // The ДСК file states its currency («Дебит EUR»): a BGN account is refused for it.
    const levAccount = await createAccount(db, me.companyId, {
      iban: "BG60STSA93000087654321",
      currency: "BGN",
      name: "В левове",
    });
    const wrong = await call(
      importApi,
      db,
      "/api/bank/statements",
      upload("dsk.csv", { accountId: levAccount }, me.session.bearer),
    );
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as AnyAnswer).message).toBe(
      BANK_MESSAGES.currencyMismatch("EUR", "BGN"),
    );
  });

  it("ОББ's XML and Тексим's CSV name their account by IBAN: it goes to that account", async () => {
    const me = await customer();
    const db = getDb();
    const ubbId = await createAccount(db, me.companyId, {
      iban: "BG50UBBS80021012345678",
      currency: "EUR",
      name: "ОББ",
    });
    const teximId = await createAccount(db, me.companyId, {
      iban: "BG12TEXI95451012345678",
      currency: "EUR",
      name: "Тексим",
    });
    const ubb = await imported(me, "ubb.xml");
    expect(ubb.statement).toEqual({ format: "xml", accountId: ubbId, importedCount: 3 });
    expect(ubb.movements).toEqual([
      [
        "2026-11-04",
        "credit",
        "1250.00",
        "ОМЕГА ЕООД",
        "BG62CECB97901012345678",
        "ПО Ф-РА 0000000126 ОТ 01.11.2026",
      ],
      [
        "2026-11-05",
        "debit",
        "84.20",
        "КАПА ДОСТАВКИ ООД",
        "BG60STSA93000087654321",
        "Ф-РА 2000000077",
      ],
      ["2026-11-30", "debit", "2.50", null, null, ""],
    ]);

    const texim = await imported(me, "texim.csv");
    expect(texim.statement).toEqual({ format: "csv", accountId: teximId, importedCount: 3 });
    expect(texim.movements).toEqual([
      [
        "2026-11-04",
        "credit",
        "1395.80",
        "ОМЕГА ЕООД",
        "BG62CECB97901012345678",
        "ПО Ф-РА 0000000126",
      ],
      ["2026-11-05", "debit", "1.50", null, null, "Такса превод"],
      ["2026-11-12", "debit", "84.20", "BILLA SOFIA", null, "ПЛАЩАНЕ С КАРТА"],
    ]);
  });
});

describe("a bank's columns filled in the account's settings", () => {
  it("ЦКБ's CSV: «Попълни колоните» fills the form (not saved), «Запази» saves, and the file imports", async () => {
    const me = await customer();
    const db = getDb();
    const cookie = { Cookie: me.session.cookie };
    const page = `/bank/accounts/${me.accountId}`;
    const params = { id: me.accountId };

    // Without the columns the file is not known.
    const unknown = await call(
      importApi,
      db,
      "/api/bank/statements",
      upload("ccb.csv", { accountId: me.accountId }, me.session.bearer),
    );
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as AnyAnswer).message).toBe(BANK_MESSAGES.tableUnknown);

    const none = await call(accountAction, db, page, {
      ...formBody({ intent: "layout", layout: "" }, cookie),
      params,
    });
    expect(none.status).toBe(400);
    const noneAnswer = (await none.json()) as AnyAnswer;
    expect(noneAnswer.fieldErrors.layout).toBe("Изберете банката, чиито колони да се попълнят");
    // The settings form below shows the account as saved, not emptied.
    expect(noneAnswer.repopulateFields).toMatchObject({ name: "Разплащателна", date: "" });

    const filled = await call(accountAction, db, page, {
      ...formBody({ intent: "layout", layout: "ccb" }, cookie),
      params,
    });
    expect(filled.status).toBe(200);
    const answer = (await filled.json()) as AnyAnswer;
    expect(answer.repopulateFields).toMatchObject({
      name: "Разплащателна",
      date: "1",
      credit: "3",
      debit: "4",
      reference: "5",
      reason: "6",
      amount: "",
      direction: "",
      filledFrom: expect.stringMatching(/^ЦКБ/),
    });
    // Filled in, not saved.
    const before = await db
      .selectFrom("bankAccounts")
      .select(["csvDate", "csvCredit"])
      .where("id", "=", me.accountId)
      .executeTakeFirstOrThrow();
    expect(before).toEqual({ csvDate: null, csvCredit: null });

    const { filledFrom: _, ...fields } = answer.repopulateFields as Record<string, string>;
    const saved = await call(accountAction, db, page, {
      ...formBody({ ...fields, intent: "settings" }, cookie),
      params,
    });
    expect(saved.status).toBe(302);

    const ccb = await imported(me, "ccb.csv", { accountId: me.accountId });
    expect(ccb.movements).toEqual([
      ["2026-11-01", "debit", "49.93", null, null, "ТАКСА ОБСЛУЖВАНЕ НА СМЕТКА"],
      ["2026-11-03", "credit", "1200.00", null, null, "ПО Ф-РА 0000000127 ОТ 01.11.2026"],
      ["2026-11-10", "debit", "310.00", null, null, "Ф-РА 2000000090 НАЕМ НОЕМВРИ"],
    ]);
  });

  it("УниКредит's columns saved with their «Тип» column read a variant the reader does not know", async () => {
    const me = await customer();
    const db = getDb();
    const cookie = { Cookie: me.session.cookie };
    const page = `/bank/accounts/${me.accountId}`;
    const params = { id: me.accountId };
    const filled = await call(accountAction, db, page, {
      ...formBody({ intent: "layout", layout: "unicredit-bulbank" }, cookie),
      params,
    });
    const { filledFrom: _, ...fields } = ((await filled.json()) as AnyAnswer).repopulateFields;
    expect(fields).toMatchObject({
      date: "Вальор",
      amount: "Сума във валута на сметката",
      direction: "Тип",
      counterparty: "Наредител | Бенефициент",
    });
    // A variant: «Дата на валутиране» where the bank wrote «Вальор»; the person corrects one column.
    const saved = await call(accountAction, db, page, {
      ...formBody({ ...fields, date: "Дата на валутиране", intent: "settings" }, cookie),
      params,
    });
    expect(saved.status).toBe(302);
    const variant = fixture("unicredit-bulbank.csv")
      .toString("utf8")
      .replace("Вальор", "Дата на валутиране");
    const form = new FormData();
    form.append("file", new Blob([variant]), "variant.csv");
    form.append("accountId", me.accountId);
    const response = await call(importApi, db, "/api/bank/statements", {
      method: "POST",
      body: form,
      headers: me.session.bearer,
    });
    expect(response.status).toBe(201);
    const { statementId } = (await response.json()) as AnyAnswer;
    const listed = await call(
      transactionsApi,
      db,
      `/api/bank/transactions?statementId=${statementId}`,
      {
        headers: me.session.bearer,
      },
    );
    const { transactions } = (await listed.json()) as { transactions: Listed[] };
    expect(
      transactions
        .sort((a, b) => a.line - b.line)
        .map((t) => [t.direction, t.amount, t.counterparty.name]),
    ).toEqual([
      ["credit", "1234.56", "ДЕЛТА СЪРВИЗ ЕООД"],
      ["debit", "84.00", "Офис Трейд, клон София"],
      ["debit", "2.50", null],
    ]);
  });
});
