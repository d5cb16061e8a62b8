import { describe, expect, it } from "vitest";
import {
  bornBefore1960,
  EGN_MESSAGES,
  egnBirthDate,
  egnProblem,
  isValidEgn,
  isValidLnch,
} from "./egn";

const weighted = (first9: string, weights: number[]) =>
  [...first9].reduce((sum, digit, i) => sum + Number(digit) * weights[i]!, 0);

/** An ЕГН: the first nine digits with their check digit (weights 2,4,8,5,10,9,7,3,6; mod 11; 10 → 0). */
const egn = (first9: string) =>
  `${first9}${(weighted(first9, [2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11) % 10}`;

/** A ЛНЧ: the first nine digits with their check digit (weights 21,19,17,13,11,9,7,3,1; mod 10). */
const lnch = (first9: string) =>
  `${first9}${weighted(first9, [21, 19, 17, 13, 11, 9, 7, 3, 1]) % 10}`;

describe("ЕГН", () => {
  it("checks the check digit and reads the birth date: born 1985", () => {
    // 8·2 + 5·4 + 0·8 + 1·5 + 0·10 + 1·9 + 1·7 + 2·3 + 3·6 = 81; 81 mod 11 = 4.
    expect(egn("850101123")).toBe("8501011234");
    expect(isValidEgn("8501011234")).toBe(true);
    expect(egnBirthDate("8501011234")).toBe("1985-01-01");
    expect(bornBefore1960("8501011234")).toBe(false);
  });

  it("refuses a birth date after today in Sofia, whatever the check digit (issue #43 item 6)", () => {
    const future = egn("995231123"); // 31.12.2099
    expect(egnBirthDate(future)).toBe("2099-12-31");
    expect(isValidEgn(future)).toBe(false);
    expect(egnProblem(future)).toBe("future");
    // Born on 15.06.2026: refused the day before, valid that day.
    const june = egn("264615123");
    expect(egnProblem(june, "2026-06-14")).toBe("future");
    expect(isValidEgn(june, "2026-06-15")).toBe(true);
    expect(EGN_MESSAGES.bornInFuture("2099-12-31")).toBe(
      "Невалидно ЕГН: датата на раждане в него (31.12.2099) е след днешната дата",
    );
  });

  it("refuses a wrong check digit", () => {
    for (const last of "012356789") expect(isValidEgn(`850101123${last}`)).toBe(false);
  });

  it("takes a remainder of 10 as the check digit 0", () => {
    // 850101105: the weighted sum is 87, 87 mod 11 = 10.
    expect(isValidEgn("8501011050")).toBe(true);
    expect(isValidEgn("8501011051")).toBe(false);
  });

  it("reads the century from the month: 1955, 2005 (+40), 1899 (+20)", () => {
    const older = egn("551231123");
    expect([isValidEgn(older), egnBirthDate(older), bornBefore1960(older)]).toEqual([
      true,
      "1955-12-31",
      true,
    ]);
    const young = egn("054515123");
    expect([isValidEgn(young), egnBirthDate(young), bornBefore1960(young)]).toEqual([
      true,
      "2005-05-15",
      false,
    ]);
    const oldest = egn("992101123");
    expect([isValidEgn(oldest), egnBirthDate(oldest), bornBefore1960(oldest)]).toEqual([
      true,
      "1899-01-01",
      true,
    ]);
    expect(bornBefore1960(egn("591231123"))).toBe(true);
    expect(bornBefore1960(egn("600101123"))).toBe(false);
  });

  it("refuses dates that do not exist, whatever the check digit", () => {
    expect(isValidEgn(egn("851301123"))).toBe(false); // month 13
    expect(isValidEgn(egn("853301123"))).toBe(false); // month 33: 13 of the 1800s
    expect(isValidEgn(egn("855301123"))).toBe(false); // month 53: 13 of the 2000s
    expect(isValidEgn(egn("850001123"))).toBe(false); // month 0
    expect(isValidEgn(egn("850100123"))).toBe(false); // day 0
    expect(isValidEgn(egn("850231123"))).toBe(false); // 31 February
    expect(isValidEgn(egn("850431123"))).toBe(false); // 31 April
    expect(isValidEgn(egn("000229123"))).toBe(false); // 1900 was not a leap year
    expect(isValidEgn(egn("044229123"))).toBe(true); // 29 February 2000 was
    expect(egnBirthDate(egn("850231123"))).toBeNull();
    expect(bornBefore1960(egn("551331123"))).toBe(false); // no date, no older rules
  });

  it("refuses anything but ten digits", () => {
    for (const value of [
      "",
      "850101123",
      "85010112345",
      "850101123a",
      " 8501011234",
      "85010-1234",
    ]) {
      expect(isValidEgn(value)).toBe(false);
      expect(egnBirthDate(value)).toBeNull();
    }
  });
});

describe("ЛНЧ", () => {
  it("checks the check digit (weights 21,19,17,13,11,9,7,3,1; mod 10)", () => {
    expect(lnch("100000000")).toBe("1000000001");
    expect(isValidLnch("1000000001")).toBe(true);
    expect(lnch("123456789")).toBe("1234567893");
    expect(isValidLnch("1234567893")).toBe(true);
    expect(isValidLnch("1234567890")).toBe(false);
    expect(isValidLnch("1000000002")).toBe(false);
    expect(isValidLnch("12345")).toBe(false);
    expect(isValidLnch("123456789x")).toBe(false);
  });

  it("says what is wrong in Bulgarian", () => {
    expect(EGN_MESSAGES).toMatchObject({
      egn: "Невалидно ЕГН: проверете цифрите",
      lnch: "Невалиден ЛНЧ: проверете цифрите",
    });
  });
});
