import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { COMPANY_FIELD } from "~/modules/auth/form-company";
import { listCategories } from "~/modules/expenses/categories.server";
import { type Field, PURCHASES_LAYOUT, SALES_LAYOUT } from "~/modules/vat/layouts";
import { buildFiles, vatReport } from "~/modules/vat/report.server";
import {
  action as protocolPageAction,
  loader as protocolPageLoader,
} from "~/routes/_app.expenses_.$id_.protocol";
import { action as createExpense } from "~/routes/api.expenses";
import {
  action as protocolsAction,
  loader as protocolsLoader,
} from "~/routes/api.expenses.$id.protocols";
import { createCompanyOnPlan } from "../setup/factories";
import { type AnyAnswer, call, formBody, postApi, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Decision 073, чл. 117, ал. 4–5 ЗДДС: a credit note from Google Ireland (−20 EUR on an invoice
 * of 100 EUR that has its protocol) changes the tax base; Сметка proposes the correcting protocol
 * that names the original, with −20 base and −4 VAT at the original's rate, in both journals of
 * the note's month, the return's cells, НАП's files and the books. The person only confirms.
 */

const getDb = setupTestDatabase();
const MONTH = "2026-10";
type Db = ReturnType<typeof getDb>;
type Owner = Awaited<ReturnType<typeof signInApi>>;

function records(files: { name: string; bytes: Uint8Array }[], name: string, layout: Field[]) {
  const text = iconv.decode(Buffer.from(files.find((f) => f.name === name)!.bytes), "win1251");
  return text
    .slice(0, -2)
    .split("\r\n")
    .map((record) => {
      const out: Record<string, string> = {};
      let at = 0;
      for (const field of layout) {
        out[field.code] = record.slice(at, at + field.width);
        at += field.width;
      }
      return out;
    });
}

async function expense(db: Db, owner: Owner, categoryId: string, fields: Record<string, unknown>) {
  return postApi<AnyAnswer>(
    createExpense,
    db,
    "/api/expenses",
    {
      supplierName: "Google Ireland Limited",
      supplierVatNumber: "IE6388047V",
      documentType: "invoice",
      documentNumber: "5329876543",
      documentDate: `${MONTH}-05`,
      description: "Google Ads — реклама за септември",
      categoryId,
      currency: "EUR",
      amounts: [{ vatRate: null, base: "100.00" }],
      ...fields,
    },
    owner.bearer,
  );
}

const protocolsOf = async (db: Db, owner: Owner, id: string) =>
  (await (
    await call(protocolsLoader, db, `/api/expenses/${id}/protocols`, {
      headers: owner.bearer,
      params: { id },
    })
  ).json()) as AnyAnswer;

const issue = (db: Db, owner: Owner, id: string, body: unknown, status = 201) =>
  postApi<AnyAnswer>(
    protocolsAction,
    db,
    `/api/expenses/${id}/protocols`,
    body,
    owner.bearer,
    status,
    { id },
  );

async function googleWithProtocol() {
  const db = getDb();
  const me = await createCompanyOnPlan(db, "standard");
  const owner = await signInApi(db, me.user);
  const [category] = await listCategories(db, me.companyId);
  const invoice = await expense(db, owner, category!.id, {});
  const original = await issue(db, owner, invoice.id, {});
  expect(original.number).toBe("0000000001");
  const note = await expense(db, owner, category!.id, {
    documentType: "credit_note",
    documentNumber: "5329876999",
    documentDate: `${MONTH}-20`,
    description: "Google Ads — отстъпка",
    amounts: [{ vatRate: null, base: "20.00" }],
  });
  return { db, me, owner, categoryId: category!.id, invoice, original, note };
}

describe("a credit note on an invoice with a protocol under чл. 117 (decision 073)", () => {
  it("proposes the correcting protocol, issues it on confirmation and puts −20 base and −4 VAT in both journals, the return, НАП's files and the books", async () => {
    const { db, me, owner, invoice, original, note } = await googleWithProtocol();

    const before = await protocolsOf(db, owner, note.id);
    expect(before.protocols).toEqual([]);
    expect(before.problem).toBeNull();
    expect(before.proposal).toMatchObject({
      kind: "eu_services",
      date: `${MONTH}-20`,
      term: { from: `${MONTH}-20`, to: "2026-11-04" },
      currency: "EUR",
      base: "-20.00",
      vatRate: 20,
      vat: "-4.00",
      creditableVat: "-4.00",
      nextNumber: "0000000002",
      corrects: {
        protocolId: original.id,
        number: "0000000001",
        date: `${MONTH}-05`,
        expenseId: invoice.id,
        documentNumber: "5329876543",
      },
      reason: "Кредитно известие № 5329876999 от 20.10.2026 към фактура № 5329876543 от 05.10.2026",
    });

    // The person only confirms: an empty body issues it.
    const made = await issue(db, owner, note.id, {});
    expect(made).toMatchObject({
      number: "0000000002",
      status: "issued",
      base: "-20.00",
      vat: "-4.00",
      correctsId: original.id,
      reason: "Кредитно известие № 5329876999 от 20.10.2026 към фактура № 5329876543 от 05.10.2026",
    });
    expect((await issue(db, owner, note.id, {}, 409)).message).toBe(
      "Разходът вече има протокол по чл. 117",
    );
    expect((await protocolsOf(db, owner, note.id)).proposal).toBeNull();

    const report = await vatReport(db, me.companyId, MONTH, true);
    expect(report.sales.filter((r) => r.expenseId === note.id)).toEqual([
      expect.objectContaining({
        type: "09",
        number: "0000000002",
        date: `${MONTH}-20`,
        counterpartyId: "IE6388047V",
        amounts: { "02-26": -2_000, "02-22": -400 },
      }),
    ]);
    // The correcting protocol stands for the note in the purchase journal: one row, type 09.
    expect(report.purchases.filter((r) => r.expenseId === note.id)).toEqual([
      expect.objectContaining({
        type: "09",
        number: "0000000002",
        amounts: { "03-31": -2_000, "03-41": -400 },
      }),
    ]);
    expect(report.figures["01-12"]).toBe(8_000);
    expect(report.figures["01-22"]).toBe(1_600);
    expect(report.figures["01-31"]).toBe(8_000);
    expect(report.figures["01-41"]).toBe(1_600);
    expect(report.figures["01-50"]).toBe(0);

    const { files } = buildFiles(report);
    const sold = records(files, "PRODAGBI.TXT", SALES_LAYOUT).find(
      (r) => r["02-05"]?.trim() === "0000000002",
    )!;
    expect(sold["02-26"]?.trim()).toBe("-20.00");
    expect(sold["02-22"]?.trim()).toBe("-4.00");
    const bought = records(files, "POKUPKI.TXT", PURCHASES_LAYOUT).find(
      (r) => r["03-05"]?.trim() === "0000000002",
    )!;
    expect(bought["03-31"]?.trim()).toBe("-20.00");
    expect(bought["03-41"]?.trim()).toBe("-4.00");

    const lines = await db
      .selectFrom("ledgerLines as l")
      .innerJoin("ledgerEntries as e", "e.id", "l.entryId")
      .select(["l.accountCode", "l.debitCents", "l.creditCents", "e.entryDate"])
      .where("e.companyId", "=", me.companyId)
      .where("e.sourceKind", "=", "vat_protocol")
      .where("e.sourceId", "=", made.id)
      .orderBy("l.accountCode")
      .execute();
    expect(
      lines.map((l) => [l.accountCode, Number(l.debitCents), Number(l.creditCents), l.entryDate]),
    ).toEqual([
      ["4531", -400, 0, `${MONTH}-20`],
      ["4532", 0, -400, `${MONTH}-20`],
    ]);
  });

  it("a debit note raises the base; the page proposes and issues it from a plain form", async () => {
    const { db, me, owner, categoryId, original } = await googleWithProtocol();
    const debit = await expense(db, owner, categoryId, {
      documentType: "debit_note",
      documentNumber: "5329877000",
      documentDate: `${MONTH}-21`,
      description: "Google Ads — доначисляване",
      amounts: [{ vatRate: null, base: "10.00" }],
    });
    const path = `/expenses/${debit.id}/protocol`;
    const page = async () =>
      (await (
        await call(protocolPageLoader, db, path, {
          headers: { Cookie: owner.cookie },
          params: { id: debit.id },
        })
      ).json()) as AnyAnswer;
    expect((await page()).proposal).toMatchObject({
      baseCents: 1_000,
      vatCents: 200,
      corrects: { number: "0000000001" },
    });
    const posted = await call(protocolPageAction, db, path, {
      ...formBody({ [COMPANY_FIELD]: me.companyId, intent: "issue" }, { Cookie: owner.cookie }),
      params: { id: debit.id },
    });
    expect(posted.status).toBe(302);
    const after = await page();
    expect(after.proposal).toBeNull();
    expect(after.protocols).toEqual([
      expect.objectContaining({
        number: "0000000002",
        baseCents: 1_000,
        vatCents: 200,
        correctsId: original.id,
      }),
    ]);
  });

  it("refuses in Bulgarian: no protocol to correct (says what to do), another company's expense", async () => {
    const { db, owner, categoryId, note } = await googleWithProtocol();
    const lonely = await expense(db, owner, categoryId, {
      supplierName: "Microsoft Ireland Operations Limited",
      supplierVatNumber: "IE8256796U",
      documentType: "credit_note",
      documentNumber: "E0800ABCD",
      documentDate: `${MONTH}-12`,
      amounts: [{ vatRate: null, base: "5.00" }],
    });
    const read = await protocolsOf(db, owner, lonely.id);
    expect(read.proposal).toBeNull();
    expect(read.problem).toMatch(/^Няма издаден протокол по чл\. 117 за фактура от този доставчик/);
    expect((await issue(db, owner, lonely.id, {}, 409)).message).toMatch(
      /издайте първо протокола на фактурата, която известието коригира/,
    );

    // An expense of another company is not one to pick, as it is not one to read.
    const other = await createCompanyOnPlan(db, "standard");
    const stranger = await signInApi(db, other.user);
    const [theirs] = await listCategories(db, other.companyId);
    const foreign = await expense(db, stranger, theirs!.id, {});
    await issue(db, stranger, foreign.id, {});
    const refused = await issue(db, owner, note.id, { originalExpenseId: foreign.id }, 400);
    expect(refused.errors.originalExpenseId._errors).toEqual([
      "Изберете фактура от същия доставчик с издаден протокол по чл. 117, която известието коригира",
    ]);
    await issue(db, owner, note.id, { originalExpenseId: "не-е-номер" }, 400);
    const count = await db
      .selectFrom("vatProtocols")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("expenseId", "in", [note.id, lonely.id])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});
