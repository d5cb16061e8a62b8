import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { listCategories } from "~/modules/expenses/categories.server";
import { lockPeriod, unlockPeriod } from "~/modules/periods/locks.server";
import { type Field, PURCHASES_LAYOUT, SALES_LAYOUT } from "~/modules/vat/layouts";
import { buildFiles, vatReport } from "~/modules/vat/report.server";
import ExpensePage, { loader as expensePage } from "~/routes/_app.expenses_.$id";
import { action as createExpense } from "~/routes/api.expenses";
import { action as changeExpense } from "~/routes/api.expenses.$id";
import {
  action as protocolsAction,
  loader as protocolsLoader,
} from "~/routes/api.expenses.$id.protocols";
import { action as protocolAction } from "~/routes/api.expenses.$id.protocols.$protocolId";
import { createCompanyOnPlan } from "../setup/factories";
import { pageOf } from "../setup/page-text";
import { lockAsOwner, ownerActor } from "../setup/period-locks";
import { type AnyAnswer, call, jsonBody, postApi, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Decision 073 (issue #48 item 3): an EU supplier's invoice without VAT — Google Ireland's 100 EUR
 * of advertising — gets its protocol under чл. 117 from Сметка: the next number of the company's
 * own series, the VAT self-assessed in the sales journal (кол. 14 and 15) and credited in the
 * purchase journal (кол. 10 and 11), in the return's cells 12, 22, 31 and 41, in PRODAGBI.TXT and
 * POKUPKI.TXT, and in the books (Дт 4531 / Кт 4532). Nobody types the protocol.
 */

const getDb = setupTestDatabase();
const MONTH = "2026-10";

function fieldsOf(layout: readonly Field[], record: string): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  for (const field of layout) {
    out[field.code] = record.slice(at, at + field.width);
    at += field.width;
  }
  return out;
}

function records(files: { name: string; bytes: Uint8Array }[], name: string, layout: Field[]) {
  const text = iconv.decode(Buffer.from(files.find((f) => f.name === name)!.bytes), "win1251");
  return text
    .slice(0, -2)
    .split("\r\n")
    .map((r) => fieldsOf(layout, r));
}

async function googleExpense() {
  const db = getDb();
  const me = await createCompanyOnPlan(db, "standard");
  const owner = await signInApi(db, me.user);
  const [category] = await listCategories(db, me.companyId);
  const expense = await postApi<AnyAnswer>(
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
      categoryId: category!.id,
      currency: "EUR",
      amounts: [{ vatRate: null, base: "100.00" }],
    },
    owner.bearer,
  );
  return { db, me, owner, expense };
}

const protocolsOf = async (
  db: ReturnType<typeof getDb>,
  owner: { bearer: Record<string, string> },
  id: string,
) =>
  (await (
    await call(protocolsLoader, db, `/api/expenses/${id}/protocols`, {
      headers: owner.bearer,
      params: { id },
    })
  ).json()) as AnyAnswer;

describe("a protocol under чл. 117 made from an EU supplier's invoice (decision 073)", () => {
  it("proposes it, issues it with the series' first number and puts it in both journals, the return, НАП's files and the books", async () => {
    const { db, me, owner, expense } = await googleExpense();

    const before = await protocolsOf(db, owner, expense.id);
    expect(before.protocols).toEqual([]);
    expect(before.proposal).toMatchObject({
      kind: "eu_services",
      date: `${MONTH}-05`,
      chargeableDate: `${MONTH}-05`,
      term: { from: `${MONTH}-05`, to: `${MONTH}-20` },
      currency: "EUR",
      base: "100.00",
      vatRate: 20,
      vat: "20.00",
      creditableVat: "20.00",
      nextNumber: "0000000001",
    });

    // The person only confirms: an empty body issues the proposal.
    const made = await postApi<AnyAnswer>(
      protocolsAction,
      db,
      `/api/expenses/${expense.id}/protocols`,
      {},
      owner.bearer,
      201,
      { id: expense.id },
    );
    expect(made).toMatchObject({ number: "0000000001", status: "issued", vat: "20.00" });
    // Once: a second confirmation is refused.
    const again = await postApi<AnyAnswer>(
      protocolsAction,
      db,
      `/api/expenses/${expense.id}/protocols`,
      {},
      owner.bearer,
      409,
      { id: expense.id },
    );
    expect(again.message).toBe("Разходът вече има протокол по чл. 117");

    const report = await vatReport(db, me.companyId, MONTH, true);
    const sales = report.sales.filter((r) => r.expenseId === expense.id);
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({
      type: "09",
      number: "0000000001",
      date: `${MONTH}-05`,
      counterpartyId: "IE6388047V",
      countryCode: "IE",
      amounts: { "02-26": 10_000, "02-22": 2_000 },
    });
    // The protocol stands for the invoice in the purchase journal: one row, type 09.
    const purchases = report.purchases.filter((r) => r.expenseId === expense.id);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({
      type: "09",
      number: "0000000001",
      amounts: { "03-31": 10_000, "03-41": 2_000 },
    });
    expect(report.figures["01-12"]).toBe(10_000);
    expect(report.figures["01-22"]).toBe(2_000);
    expect(report.figures["01-31"]).toBe(10_000);
    expect(report.figures["01-41"]).toBe(2_000);
    expect(report.figures["01-20"]).toBe(2_000);
    expect(report.figures["01-40"]).toBe(2_000);
    expect(report.figures["01-50"]).toBe(0);

    const { files } = buildFiles(report);
    const sold = records(files, "PRODAGBI.TXT", SALES_LAYOUT).find(
      (r) => r["02-05"]?.trim() === "0000000001",
    )!;
    expect(sold["02-26"]?.trim()).toBe("100.00");
    expect(sold["02-22"]?.trim()).toBe("20.00");
    const bought = records(files, "POKUPKI.TXT", PURCHASES_LAYOUT).find(
      (r) => r["03-05"]?.trim() === "0000000001",
    )!;
    expect(bought["03-31"]?.trim()).toBe("100.00");
    expect(bought["03-41"]?.trim()).toBe("20.00");

    const lines = await db
      .selectFrom("ledgerLines as l")
      .innerJoin("ledgerEntries as e", "e.id", "l.entryId")
      .select(["l.accountCode", "l.debitCents", "l.creditCents", "e.entryDate"])
      .where("e.companyId", "=", me.companyId)
      .where("e.sourceKind", "=", "vat_protocol")
      .orderBy("l.accountCode")
      .execute();
    expect(lines.map((l) => [l.accountCode, Number(l.debitCents), Number(l.creditCents)])).toEqual([
      ["4531", 2_000, 0],
      ["4532", 0, 2_000],
    ]);
    expect(lines[0]?.entryDate).toBe(`${MONTH}-05`);
  });

  it("a USD service from outside the EU converts at the ECB's rate of the chargeable day", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const owner = await signInApi(db, me.user);
    const [category] = await listCategories(db, me.companyId);
    await db
      .insertInto("ecbRates")
      .values({ currency: "USD", rateDate: "2026-10-02", unitsPerEur: "1.25", source: "test" })
      .onConflict((c) => c.columns(["currency", "rateDate"]).doUpdateSet({ unitsPerEur: "1.25" }))
      .execute();
    const expense = await postApi<AnyAnswer>(
      createExpense,
      db,
      "/api/expenses",
      {
        supplierName: "Example Software Inc.",
        supplierVatNumber: "US123456789",
        documentType: "invoice",
        documentNumber: "INV-77",
        documentDate: "2026-10-02",
        description: "Абонамент за софтуер",
        categoryId: category!.id,
        currency: "USD",
        eurRate: "0.8",
        amounts: [{ vatRate: null, base: "250.00" }],
      },
      owner.bearer,
    );
    const { proposal } = await protocolsOf(db, owner, expense.id);
    expect(proposal).toMatchObject({
      kind: "import_services",
      base: "200.00",
      vat: "40.00",
      sourceCurrency: "USD",
      eurRate: "0.8",
    });
    expect(proposal.rateNote).toMatch(/^Курс на ЕЦБ от 02\.10\.2026/);
  });

  it("a domestic reverse charge (чл. 163а) is proposed by its marker; a Bulgarian invoice with VAT is not", async () => {
    const { db, me, owner } = await googleExpense();
    const [category] = await listCategories(db, me.companyId);
    const scrap = await postApi<AnyAnswer>(
      createExpense,
      db,
      "/api/expenses",
      {
        supplierName: "Метали ЕООД",
        supplierEik: "175074752",
        documentType: "invoice",
        documentNumber: "0000000457",
        documentDate: `${MONTH}-10`,
        description: "Отпадъци от черни метали",
        categoryId: category!.id,
        reverseCharge: true,
        reverseChargeAnnexPart: "I",
        amounts: [{ vatRate: null, base: "500.00" }],
      },
      owner.bearer,
    );
    expect(scrap.reverseCharge).toBe(true);
    expect((await protocolsOf(db, owner, scrap.id)).proposal).toMatchObject({
      kind: "domestic_163a",
      vat: "100.00",
    });
    const plain = await postApi<AnyAnswer>(
      createExpense,
      db,
      "/api/expenses",
      {
        supplierName: "Офис ЕООД",
        supplierEik: "175074752",
        documentType: "invoice",
        documentNumber: "0000000458",
        documentDate: `${MONTH}-10`,
        description: "Канцеларски материали",
        categoryId: category!.id,
        amounts: [{ vatRate: 20, base: "50.00", vat: "10.00" }],
      },
      owner.bearer,
    );
    expect((await protocolsOf(db, owner, plain.id)).proposal).toBeNull();
  });

  it("cancels in an open month, corrects in a locked one, and keeps the expense while it has a protocol", async () => {
    const { db, me, owner, expense } = await googleExpense();
    const params = { id: expense.id };
    const first = await postApi<AnyAnswer>(
      protocolsAction,
      db,
      `/api/expenses/${expense.id}/protocols`,
      { protocolDate: `${MONTH}-25` },
      owner.bearer,
      400,
      params,
    );
    expect(first.errors.protocolDate._errors).toEqual([
      "Датата на протокола е в срока по чл. 117, ал. 3 ЗДДС: от 05.10.2026 до 20.10.2026",
    ]);
    const issued = await postApi<AnyAnswer>(
      protocolsAction,
      db,
      `/api/expenses/${expense.id}/protocols`,
      { protocolDate: `${MONTH}-15` },
      owner.bearer,
      201,
      params,
    );
    const deleted = await call(changeExpense, db, `/api/expenses/${expense.id}`, {
      method: "DELETE",
      headers: owner.bearer,
      params,
    });
    expect(deleted.status).toBe(409);
    const cancel = await call(
      protocolAction,
      db,
      `/api/expenses/${expense.id}/protocols/${issued.id}`,
      { method: "DELETE", headers: owner.bearer, params: { ...params, protocolId: issued.id } },
    );
    expect(cancel.status).toBe(200);
    expect(((await cancel.json()) as AnyAnswer).status).toBe("cancelled");
    let report = await vatReport(db, me.companyId, MONTH, true);
    expect(report.sales.find((r) => r.number === "0000000001")).toMatchObject({
      cancelled: true,
      amounts: { "02-26": 0, "02-22": 0 },
    });
    expect(report.figures["01-22"]).toBe(0);

    // Issued again: the next number; then the month is filed and locked.
    const second = await postApi<AnyAnswer>(
      protocolsAction,
      db,
      `/api/expenses/${expense.id}/protocols`,
      {},
      owner.bearer,
      201,
      params,
    );
    expect(second.number).toBe("0000000002");
    await lockAsOwner(db, me, MONTH);
    const path = `/api/expenses/${expense.id}/protocols/${second.id}`;
    const refused = await call(protocolAction, db, path, {
      method: "DELETE",
      headers: owner.bearer,
      params: { ...params, protocolId: second.id },
    });
    expect(refused.status).toBe(409);
    // Which month, who locked it, and the way out (decision 058).
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Периодът октомври 2026 е заключен от Мария Георгиева на \d\d\.\d\d\.\d{4}\. Протоколът от заключен месец не се анулира: издайте коригиращ протокол \(чл\. 117, ал\. 4 ЗДДС\)\.$/,
    );
    const correction = await call(protocolAction, db, path, {
      ...jsonBody(
        { base: "80.00", reason: "Отстъпка от доставчика", protocolDate: "2026-11-10" },
        "POST",
        owner.bearer,
      ),
      params: { ...params, protocolId: second.id },
    });
    expect(correction.status).toBe(201);
    expect(await correction.json()).toMatchObject({
      number: "0000000003",
      base: "-20.00",
      vat: "-4.00",
      correctsId: second.id,
    });
    report = await vatReport(db, me.companyId, "2026-11", true);
    expect(report.sales.find((r) => r.number === "0000000003")?.amounts).toEqual({
      "02-26": -2_000,
      "02-22": -400,
    });
    expect(report.figures["01-41"]).toBe(-400);

    // October unlocked, November (the correction's month) locked: cancelling the original would
    // cancel its correction too, and so change November's journals and books — refused.
    const actor = ownerActor(me);
    await unlockPeriod(db, me.companyId, MONTH, actor, "Поправка");
    await lockPeriod(db, me.companyId, "2026-11", actor);
    const cancelBoth = await call(protocolAction, db, path, {
      method: "DELETE",
      headers: owner.bearer,
      params: { ...params, protocolId: second.id },
    });
    expect(cancelBoth.status).toBe(409);
    expect(((await cancelBoth.json()) as { message: string }).message).toMatch(
      /^Периодът ноември 2026 е заключен от Мария Георгиева на .+\. Корекцията се записва в отворен период\.$/,
    );
    const statuses = await db
      .selectFrom("vatProtocols")
      .select(["number", "status"])
      .where("expenseId", "=", expense.id)
      .orderBy("number")
      .execute();
    expect(statuses.map((r) => r.status)).toEqual(["cancelled", "issued", "issued"]);
  });

  it("keeps an expense whose protocol is in a locked month as it was: the protocol shows its supplier and document", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const owner = await signInApi(db, me.user);
    const [category] = await listCategories(db, me.companyId);
    const body = {
      supplierName: "Google Ireland Limited",
      supplierVatNumber: "IE6388047V",
      documentType: "invoice",
      documentNumber: "5329876544",
      documentDate: "2026-09-30",
      description: "Google Ads — реклама за септември",
      categoryId: category!.id,
      currency: "EUR",
      amounts: [{ vatRate: null, base: "100.00" }],
    };
    const expense = await postApi<AnyAnswer>(
      createExpense,
      db,
      "/api/expenses",
      body,
      owner.bearer,
    );
    const params = { id: expense.id };
    await postApi(
      protocolsAction,
      db,
      `/api/expenses/${expense.id}/protocols`,
      { protocolDate: "2026-10-05" },
      owner.bearer,
      201,
      params,
    );
    await lockAsOwner(db, me, MONTH);
    const changed = await call(changeExpense, db, `/api/expenses/${expense.id}`, {
      ...jsonBody({ ...body, supplierName: "Друг доставчик" }, "PUT", owner.bearer),
      params,
    });
    expect(changed.status).toBe(409);
    expect(((await changed.json()) as { message: string }).message).toMatch(
      /^Периодът октомври 2026 е заключен от Мария Георгиева на \d\d\.\d\d\.\d{4}\. Корекцията се записва в отворен период\.$/,
    );
    const row = await db
      .selectFrom("expenses")
      .select("supplierName")
      .where("id", "=", expense.id)
      .executeTakeFirstOrThrow();
    expect(row.supplierName).toBe("Google Ireland Limited");

    // Its page says so and offers no edit (September itself is open: its receipts still can be
    // added, as the server takes them).
    const path = `/expenses/${expense.id}`;
    const { text, html } = await pageOf(
      ExpensePage,
      await call(expensePage, db, path, { headers: { Cookie: owner.cookie }, params }),
      path,
    );
    expect(text).toMatch(/Периодът октомври 2026 е заключен от Мария Георгиева/);
    expect(text).not.toContain("Редактирай");
    expect(html).not.toContain(`/expenses/edit/${expense.id}`);
    expect(html).toContain('name="intent" value="upload"');
  });

  it("answers 404 to another company and changes nothing", async () => {
    const { db, expense } = await googleExpense();
    const other = await createCompanyOnPlan(db, "standard");
    const stranger = await signInApi(db, other.user);
    const read = await call(protocolsLoader, db, `/api/expenses/${expense.id}/protocols`, {
      headers: stranger.bearer,
      params: { id: expense.id },
    });
    expect(read.status).toBe(404);
    await postApi(
      protocolsAction,
      db,
      `/api/expenses/${expense.id}/protocols`,
      {},
      stranger.bearer,
      404,
      { id: expense.id },
    );
    const count = await db
      .selectFrom("vatProtocols")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("expenseId", "=", expense.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});
