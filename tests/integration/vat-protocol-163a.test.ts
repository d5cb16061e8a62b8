import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { listCategories } from "~/modules/expenses/categories.server";
import { PURCHASES_LAYOUT, SALES_LAYOUT, widthOf } from "~/modules/vat/layouts";
import { buildFiles, vatReport } from "~/modules/vat/report.server";
import { action as addExpense } from "~/routes/_app.expenses_.add";
import { action as createExpense } from "~/routes/api.expenses";
import { action as changeExpense } from "~/routes/api.expenses.$id";
import { action as protocolsAction } from "~/routes/api.expenses.$id.protocols";
import { createCompanyOnPlan } from "../setup/factories";
import { type AnyAnswer, call, formBody, jsonBody, postApi, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Decision 079 (issue #48 item 3): a domestic reverse charge (чл. 163а ЗДДС) records the part of
 * Приложение № 2 it falls under, and its protocol's rows carry НАП's code of it — "01" for Част I,
 * "02" for Част II — in PRODAGBI.TXT 02-27 (the last 2 of 424 characters) and POKUPKI.TXT 03-45
 * (the last 2 of 274); every other protocol leaves them blank. No part, no guess: the journal
 * names the protocol as a problem until the expense says it.
 */

const getDb = setupTestDatabase();
const MONTH = "2026-10";
const PART_MESSAGE =
  "Изберете по коя част на Приложение № 2 към ЗДДС е доставката с обратно начисляване: Част I или Част II";

async function company() {
  const db = getDb();
  const me = await createCompanyOnPlan(db, "standard");
  const owner = await signInApi(db, me.user);
  const [category] = await listCategories(db, me.companyId);
  return { db, me, owner, categoryId: category!.id };
}
type Company = Awaited<ReturnType<typeof company>>;

const scrapBody = (c: Company, number: string, part?: "I" | "II" | null) => ({
  supplierName: number.endsWith("1") ? "Метали ЕООД" : "Зърно АД",
  supplierEik: "175074752",
  documentType: "invoice",
  documentNumber: number,
  documentDate: `${MONTH}-10`,
  description: number.endsWith("1") ? "Отпадъци от черни метали" : "Пшеница",
  categoryId: c.categoryId,
  reverseCharge: true,
  ...(part === undefined ? {} : { reverseChargeAnnexPart: part }),
  amounts: [{ vatRate: null, base: "500.00" }],
});

async function issue(c: Company, expenseId: string) {
  return postApi<AnyAnswer>(
    protocolsAction,
    c.db,
    `/api/expenses/${expenseId}/protocols`,
    {},
    c.owner.bearer,
    201,
    { id: expenseId },
  );
}

async function lines(c: Company) {
  const report = await vatReport(c.db, c.me.companyId, MONTH, true);
  const { files } = buildFiles(report);
  const text = (name: string) =>
    iconv
      .decode(Buffer.from(files.find((f) => f.name === name)!.bytes), "win1251")
      .slice(0, -2)
      .split("\r\n");
  // The filing settings' problem is not this test's: only the journals' ones.
  const problems = report.problems.filter((p) => p.href.startsWith("/expenses"));
  return { problems, sales: text("PRODAGBI.TXT"), purchases: text("POKUPKI.TXT") };
}

/** The record of the document number, and the 2 characters at its end (02-27 / 03-45). */
const codeOf = (records: string[], number: string, width: number) => {
  const record = records.find((r) => r.includes(number));
  expect(record, number).toBeDefined();
  expect(record!.length).toBe(width);
  return record!.slice(width - 2);
};

describe("НАП's code of a чл. 163а supply (decision 079)", () => {
  it("writes 01 for Част I and 02 for Част II in PRODAGBI 02-27 and POKUPKI 03-45; blank for an EU service", async () => {
    const c = await company();
    // The layouts end with the code: its place is the record's last 2 characters.
    expect(SALES_LAYOUT.at(-1)).toMatchObject({ code: "02-27", width: 2 });
    expect(PURCHASES_LAYOUT.at(-1)).toMatchObject({ code: "03-45", width: 2 });
    const salesWidth = widthOf(SALES_LAYOUT);
    const purchasesWidth = widthOf(PURCHASES_LAYOUT);
    expect([salesWidth, purchasesWidth]).toEqual([424, 274]);

    const scrap = await postApi<AnyAnswer>(
      createExpense,
      c.db,
      "/api/expenses",
      scrapBody(c, "0000000461", "I"),
      c.owner.bearer,
    );
    expect(scrap.reverseChargeAnnexPart).toBe("I");
    const grain = await postApi<AnyAnswer>(
      createExpense,
      c.db,
      "/api/expenses",
      scrapBody(c, "0000000462", "II"),
      c.owner.bearer,
    );
    const google = await postApi<AnyAnswer>(
      createExpense,
      c.db,
      "/api/expenses",
      {
        supplierName: "Google Ireland Limited",
        supplierVatNumber: "IE6388047V",
        documentType: "invoice",
        documentNumber: "5329876543",
        documentDate: `${MONTH}-05`,
        description: "Google Ads",
        categoryId: c.categoryId,
        amounts: [{ vatRate: null, base: "100.00" }],
      },
      c.owner.bearer,
    );
    expect(google.reverseChargeAnnexPart).toBeNull();
    const [p1, p2, p3] = [
      await issue(c, scrap.id),
      await issue(c, grain.id),
      await issue(c, google.id),
    ];
    expect(p1.kind).toBe("domestic_163a");
    expect(p3.kind).toBe("eu_services");

    const { problems, sales, purchases } = await lines(c);
    expect(problems).toEqual([]);
    expect(codeOf(sales, p1.number, salesWidth)).toBe("01");
    expect(codeOf(purchases, p1.number, purchasesWidth)).toBe("01");
    expect(codeOf(sales, p2.number, salesWidth)).toBe("02");
    expect(codeOf(purchases, p2.number, purchasesWidth)).toBe("02");
    expect(codeOf(sales, p3.number, salesWidth)).toBe("  ");
    expect(codeOf(purchases, p3.number, purchasesWidth)).toBe("  ");

    // The JSON API says the same code for the same rows (null for the EU service).
    const api = await import("~/routes/api.reports.vat.$month");
    const answer = await call(api.loader, c.db, `/api/reports/vat/${MONTH}`, {
      headers: c.owner.bearer,
      params: { month: MONTH },
    });
    const body = (await answer.json()) as {
      sales: { number: string; deliveryCode: string | null }[];
      purchases: { number: string; deliveryCode: string | null }[];
    };
    const codes = (rows: { number: string; deliveryCode: string | null }[]) =>
      [p1, p2, p3].map((p) => rows.find((r) => r.number === p.number)?.deliveryCode);
    expect(codes(body.sales)).toEqual(["01", "02", null]);
    expect(codes(body.purchases)).toEqual(["01", "02", null]);
  });

  it("refuses a reverse charge without its part through the API (400, in Bulgarian) and clears the part without one", async () => {
    const c = await company();
    const refused = await postApi<AnyAnswer>(
      createExpense,
      c.db,
      "/api/expenses",
      scrapBody(c, "0000000461"),
      c.owner.bearer,
      400,
    );
    expect(JSON.stringify(refused)).toContain(PART_MESSAGE);
    const wrong = await postApi<AnyAnswer>(
      createExpense,
      c.db,
      "/api/expenses",
      { ...scrapBody(c, "0000000461"), reverseChargeAnnexPart: "III" },
      c.owner.bearer,
      400,
    );
    expect(JSON.stringify(wrong)).toContain(PART_MESSAGE);
    // A part without the reverse charge means nothing and is not kept.
    const plain = await postApi<AnyAnswer>(
      createExpense,
      c.db,
      "/api/expenses",
      {
        ...scrapBody(c, "0000000461", "I"),
        reverseCharge: false,
        amounts: [{ vatRate: 20, base: "500.00", vat: "100.00" }],
      },
      c.owner.bearer,
    );
    expect(plain.reverseChargeAnnexPart).toBeNull();
  });

  it("the form without JavaScript refuses a missing part in Bulgarian and keeps what was typed", async () => {
    const c = await company();
    const typed = {
      supplierName: "Метали ЕООД",
      supplierEik: "175074752",
      documentType: "invoice",
      documentNumber: "0000000461",
      documentDate: `${MONTH}-10`,
      reverseCharge: "on",
      reverseChargeAnnexPart: "",
      description: "Отпадъци от черни метали",
      categoryId: c.categoryId,
      currency: "EUR",
      "amounts[none][base]": "500,00",
      vatCredit: "full",
      paid: "no",
    };
    const refused = await call(addExpense, c.db, "/expenses/add", {
      ...formBody(typed, { Cookie: c.owner.cookie }),
    });
    expect(refused.status).toBe(400);
    const answer = (await refused.json()) as AnyAnswer;
    expect(answer.fieldErrors.reverseChargeAnnexPart).toBe(PART_MESSAGE);
    expect(answer.repopulateFields).toMatchObject({
      supplierName: "Метали ЕООД",
      documentNumber: "0000000461",
      reverseCharge: "on",
      description: "Отпадъци от черни метали",
      "amounts[none][base]": "500,00",
    });
    const none = await c.db
      .selectFrom("expenses")
      .select("id")
      .where("companyId", "=", c.me.companyId)
      .execute();
    expect(none).toEqual([]);

    const saved = await call(addExpense, c.db, "/expenses/add", {
      ...formBody({ ...typed, reverseChargeAnnexPart: "II" }, { Cookie: c.owner.cookie }),
    });
    expect(saved.status, await saved.clone().text()).toBe(302);
    const row = await c.db
      .selectFrom("expenses")
      .select(["reverseCharge", "reverseChargeAnnexPart"])
      .where("companyId", "=", c.me.companyId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ reverseCharge: true, reverseChargeAnnexPart: "II" });
  });

  it("an expense recorded before the choice existed: the journal asks for the part instead of guessing; choosing it fixes the files", async () => {
    const c = await company();
    const scrap = await postApi<AnyAnswer>(
      createExpense,
      c.db,
      "/api/expenses",
      scrapBody(c, "0000000461", "I"),
      c.owner.bearer,
    );
    const protocol = await issue(c, scrap.id);
    // As the migration left the rows of before: no part.
    await c.db
      .updateTable("expenses")
      .set({ reverseChargeAnnexPart: null })
      .where("id", "=", scrap.id)
      .execute();
    const before = await lines(c);
    expect(before.problems).toContainEqual({
      what: `Протокол по чл. 117 № ${protocol.number} от Метали ЕООД`,
      href: `/expenses/edit/${scrap.id}`,
      message: expect.stringContaining("изберете в разхода по коя част на Приложение № 2"),
    });
    expect(codeOf(before.sales, protocol.number, 424)).toBe("  ");

    const changed = await call(changeExpense, c.db, `/api/expenses/${scrap.id}`, {
      ...jsonBody(scrapBody(c, "0000000461", "II"), "PUT", c.owner.bearer),
      params: { id: scrap.id },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const after = await lines(c);
    expect(after.problems).toEqual([]);
    expect(codeOf(after.sales, protocol.number, 424)).toBe("02");
    expect(codeOf(after.purchases, protocol.number, 274)).toBe("02");
  });
});
