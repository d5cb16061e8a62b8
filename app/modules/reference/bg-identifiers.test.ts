import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { todayInSofia } from "~/utils/dates";
import {
  BG_ID_MESSAGES,
  bgIdError,
  bgIdKind,
  bgVatError,
  hasValidEikChecksum,
  isValidBgVat,
  isValidBranchBulstat,
  isValidEgn,
  isValidEik,
  isValidLnch,
  normalizeVatNumber,
} from "./bg-identifiers";
import { egnBirthDate } from "./egn";

// python-stdnum's published Bulgarian vectors (tests/fixtures/identifiers/README.md, LGPL-2.1+).
type Verdict = { number: string; why?: string; kind?: string };
const stdnum = JSON.parse(
  readFileSync(
    path.join(process.cwd(), "tests/fixtures/identifiers/python-stdnum-bg.json"),
    "utf8",
  ),
) as {
  egn: { valid: string[]; invalid: Verdict[] };
  pnf: { valid: string[]; invalid: Verdict[] };
  vat: { valid: Verdict[]; invalid: Verdict[]; compact: { input: string; number: string }[] };
};

describe("python-stdnum's vectors", () => {
  // python-stdnum does not check that the birth date is not in the future (a TODO in its
  // stdnum/bg/egn.py); this app does (issue #43 item 6): 7542011030 and 7552010005 are born in
  // 2075, valid by their digits on their birthday and refused before it.
  it.each(stdnum.egn.valid)("ЕГН %s is valid (from its birth date on)", (number) => {
    const born = egnBirthDate(number) as string;
    expect(isValidEgn(number, born)).toBe(true);
    if (born > todayInSofia()) {
      expect(isValidEgn(number)).toBe(false);
      return;
    }
    expect(isValidEgn(number)).toBe(true);
    expect(bgIdKind(number)).toBe("egn");
    expect(bgIdError(number)).toBeNull();
  });

  it.each(stdnum.egn.invalid)("ЕГН $number is refused ($why)", ({ number }) => {
    expect(isValidEgn(number)).toBe(false);
  });

  it.each(stdnum.pnf.valid)("ЛНЧ %s is valid", (number) => {
    expect(isValidLnch(number)).toBe(true);
    expect(bgIdError(number)).toBeNull();
  });

  it.each(stdnum.pnf.invalid)("ЛНЧ $number is refused ($why)", ({ number }) => {
    expect(isValidLnch(number)).toBe(false);
  });

  it.each(stdnum.vat.valid)("VAT BG$number ($kind) is valid", ({ number }) => {
    expect(bgVatError(`BG${number}`)).toBeNull();
    expect(isValidBgVat(`BG${number}`)).toBe(true);
  });

  it.each(stdnum.vat.invalid)("VAT BG$number is refused ($why)", ({ number }) => {
    expect(bgVatError(`BG${number}`)).toBe(BG_ID_MESSAGES.vatChecksum);
  });

  it.each(stdnum.vat.compact)("«$input» is written $number", ({ input, number }) => {
    expect(normalizeVatNumber(input)).toBe(`BG${number}`);
  });

  it("holds every vector of the fixture", () => {
    expect(stdnum.egn.valid.length + stdnum.pnf.valid.length + stdnum.vat.valid.length).toBe(28);
  });
});

describe("ЕИК / БУЛСТАТ check digits", () => {
  it.each([
    ["175074752", true], // domain notes' test vector
    ["175074751", false], // domain notes' test vector
    ["121220328", true],
    ["000000000", true],
    ["12345678a", false],
  ])("9 digits: %s → %s", (eik, expected) => {
    expect(isValidEik(eik)).toBe(expected);
    expect(hasValidEikChecksum(eik)).toBe(expected);
  });

  it.each([
    // The first nine must be a valid EIK; then r = 2·d9 + 7·d10 + 3·d11 + 5·d12 (mod 11).
    ["1750747520004", true], // 2·2 = 4
    ["1750747520005", false],
    ["1750747520019", true], // 2·2 + 5·1 = 9
    ["1750747510004", false], // valid tail on an invalid 9-digit EIK
  ])("13 digits: %s → %s", (eik, expected) => {
    expect(isValidBranchBulstat(eik)).toBe(expected);
    expect(bgIdError(eik)).toBe(expected ? null : BG_ID_MESSAGES.eikChecksum);
  });

  it("uses the second weights when the first sum gives 10", () => {
    // 2·5 = 10 → second weights: 4·5 = 20 mod 11 = 9.
    expect(isValidEik("050000009")).toBe(true);
    expect(isValidEik("050000000")).toBe(false);
  });
});

describe("one rule for every ЕИК/Булстат field", () => {
  it.each([
    ["175074752", null, "eik"],
    ["1750747520004", null, "branch"],
    ["8032056031", null, "egn"],
    ["7111042925", null, "lnch"],
    ["7153849522", null, "other"],
    ["175074751", BG_ID_MESSAGES.eikChecksum, null],
    ["1750747520", BG_ID_MESSAGES.personChecksum, null], // no ЕГН, ЛНЧ or служебен номер
    ["17507475200", BG_ID_MESSAGES.eikFormat, null], // 11 digits: no Bulgarian identifier
    ["175074752000", BG_ID_MESSAGES.eikFormat, null], // 12 digits
    ["17507475", BG_ID_MESSAGES.eikFormat, null],
    ["17507475a", BG_ID_MESSAGES.eikFormat, null],
  ])("%s → %s", (value, message, kind) => {
    expect(bgIdError(value)).toBe(message);
    expect(bgIdKind(value)).toBe(kind);
  });

  it("refuses a person's number where only a legal entity fits", () => {
    expect(bgIdError("8032056031", { persons: false })).toBe(BG_ID_MESSAGES.eikFormat);
  });
});

describe("BG VAT numbers", () => {
  it.each([
    ["BG175074752", null],
    ["BG1750747520004", null],
    ["BG8032056031", null],
    ["BG175074751", BG_ID_MESSAGES.vatChecksum], // the example
    ["BG1750747520", BG_ID_MESSAGES.vatChecksum],
    ["BG17507475200", BG_ID_MESSAGES.vatFormat],
    ["BG17507475", BG_ID_MESSAGES.vatFormat],
    ["175074752", BG_ID_MESSAGES.vatFormat],
    ["DE123456789", BG_ID_MESSAGES.vatFormat],
  ])("%s → %s", (vat, message) => {
    expect(bgVatError(vat)).toBe(message);
  });

  it("is BG + the company's ЕИК", () => {
    expect(bgVatError("BG175074752", "175074752")).toBeNull();
    expect(bgVatError("BG121220328", "175074752")).toBe(BG_ID_MESSAGES.vatNotEik("175074752"));
    expect(BG_ID_MESSAGES.vatNotEik("175074752")).toBe(
      "ДДС номерът на фирмата е BG и нейният ЕИК: BG175074752",
    );
    // An ЕИК that is itself wrong is answered at its own field, not here.
    expect(bgVatError("BG121220328", "175074751")).toBeNull();
  });
});
