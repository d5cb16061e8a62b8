import { describe, expect, it } from "vitest";
import { excelCell, excelCsv, excelNumber } from "./csv.server";

describe("CSV for Excel", () => {
  it.each([
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ["+1+2", "'+1+2"],
    ["-3+4", "'-3+4"],
    ["@SUM(1+1)", "'@SUM(1+1)"],
    ['=HYPERLINK("http://evil.test","Натисни")', `'=HYPERLINK("http://evil.test","Натисни")`],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", "'\r=1+1"],
    ["Клиент Бета ООД", "Клиент Бета ООД"],
    ["-1234,50", "-1234,50"],
    ["0,00", "0,00"],
    ["42", "42"],
  ])("writes %j as %j", (value, expected) => {
    expect(excelCell(value)).toBe(expected);
  });

  it("keeps negative amounts as numbers and quotes what needs quoting", () => {
    expect(excelNumber(-123456)).toBe("-1234,56");
    expect(excelNumber(5)).toBe("0,05");
    const csv = excelCsv([
      ["Клиент", "Сума"],
      ["=1+1;x", excelNumber(-5)],
    ]);
    expect(csv).toBe('\uFEFFКлиент;Сума\r\n"\'=1+1;x";-0,05\r\n');
  });
});
