import { readFileSync } from "node:fs";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { parseXml, type XmlElement } from "~/modules/einvoice/xml";
import JournalPage, { loader as journalPage } from "~/routes/_app.ledger_.journal";
import { loader as exportFile } from "~/routes/ledger.export.$file";
import type { Database } from "~db/types";
import { createCompanyOnPlan } from "../setup/factories";
import { booksTurnover, buildLedgerMonth } from "../setup/ledger-month";
import { pageOf } from "../setup/page-text";
import { call, signInApi } from "../setup/routes";
import { memberOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #46 item 2, one program's own format (decision 064): the month's journal as Microinvest
 * Делта Pro's XML of operations (TransferData, urn:Transfer). The file is checked against the
 * layout decision 064 reconstructs (tests/fixtures/delta-pro/TransferData.xsd, xmllint in
 * WebAssembly), read back element by element as an importer reads it, and its Дт/Кт details add
 * up to the books account by account and side by side.
 */

const getDb = setupTestDatabase();
const MONTH = "2026-10";
const PERIOD = `from=${MONTH}-01&to=${MONTH}-31`;
const XSD = path.resolve(__dirname, "../fixtures/delta-pro/TransferData.xsd");
const NS = "urn:Transfer";

async function download(db: Kysely<Database>, cookie: string, query = PERIOD) {
  return call(exportFile, db, `/ledger/export/delta-pro.xml?${query}`, {
    headers: { Cookie: cookie },
    params: { file: "delta-pro.xml" },
  });
}

const child = (e: XmlElement, name: string) => e.children.find((c) => c.name === name);
/** The <Accounting> elements of the file, each with its parts. */
function operations(xml: string) {
  const root = parseXml(xml);
  expect([root.ns, root.name]).toEqual([NS, "TransferData"]);
  const list = child(root, "Accountings");
  expect(list?.ns).toBe(NS);
  return (list?.children ?? []).map((a) => ({
    attrs: a.attrs,
    document: child(a, "Document")?.attrs,
    company: child(a, "Company")?.attrs,
    details: (child(a, "AccountingDetails")?.children ?? []).map((d) => d.attrs),
  }));
}

/** «1000.000000» → 100000. */
const cents = (text: string | undefined) => Math.round(Number(text ?? "NaN") * 100);

describe("the journal as Делта Pro's XML of operations", () => {
  it("writes the month in the TransferData layout, one operation per entry, adding up to the books", async () => {
    const db = getDb();
    const { me, a } = await buildLedgerMonth(db, MONTH);
    const { cookie } = await signInApi(db, me.user);
    const answer = await download(db, cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toContain(
      'filename="delta-pro-operacii-2026-10-01-2026-10-31.xml"',
    );
    const xml = await answer.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\r\n<TransferData ')).toBe(true);

    const result = await validateXML({
      xml: [{ fileName: "delta-pro.xml", contents: xml }],
      schema: [{ fileName: "TransferData.xsd", contents: readFileSync(XSD, "utf8") }],
    });
    expect(result.errors.map((e) => e.message)).toEqual([]);
    expect(result.valid).toBe(true);

    const ops = operations(xml);
    const entries = await db
      .selectFrom("ledgerEntries")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("companyId", "=", me.companyId)
      .where("entryDate", ">=", `${MONTH}-01`)
      .where("entryDate", "<=", `${MONTH}-31`)
      .executeTakeFirstOrThrow();
    expect(ops).toHaveLength(Number(entries.n));
    ops.forEach((op, i) => {
      expect(op.attrs.Number).toBe(String(i + 1).padStart(10, "0"));
      expect(op.attrs.AccountingDate).toMatch(/^2026-10-\d\d$/);
      // Each pair: a Debit and a Credit detail of the same amount, in that order.
      expect(op.details.length % 2).toBe(0);
      for (let d = 0; d < op.details.length; d += 2) {
        expect([op.details[d]?.Direction, op.details[d + 1]?.Direction]).toEqual([
          "Debit",
          "Credit",
        ]);
        expect(op.details[d]?.Amount).toBe(op.details[d + 1]?.Amount);
      }
      // Only what the sources agree on: no VAT deal code, no VIES flag.
      for (const d of op.details)
        expect(Object.keys(d).sort()).toEqual(["AccountNumber", "Amount", "Direction"]);
    });

    // Every account's debit and credit over the details are the books' to the cent.
    const fromFile = new Map<string, number>();
    for (const d of ops.flatMap((o) => o.details)) {
      const key = `${d.AccountNumber} ${d.Direction}`;
      fromFile.set(key, (fromFile.get(key) ?? 0) + cents(d.Amount));
    }
    expect(Object.fromEntries(fromFile)).toEqual(
      Object.fromEntries(
        await booksTurnover(db, me.companyId, MONTH, { debit: "Debit", credit: "Credit" }),
      ),
    );

    // The invoice, field by field: its operation, its document, its client, its two pairs.
    const client = await db
      .selectFrom("clients")
      .innerJoin("documents", "documents.clientId", "clients.id")
      .select(["clients.name", "clients.eik", "clients.vatNumber"])
      .where("documents.id", "=", a.id)
      .executeTakeFirstOrThrow();
    const invoice = ops.find(
      (o) => o.document?.Number === a.number && o.document.DocumentType === "1",
    );
    expect(invoice?.attrs).toMatchObject({
      AccountingDate: "2026-10-02",
      Reference: `Фактура № ${a.number}`,
      Term: `Фактура № ${a.number}, ${client.name}`,
    });
    expect(invoice?.document).toEqual({ DocumentType: "1", Number: a.number, Date: "2026-10-02" });
    expect(invoice?.company).toEqual({
      Name: client.name,
      ...(client.eik ? { Bulstat: client.eik } : {}),
      ...(client.vatNumber ? { VatNumber: client.vatNumber } : {}),
    });
    expect(invoice?.details).toEqual([
      { AccountNumber: "411", Direction: "Debit", Amount: "1000.000000" },
      { AccountNumber: "703", Direction: "Credit", Amount: "1000.000000" },
      { AccountNumber: "411", Direction: "Debit", Amount: "200.000000" },
      { AccountNumber: "4532", Direction: "Credit", Amount: "200.000000" },
    ]);
    // Its payment through the bank statement: the invoice's reference, no <Document> of its own.
    const paid = ops.filter((o) => o.attrs.Reference === `Фактура № ${a.number}` && !o.document);
    expect(paid.map((o) => o.details)).toEqual([
      [
        { AccountNumber: "503", Direction: "Debit", Amount: "1080.000000" },
        { AccountNumber: "411", Direction: "Credit", Amount: "1080.000000" },
      ],
    ]);
    // The credit note: document type 3, a red storno on the same sides.
    const note = ops.filter((o) => o.document?.DocumentType === "3");
    expect(
      note.map((o) => o.details.map((d) => `${d.AccountNumber} ${d.Direction} ${d.Amount}`)),
    ).toEqual([
      [
        "411 Debit -100.000000",
        "703 Credit -100.000000",
        "411 Debit -20.000000",
        "4532 Credit -20.000000",
      ],
    ]);
    // The protocol under чл. 117: the foreign supplier's VAT number, no ЕИК.
    const google = ops.filter((o) => o.company?.Name === "Google Ireland Ltd");
    expect(google.length).toBeGreaterThan(0);
    for (const o of google)
      expect(o.company).toEqual({ Name: "Google Ireland Ltd", VatNumber: "IE6388047V" });
    // The payroll names an employee but never an ЕГН.
    const egns = await db
      .selectFrom("employees")
      .select("idNumber")
      .where("companyId", "=", me.companyId)
      .execute();
    expect(egns.length).toBe(2);
    for (const { idNumber } of egns) expect(xml).not.toContain(idNumber);
  });

  it("is the owner's and the accountant's, of their own company only, in the audit trail; a bad period is 400", async () => {
    const db = getDb();
    const { me } = await buildLedgerMonth(db, MONTH);
    const accountant = await memberOf(db, me.companyId, "accountant");
    const staff = await memberOf(db, me.companyId, "staff");
    expect((await download(db, accountant.cookie)).status).toBe(200);
    const audit = await db
      .selectFrom("companyAudit")
      .select(["action", "details"])
      .where("companyId", "=", me.companyId)
      .where("action", "=", "export")
      .execute();
    expect(audit.map((x) => x.details)).toEqual([
      { report: "delta-pro", from: "2026-10-01", to: "2026-10-31" },
    ]);
    expect((await download(db, staff.cookie)).status).toBe(403);

    const other = await createCompanyOnPlan(db, "full");
    const { cookie } = await signInApi(db, other.user);
    const theirs = await (await download(db, cookie)).text();
    expect(operations(theirs)).toEqual([]);

    const mine = (await signInApi(db, me.user)).cookie;
    await expect(download(db, mine, "from=2026-10-31&to=2026-10-01")).rejects.toMatchObject({
      status: 400,
      message: "Въведете период: начало и край (ГГГГ-ММ-ДД), началото не след края",
    });
  });

  it("is offered in «За счетоводна програма» as a third button of the same GET form", async () => {
    const db = getDb();
    const { me } = await buildLedgerMonth(db, MONTH);
    const { cookie } = await signInApi(db, me.user);
    const at = `/ledger/journal?${PERIOD}`;
    const { html, text } = await pageOf(
      JournalPage,
      await call(journalPage, db, at, { headers: { Cookie: cookie } }),
      at,
    );
    expect(html).toMatch(/formaction="\/ledger\/export\/delta-pro\.xml"/i);
    expect(text).toContain("Изтегли за Делта Pro (XML)");
    expect(text).toContain("Microinvest не публикува описание на формата");
  });

  it("reads the period page by page: 1,100 entries give 1,100 operations, each once", async () => {
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
    const ops = operations(
      await (await download(db, cookie, "from=2026-12-01&to=2026-12-31")).text(),
    );
    expect(ops).toHaveLength(1100);
    expect(new Set(ops.map((o) => o.attrs.Reference)).size).toBe(1100);
    expect(ops.at(-1)?.attrs.Number).toBe("0000001100");
    for (const o of ops) {
      expect(o.document).toBeUndefined();
      expect(o.details.map((d) => `${d.AccountNumber} ${d.Direction} ${d.Amount}`)).toEqual([
        "501 Debit 2.000000",
        "503 Credit 2.000000",
        "501 Debit 1.000000",
        "101 Credit 1.000000",
      ]);
    }
  });
});
