import { describe, expect, it } from "vitest";
import { isBankFee } from "./fees";

describe("a bank fee line", () => {
  it("is a debit whose reason names a fee; a taxi company is not a bank fee", () => {
    const debit = (reason: string, counterpartyName: string | null = null) =>
      isBankFee({ direction: "debit", reason, counterpartyName });
    expect(debit("Такса за превод")).toBe(true);
    expect(debit("Месечна такса обслужване")).toBe(true);
    expect(debit("Банкови такси за ноември")).toBe(true);
    expect(debit("Комисиона за теглене")).toBe(true);
    expect(debit("Monthly account fee")).toBe(true);
    expect(debit("Плащане по фактура 12", "Такси Експрес ООД")).toBe(false);
    expect(debit("Такси до летището")).toBe(false);
    expect(isBankFee({ direction: "credit", reason: "Такса за превод" })).toBe(false);
  });
});
