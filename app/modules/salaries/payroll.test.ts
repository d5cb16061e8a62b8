import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  computePayroll,
  employerSickDays,
  fullYearsBetween,
  PAYROLL_2026,
  PAYROLL_MESSAGES,
  type PayrollInput,
  type PayrollResult,
  paymentDueDate,
  SICK_LEAVE_RULES_SEED,
  sickRuleDays,
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
  "employerGvrsCents",
  "employerUpfCents",
  "employerZoCents",
  "employerContributionsCents",
] as const satisfies readonly (keyof PayrollResult)[];

describe("the payroll of a month (2026 rules)", () => {
  it("gives the worked example of 2,000.00", () => {
    expect(run({})).toEqual({
      employedDays: 21,
      workedDays: 21,
      sickEmployerDays: 0,
      sickNoiDays: 0,
      earnedCents: 200_000,
      seniorityBonusCents: 0,
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
      employerGvrsCents: 200, // ГВРС 0.1 %
      employerUpfCents: 5_600,
      employerZoCents: 9_600,
      employerContributionsCents: 38_040,
      totalCostCents: 238_040,
    });
  });

  it("gives the worked example of the minimum wage, 620.20", () => {
    expect(run({ grossCents: 62_020 })).toEqual({
      employedDays: 21,
      workedDays: 21,
      sickEmployerDays: 0,
      sickNoiDays: 0,
      earnedCents: 62_020,
      seniorityBonusCents: 0,
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
      employerGvrsCents: 62, // 0.6202
      employerUpfCents: 1_737, // 17.3656
      employerZoCents: 2_977, // 29.7696
      employerContributionsCents: 11_797,
      totalCostCents: 73_817,
    });
  });

  it("gives the worked example above the maximum, 3,000.00 insured on 2,111.64", () => {
    expect(run({ grossCents: 300_000 })).toEqual({
      employedDays: 21,
      workedDays: 21,
      sickEmployerDays: 0,
      sickNoiDays: 0,
      earnedCents: 300_000,
      seniorityBonusCents: 0,
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
      employerGvrsCents: 211, // 2.11164
      employerUpfCents: 5_913, // 59.12592
      employerZoCents: 10_136, // 101.35872
      employerContributionsCents: 40_164,
      totalCostCents: 340_164,
    });
  });

  it("rounds each contribution on its own, so the sums are sums of rounded payments", () => {
    // 620.20: rounded separately 51.97 + 13.64 + 19.85 = 85.46; 13.78 % at once would be 85.46 too,
    // but the employer's 67.73 + 2.48 + 0.62 + 17.37 + 29.77 = 117.97 where 19.02 % at once is
    // 117.96.
    const r = run({ grossCents: 62_020 });
    expect(r.employerContributionsCents).toBe(11_797);
    expect(Math.round((62_020 * 19.02) / 100)).toBe(11_796);
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
      employerGvrsCents: 200,
      employerUpfCents: 0,
      employerZoCents: 9_600,
      employerContributionsCents: 38_040,
    });
  });

  it("the seniority bonus: years × per cent of the basic pay for the days worked, in the gross, insured and taxed", () => {
    // 1,500.00 with 16 years at 0.6 %: 1,500.00 × 16 × 0.6 % = 144.00 (Наредбата, чл. 12).
    const r = run({ grossCents: 150_000, seniorityYears: 16, seniorityPercent: 0.6 });
    expect(r).toMatchObject({
      seniorityBonusCents: 14_400,
      earnedCents: 164_400,
      grossCents: 164_400,
      insurableCents: 164_400,
      employerGvrsCents: 164, // 0.1 % of 1,644.00
    });
    expect(r.taxableCents).toBe(164_400 - r.employeeContributionsCents);
    expect(r.grossCents - run({ grossCents: 150_000 }).grossCents).toBe(14_400);
    // For the days worked only: 20 of 21 days = 1,428.57; × 16 × 0.6 % = 137.14.
    expect(
      run({ grossCents: 150_000, unpaidDays: 1, seniorityYears: 16, seniorityPercent: 0.6 }),
    ).toMatchObject({ seniorityBonusCents: 13_714, earnedCents: 142_857 + 13_714 });
    // No years or no percentage: none; a management or civil contract: none.
    expect(run({ seniorityYears: 0, seniorityPercent: 0.6 }).seniorityBonusCents).toBe(0);
    expect(run({ seniorityYears: 5 }).seniorityBonusCents).toBe(0);
    expect(
      run({ contract: "management", seniorityYears: 5, seniorityPercent: 1 }).seniorityBonusCents,
    ).toBe(0);
    expect(
      run({ contract: "civil", seniorityYears: 5, seniorityPercent: 1 }).seniorityBonusCents,
    ).toBe(0);
    // The years of this employment by a month's last day.
    expect(fullYearsBetween("2020-01-01", "2026-10-31")).toBe(6);
    expect(fullYearsBetween("2020-11-01", "2026-10-31")).toBe(5);
    expect(fullYearsBetween("2026-10-15", "2026-10-31")).toBe(0);
  });

  it("a management contract is insured like a labour contract", () => {
    // …except ГВРС, which guarantees the claims of a labour relationship only.
    const labour = run({ sickDays: 2, bonusCents: 10_000 });
    expect(run({ contract: "management", sickDays: 2, bonusCents: 10_000 })).toEqual({
      ...labour,
      employerGvrsCents: 0,
      employerContributionsCents: labour.employerContributionsCents - labour.employerGvrsCents,
      totalCostCents: labour.totalCostCents - labour.employerGvrsCents,
    });
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

  it("sick days: the employer pays 70 % of the daily gross for its days, taxed but not insured", () => {
    const r = run({ sickDays: 5, sickEmployerDays: 2 });
    // 16 days of 2,000.00 = 1,523.81; 2 × 2,000.00 ÷ 21 × 70 % = 133.33 (days 3 to 5: НОИ).
    expect(r).toMatchObject({
      workedDays: 16,
      sickEmployerDays: 2,
      sickNoiDays: 3,
      earnedCents: 152_381,
      seniorityBonusCents: 0,
      sickPayCents: 13_333,
    });
    expect(r.grossCents).toBe(165_714);
    expect(r.insurableCents).toBe(152_381);
    expect(r.employeeContributionsCents).toBe(12_770 + 3_352 + 4_876); // on 1,523.81 only
    expect(r.taxableCents).toBe(165_714 - 20_998);
    expect(r.taxCents).toBe(14_472); // 10 % of 1,447.16
    // The employer's days never exceed the sick days.
    expect(run({ sickDays: 1, sickEmployerDays: 2 })).toMatchObject({
      sickEmployerDays: 1,
      sickNoiDays: 0,
      sickPayCents: 6_667, // 2,000.00 ÷ 21 × 70 %
    });
    // A whole month sick: the employer's 2 days are paid, nothing is insured.
    expect(run({ sickDays: 21, sickEmployerDays: 2 })).toMatchObject({
      workedDays: 0,
      earnedCents: 0,
      seniorityBonusCents: 0,
      sickPayCents: 13_333,
      insurableCents: 0,
      employeeContributionsCents: 0,
      employerContributionsCents: 0,
      taxCents: 1_333,
      netCents: 12_000,
    });
  });

  it("worked example: 3,000.00 hired on 15.10.2026 is paid 12 of October's 22 working days", () => {
    // 3,000.00 × 12 ÷ 22 = 1,636.36 (not the whole 3,000.00); everything follows from it.
    expect(run({ grossCents: 300_000, workingDays: 22, employedDays: 12 })).toEqual({
      employedDays: 12,
      workedDays: 12,
      sickEmployerDays: 0,
      sickNoiDays: 0,
      earnedCents: 163_636,
      seniorityBonusCents: 0,
      sickPayCents: 0,
      grossCents: 163_636,
      insurableCents: 163_636,
      employeeDooCents: 13_713, // 8.38 % = 137.127
      employeeUpfCents: 3_600, // 2.2 % = 35.999
      employeeZoCents: 5_236, // 3.2 % = 52.364
      employeeContributionsCents: 22_549,
      taxableCents: 141_087,
      taxCents: 14_109, // 10 % of 1,410.87
      netCents: 126_978,
      employerDooCents: 17_869, // 10.92 % = 178.690
      employerTzpbCents: 655, // 0.4 % = 6.545
      employerGvrsCents: 164, // 0.1 % = 1.63636
      employerUpfCents: 4_582, // 2.8 % = 45.818
      employerZoCents: 7_855, // 4.8 % = 78.545
      employerContributionsCents: 31_125,
      totalCostCents: 194_761,
    });
    // Unpaid and sick days fall within the employed days; the minimum is for the days worked.
    expect(
      run({ grossCents: 62_020, workingDays: 22, employedDays: 12, unpaidDays: 2 }),
    ).toMatchObject({ workedDays: 10, earnedCents: 28_191, insurableCents: 28_191 });
    // Left on the 9th: 7 of 22 days.
    expect(run({ grossCents: 300_000, workingDays: 22, employedDays: 7 }).grossCents).toBe(95_455);
  });

  it("worked example: employer-paid sick leave under КСО чл. 40, ал. 5, dated by the day it began", () => {
    const rules = SICK_LEAVE_RULES_SEED;
    const days = (beganOn: string, sickDays: number, insuredSixMonths = true, before = 0) =>
      employerSickDays({ rules, beganOn, sickDays, insuredSixMonths, daysBeforeMonth: before });
    expect(sickRuleDays(rules, "2023-12-31")).toBe(3);
    expect(sickRuleDays(rules, "2024-01-01")).toBe(2);
    expect(sickRuleDays(rules, "1999-12-31")).toBe(0);
    // 2,000.00, 22 working days, 5 sick days that began in 2026: the employer pays 2 days,
    // 2,000.00 ÷ 22 × 70 % × 2 = 127.27 (not 190.91 for 3 days).
    const now = run({ workingDays: 22, sickDays: 5, sickEmployerDays: days("2026-10-05", 5) });
    expect(now).toMatchObject({
      sickEmployerDays: 2,
      sickNoiDays: 3,
      workedDays: 17,
      earnedCents: 154_545, // 2,000.00 × 17 ÷ 22
      sickPayCents: 12_727,
      grossCents: 167_272,
      insurableCents: 154_545,
    });
    // Began on 28.12.2023: the old rule, 3 days, 190.91.
    expect(
      run({ workingDays: 22, sickDays: 5, sickEmployerDays: days("2023-12-28", 5) }),
    ).toMatchObject({ sickEmployerDays: 3, sickNoiDays: 2, sickPayCents: 19_091 });
    // Without 6 months of insurance the employer pays nothing; all the days are НОИ's.
    expect(
      run({ workingDays: 22, sickDays: 5, sickEmployerDays: days("2026-10-05", 5, false) }),
    ).toMatchObject({ sickEmployerDays: 0, sickNoiDays: 5, sickPayCents: 0, earnedCents: 154_545 });
    // An incapacity that began in the previous month: its days there count against the 2.
    expect(days("2026-10-30", 4, true, 1)).toBe(1);
    expect(days("2026-10-29", 4, true, 2)).toBe(0);
    expect(days("2023-12-28", 4, true, 2)).toBe(1);
  });

  it("a civil contract: 25 % statutory expenses, pension, УПФ and health only above the minimum", () => {
    // income 750.00 ≥ 620.20: pension 6.58 % 49.35, УПФ 16.50, ЗО 24.00; tax 10 % of 660.15.
    expect(run({ contract: "civil", grossCents: 100_000 })).toEqual({
      employedDays: 21,
      workedDays: 21,
      sickEmployerDays: 0,
      sickNoiDays: 0,
      earnedCents: 100_000,
      seniorityBonusCents: 0,
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
      employerGvrsCents: 0, // no ГВРС on a civil contract
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
          r.employerDooCents +
            r.employerTzpbCents +
            r.employerGvrsCents +
            r.employerUpfCents +
            r.employerZoCents,
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
