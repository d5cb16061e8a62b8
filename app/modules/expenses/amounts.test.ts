import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCents } from "~/utils/money";
import { creditableVat, expenseTotals, vatOf, vatProblem } from "./amounts";

describe("expense amounts", () => {
  it("computes VAT per rate, half up to the cent", () => {
    expect(vatOf(1005, 20)).toBe(201);
    expect(vatOf(1005, 9)).toBe(90);
    expect(vatOf(1005, 0)).toBe(0);
    expect(vatOf(1005, null)).toBe(0);
    expect(vatOf(5, 9)).toBe(0); // 0,45 of a cent rounds down
    expect(vatOf(6, 9)).toBe(1); // 0,54 of a cent rounds up
  });

  it("takes VAT typed within one cent of the rate, refuses more, and no VAT where none is due", () => {
    const row = (vatCents: number, vatRate: number | null = 20) => ({
      vatRate,
      baseCents: 12345,
      vatCents,
    });
    expect(vatProblem(row(2469), formatCents)).toBeNull();
    expect(vatProblem(row(2468), formatCents)).toBeNull();
    expect(vatProblem(row(2470), formatCents)).toBeNull();
    expect(vatProblem(row(2471), formatCents)).toBe(
      "ДДС при тази ставка е 24,69 (разлика до 0,01)",
    );
    expect(vatProblem(row(0, null), formatCents)).toBeNull();
    expect(vatProblem(row(1, 0), formatCents)).toBe("Без ДДС или при ставка 0 % сумата на ДДС е 0");
  });

  it("adds up: total = Σ bases + Σ VAT, whatever the rows", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            vatRate: fc.constantFrom(20, 9, 0, null),
            baseCents: fc.integer({ min: 0, max: 10_000_000_000 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        (rows) => {
          const withVat = rows.map((r) => ({ ...r, vatCents: vatOf(r.baseCents, r.vatRate) }));
          const totals = expenseTotals(withVat);
          expect(totals.totalCents).toBe(totals.subtotalCents + totals.vatCents);
          expect(totals.vatCents).toBe(withVat.reduce((s, r) => s + r.vatCents, 0));
        },
      ),
    );
  });

  it("credits all, none, or a part of the VAT by the coefficient", () => {
    expect(creditableVat(2469, "full", null)).toBe(2469);
    expect(creditableVat(2469, "none", null)).toBe(0);
    expect(creditableVat(2469, "partial", "0.5")).toBe(1235);
    expect(creditableVat(2469, "partial", "0.4523")).toBe(1117);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 9999 }), (vat, k) => {
        const part = creditableVat(vat, "partial", (k / 10_000).toFixed(4));
        expect(part).toBeGreaterThanOrEqual(0);
        expect(part).toBeLessThanOrEqual(vat);
      }),
    );
  });
});
