import { describe, expect, it } from "vitest";
import {
  documentPosting,
  expensePosting,
  ledgerCurrency,
  reversalLines,
  toLedgerCents,
} from "./postings";

/* The postings as pure functions (decision 057): what a row gives, before any database. */

const client = { kind: "client" as const, id: null, name: "Kunde GmbH" };
const accounts = { receivable: "411", revenue: "703", salesVat: "4532" };
const sides = (p: ReturnType<typeof documentPosting>) =>
  p?.lines.map((l) => `${l.accountCode} ${l.debitCents}/${l.creditCents}`);

describe("postings", () => {
  it("the ledger's currency turns on 1 January 2026; amounts convert as the VAT journals do", () => {
    expect(ledgerCurrency("2025-12-31")).toBe("BGN");
    expect(ledgerCurrency("2026-01-01")).toBe("EUR");
    expect(toLedgerCents(195_583, { currency: "BGN", eurRate: null }, "2026-01-02")).toBe(100_000);
    expect(toLedgerCents(100_000, { currency: "EUR", eurRate: null }, "2025-06-01")).toBe(195_583);
    expect(toLedgerCents(1_001, { currency: "USD", eurRate: "0.86123" }, "2026-03-01")).toBe(862);
  });

  it("an export or a reverse charge is revenue only; a credit note a red reversal; nothing posts a zero line", () => {
    const doc = {
      type: "invoice" as const,
      number: "0000000001",
      issueDate: "2026-11-03",
      currency: "EUR",
      eurRate: null,
      client,
      lines: [{ netCents: 250_000, vatRate: 0 }],
    };
    expect(sides(documentPosting(doc, accounts))).toEqual(["411 250000/0", "703 0/250000"]);
    expect(sides(documentPosting({ ...doc, type: "credit_note" }, accounts))).toEqual([
      "411 -250000/0",
      "703 0/-250000",
    ]);
    expect(documentPosting({ ...doc, lines: [{ netCents: 0, vatRate: 20 }] }, accounts)).toBeNull();
    const posting = documentPosting(doc, accounts);
    expect(reversalLines(posting?.lines ?? []).map((l) => l.debitCents + l.creditCents)).toEqual([
      -250_000, -250_000,
    ]);
  });

  it("a line's catalogue item names its revenue account; the parts of a base add up after conversion", () => {
    const doc = {
      type: "invoice" as const,
      number: "0000000002",
      issueDate: "2026-11-03",
      currency: "EUR",
      eurRate: null,
      client,
      lines: [
        { netCents: 10_000, vatRate: 20, revenueAccount: "702" },
        { netCents: 5_000, vatRate: 20, revenueAccount: null },
        { netCents: 3_000, vatRate: 20, revenueAccount: "702" },
      ],
    };
    expect(sides(documentPosting(doc, accounts))).toEqual([
      "411 21600/0",
      "702 0/13000",
      "703 0/5000",
      "4532 0/3600",
    ]);
    // In leva (2025) with a foreign currency: each part converted, the rounding on the largest.
    const usd = { ...doc, issueDate: "2025-06-02", currency: "USD", eurRate: "0.87777" };
    const posting = documentPosting(
      {
        ...usd,
        lines: [1, 1, 1]
          .map((n) => ({ netCents: n, vatRate: null, revenueAccount: `70${n + 1}` }))
          .concat([
            { netCents: 333, vatRate: null, revenueAccount: "703" },
            { netCents: 333, vatRate: null, revenueAccount: "704" },
          ]),
      },
      accounts,
    );
    const revenue = posting?.lines.filter((l) => l.accountCode.startsWith("70")) ?? [];
    const total = toLedgerCents(336 + 333, usd, usd.issueDate);
    expect(revenue.reduce((sum, l) => sum + l.creditCents, 0)).toBe(total);
    expect(posting?.lines[0]?.debitCents).toBe(total);
  });

  it("an expense with part of its VAT credited puts the rest on the expense", () => {
    const posting = expensePosting(
      {
        documentType: "invoice",
        documentTypeLabel: "Фактура",
        documentNumber: "42",
        documentDate: "2026-11-05",
        description: "Гориво",
        currency: "EUR",
        eurRate: null,
        totalCents: 12_000,
        creditableVatCents: 1_000,
        supplier: { kind: "supplier", id: null, name: "Петрол АД" },
      },
      { expense: "601", purchaseVat: "4531", payable: "401" },
    );
    expect(posting?.lines.map((l) => `${l.accountCode} ${l.debitCents}/${l.creditCents}`)).toEqual([
      "601 11000/0",
      "4531 1000/0",
      "401 0/12000",
    ]);
  });
});
