import { describe, expect, it } from "vitest";
import { amountInWords, bulgarianNumber, englishNumber } from "./words";

describe("amount in words", () => {
  it.each([
    [0, "нула"],
    [1, "един"],
    [2, "два"],
    [11, "единадесет"],
    [21, "двадесет и един"],
    [100, "сто"],
    [105, "сто и пет"],
    [120, "сто и двадесет"],
    [125, "сто двадесет и пет"],
    [1000, "хиляда"],
    [1001, "хиляда и един"],
    [1125, "хиляда сто двадесет и пет"],
    [2000, "две хиляди"],
    [21_000, "двадесет и една хиляди"],
    [1_000_000, "един милион"],
    [1_005_000, "един милион и пет хиляди"],
    [1_125_000, "един милион сто двадесет и пет хиляди"],
    [2_000_100, "два милиона и сто"],
  ])("%i in Bulgarian (masculine)", (value, words) => {
    expect(bulgarianNumber(value, "m")).toBe(words);
  });

  it("feminine and neuter forms", () => {
    expect(bulgarianNumber(1, "f")).toBe("една");
    expect(bulgarianNumber(2, "f")).toBe("две");
    expect(bulgarianNumber(21, "f")).toBe("двадесет и една");
    expect(bulgarianNumber(1, "n")).toBe("едно");
  });

  it.each([
    [0, "EUR", "нула евро"],
    [100, "EUR", "едно евро"],
    [200, "EUR", "две евро"],
    [2100, "EUR", "двадесет и едно евро"],
    [100_100, "EUR", "хиляда и едно евро"],
    [200_200, "EUR", "две хиляди и две евро"],
    [12530, "EUR", "сто двадесет и пет евро и тридесет цента"],
    [101, "EUR", "едно евро и един цент"],
    [202, "EUR", "две евро и два цента"],
    [1, "EUR", "нула евро и един цент"],
    [100, "BGN", "един лев"],
    [200, "BGN", "два лева"],
    [1100, "BGN", "единадесет лева"],
    [101, "BGN", "един лев и една стотинка"],
    [202, "BGN", "два лева и две стотинки"],
    [2121, "BGN", "двадесет и един лева и двадесет и една стотинки"],
    [100_100, "BGN", "хиляда и един лева"],
    [100_000_000, "EUR", "един милион евро"],
    [200, "GBP", "две британски лири"],
    [10530, "RON", "сто и пет RON и 30/100"],
  ])("%i cents %s in Bulgarian", (cents, currency, words) => {
    expect(amountInWords(cents, currency, "bg")).toBe(words);
  });

  it.each([
    [0, "EUR", "zero euro"],
    [100, "EUR", "one euro"],
    [12530, "EUR", "one hundred twenty-five euro and thirty cents"],
    [101, "EUR", "one euro and one cent"],
    [100_100, "EUR", "one thousand one euro"],
    [100_000_000, "EUR", "one million euro"],
    [100, "BGN", "one lev"],
    [202, "BGN", "two leva and two stotinki"],
    [2100, "USD", "twenty-one US dollars"],
  ])("%i cents %s in English", (cents, currency, words) => {
    expect(amountInWords(cents, currency, "en")).toBe(words);
  });

  it("English numbers", () => {
    expect(englishNumber(1_234_567)).toBe(
      "one million two hundred thirty-four thousand five hundred sixty-seven",
    );
    expect(englishNumber(11)).toBe("eleven");
  });
});
