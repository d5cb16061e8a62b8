import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { listCategories } from "~/modules/expenses/categories.server";
import { type Field, SALES_LAYOUT } from "~/modules/vat/layouts";
import { buildFiles, vatReport } from "~/modules/vat/report.server";
import { action as createExpense } from "~/routes/api.expenses";
import { loader as readExpense } from "~/routes/api.expenses.$id";
import { createCompanyOnPlan } from "../setup/factories";
import { type AnyAnswer, call, postApi, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Decision 065 (issue #45 item 2): a protocol under чл. 117 for an intra-Community acquisition of
 * goods (чл. 84 ЗДДС) goes to the sales journal's кол. 13 (02-12), one for services (чл. 82, ал. 2)
 * to кол. 14 (02-26), as НАП's PRODAGBI.TXT layout has them; both in the return's cell 12 and their
 * VAT in кол. 15 (02-22) and cell 22.
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

describe("a protocol under чл. 117: goods or services", () => {
  it("puts a ВОП of goods in кол. 13 (02-12) and a service in кол. 14 (02-26), in the journal and in PRODAGBI.TXT", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const owner = await signInApi(db, me.user);
    const [category] = await listCategories(db, me.companyId);
    const protocol = (number: string, base: string, acquisition?: string) => ({
      supplierName: "Lieferant GmbH",
      supplierVatNumber: "DE123456789",
      documentType: "protocol_117",
      ...(acquisition ? { acquisition } : {}),
      documentNumber: number,
      documentDate: `${MONTH}-12`,
      description: "Придобиване от ЕС",
      categoryId: category!.id,
      amounts: [{ vatRate: 20, base }],
    });
    const goods = await postApi<AnyAnswer>(
      createExpense,
      db,
      "/api/expenses",
      protocol("0000000001", "1000.00", "goods"),
      owner.bearer,
    );
    // Left out, a protocol is a service (as every protocol recorded before this was filed).
    const service = await postApi<AnyAnswer>(
      createExpense,
      db,
      "/api/expenses",
      protocol("0000000002", "250.00"),
      owner.bearer,
    );
    const read = await call(readExpense, db, `/api/expenses/${goods.id}`, {
      headers: owner.bearer,
      params: { id: goods.id },
    });
    expect(((await read.json()) as AnyAnswer).acquisition).toBe("goods");
    const bad = await postApi<AnyAnswer>(
      createExpense,
      db,
      "/api/expenses",
      protocol("0000000003", "1.00", "cars"),
      owner.bearer,
      400,
    );
    expect(bad.errors.acquisition._errors).toEqual([
      "Изберете дали протоколът е за стоки (ВОП) или за услуги",
    ]);

    const report = await vatReport(db, me.companyId, MONTH, true);
    const row = (id: string) => report.sales.find((r) => r.expenseId === id)?.amounts;
    expect(row(goods.id)).toEqual({ "02-12": 100_000, "02-22": 20_000 });
    expect(row(service.id)).toEqual({ "02-26": 25_000, "02-22": 5_000 });
    expect(report.figures["01-12"]).toBe(125_000);
    expect(report.figures["01-22"]).toBe(25_000);

    const { files } = buildFiles(report);
    const text = iconv.decode(
      Buffer.from(files.find((f) => f.name === "PRODAGBI.TXT")!.bytes),
      "win1251",
    );
    const records = text
      .slice(0, -2)
      .split("\r\n")
      .map((r) => fieldsOf(SALES_LAYOUT, r));
    const byNumber = (n: string) => records.find((r) => r["02-05"]?.trim() === n)!;
    expect(byNumber("0000000001")["02-12"]?.trim()).toBe("1000.00");
    expect(byNumber("0000000001")["02-26"]?.trim()).toBe("0.00");
    expect(byNumber("0000000002")["02-12"]?.trim()).toBe("0.00");
    expect(byNumber("0000000002")["02-26"]?.trim()).toBe("250.00");
    expect(byNumber("0000000001")["02-22"]?.trim()).toBe("200.00");
  });
});
