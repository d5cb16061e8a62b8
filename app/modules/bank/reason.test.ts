import { describe, expect, it } from "vitest";
import { nameKey, readReason } from "./reason";

const numbers = (reason: string) =>
  readReason(reason)
    .numbers.map((n) => `${n.value}${n.strong ? "" : "?"}${n.proforma ? "p" : ""}`)
    .sort();

describe("document numbers in a payment's reason", () => {
  it("reads the number after «ф-ра», «фактура», «ф.», «фак.», with leading zeros and a date after", () => {
    expect(numbers("ПО Ф-РА 0000000123/05.11.2026")).toEqual(["123"]);
    expect(numbers("плащане по фактура № 123 от 01.11.2026")).toEqual(["123"]);
    expect(numbers("ф. 77")).toEqual(["77"]);
    expect(numbers("фак.78")).toEqual(["78"]);
    expect(numbers("ФРА 79")).toEqual(["79"]);
    expect(numbers("INV-0000000080")).toEqual(["80"]);
    expect(numbers("Ф.РА 81")).toEqual(["81"]);
  });

  it("reads a list of numbers after one word", () => {
    expect(numbers("ПЛАЩАНЕ ПО ФАКТУРИ 124 И 125")).toEqual(["124", "125"]);
    expect(numbers("ф-ри 12,13 и 14")).toEqual(["12", "13", "14"]);
    expect(numbers("Ф-РИ 0000000131/0000000132")).toEqual(["131", "132"]);
    expect(numbers("ф-ри 12/13/14")).toEqual(["12", "13", "14"]);
  });

  it("never reads a number as part of another (12 is not in 123)", () => {
    expect(numbers("Ф-РА 123")).not.toContain("12");
    expect(numbers("Ф-РА 1234567")).toEqual(["1234567"]);
  });

  it("takes bare long numbers as weak, leaves out dates, amounts, IBANs and ЕИК", () => {
    expect(numbers("ПО 0000000140 ОТ 02.11.2026")).toEqual(["140?"]);
    expect(numbers("СУМА 1 200,50 ЛВ. ДОГОВОР 15")).toEqual([]);
    expect(numbers("ОТ BG18RZBB91550123456789 ЗА 2026-11-05")).toEqual([]);
    expect(numbers("ЕИК 175074752 ф-ра 9")).toEqual(["9"]);
    expect(readReason("ЕИК 175074752 ф-ра 9").eiks).toEqual(["175074752"]);
    expect(readReason("ДДС № BG175074752").eiks).toEqual(["175074752"]);
  });

  it("marks numbers after «проформа»", () => {
    expect(numbers("ПО ПРОФОРМА 55")).toEqual(["55p"]);
  });
});

describe("payers' names", () => {
  it("compares Cyrillic and Latin spellings without the legal form", () => {
    expect(nameKey("СИЛА ИНВЕСТ ООД")).toBe(nameKey("SILA INVEST OOD"));
    expect(nameKey("„Клиент Бета“ ООД")).toBe(nameKey("KLIENT BETA"));
    expect(nameKey("ООД")).toBeNull();
  });
});
