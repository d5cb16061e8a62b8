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
