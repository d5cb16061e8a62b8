import { describe, expect, it } from "vitest";
import { fillPlaceholders, hasPlaceholder } from "./placeholders";

describe("period placeholders (issue #41, item 7)", () => {
  it("fills the occurrence's month, year and quarter in Bulgarian", () => {
    expect(fillPlaceholders("Поддръжка за {месец} {година}", "2026-12-03", "monthly")).toBe(
      "Поддръжка за декември 2026",
    );
    expect(fillPlaceholders("{тримесечие} на {година}", "2026-11-03", "quarterly")).toBe(
      "IV тримесечие на 2026",
    );
    expect(fillPlaceholders("за {Предходен  месец}", "2026-12-03", "monthly")).toBe("за ноември");
  });

  it("names the previous month's year across New Year, and the period by the schedule", () => {
    expect(
      fillPlaceholders("{предходен месец} {година на предходния месец}", "2027-01-05", "monthly"),
    ).toBe("декември 2026");
    expect(fillPlaceholders("{период}", "2027-01-05", "monthly")).toBe("януари 2027");
    expect(fillPlaceholders("{период}", "2027-01-05", "quarterly")).toBe("I тримесечие 2027");
    expect(fillPlaceholders("{период}", "2027-01-05", "yearly")).toBe("2027");
    expect(fillPlaceholders("{предходно тримесечие}", "2027-01-05", "quarterly")).toBe(
      "IV тримесечие",
    );
  });

  it("is in English for an English document and in both for a bilingual one", () => {
    expect(fillPlaceholders("Support for {месец} {година}", "2026-12-03", "monthly", "en")).toBe(
      "Support for December 2026",
    );
    expect(fillPlaceholders("{тримесечие}", "2026-12-03", "quarterly", "en")).toBe("Q4");
    expect(fillPlaceholders("{месец}", "2026-12-03", "monthly", "bilingual")).toBe(
      "декември / December",
    );
  });

  it("leaves unknown braces as typed", () => {
    expect(fillPlaceholders("{клиент} {__proto__} {}", "2026-12-03", "monthly")).toBe(
      "{клиент} {__proto__} {}",
    );
    expect(hasPlaceholder("Наем")).toBe(false);
    expect(hasPlaceholder("Наем за {месец}")).toBe(true);
  });
});
