import { describe, expect, it } from "vitest";
import { hasCyrillic, transliterate } from "./transliterate";

describe("transliterate (Закон за транслитерацията, чл. 3)", () => {
  it.each([
    ["Иван Петров", "Ivan Petrov"],
    ["Мария Жечева", "Maria Zhecheva"],
    ["Щерю Цонев", "Shteryu Tsonev"],
    ["Юлия Ъгълова", "Yulia Agalova"],
    ["ЖИВКОВ", "ZHIVKOV"],
    ["София, България", "Sofia, Bulgaria"],
    ["Ivan Petrov", "Ivan Petrov"],
  ])("%s → %s", (bg, latin) => {
    expect(transliterate(bg)).toBe(latin);
    expect(hasCyrillic(transliterate(bg))).toBe(false);
  });
});
