import { describe, expect, it } from "vitest";
import { entryPairs, isVatAccount, type PairLine, splitDocumentRef } from "./pairs";

const dr = (accountCode: string, cents: number): PairLine => ({
  accountCode,
  debitCents: cents,
  creditCents: 0,
});
const cr = (accountCode: string, cents: number): PairLine => ({
  accountCode,
  debitCents: 0,
  creditCents: cents,
});
const shown = (lines: PairLine[]) =>
  entryPairs(lines).map((p) => `${p.debit.accountCode}/${p.credit.accountCode} ${p.cents}`);

/** Each account's debit and credit as the pairs give them (a pair is Дт its debit, Кт its credit). */
function turnover(lines: PairLine[]) {
  const sums = new Map<string, number>();
  for (const p of entryPairs(lines)) {
    sums.set(`${p.debit.accountCode} Д`, (sums.get(`${p.debit.accountCode} Д`) ?? 0) + p.cents);
    sums.set(`${p.credit.accountCode} К`, (sums.get(`${p.credit.accountCode} К`) ?? 0) + p.cents);
  }
  return sums;
}

describe("an entry as posting pairs", () => {
  it("splits one debit over its credits: an invoice with two VAT rates", () => {
    const invoice = [
      dr("411", 165_450),
      cr("703", 100_000),
      cr("4532", 20_000),
      cr("703", 41_700),
      cr("4532", 3_750),
    ];
    expect(shown(invoice)).toEqual([
      "411/703 100000",
      "411/4532 20000",
      "411/703 41700",
      "411/4532 3750",
    ]);
  });

  it("keeps a red storno red on the same sides: a credit note", () => {
    expect(shown([dr("411", -12_000), cr("703", -10_000), cr("4532", -2_000)])).toEqual([
      "411/703 -10000",
      "411/4532 -2000",
    ]);
  });

  it("pairs several debits with several credits, each side adding up account by account", () => {
    const lines = [dr("602", 7_000), dr("4531", 1_000), cr("401", 5_000), cr("503", 3_000)];
    expect(shown(lines)).toEqual(["602/401 5000", "602/503 2000", "4531/503 1000"]);
    expect(Object.fromEntries(turnover(lines))).toEqual({
      "602 Д": 7_000,
      "4531 Д": 1_000,
      "401 К": 5_000,
      "503 К": 3_000,
    });
  });

  it("pairs black and red amounts on one side by their net", () => {
    // Dr 602 100 and a red Dr 609 −20 against Cr 401 80: 609's −20 debit becomes a 20 credit.
    const lines = [dr("602", 100), dr("609", -20), cr("401", 80)];
    expect(shown(lines)).toEqual(["602/401 80", "602/609 20"]);
    // The other side: Cr 703 100 and a red Cr 709 −30 against Dr 411 70.
    expect(shown([dr("411", 70), cr("703", 100), cr("709", -30)])).toEqual([
      "411/703 70",
      "709/703 30",
    ]);
  });
});

describe("a document's reference and the VAT accounts", () => {
  it("splits «Вид № номер»; a reference without a number is its type", () => {
    expect(splitDocumentRef("Фактура № 0000000012")).toEqual({
      type: "Фактура",
      number: "0000000012",
    });
    expect(splitDocumentRef("Протокол по чл. 117 № 7/2026")).toEqual({
      type: "Протокол по чл. 117",
      number: "7/2026",
    });
    expect(splitDocumentRef("СД по ЗДДС 10.2026")).toEqual({
      type: "СД по ЗДДС 10.2026",
      number: "",
    });
  });

  it("takes 453 and its sub-accounts as VAT, nothing else", () => {
    expect(["453", "4531", "4532", "4538", "4539"].every(isVatAccount)).toBe(true);
    expect(["411", "503", "45", "4611"].some(isVatAccount)).toBe(false);
  });
});
