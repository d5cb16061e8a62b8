import { describe, expect, it } from "vitest";
import {
  firstStartAfter,
  nextPeriodAfter,
  occurrenceAfter,
  occurrenceFrom,
  type Rule,
  upcoming,
} from "./schedule";

const monthly = (
  dayOfMonth: number,
  startOn = "2026-01-01",
  endOn: string | null = null,
): Rule => ({
  frequency: "monthly",
  dayOfMonth,
  startOn,
  endOn,
});

describe("when a recurring invoice falls due", () => {
  it("day 31 is the last day of shorter months, and back to 31 after", () => {
    expect(upcoming(monthly(31), "2026-01-01", 5)).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
      "2026-05-31",
    ]);
    // A leap year's February.
    expect(upcoming(monthly(31, "2028-01-15"), "2028-01-15", 3)).toEqual([
      "2028-01-31",
      "2028-02-29",
      "2028-03-31",
    ]);
    expect(upcoming(monthly(30), "2027-01-31", 2)).toEqual(["2027-02-28", "2027-03-30"]);
  });

  it("starts on the first day N on or after the start", () => {
    expect(occurrenceFrom(monthly(5, "2026-11-10"), "2026-11-10")).toBe("2026-12-05");
    expect(occurrenceFrom(monthly(10, "2026-11-10"), "2026-11-10")).toBe("2026-11-10");
    expect(occurrenceFrom(monthly(1, "2026-11-10"), "2025-01-01")).toBe("2026-12-01");
  });

  it("quarterly and yearly count from the start month, across the year's end", () => {
    const quarterly: Rule = { frequency: "quarterly", dayOfMonth: 31, startOn: "2026-11-01" };
    expect(upcoming(quarterly, "2026-11-01", 4)).toEqual([
      "2026-11-30",
      "2027-02-28",
      "2027-05-31",
      "2027-08-31",
    ]);
    const yearly: Rule = { frequency: "yearly", dayOfMonth: 29, startOn: "2028-02-01" };
    expect(upcoming(yearly, "2028-02-01", 3)).toEqual(["2028-02-29", "2029-02-28", "2030-02-28"]);
  });

  it("is calendar days: the nights summer time starts and ends in Sofia change nothing", () => {
    // 29 March 2026 03:00 → 04:00 and 25 October 2026 04:00 → 03:00 (EET/EEST).
    expect(occurrenceAfter(monthly(29), "2026-03-28")).toBe("2026-03-29");
    expect(occurrenceAfter(monthly(29), "2026-03-29")).toBe("2026-04-29");
    expect(occurrenceAfter(monthly(25), "2026-10-24")).toBe("2026-10-25");
    expect(occurrenceAfter(monthly(25), "2026-10-25")).toBe("2026-11-25");
  });

  it("ends on its last day", () => {
    const rule = monthly(15, "2026-01-01", "2026-03-14");
    expect(upcoming(rule, "2026-01-01", 5)).toEqual(["2026-01-15", "2026-02-15"]);
    expect(occurrenceAfter(rule, "2026-02-15")).toBeNull();
  });
});

describe("nextPeriodAfter (issue #41, item 7)", () => {
  it("starts one period after the source document, the day clamped", () => {
    expect(nextPeriodAfter("2026-11-03", "monthly")).toBe("2026-12-03");
    expect(nextPeriodAfter("2026-11-03", "quarterly")).toBe("2027-02-03");
    expect(nextPeriodAfter("2026-11-03", "yearly")).toBe("2027-11-03");
    expect(nextPeriodAfter("2027-01-31", "monthly")).toBe("2027-02-28");
    expect(nextPeriodAfter("2026-12-15", "monthly")).toBe("2027-01-15");
  });
});

describe("firstStartAfter (issue #41, item 7)", () => {
  it("is the next period after the document, not before today", () => {
    expect(firstStartAfter("2026-11-03", "monthly", "2026-11-28")).toBe("2026-12-03");
    expect(firstStartAfter("2026-06-03", "monthly", "2026-11-28")).toBe("2026-12-03");
    expect(firstStartAfter("2026-06-30", "quarterly", "2026-11-28")).toBe("2026-12-30");
    expect(firstStartAfter("2026-11-28", "monthly", "2026-11-28")).toBe("2026-12-28");
  });
});
