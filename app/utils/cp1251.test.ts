import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { cp1251Warning, inCp1251, toCp1251 } from "./cp1251";

const roundTrips = (text: string) =>
  iconv.decode(iconv.encode(text, "win1251"), "win1251") === text;

describe("text for НАП's Windows-1251 files", () => {
  it("knows exactly the characters Windows-1251 has, and every converted character is one of them", () => {
    for (let code = 0; code < 0xffff; code++) {
      if ((code >= 0xd800 && code <= 0xdfff) || code === 0xfffd) continue;
      const char = String.fromCharCode(code);
      expect(inCp1251(char), char).toBe(roundTrips(char));
      expect(roundTrips(toCp1251(char)), char).toBe(true);
    }
    expect(roundTrips(toCp1251("emoji 😀"))).toBe(true);
  });

  it("writes Latin letters without their accents, keeps Cyrillic and Bulgarian punctuation", () => {
    expect(toCp1251("Müller Maschinenbau GmbH, Hauptstraße 5, München")).toBe(
      "Muller Maschinenbau GmbH, Hauptstrasse 5, Munchen",
    );
    expect(toCp1251("Łódź, Ærøskøbing, Þórshöfn, Œuvre, Đakovo, café")).toBe(
      "Lodz, AEroskobing, Thorshofn, OEuvre, Dakovo, cafe",
    );
    const bulgarian = "ул. „Витоша“ № 15, «Йорданов» — 100 €";
    expect(toCp1251(bulgarian)).toBe(bulgarian);
    expect(cp1251Warning(bulgarian)).toBeNull();
    expect(cp1251Warning("Müller Hauptstraße")).toBe(
      "Във файловете за НАП (Windows-1251) ще бъде изписано „Muller Hauptstrasse“ (ü → u, ß → ss).",
    );
  });
});
