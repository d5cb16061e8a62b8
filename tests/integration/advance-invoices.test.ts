import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openAdvances } from "~/modules/invoices/advances.server";
import {
  cancelDocument,
  createDraft,
  getDocument,
  issueDocument,
} from "~/modules/invoices/documents.server";
import { addPayment } from "~/modules/invoices/payments.server";
import { buildPrintModel, type PrintParty } from "~/modules/invoices/print";
import { documentSchema } from "~/modules/invoices/schema";
import { vatReport } from "~/modules/vat/report.server";
import { action as createInvoice } from "~/routes/api.invoices";
import { loader as getInvoice } from "~/routes/api.invoices.$id";
import { action as issueInvoice } from "~/routes/api.invoices.$id.issue";
import { AppError } from "~/utils/errors";
import type { Database } from "~db/types";
import { createCompanyWithClient } from "../setup/factories";
import { type AnyAnswer, call, postApi, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #48 item 2 (decision 074), «done when»: an advance invoice and the final invoice that
 * deducts it add up in the VAT journals, the return's cells and the books (411, 412, 4532); an
 * advance is deducted at most once in full, also when two invoices are issued at once.
 */

const getDb = setupTestDatabase();

type Me = Awaited<ReturnType<typeof createCompanyWithClient>>;

async function draft(db: Kysely<Database>, me: Me, fields: Record<string, unknown>) {
  return createDraft(
    db,
    me.companyId,
    me.user.id,
    documentSchema.parse({ type: "invoice", clientId: me.clientId, ...fields }),
  );
}

const line = (unitPrice: string, description = "Доставка по договор 7") => ({
  description,
  quantity: "1",
  unitPrice,
  vatRate: 20,
});

async function balance(db: Kysely<Database>, companyId: string, account: string) {
  const row = await db
    .selectFrom("ledgerLines")
    .select(sql<string>`coalesce(sum(debit_cents - credit_cents), 0)`.as("net"))
    .where("companyId", "=", companyId)
    .where("accountCode", "=", account)
    .executeTakeFirstOrThrow();
  return Number(row.net);
}

async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.message}`;
    throw error;
  }
  return "accepted";
}

describe("advance invoices and the final invoice (decision 074)", () => {
  it("add up in the sales journals, the return's cells and the books", async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db);
    // Two advances in October, paid when received (чл. 25, ал. 7 ЗДДС).
    const a1 = await issueDocument(
      db,
      me.companyId,
      await draft(db, me, {
        advance: true,
        issueDate: "2026-10-15",
        lines: [line("1000", "Аванс")],
      }),
    );
    const a2 = await issueDocument(
      db,
      me.companyId,
      await draft(db, me, {
        advance: true,
        issueDate: "2026-10-20",
        lines: [line("333.33", "Аванс")],
      }),
    );
    expect([a1.advance, a1.totalCents, a2.vatCents, a2.totalCents]).toEqual([
      true,
      120_000,
      6_667,
      40_000,
    ]);
    for (const a of [a1, a2]) {
      await addPayment(db, me.companyId, a, {
        paidOn: a.issueDate,
        amount: a.totalCents,
        method: "bank",
        note: null,
      });
    }
    // The final invoice in November: 2,000.00 less all of the first and 300.00 of the second.
    const finalId = await draft(db, me, {
      issueDate: "2026-11-20",
      lines: [line("2000")],
      advanceDeductions: [{ advanceId: a1.id }, { advanceId: a2.id, amount: "300,00" }],
    });
    const final = await issueDocument(db, me.companyId, finalId);
    expect([final.subtotalCents, final.vatCents, final.totalCents, final.dueCents]).toEqual([
      70_000, 14_000, 84_000, 84_000,
    ]);
    const stored = (await getDocument(db, me.companyId, final.id))!;
    expect(stored.lines.map((l) => [l.description, l.netCents, l.advanceId])).toEqual([
      ["Доставка по договор 7", 200_000, null],
      [`Приспадане на аванс по фактура № ${a1.number} от 15.10.2026 г.`, -100_000, a1.id],
      [`Приспадане на аванс по фактура № ${a2.number} от 20.10.2026 г.`, -30_000, a2.id],
    ]);

    // The sales journals: each advance in its month, the final invoice with the net.
    const october = await vatReport(db, me.companyId, "2026-10", false);
    expect(
      october.sales.map((r) => [r.type, r.number, r.amounts["02-11"], r.amounts["02-21"]]),
    ).toEqual([
      ["01", a1.number, 100_000, 20_000],
      ["01", a2.number, 33_333, 6_667],
    ]);
    expect([october.figures["01-11"], october.figures["01-21"], october.figures["01-50"]]).toEqual([
      133_333, 26_667, 26_667,
    ]);
    const november = await vatReport(db, me.companyId, "2026-11", false);
    expect(
      november.sales.map((r) => [r.type, r.number, r.amounts["02-11"], r.amounts["02-21"]]),
    ).toEqual([["01", final.number, 70_000, 14_000]]);
    expect([november.figures["01-11"], november.figures["01-21"]]).toEqual([70_000, 14_000]);
    // Together: the whole supply's base, and the VAT of what was charged.
    expect(october.figures["01-11"] + november.figures["01-11"]).toBe(203_333);

    // The books: 412 keeps what is left of the second advance's base (33.33), 411 what the final
    // invoice is owed, 4532 the journals' VAT, 703 the whole supply.
    expect(await balance(db, me.companyId, "411")).toBe(84_000);
    expect(await balance(db, me.companyId, "412")).toBe(-3_333);
    expect(await balance(db, me.companyId, "4532")).toBe(-(26_667 + 14_000));
    expect(await balance(db, me.companyId, "703")).toBe(-200_000);
    const entry = await db
      .selectFrom("ledgerLines as l")
      .innerJoin("ledgerEntries as e", "e.id", "l.entryId")
      .select(["l.accountCode", "l.debitCents", "l.creditCents", "l.counterpartyName"])
      .where("e.companyId", "=", me.companyId)
      .where("e.sourceId", "=", final.id)
      .orderBy("l.accountCode")
      .execute();
    expect(
      entry.map(
        (l) => `${l.accountCode} ${l.debitCents}/${l.creditCents} ${l.counterpartyName ?? ""}`,
      ),
    ).toEqual([
      "411 84000/0 Клиент Бета ООД",
      "412 130000/0 Клиент Бета ООД",
      "4532 0/14000 ",
      "703 0/200000 ",
    ]);

    // What is left: only the second advance, 33.33.
    const open = await openAdvances(db, me.companyId, null);
    expect(open.map((a) => [a.number, a.remainingCents])).toEqual([[a2.number, 3_333]]);

    // The PDF's model: the advance's title, the deduction's line with a minus.
    const party = stored.clientSnapshot as PrintParty;
    const model = buildPrintModel({ ...a1, lines: [] }, stored.supplierSnapshot as never, party);
    expect(model.title).toBe("ФАКТУРА — Авансово плащане");
    const finalModel = buildPrintModel(stored, stored.supplierSnapshot as never, party);
    expect(JSON.stringify(finalModel.rows)).toContain("−1\u00a0000,00");

    // An advance that is deducted is not cancelled; the final invoice is, and frees it.
    expect(await refusal(cancelDocument(db, me.companyId, a1.id, "Грешка"))).toBe(
      `409 Авансът е приспаднат във фактура № ${final.number}: първо анулирайте нея (или издайте кредитно известие).`,
    );
    await cancelDocument(db, me.companyId, final.id, "Грешна сума");
    expect((await openAdvances(db, me.companyId, null)).map((a) => a.remainingCents)).toEqual([
      3_333 + 30_000,
      100_000,
    ]);
    expect(await balance(db, me.companyId, "412")).toBe(-133_333);
    expect(await balance(db, me.companyId, "411")).toBe(0);
  });

  it("deducts an advance at most what is left of it, once, of the same client", async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db);
    const advance = await issueDocument(
      db,
      me.companyId,
      await draft(db, me, {
        advance: true,
        issueDate: "2026-11-02",
        lines: [line("500", "Аванс")],
      }),
    );
    const deduct = (amount?: string, price = "800") =>
      draft(db, me, {
        issueDate: "2026-11-20",
        lines: [line(price)],
        advanceDeductions: [{ advanceId: advance.id, ...(amount ? { amount } : {}) }],
      });
    expect(await refusal(deduct("500.01"))).toBe(
      `400 № ${advance.number}: Сумата надвишава остатъка на аванса: най-много 500.00`,
    );
    expect(await refusal(deduct(undefined, "100"))).toBe(
      "400 Приспаднатият аванс надвишава основата на фактурата при ставка 20 %",
    );
    expect(
      await refusal(
        draft(db, me, {
          issueDate: "2026-11-20",
          lines: [line("800")],
          advanceDeductions: [{ advanceId: advance.id }, { advanceId: advance.id }],
        }),
      ),
    ).toBe("400 Една авансова фактура се приспада веднъж в документа");
    expect(
      await refusal(
        draft(db, me, {
          advance: true,
          issueDate: "2026-11-20",
          lines: [line("1"), { ...line("1"), vatRate: 9 }],
        }),
      ),
    ).toBe("400 Авансовата фактура трябва да е с една ставка на ДДС за всички редове");

    // Two drafts take 300.00 each of its 500.00, issued at once: one is issued, one refused.
    const first = await deduct("300");
    const second = await deduct("300");
    const results = await Promise.allSettled([
      issueDocument(db, me.companyId, first),
      issueDocument(db, me.companyId, second),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(AppError);
    expect((rejected.reason as AppError).message).toBe(
      `Документът не е издаден: от аванса по фактура № ${advance.number} са останали 200.00. Поправете черновата.`,
    );
    expect((await openAdvances(db, me.companyId, null)).map((a) => a.remainingCents)).toEqual([
      20_000,
    ]);
  });
});

describe("advance invoices through the API (decision 074)", () => {
  it("answers the advance mark and each deduction line's advance invoice", async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db);
    const owner = await signInApi(db, me.user);
    const advance = await postApi<AnyAnswer>(
      createInvoice,
      db,
      "/api/invoices",
      {
        type: "invoice",
        clientId: me.clientId,
        issueDate: "2026-10-01",
        currency: "EUR",
        advance: true,
        lines: [line("500.00", "Аванс по договор 7")],
      },
      owner.bearer,
    );
    expect(advance.advance).toBe(true);
    await postApi(issueInvoice, db, `/api/invoices/${advance.id}/issue`, {}, owner.bearer, 200, {
      id: advance.id,
    });
    const final = await postApi<AnyAnswer>(
      createInvoice,
      db,
      "/api/invoices",
      {
        type: "invoice",
        clientId: me.clientId,
        issueDate: "2026-10-20",
        currency: "EUR",
        lines: [line("1000.00")],
        advanceDeductions: [{ advanceId: advance.id }],
      },
      owner.bearer,
    );
    const read = (await (
      await call(getInvoice, db, `/api/invoices/${final.id}`, {
        headers: owner.bearer,
        params: { id: final.id },
      })
    ).json()) as AnyAnswer;
    expect(read.advance).toBe(false);
    expect(
      read.lines.map((l: { advanceId: string | null; net: string }) => [l.advanceId, l.net]),
    ).toEqual([
      [null, "1000.00"],
      [advance.id, "-500.00"],
    ]);
    expect(read.totals.subtotal).toBe("500.00");
  });
});
