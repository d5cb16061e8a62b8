import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  centsToDecimal,
  computeTotals,
  convertCents,
  formatCents,
  formatPrice,
  formatScaled,
  lineNetCents,
  parseDecimal,
} from "./money";

/** The rule written a second way: exact rationals as (numerator, denominator) and one final rounding. */
function referenceNet(quantity: bigint, price: bigint, discount: bigint): bigint {
  // value in cents = q/1e3 * p/1e4 * (1 - d/1e4) * 100
  const numerator = quantity * price * (10_000n - discount) * 100n;
  const denominator = 1000n * 10_000n * 10_000n;
  const whole = numerator / denominator;
  const remainder = numerator % denominator;
  return remainder * 2n >= denominator ? whole + 1n : whole;
}

const line = fc.record({
  quantity: fc.bigInt({ min: 1n, max: 10_000_000n }), // up to 10,000.000
  unitPrice: fc.bigInt({ min: 0n, max: 1_000_000_000n }), // up to 100,000.0000
  discount: fc.bigInt({ min: 0n, max: 10_000n }), // 0–100.00 %
  vatRate: fc.constantFrom(20, 9, 0, null),
});

describe("the rounding rule", () => {
  it("a line's net is the exact product rounded half up to the cent", () => {
    fc.assert(
      fc.property(line, ({ quantity, unitPrice, discount }) => {
        expect(BigInt(lineNetCents(quantity, unitPrice, discount))).toBe(
          referenceNet(quantity, unitPrice, discount),
        );
      }),
    );
  });

  it("VAT is computed once per rate group on the sum of rounded line nets; total = bases + VAT", () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), (lines) => {
        const amounts = lines.map((l) => ({
          netCents: lineNetCents(l.quantity, l.unitPrice, l.discount),
          vatRate: l.vatRate,
        }));
        const totals = computeTotals(amounts);
        for (const group of totals.groups) {
          const base = amounts
            .filter((a) => a.vatRate === group.rate)
            .reduce((s, a) => s + a.netCents, 0);
          expect(group.baseCents).toBe(base);
          expect(group.vatCents).toBe(Math.floor((base * (group.rate ?? 0) * 2 + 100) / 200));
        }
        expect(totals.subtotalCents).toBe(amounts.reduce((s, a) => s + a.netCents, 0));
        expect(totals.totalCents).toBe(totals.subtotalCents + totals.vatCents);
        // Order does not matter: the same lines reversed give the same figures.
        expect(computeTotals([...amounts].reverse())).toEqual(totals);
      }),
    );
  });

  it("the classic 3 × 0.333 + 20% case", () => {
    const net = lineNetCents(parseDecimal("3", 3)!, parseDecimal("0.333", 4)!, 0n);
    expect(net).toBe(100);
    const totals = computeTotals([
      { netCents: net, vatRate: 20 },
      { netCents: 1, vatRate: 20 },
      { netCents: 1, vatRate: 20 },
    ]);
    // Per group, not per line: 1.02 × 20% = 0.204 → 0.20 (per line would give 0.20 + 0 + 0).
    expect(totals).toMatchObject({ subtotalCents: 102, vatCents: 20, totalCents: 122 });
  });
});

describe("decimals", () => {
  it("parses what people type and rejects the rest", () => {
    expect(parseDecimal("1 234,5", 2)).toBe(123450n);
    expect(parseDecimal("12.50", 4)).toBe(125000n);
    expect(parseDecimal(3, 3)).toBe(3000n);
    expect(parseDecimal("0,1234", 4)).toBe(1234n);
    expect(parseDecimal("1.23456", 4)).toBeNull();
    expect(parseDecimal("abc", 2)).toBeNull();
    expect(parseDecimal("", 2)).toBeNull();
    expect(parseDecimal("1e5", 2)).toBeNull();
  });

  it("round-trips decimal strings", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (cents) => {
        expect(Number(parseDecimal(centsToDecimal(cents), 2))).toBe(cents);
      }),
    );
  });

  it("formats for people and converts with a rate", () => {
    expect(formatCents(123456)).toBe("1\u00a0234,56");
    expect(formatCents(123456, "en")).toBe("1,234.56");
    // A true minus (issue #31 item 5), which reads back as a number.
    expect(formatCents(-5)).toBe("\u22120,05");
    expect(formatCents(-9320)).toBe("−93,20");
    expect(parseDecimal(formatCents(-123456), 2)).toBe(-123456n);
    expect(formatPrice(125000n)).toBe("12,50");
    expect(formatPrice(1250n)).toBe("0,125");
    // Prices and quantities are grouped like amounts: «1 250,00», not «1250,00».
    expect(formatPrice(12_500_000n)).toBe("1\u00a0250,00");
    expect(formatScaled(1_250_500n, 3)).toBe("1\u00a0250,5");
    expect(parseDecimal(formatPrice(12_500_000n), 4)).toBe(12_500_000n);
    expect(convertCents(10000, "0.92345678")).toBe(9235);
  });
});
