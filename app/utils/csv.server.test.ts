import { describe, expect, it } from "vitest";
import { csvStreamResponse, excelCell, excelCsv, excelNumber } from "./csv.server";

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

describe("csvStreamResponse", () => {
  it("streams the header and each page as it comes, formulas defused, reading ahead one page", async () => {
    const read: number[] = [];
    async function* pages() {
      for (let page = 0; page < 3; page++) {
        read.push(page);
        yield [[`=SUM(A${page})`, excelNumber(-page * 100)]];
      }
    }
    const response = await csvStreamResponse(["Име", "Сума"], pages(), "a.csv", "а.csv");
    // Only the first page is read before the answer.
    expect(read).toEqual([0]);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const bytes = await response.arrayBuffer();
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe(
      "\uFEFFИме;Сума\r\n'=SUM(A0);0,00\r\n'=SUM(A1);-1,00\r\n'=SUM(A2);-2,00\r\n",
    );
    expect(read).toEqual([0, 1, 2]);
  });
});
