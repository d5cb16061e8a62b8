import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  computePayroll,
  PAYROLL_2026,
  PAYROLL_MESSAGES,
  type PayrollInput,
  type PayrollResult,
  paymentDueDate,
  validateDays,
} from "./payroll";

const base: PayrollInput = {
  contract: "labour",
  bornBefore1960: false,
  grossCents: 200_000,
  workingDays: 21,
  unpaidDays: 0,
  sickDays: 0,
  bonusCents: 0,
  tzpbRate: 0.4,
};
const run = (over: Partial<PayrollInput>) => computePayroll({ ...base, ...over }, PAYROLL_2026);

const CONTRIBUTIONS = [
  "employeeDooCents",
  "employeeUpfCents",
  "employeeZoCents",
  "employeeContributionsCents",
  "employerDooCents",
  "employerTzpbCents",
  "employerUpfCents",
  "employerZoCents",
  "employerContributionsCents",
] as const satisfies readonly (keyof PayrollResult)[];

describe("the payroll of a month (2026 rules)", () => {
  it("gives the worked example of 2,000.00", () => {
    expect(run({})).toEqual({
      workedDays: 21,
      earnedCents: 200_000,
      sickPayCents: 0,
      grossCents: 200_000,
      insurableCents: 200_000,
      employeeDooCents: 16_760,
      employeeUpfCents: 4_400,
      employeeZoCents: 6_400,
      employeeContributionsCents: 27_560,
      taxableCents: 172_440,
      taxCents: 17_244,
      netCents: 155_196,
      employerDooCents: 21_840,
      employerTzpbCents: 800,
      employerUpfCents: 5_600,
      employerZoCents: 9_600,
      employerContributionsCents: 37_840,
      totalCostCents: 237_840,
    });
  });

  it("gives the worked example of the minimum wage, 620.20", () => {
    expect(run({ grossCents: 62_020 })).toEqual({
      workedDays: 21,
      earnedCents: 62_020,
      sickPayCents: 0,
      grossCents: 62_020,
      insurableCents: 62_020,
      employeeDooCents: 5_197, // 51.97276
      employeeUpfCents: 1_364, // 13.6444
      employeeZoCents: 1_985, // 19.8464
      employeeContributionsCents: 8_546,
      taxableCents: 53_474,
      taxCents: 5_347,
      netCents: 48_127,
      employerDooCents: 6_773, // 67.72584
      employerTzpbCents: 248, // 2.4808
      employerUpfCents: 1_737, // 17.3656
      employerZoCents: 2_977, // 29.7696
      employerContributionsCents: 11_735,
      totalCostCents: 73_755,
    });
  });

  it("gives the worked example above the maximum, 3,000.00 insured on 2,111.64", () => {
    expect(run({ grossCents: 300_000 })).toEqual({
      workedDays: 21,
      earnedCents: 300_000,
      sickPayCents: 0,
      grossCents: 300_000,
      insurableCents: 211_164,
      employeeDooCents: 17_696,
      employeeUpfCents: 4_646,
      employeeZoCents: 6_757,
      employeeContributionsCents: 29_099,
      taxableCents: 270_901,
      taxCents: 27_090,
      netCents: 243_811,
      employerDooCents: 23_059, // 230.591088
      employerTzpbCents: 845, // 8.44656
      employerUpfCents: 5_913, // 59.12592
      employerZoCents: 10_136, // 101.35872
      employerContributionsCents: 39_953,
      totalCostCents: 339_953,
    });
  });

  it("rounds each contribution on its own, so the sums are sums of rounded payments", () => {
    // 620.20: rounded separately 51.97 + 13.64 + 19.85 = 85.46; 13.78 % at once would be 85.46 too,
    // but the employer's 67.73 + 2.48 + 17.37 + 29.77 = 117.35 where 18.92 % at once is 117.34.
    const r = run({ grossCents: 62_020 });
    expect(r.employerContributionsCents).toBe(11_735);
    expect(Math.round((62_020 * 18.92) / 100)).toBe(11_734);
  });

  it("born before 1960: the whole pension in ДОО (8.78 / 11.02), no УПФ", () => {
    expect(run({ bornBefore1960: true })).toMatchObject({
      insurableCents: 200_000,
      employeeDooCents: 21_160, // 10.58 % = 8.78 + 1.40 + 0.40
      employeeUpfCents: 0,
      employeeZoCents: 6_400,
      employeeContributionsCents: 27_560,
      taxCents: 17_244,
      netCents: 155_196,
      employerDooCents: 27_440, // 13.72 % = 11.02 + 2.10 + 0.60
      employerTzpbCents: 800,
      employerUpfCents: 0,
      employerZoCents: 9_600,
      employerContributionsCents: 37_840,
    });
  });

  it("a management contract is insured like a labour contract", () => {
    expect(run({ contract: "management", sickDays: 2, bonusCents: 10_000 })).toEqual(
      run({ sickDays: 2, bonusCents: 10_000 }),
    );
  });

  it("unpaid days reduce the pay and the minimum insurable income in proportion", () => {
    // 20 of 21 days of 2,000.00 = 1,904.76.
    expect(run({ unpaidDays: 1 })).toMatchObject({
      workedDays: 20,
      earnedCents: 190_476,
      grossCents: 190_476,
      insurableCents: 190_476,
    });
    // 10 of 21 days of 620.20: 295.33; the minimum for 10 days is the same, 295.33.
    expect(run({ grossCents: 62_020, unpaidDays: 11 })).toMatchObject({
      workedDays: 10,
      earnedCents: 29_533,
      insurableCents: 29_533,
      employeeDooCents: 2_475, // 24.748654
    });
    // Pay below the minimum is insured on the minimum for the days worked:
    // 11 of 21 days of 500.00 = 261.90, of 620.20 = 324.87.
    expect(run({ grossCents: 50_000, unpaidDays: 10 })).toMatchObject({
      earnedCents: 26_190,
      insurableCents: 32_487,
    });
    expect(run({ grossCents: 50_000 }).insurableCents).toBe(62_020);
    // Part time (4 hours): the minimum is half.
    expect(run({ grossCents: 31_010, hoursPerDay: 4 }).insurableCents).toBe(31_010);
    expect(run({ grossCents: 20_000, hoursPerDay: 4 }).insurableCents).toBe(31_010);
    // A whole month of unpaid leave: nothing earned, nothing insured.
    expect(run({ unpaidDays: 21 })).toMatchObject({
      workedDays: 0,
      grossCents: 0,
      insurableCents: 0,
      employerContributionsCents: 0,
      netCents: 0,
    });
  });

  it("the maximum is the whole month's, not reduced for absences", () => {
    // 11 of 21 days of 5,000.00 = 2,619.05 > 2,111.64.
    expect(run({ grossCents: 500_000, unpaidDays: 10 }).insurableCents).toBe(211_164);
  });

  it("sick days: the employer pays 70 % of the daily gross for the first 3, taxed but not insured", () => {
    const r = run({ sickDays: 5 });
    // 16 days of 2,000.00 = 1,523.81; 3 × 2,000.00 ÷ 21 × 70 % = 200.00 (days 4 and 5: НОИ).
    expect(r).toMatchObject({ workedDays: 16, earnedCents: 152_381, sickPayCents: 20_000 });
    expect(r.grossCents).toBe(172_381);
    expect(r.insurableCents).toBe(152_381);
    expect(r.employeeContributionsCents).toBe(12_770 + 3_352 + 4_876); // on 1,523.81 only
    expect(r.taxableCents).toBe(172_381 - r.employeeContributionsCents);
    expect(r.taxCents).toBe(15_138); // 10 % of 1,513.83
    // Two sick days: 2 × 2,000.00 ÷ 21 × 70 % = 133.33, rounded once.
    expect(run({ sickDays: 2 })).toMatchObject({
      workedDays: 19,
      earnedCents: 180_952,
      sickPayCents: 13_333,
      grossCents: 194_285,
      insurableCents: 180_952,
    });
    // A whole month sick: the employer's 3 days are paid, nothing is insured.
    expect(run({ sickDays: 21 })).toMatchObject({
      workedDays: 0,
      earnedCents: 0,
      sickPayCents: 20_000,
      insurableCents: 0,
      employeeContributionsCents: 0,
      employerContributionsCents: 0,
      taxCents: 2_000,
      netCents: 18_000,
    });
  });

  it("a civil contract: 25 % statutory expenses, pension, УПФ and health only above the minimum", () => {
    // income 750.00 ≥ 620.20: pension 6.58 % 49.35, УПФ 16.50, ЗО 24.00; tax 10 % of 660.15.
    expect(run({ contract: "civil", grossCents: 100_000 })).toEqual({
      workedDays: 21,
      earnedCents: 100_000,
      sickPayCents: 0,
      grossCents: 100_000,
      insurableCents: 75_000,
      employeeDooCents: 4_935,
      employeeUpfCents: 1_650,
      employeeZoCents: 2_400,
      employeeContributionsCents: 8_985,
      taxableCents: 66_015,
      taxCents: 6_602, // 66.015, half up
      netCents: 84_413,
      employerDooCents: 6_165, // pension 8.22 %
      employerTzpbCents: 0,
      employerUpfCents: 2_100,
      employerZoCents: 3_600,
      employerContributionsCents: 11_865,
      totalCostCents: 111_865,
    });
    // Days do not matter: no sick pay, no proportion.
    expect(run({ contract: "civil", grossCents: 100_000, unpaidDays: 5, sickDays: 5 })).toEqual(
      run({ contract: "civil", grossCents: 100_000 }),
    );
    // A bonus is part of the fee.
    expect(run({ contract: "civil", grossCents: 60_000, bonusCents: 40_000 })).toMatchObject({
      grossCents: 100_000,
      insurableCents: 75_000,
      netCents: 84_413,
    });
  });

  it("a civil contract below the minimum: nothing insured, tax on the income after expenses", () => {
    expect(run({ contract: "civil", grossCents: 50_000 })).toMatchObject({
      grossCents: 50_000,
      insurableCents: 0,
      employeeContributionsCents: 0,
      employerContributionsCents: 0,
      taxableCents: 37_500,
      taxCents: 3_750,
      netCents: 46_250,
      totalCostCents: 50_000,
    });
    // 826.93 less 25 % (206.73) is exactly the minimum: insured.
    expect(run({ contract: "civil", grossCents: 82_693 }).insurableCents).toBe(62_020);
    expect(run({ contract: "civil", grossCents: 82_692 }).insurableCents).toBe(0);
  });

  it("a civil contract: born before 1960 (pension 8.78 / 11.02, no УПФ) and above the maximum", () => {
    expect(run({ contract: "civil", grossCents: 100_000, bornBefore1960: true })).toMatchObject({
      insurableCents: 75_000,
      employeeDooCents: 6_585,
      employeeUpfCents: 0,
      employeeZoCents: 2_400,
      employerDooCents: 8_265,
      employerUpfCents: 0,
      employerZoCents: 3_600,
      taxableCents: 66_015,
      taxCents: 6_602,
    });
    // 4,000.00 less 25 % = 3,000.00, insured on 2,111.64.
    expect(run({ contract: "civil", grossCents: 400_000 })).toMatchObject({
      insurableCents: 211_164,
      employeeDooCents: 13_895, // 138.945912
      employeeUpfCents: 4_646,
      employeeZoCents: 6_757,
      taxableCents: 300_000 - 25_298,
    });
  });

  it("contributions are due on the 25th of the next month", () => {
    expect(paymentDueDate("2026-01")).toBe("2026-02-25");
    expect(paymentDueDate("2026-11")).toBe("2026-12-25");
    expect(paymentDueDate("2026-12")).toBe("2027-01-25");
  });

  it("refuses days that cannot be, by field", () => {
    const days = (workingDays: number, unpaidDays: number, sickDays: number) =>
      validateDays({ workingDays, unpaidDays, sickDays });
    expect(days(21, 0, 0)).toEqual({});
    expect(days(21, 10, 11)).toEqual({});
    expect(days(21, 10, 12)).toEqual({
      unpaidDays: "Дните неплатен отпуск и болничен не може да надхвърлят работните дни",
    });
    expect(days(0, 0, 0)).toEqual({ workingDays: PAYROLL_MESSAGES.workingDays });
    expect(days(21, -1, 1.5)).toEqual({
      unpaidDays: PAYROLL_MESSAGES.days,
      sickDays: PAYROLL_MESSAGES.days,
    });
  });
});

describe("payroll properties", () => {
  /** Days that can be: unpaid and sick within the working days. */
  const days = fc
    .record({
      workingDays: fc.integer({ min: 1, max: 23 }),
      unpaid: fc.nat(),
      sick: fc.nat(),
    })
    .map(({ workingDays, unpaid, sick }) => {
      const unpaidDays = unpaid % (workingDays + 1);
      return { workingDays, unpaidDays, sickDays: sick % (workingDays - unpaidDays + 1) };
    });

  // Labour and management contracts as the app accepts them: at least the minimum wage.
  const labour = fc
    .record({
      contract: fc.constantFrom("labour" as const, "management" as const),
      bornBefore1960: fc.boolean(),
      grossCents: fc.integer({ min: 62_020, max: 5_000_000 }),
      days,
      bonusCents: fc.integer({ min: 0, max: 500_000 }),
      tzpbRate: fc.constantFrom(0.4, 0.5, 0.7, 0.9, 1.1),
    })
    .map(({ days, ...rest }): PayrollInput => ({ ...rest, ...days }));

  const civil = fc
    .record({
      bornBefore1960: fc.boolean(),
      grossCents: fc.integer({ min: 0, max: 5_000_000 }),
      days,
      bonusCents: fc.integer({ min: 0, max: 500_000 }),
      tzpbRate: fc.constantFrom(0.4, 1.1),
    })
    .map(({ days, ...rest }): PayrollInput => ({ contract: "civil", ...rest, ...days }));

  const either = fc.oneof(labour, civil);

  it("net + employee contributions + tax = gross, to the cent, and the sums add up", () => {
    fc.assert(
      fc.property(either, (input) => {
        const r = computePayroll(input, PAYROLL_2026);
        expect(r.netCents + r.employeeContributionsCents + r.taxCents).toBe(r.grossCents);
        expect(r.employeeContributionsCents).toBe(
          r.employeeDooCents + r.employeeUpfCents + r.employeeZoCents,
        );
        expect(r.employerContributionsCents).toBe(
          r.employerDooCents + r.employerTzpbCents + r.employerUpfCents + r.employerZoCents,
        );
        expect(r.totalCostCents).toBe(r.grossCents + r.employerContributionsCents);
        expect(r.grossCents).toBe(r.earnedCents + r.sickPayCents);
        expect(r.insurableCents).toBeLessThanOrEqual(PAYROLL_2026.maxInsurableCents);
      }),
    );
  });

  it("every result is a non-negative integer", () => {
    fc.assert(
      fc.property(either, (input) => {
        for (const [key, value] of Object.entries(computePayroll(input, PAYROLL_2026))) {
          expect([key, Number.isSafeInteger(value) && value >= 0]).toEqual([key, true]);
        }
      }),
    );
  });

  it("no contribution falls as the gross grows", () => {
    fc.assert(
      fc.property(either, fc.integer({ min: 0, max: 1_000_000 }), (input, more) => {
        const a = computePayroll(input, PAYROLL_2026);
        const b = computePayroll({ ...input, grossCents: input.grossCents + more }, PAYROLL_2026);
        for (const key of CONTRIBUTIONS) expect(b[key]).toBeGreaterThanOrEqual(a[key]);
        expect(b.insurableCents).toBeGreaterThanOrEqual(a.insurableCents);
      }),
    );
  });

  it("contributions stay the same once the income is above the maximum", () => {
    const max = PAYROLL_2026.maxInsurableCents;
    fc.assert(
      fc.property(either, fc.integer({ min: 1, max: 1_000_000 }), (input, more) => {
        const a = computePayroll(input, PAYROLL_2026);
        const income =
          input.contract === "civil"
            ? a.taxableCents + a.employeeContributionsCents
            : a.earnedCents;
        fc.pre(income >= max && a.workedDays > 0);
        const b = computePayroll({ ...input, grossCents: input.grossCents + more }, PAYROLL_2026);
        expect(a.insurableCents).toBe(max);
        for (const key of CONTRIBUTIONS) expect(b[key]).toBe(a[key]);
      }),
    );
  });
});
