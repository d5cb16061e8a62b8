import { describe, expect, it } from "vitest";
import { countOf, pluralWord } from "./plural";

describe("countOf (issue #41 item 13)", () => {
  it("agrees the noun with the count as Bulgarian does", () => {
    expect(countOf(1, "документ", "документа")).toBe("1 документ");
    expect(countOf(0, "документ", "документа")).toBe("0 документа");
    expect(countOf(2, "документ", "документа")).toBe("2 документа");
    expect(countOf(11, "ден", "дни")).toBe("11 дни");
    expect(countOf(21, "ден", "дни")).toBe("21 дни");
    expect(countOf(12345, "файл", "файла").replace(/\s/g, " ")).toBe("12 345 файла");
    expect(pluralWord(1, "движение", "движения")).toBe("движение");
  });
});

describe("the messages that count go through it", () => {
  it("bank, team and VAT rate messages agree with 1 and with many", async () => {
    const { BANK_MESSAGES } = await import("~/modules/bank/constants");
    const { TEAM_MESSAGES } = await import("~/modules/team/constants");
    const { VAT_MESSAGES } = await import("~/modules/reference/vat-rows");
    expect(BANK_MESSAGES.alreadyImported(1)).toBe("1 движение вече е внесено");
    expect(BANK_MESSAGES.alreadyImported(3)).toBe("3 движения вече са внесени");
    expect(TEAM_MESSAGES.seats(1)).toContain("позволява 1 място (без");
    expect(TEAM_MESSAGES.seats(3)).toContain("позволява 3 места (без");
    expect(VAT_MESSAGES.rateUsed(1, "01.01.2026")).toContain(": 1 издаден документ е с нея");
  });
});
