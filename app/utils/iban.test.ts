import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  bulgarianBankCode,
  checkedIban,
  IBAN_MESSAGE,
  isValidIban,
  normalizeIban,
  optionalIban,
} from "./iban";

describe("IBAN (ibantools)", () => {
  it("normalises to the electronic format", () => {
    expect(normalizeIban(" bg80 bnbg 9661 1020 3456 78 ")).toBe("BG80BNBG96611020345678");
    expect(normalizeIban("BG80-BNBG-9661-1020-3456-78")).toBe("BG80BNBG96611020345678");
  });

  it.each([
    ["BG80BNBG96611020345678", true],
    ["bg80 bnbg 9661 1020 3456 78", true],
    ["DE89370400440532013000", true],
    ["BG81BNBG96611020345678", false],
    ["BG80BNBG9661102034567", false],
    ["", false],
  ])("%s valid: %s", (iban, valid) => {
    expect(isValidIban(iban)).toBe(valid);
  });

  it("reads a Bulgarian IBAN's bank code (the BIC's first four letters)", () => {
    expect(bulgarianBankCode("bg80 bnbg 9661 1020 3456 78")).toBe("BNBG");
    expect(bulgarianBankCode("DE89370400440532013000")).toBeNull();
    expect(bulgarianBankCode("BG80BNBG")).toBeNull();
  });

  it("as schema fields: required with its own message, optional as null, the same check", () => {
    const required = checkedIban(z.string().min(1, "IBAN е задължителен"));
    expect(required.parse("bg80 bnbg 9661 1020 3456 78")).toBe("BG80BNBG96611020345678");
    expect(required.safeParse("").error?.issues[0]?.message).toBe("IBAN е задължителен");
    expect(required.safeParse("BG81BNBG96611020345678").error?.issues[0]?.message).toBe(
      IBAN_MESSAGE,
    );
    expect(optionalIban.parse("")).toBeNull();
    expect(optionalIban.parse(undefined)).toBeNull();
    expect(optionalIban.safeParse("BG00XXXX").error?.issues[0]?.message).toBe(IBAN_MESSAGE);
  });
});
