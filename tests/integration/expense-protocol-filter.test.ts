import { describe, expect, it } from "vitest";
import { listCategories } from "~/modules/expenses/categories.server";
import { protocolKindFor } from "~/modules/expenses/protocol-rules";
import { expenseFiltersFromSearch, listExpenses } from "~/modules/expenses/queries.server";
import { loader as expensesPage } from "~/routes/_app.expenses";
import { action as createExpense } from "~/routes/api.expenses";
import { action as protocolsAction } from "~/routes/api.expenses.$id.protocols";
import { createCompanyOnPlan } from "../setup/factories";
import { type AnyAnswer, call, postApi, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Decision 073 (issue #48 item 3): the expenses list filters by protocol under чл. 117 — «С
 * протокол» (an issued one, not cancelled) and «Чакат протокол» (the rules of protocol-rules.ts
 * say it needs one and none is issued). The list's SQL and the rules give the same answer for
 * every kind of supplier.
 */

const getDb = setupTestDatabase();

/** Suppliers and what the rules say of an invoice of theirs without VAT. */
const SUPPLIERS: { name: string; vat: string | null; reverseCharge?: boolean; vatRate?: number }[] =
  [
    { name: "Google Ireland Limited", vat: "IE6388047V" },
    { name: "Hetzner Online GmbH", vat: "de 812 871 812" },
    { name: "Greek Supplier", vat: "EL094014201" },
    { name: "Short German number", vat: "DE12" },
    { name: "Slack Technologies LLC", vat: "US123456789" },
    { name: "Norway AS", vat: "NO999888777MVA" },
    { name: "Българска фирма ЕООД", vat: "BG175074752" },
    { name: "Без ДДС номер", vat: null },
    { name: "Скрап ООД", vat: "BG175074752", reverseCharge: true },
    { name: "Google Ireland with VAT", vat: "IE6388047V", vatRate: 20 },
  ];

describe("the expenses list's filter by protocol under чл. 117", () => {
  it("lists those that wait for a protocol by the rules, then those with one once it is issued", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const owner = await signInApi(db, me.user);
    const [category] = await listCategories(db, me.companyId);
    const ids = new Map<string, string>();
    for (const s of SUPPLIERS) {
      const made = await postApi<AnyAnswer>(
        createExpense,
        db,
        "/api/expenses",
        {
          supplierName: s.name,
          supplierVatNumber: s.vat,
          documentType: "invoice",
          documentNumber: String(1_000_000_000 + ids.size),
          documentDate: "2026-10-05",
          description: "Услуга",
          categoryId: category!.id,
          currency: "EUR",
          reverseCharge: s.reverseCharge ?? false,
          reverseChargeAnnexPart: s.reverseCharge ? "I" : null,
          amounts: [{ vatRate: s.vatRate ?? null, base: "100.00" }],
        },
        owner.bearer,
      );
      ids.set(s.name, made.id);
    }
    const names = async (protocol: string) => {
      const filters = expenseFiltersFromSearch(new URLSearchParams({ protocol }));
      const { expenses } = await listExpenses(db, me.companyId, filters, "2026-11-29");
      return expenses.map((e) => e.supplierName).sort();
    };
    // The rules, as the protocol's page applies them, decide what waits.
    const expected = SUPPLIERS.filter(
      (s) =>
        protocolKindFor(
          {
            documentType: "invoice",
            supplierVatNumber: s.vat,
            reverseCharge: s.reverseCharge ?? false,
            vatCents: s.vatRate ? 2000 : 0,
            subtotalCents: 10_000,
            documentDate: "2026-10-05",
            taxEventDate: null,
            paidOn: null,
          },
          { vatRegistered: true },
        ) !== null,
    )
      .map((s) => s.name)
      .sort();
    expect(expected).toEqual(
      [
        "Google Ireland Limited",
        "Greek Supplier",
        "Hetzner Online GmbH",
        "Norway AS",
        "Short German number",
        "Slack Technologies LLC",
        "Скрап ООД",
      ].sort(),
    );
    expect(await names("missing")).toEqual(expected);
    expect(await names("issued")).toEqual([]);

    const google = ids.get("Google Ireland Limited")!;
    await postApi(protocolsAction, db, `/api/expenses/${google}/protocols`, {}, owner.bearer, 201, {
      id: google,
    });
    expect(await names("issued")).toEqual(["Google Ireland Limited"]);
    expect(await names("missing")).toEqual(expected.filter((n) => n !== "Google Ireland Limited"));

    // Google's credit note waits for its correcting protocol (чл. 117, ал. 4–5), then has it.
    const note = await postApi<AnyAnswer>(
      createExpense,
      db,
      "/api/expenses",
      {
        supplierName: "Google Ireland Limited (известие)",
        supplierVatNumber: "IE6388047V",
        documentType: "credit_note",
        documentNumber: "2000000001",
        documentDate: "2026-10-12",
        description: "Отстъпка",
        categoryId: category!.id,
        currency: "EUR",
        amounts: [{ vatRate: null, base: "20.00" }],
      },
      owner.bearer,
    );
    expect(await names("missing")).toContain("Google Ireland Limited (известие)");
    await postApi(
      protocolsAction,
      db,
      `/api/expenses/${note.id}/protocols`,
      {},
      owner.bearer,
      201,
      { id: note.id },
    );
    expect(await names("missing")).not.toContain("Google Ireland Limited (известие)");
    expect(await names("issued")).toEqual(
      ["Google Ireland Limited", "Google Ireland Limited (известие)"].sort(),
    );

    // The page offers the filter and keeps it chosen; an unknown value is no filter.
    const answer = await call(expensesPage, db, "/expenses?protocol=issued", {
      headers: { Cookie: owner.cookie },
    });
    const body = (await answer.json()) as {
      expenses: { id: string }[];
      filters: { protocol?: string };
    };
    expect(body.filters.protocol).toBe("issued");
    expect(body.expenses.map((e) => e.id).sort()).toEqual([google, note.id].sort());
    expect(expenseFiltersFromSearch(new URLSearchParams({ protocol: "__proto__" })).protocol).toBe(
      undefined,
    );
  });

  it("lists nothing as waiting for a company not registered for VAT", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard", false);
    const owner = await signInApi(db, me.user);
    const [category] = await listCategories(db, me.companyId);
    await postApi(
      createExpense,
      db,
      "/api/expenses",
      {
        supplierName: "Google Ireland Limited",
        supplierVatNumber: "IE6388047V",
        documentType: "invoice",
        documentNumber: "1",
        documentDate: "2026-10-05",
        description: "Реклама",
        categoryId: category!.id,
        currency: "EUR",
        amounts: [{ vatRate: null, base: "100.00" }],
      },
      owner.bearer,
    );
    const filters = expenseFiltersFromSearch(new URLSearchParams({ protocol: "missing" }));
    expect((await listExpenses(db, me.companyId, filters, "2026-11-29")).expenses).toEqual([]);
  });
});
