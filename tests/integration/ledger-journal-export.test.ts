import { parse } from "csv-parse/sync";
import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { ACCOUNTING_COLUMNS } from "~/modules/ledger/journal-export.server";
import { vatReport } from "~/modules/vat/report.server";
import JournalPage, { loader as journalPage } from "~/routes/_app.ledger_.journal";
import { loader as exportFile } from "~/routes/ledger.export.$file";
import { readXlsx } from "~/utils/xlsx";
import type { Database } from "~db/types";
import { createCompanyOnPlan } from "../setup/factories";
import { booksTurnover, buildLedgerMonth } from "../setup/ledger-month";
import { pageOf } from "../setup/page-text";
import { call, signInApi } from "../setup/routes";
import { memberOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #46 item 2 (decision 064): the journal for accounting programs — the period's entries as
 * posting pairs in a CSV and a workbook a program maps column by column, read back as a program
 * reads them, and agreeing with the books account by account and side by side.
 */

const getDb = setupTestDatabase();
const MONTH = "2026-10";
const PERIOD = `from=${MONTH}-01&to=${MONTH}-31`;
const [DATE, TYPE, NUMBER, WHO, EIK, VAT_NO, DEBIT, CREDIT, AMOUNT, VAT, TEXT, CURRENCY] = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
] as const;

/** The CSV as a program reads it: BOM dropped, «;» between fields, a header row first. */
const csvRows = (text: string): string[][] =>
  parse(text.replace(/^\uFEFF/, ""), { delimiter: ";", relax_column_count: true });

/** «-1234,50» → -123450. */
const cents = (text: string) => Math.round(Number(text.replace(",", ".")) * 100);

async function download(db: Kysely<Database>, cookie: string, file: string, query = PERIOD) {
  return call(exportFile, db, `/ledger/export/${file}?${query}`, {
    headers: { Cookie: cookie },
    params: { file },
  });
}

describe("the journal for accounting programs", () => {
  it("gives the month as posting pairs with the columns a program maps, adding up to the books per account and side", async () => {
    const db = getDb();
    const { me, a } = await buildLedgerMonth(db, MONTH);
    const { cookie } = await signInApi(db, me.user);
    const answer = await download(db, cookie, "accounting.csv");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toContain(
      'filename="dnevnik-schetovodna-programa-2026-10-01-2026-10-31.csv"',
    );
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.split("\r\n").at(-1)).toBe("");
    const [header, ...rows] = csvRows(text);
    expect(header).toEqual([...ACCOUNTING_COLUMNS]);
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) {
      expect(row).toHaveLength(12);
      expect(row[DATE]).toMatch(/^\d\d\.10\.2026$/);
      expect(row[AMOUNT]).toMatch(/^-?\d+,\d\d$/);
      expect(row[CURRENCY]).toBe("EUR");
      expect(row[DEBIT]).toMatch(/^\d{3,}/);
      expect(row[CREDIT]).toMatch(/^\d{3,}/);
      // The VAT column: the pair's amount where a VAT account (453x) is one of its accounts.
      const vat = /^453/.test(row[DEBIT] as string) || /^453/.test(row[CREDIT] as string);
      expect(row[VAT], row.join(";")).toBe(vat ? row[AMOUNT] : "");
    }

    // Every account's debit and credit, summed over the pairs, are the books' to the cent.
    const fromPairs = new Map<string, number>();
    for (const row of rows) {
      for (const key of [`${row[DEBIT]} Дт`, `${row[CREDIT]} Кт`]) {
        fromPairs.set(key, (fromPairs.get(key) ?? 0) + cents(row[AMOUNT] as string));
      }
    }
    expect(Object.fromEntries(fromPairs)).toEqual(
      Object.fromEntries(
        await booksTurnover(db, me.companyId, MONTH, { debit: "Дт", credit: "Кт" }),
      ),
    );
    // The VAT charged and credited: the VAT return's 01-20 and 01-40.
    const report = await vatReport(db, me.companyId, MONTH, true);
    const vatOn = (side: number, code: string) =>
      rows.filter((r) => r[side] === code).reduce((t, r) => t + cents(r[VAT] as string), 0);
    expect(vatOn(CREDIT, "4532")).toBe(report.figures["01-20"]);
    expect(vatOn(DEBIT, "4531")).toBe(report.figures["01-40"]);

    // The invoice: its type and number apart, the client with its ЕИК, a pair per account.
    const client = await db
      .selectFrom("clients")
      .innerJoin("documents", "documents.clientId", "clients.id")
      .select(["clients.name", "clients.eik", "clients.vatNumber"])
      .where("documents.id", "=", a.id)
      .executeTakeFirstOrThrow();
    const ofInvoice = rows.filter((r) => r[TYPE] === "Фактура" && r[NUMBER] === a.number);
    expect(ofInvoice.map((r) => [r[DATE], r[DEBIT], r[CREDIT], r[AMOUNT], r[VAT]])).toEqual([
      ["02.10.2026", "411", "703", "1000,00", ""],
      ["02.10.2026", "411", "4532", "200,00", "200,00"],
      // Its payment through the bank statement, under the invoice's reference.
      ["20.10.2026", "503", "411", "1080,00", ""],
    ]);
    const invoice = ofInvoice.slice(0, 2);
    for (const r of invoice) {
      expect(r.slice(DATE, TEXT + 1)).toEqual([
        "02.10.2026",
        "Фактура",
        a.number,
        client.name,
        client.eik ?? "",
        client.vatNumber ?? "",
        r[DEBIT],
        r[CREDIT],
        r[AMOUNT],
        r[VAT],
        `Фактура № ${a.number}, ${client.name}`,
      ]);
    }
    // The credit note stays a red storno on the same sides.
    const note = rows.filter((r) => r[TYPE] === "Кредитно известие");
    expect(note.map((r) => [r[DEBIT], r[CREDIT], r[AMOUNT], r[WHO]])).toEqual([
      ["411", "703", "-100,00", client.name],
      ["411", "4532", "-20,00", client.name],
    ]);
    // The protocol under чл. 117: the foreign supplier's VAT number, no ЕИК.
    const google = rows.filter((r) => r[WHO] === "Google Ireland Ltd");
    expect(google.length).toBeGreaterThan(0);
    for (const r of google) expect([r[EIK], r[VAT_NO]]).toEqual(["", "IE6388047V"]);
    // The payroll names the employees but never their ЕГН.
    const egns = await db
      .selectFrom("employees")
      .select("idNumber")
      .where("companyId", "=", me.companyId)
      .execute();
    expect(egns.length).toBe(2);
    for (const { idNumber } of egns) expect(text).not.toContain(idNumber);
  });

  it("gives the same rows in the workbook, amounts as numbers", async () => {
    const db = getDb();
    const { me } = await buildLedgerMonth(db, MONTH);
    const { cookie } = await signInApi(db, me.user);
    const csv = csvRows(await (await download(db, cookie, "accounting.csv")).text());
    const answer = await download(db, cookie, "accounting.xlsx");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(answer.headers.get("Content-Disposition")).toContain(
      "dnevnik-schetovodna-programa-2026-10-01-2026-10-31.xlsx",
    );
    const sheet = readXlsx(new Uint8Array(await answer.arrayBuffer()), 10_000).map((r) => r.cells);
    const asWorkbook = csv.map((row, i) =>
      i === 0
        ? row
        : row.map((cell, c) => (c === AMOUNT || c === VAT ? cell.replace(",", ".") : cell)),
    );
    expect(sheet.map((r) => [...r, ...Array(12 - r.length).fill("")])).toEqual(asWorkbook);
  });

  it("is the owner's and the accountant's, of their own company only; a bad period is 400, a PDF 404", async () => {
    const db = getDb();
    const { me } = await buildLedgerMonth(db, MONTH);
    const accountant = await memberOf(db, me.companyId, "accountant");
    const staff = await memberOf(db, me.companyId, "staff");
    expect((await download(db, accountant.cookie, "accounting.csv")).status).toBe(200);
    const audit = await db
      .selectFrom("companyAudit")
      .select(["action", "details"])
      .where("companyId", "=", me.companyId)
      .where("action", "=", "export")
      .execute();
    expect(audit.map((a) => a.details)).toEqual([
      { report: "accounting", from: "2026-10-01", to: "2026-10-31" },
    ]);
    expect((await download(db, staff.cookie, "accounting.csv")).status).toBe(403);
    expect((await download(db, staff.cookie, "accounting.xlsx")).status).toBe(403);

    const other = await createCompanyOnPlan(db, "full");
    const { cookie } = await signInApi(db, other.user);
    const theirs = csvRows(await (await download(db, cookie, "accounting.csv")).text());
    expect(theirs).toEqual([[...ACCOUNTING_COLUMNS]]);

    const mine = (await signInApi(db, me.user)).cookie;
    await expect(
      download(db, mine, "accounting.csv", "from=2026-10-31&to=2026-10-01"),
    ).rejects.toMatchObject({
      status: 400,
      message: "Въведете период: начало и край (ГГГГ-ММ-ДД), началото не след края",
    });
    expect((await download(db, mine, "accounting.pdf")).status).toBe(404);
  });

  it("is offered on the journal's page as a form of the period that loads the file itself", async () => {
    const db = getDb();
    const { me } = await buildLedgerMonth(db, MONTH);
    const { cookie } = await signInApi(db, me.user);
    const path = `/ledger/journal?${PERIOD}`;
    const { html, text } = await pageOf(
      JournalPage,
      await call(journalPage, db, path, { headers: { Cookie: cookie } }),
      path,
    );
    expect(text).toContain("За счетоводна програма");
    expect(text).toContain(
      "CSV и Excel са таблица, в която програмата избира колоните си при импорта (Ажур, Плюс Минус, Бизнес Навигатор и всяка друга)",
    );
    const form = /<form[^>]*action="\/ledger\/export\/accounting\.csv"[^>]*>/.exec(html)?.[0];
    expect(form).toMatch(/method="get"/);
    expect(html).toMatch(/formaction="\/ledger\/export\/accounting\.xlsx"/i);
    expect(html).toMatch(/name="from"[^>]*value="2026-10-01"/);
    expect(html).toMatch(/name="to"[^>]*value="2026-10-31"/);
  });

  it("reads the period page by page: 1,100 entries of three lines give 2,200 pairs, each once", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    await db.transaction().execute(async (trx) => {
      await sql`insert into ledger_entries (id, company_id, entry_date, currency, source_kind, description, document_ref)
      select md5('e' || g)::uuid, ${me.companyId}::uuid, '2026-12-01'::date + (g % 28), 'EUR', 'manual', 'Каса ' || g, 'РКО № ' || g
      from generate_series(1, 1100) g`.execute(trx);
      await sql`insert into ledger_lines (entry_id, company_id, entry_date, currency, account_code, debit_cents, credit_cents)
      select md5('e' || g)::uuid, ${me.companyId}::uuid, '2026-12-01'::date + (g % 28), 'EUR', a.code, a.d, a.c
      from generate_series(1, 1100) g, (values ('501', 300, 0), ('503', 0, 200), ('101', 0, 100)) a(code, d, c)`.execute(
        trx,
      );
    });
    const { cookie } = await signInApi(db, me.user);
    const answer = await download(db, cookie, "accounting.csv", "from=2026-12-01&to=2026-12-31");
    const [, ...rows] = csvRows(await answer.text());
    expect(rows).toHaveLength(2200);
    expect(new Set(rows.map((r) => `${r[NUMBER]} ${r[CREDIT]}`)).size).toBe(2200);
    expect(rows.filter((r) => r[CREDIT] === "503").every((r) => r[AMOUNT] === "2,00")).toBe(true);
    expect(rows.filter((r) => r[CREDIT] === "101").every((r) => r[AMOUNT] === "1,00")).toBe(true);
    expect(rows.every((r) => r[TYPE] === "РКО" && r[DEBIT] === "501")).toBe(true);
  });
});
