import { describe, expect, it } from "vitest";
import { type BgBank, bankFill, bankOfIban } from "./banks";

const BANKS: BgBank[] = [
  { code: "UNCR", bic: "UNCRBGSF", nameBg: "УниКредит Булбанк АД", nameEn: "UniCredit Bulbank AD" },
  {
    code: "BNBG",
    bic: "BNBGBGSF",
    nameBg: "Българска народна банка",
    nameEn: "Bulgarian National Bank",
  },
];

describe("banks by IBAN code", () => {
  it("finds the bank of a valid Bulgarian IBAN only", () => {
    expect(bankOfIban(BANKS, "bg80 bnbg 9661 1020 3456 78")?.bic).toBe("BNBGBGSF");
    expect(bankOfIban(BANKS, "BG81BNBG96611020345678")).toBeNull(); // wrong check digits
    expect(bankOfIban(BANKS, "BG38ZZZZ96611020345678")).toBeNull(); // unknown code
    expect(bankOfIban(BANKS, "DE89370400440532013000")).toBeNull();
  });

  it("fills only what is empty, and the English name only when the form has that field", () => {
    const iban = "BG80BNBG96611020345678";
    expect(bankFill(BANKS, { companyBankAccount: iban })).toEqual({
      companyBankName: "Българска народна банка",
      companyBankBic: "BNBGBGSF",
    });
    expect(
      bankFill(BANKS, {
        companyBankAccount: iban,
        companyBankName: "БНБ",
        companyBankBic: " ",
        companyBankNameEn: "",
      }),
    ).toEqual({ companyBankBic: "BNBGBGSF", companyBankNameEn: "Bulgarian National Bank" });
    expect(bankFill(BANKS, { companyBankAccount: "BG38ZZZZ96611020345678" })).toEqual({});
  });
});
