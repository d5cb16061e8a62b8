import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { createAccount, updateAccount } from "~/modules/bank/accounts.server";
import { BANK_MESSAGES } from "~/modules/bank/constants";
import { action as bankAction } from "~/routes/_app.bank";
import { action as importApi, loader as statementsApi } from "~/routes/api.bank.statements";
import { writeMt940 } from "../setup/bank-statements";
import { createCompanyOnPlan } from "../setup/factories";
import { call, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";
import { excelDay, writeXlsx } from "../setup/xlsx";

/*
 * Issue #42 item 8, decision 046: a statement that names its account by the bank's own number
 * (an MT940 `:25:517852257`, a table export's «Сметка») is not refused: the page asks which of
 * the company's accounts it is, keeping the uploaded file (the second POST names it, no
 * JavaScript needed), the API answers 409 with the accounts; the choice is kept for the number,
 * so the next statement goes straight through. Excel (.xlsx) exports are read by a known layout
 * or by the account's mapping.
 */

const getDb = setupTestDatabase();
const IBAN = "BG80BNBG96611020345678";
const OTHER_IBAN = "BG18RZBB91550123456789";
const NATIONAL = "517852257";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function customer() {
  const db = getDb();
  const me = await createCompanyOnPlan(db, "standard");
  const session = await signInApi(db, me.user);
  const otherId = await createAccount(db, me.companyId, {
    iban: OTHER_IBAN,
    currency: "EUR",
    name: "Разплащателна 2",
  });
  return { ...me, session, otherId };
}

const month = (day: string, reference: string) =>
  writeMt940({
    iban: NATIONAL,
    openingDay: day,
    movements: [{ day, direction: "credit", cents: 10_000, reason: "ПО Ф-РА 7", reference }],
  });

function multipart(
  fields: Record<string, string>,
  file: { bytes: string | Uint8Array; name: string } | null,
  headers: Record<string, string>,
): RequestInit {
  const form = new FormData();
  if (file) {
    const bytes = typeof file.bytes === "string" ? file.bytes : new Uint8Array(file.bytes);
    form.append("file", new Blob([bytes]), file.name);
  }
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return { method: "POST", body: form, headers };
}

const statementsOf = (companyId: string) =>
  getDb()
    .selectFrom("bankStatements")
    .select(["id", "accountId", "format", "importedCount", "fileName"])
    .where("companyId", "=", companyId)
    .orderBy("createdAt")
    .execute();

/** The «Тип ДТ/КТ» fixture as Excel saves it (dates as day numbers, amounts as numbers). */
function dtKtWorkbook(): Uint8Array {
  const rows = parse(
    readFileSync(path.join(root, "tests/fixtures/bank-presets/unicredit-bulbank.csv")),
    {
      relax_column_count: true,
    },
  ) as string[][];
  const header = rows[0] as string[];
  const at = (name: string) => header.indexOf(name);
  return writeXlsx(
    rows.map((row, i) => {
      if (i === 0) return row;
      const cells: (string | number)[] = [...row];
      const day = (row[at("Вальор")] as string).split(".").reverse().join("-");
      cells[at("Вальор")] = excelDay(day);
      cells[at("Сума във валута на сметката")] = Number(row[at("Сума във валута на сметката")]);
      return cells;
    }),
  );
}

describe("a statement with the bank's own account number (issue #42 item 8)", () => {
  it("the page asks for the account, keeps the uploaded file, imports it on the choice and remembers it", async () => {
    const db = getDb();
    const a = await customer();
    const cookie = { Cookie: a.session.cookie };

    const asked = await call(
      bankAction,
      db,
      "/bank",
      multipart(
        { intent: "upload" },
        { bytes: month("2026-11-05", "N1"), name: "noemvri.sta" },
        cookie,
      ),
    );
    expect(asked.status).toBe(409);
    const answer = (await asked.json()) as {
      formId: string;
      formError: string;
      fieldErrors: Record<string, string>;
      repopulateFields: Record<string, string>;
    };
    expect(answer.formId).toBe("upload");
    expect(answer.formError).toBe(BANK_MESSAGES.chooseAccount(NATIONAL));
    expect(answer.fieldErrors.accountId).toBe(BANK_MESSAGES.chooseAccount(NATIONAL));
    expect(answer.repopulateFields.kept).toMatch(/^[0-9a-f]{64}$/);
    expect(answer.repopulateFields.keptName).toBe("noemvri.sta");
    expect(await statementsOf(a.companyId)).toEqual([]);

    // The second POST sends no file: the kept one and the chosen account.
    const chosen = await call(
      bankAction,
      db,
      "/bank",
      multipart(
        {
          intent: "upload",
          kept: answer.repopulateFields.kept as string,
          keptName: "noemvri.sta",
          accountId: a.otherId,
        },
        null,
        cookie,
      ),
    );
    expect(chosen.status).toBe(302);
    const [first] = await statementsOf(a.companyId);
    expect(chosen.headers.get("Location")).toBe(`/bank/statements/${first?.id}`);
    expect(first).toMatchObject({
      accountId: a.otherId,
      format: "mt940",
      importedCount: 1,
      fileName: "noemvri.sta",
    });
    // The kept file served its import.
    const kept = await db
      .selectFrom("storedFiles")
      .select("sha256")
      .where("companyId", "=", a.companyId)
      .where("sha256", "=", answer.repopulateFields.kept as string)
      .execute();
    expect(kept).toEqual([]);

    // The next month's file of the same number goes straight through to the chosen account.
    const next = await call(
      bankAction,
      db,
      "/bank",
      multipart(
        { intent: "upload" },
        { bytes: month("2026-12-03", "N2"), name: "dekemvri.sta" },
        cookie,
      ),
    );
    expect(next.status).toBe(302);
    const statements = await statementsOf(a.companyId);
    expect(statements.map((s) => [s.fileName, s.accountId])).toEqual([
      ["noemvri.sta", a.otherId],
      ["dekemvri.sta", a.otherId],
    ]);
    expect(next.headers.get("Location")).toBe(`/bank/statements/${statements[1]?.id}`);

    // A kept file that is gone (swept after its hour, or another company's): choose the file again.
    const gone = await call(
      bankAction,
      db,
      "/bank",
      multipart(
        { intent: "upload", kept: "0".repeat(64), keptName: "x.sta", accountId: a.otherId },
        null,
        cookie,
      ),
    );
    expect(gone.status).toBe(400);
    expect(((await gone.json()) as { formError: string }).formError).toBe(BANK_MESSAGES.keptGone);
  });

  it("the API answers 409 with the accounts, imports with accountId and then without it", async () => {
    const db = getDb();
    const a = await customer();
    const post = (bytes: string | Uint8Array, name: string, fields: Record<string, string> = {}) =>
      call(
        importApi,
        db,
        "/api/bank/statements",
        multipart(fields, { bytes, name }, a.session.bearer),
      );

    const asked = await post(month("2026-11-05", "A1"), "noemvri.sta");
    expect(asked.status).toBe(409);
    const body = (await asked.json()) as {
      message: string;
      accounts: { id: string; iban: string; currency: string; name: string | null }[];
      errors: Record<string, { _errors: string[] }>;
    };
    expect(body.message).toBe(BANK_MESSAGES.chooseAccount(NATIONAL));
    expect(body.errors.accountId?._errors).toEqual([BANK_MESSAGES.chooseAccount(NATIONAL)]);
    expect(body.accounts).toHaveLength(2);
    expect(body.accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ iban: IBAN, currency: "EUR", name: null }),
        { id: a.otherId, iban: OTHER_IBAN, currency: "EUR", name: "Разплащателна 2" },
      ]),
    );
    const mainId = body.accounts.find((account) => account.iban === IBAN)?.id as string;

    const imported = await post(month("2026-11-05", "A1"), "noemvri.sta", { accountId: mainId });
    expect(imported.status).toBe(201);
    expect(await imported.json()).toMatchObject({ imported: 1, skipped: 0 });

    const remembered = await post(month("2026-12-03", "A2"), "dekemvri.sta");
    expect(remembered.status).toBe(201);
    expect(await remembered.json()).toMatchObject({ imported: 1 });
    expect((await statementsOf(a.companyId)).map((s) => s.accountId)).toEqual([mainId, mainId]);

    // The same number in a camt.053's Acct/Id/Othr/Id: the choice is the number's, whatever the format.
    const camt = readFileSync(
      path.join(root, "tests/fixtures/bank/camt053-v2.xml"),
      "utf8",
    ).replace(`<IBAN>${IBAN}</IBAN>`, `<Othr><Id>${NATIONAL}</Id></Othr>`);
    expect(camt).toContain(`<Othr><Id>${NATIONAL}</Id></Othr>`);
    const fromCamt = await post(camt, "camt053.xml");
    expect(fromCamt.status).toBe(201);
    expect((await statementsOf(a.companyId)).map((s) => [s.format, s.accountId])).toEqual([
      ["mt940", mainId],
      ["mt940", mainId],
      ["camt053", mainId],
    ]);

    // Another company's choice is its own: the same number there is asked again.
    const b = await customer();
    const elsewhere = await call(
      importApi,
      db,
      "/api/bank/statements",
      multipart({}, { bytes: month("2026-11-05", "A1"), name: "x.sta" }, b.session.bearer),
    );
    expect(elsewhere.status).toBe(409);
    // …and may not name this company's account.
    const foreign = await call(
      importApi,
      db,
      "/api/bank/statements",
      multipart(
        { accountId: mainId },
        { bytes: month("2026-11-05", "A1"), name: "x.sta" },
        b.session.bearer,
      ),
    );
    expect(foreign.status).toBe(400);
    expect(await statementsOf(b.companyId)).toEqual([]);
  });
});

describe("Excel (.xlsx) statements (issue #42 item 8)", () => {
  it("a known layout is read without a mapping; its own account number is chosen once", async () => {
    const db = getDb();
    const a = await customer();
    const post = (fields: Record<string, string> = {}) =>
      call(
        importApi,
        db,
        "/api/bank/statements",
        multipart(fields, { bytes: dtKtWorkbook(), name: "dvizhenia.xlsx" }, a.session.bearer),
      );
    const asked = await post();
    expect(asked.status).toBe(409);
    expect(((await asked.json()) as { message: string }).message).toBe(
      BANK_MESSAGES.chooseAccount("1522532201EUR"),
    );
    const imported = await post({ accountId: a.otherId });
    expect(imported.status).toBe(201);
    expect(await imported.json()).toMatchObject({ imported: 3, skipped: 0 });
    const again = await post();
    expect(again.status).toBe(200);
    expect(((await again.json()) as { message: string }).message).toContain(
      "3 движения вече са внесени",
    );
    const listed = await call(statementsApi, db, "/api/bank/statements", {
      headers: a.session.bearer,
    });
    const { statements } = (await listed.json()) as {
      statements: { format: string; iban: string; imported: number }[];
    };
    expect(statements).toEqual([
      expect.objectContaining({ format: "xlsx", iban: OTHER_IBAN, imported: 3 }),
    ]);
    const moves = await db
      .selectFrom("bankTransactions")
      .select(["direction", "amountCents", "counterpartyName", "bookedOn"])
      .where("companyId", "=", a.companyId)
      .orderBy("lineNo")
      .execute();
    expect(moves).toEqual([
      {
        direction: "credit",
        amountCents: 123456,
        counterpartyName: "ДЕЛТА СЪРВИЗ ЕООД",
        bookedOn: "2026-11-03",
      },
      {
        direction: "debit",
        amountCents: 8400,
        counterpartyName: "Офис Трейд, клон София",
        bookedOn: "2026-11-04",
      },
      { direction: "debit", amountCents: 250, counterpartyName: null, bookedOn: "2026-11-30" },
    ]);
  });

  it("any other bank's workbook is read through the page with the account's saved mapping", async () => {
    const db = getDb();
    const a = await customer();
    await updateAccount(db, a.companyId, a.otherId, {
      name: "Разплащателна 2",
      autoConfirm: false,
      mapping: {
        date: "Дата",
        amount: "Сума",
        debit: null,
        credit: null,
        counterparty: "Контрагент",
        iban: null,
        reason: "Основание",
        reference: null,
        direction: null,
      },
    });
    const bytes = writeXlsx([
      ["Дата", "Контрагент", "Основание", "Сума"],
      [excelDay("2026-11-10"), "Делта Сървиз ЕООД", "Ф-РА 129", 1234.56],
      [excelDay("2026-11-11"), "Такса", "Месечна такса", -2.5],
    ]);
    const response = await call(
      bankAction,
      db,
      "/bank",
      multipart(
        { intent: "upload", accountId: a.otherId },
        { bytes, name: "other-bank.xlsx" },
        { Cookie: a.session.cookie },
      ),
    );
    expect(response.status).toBe(302);
    const [statement] = await statementsOf(a.companyId);
    expect(statement).toMatchObject({ format: "xlsx", accountId: a.otherId, importedCount: 2 });
    const moves = await db
      .selectFrom("bankTransactions")
      .select(["direction", "amountCents", "bookedOn"])
      .where("statementId", "=", statement?.id as string)
      .orderBy("lineNo")
      .execute();
    expect(moves).toEqual([
      { direction: "credit", amountCents: 123456, bookedOn: "2026-11-10" },
      { direction: "debit", amountCents: 250, bookedOn: "2026-11-11" },
    ]);
  });
});
