import { describe, expect, it } from "vitest";
import { incomeTaxKind } from "~/modules/income-tax/rules";
import { calendarKind } from "../calendar/rules";
import { isSoleTraderName, taxpayerKind } from "./company-kind";

/*
 * A sole trader (ЕТ) is told apart by its registered name, by one definition the tax calendar
 * and the income-tax pages share (decision 076).
 */

const SOLE_TRADERS = [
  "ЕТ „Иван Петров - 77“",
  'ЕТ "ИВАН ПЕТРОВ"',
  '"ИВАН ПЕТРОВ - 77" ЕТ',
  "Иван Петров ЕТ",
  "ЕТ-Иван Петров",
  "ЕТ„Мария“",
  "Мария Иванова (ЕТ)",
  "ЕТ Бета – Георги Колев",
  // A Latin keyboard: E and T that look like Е and Т, alone or mixed.
  "ET Ivan Petrov",
  "EТ „Иван Петров“",
  "Едноличен търговец Иван Петров",
  "ЕДНОЛИЧЕН ТЪРГОВЕЦ „ПЕТРОВ“",
];

const NOT_SOLE_TRADERS = [
  "Петров ЕООД",
  "ПЕТ Консулт ООД",
  "Свет АД",
  "Етажна собственост",
  "ЕТАЖ 5",
  "Сметка Етикети",
  "ЕТ Консулт ЕООД",
  "Иван Петров ЕТ и сие КД",
  "Smith et Fils",
  "",
];

describe("a sole trader (ЕТ) by its registered name", () => {
  it.each(SOLE_TRADERS)("«%s» is a sole trader", (name) => {
    expect(isSoleTraderName(name)).toBe(true);
    expect(taxpayerKind("company", name)).toBe("soleTrader");
  });

  it.each(NOT_SOLE_TRADERS)("«%s» is not", (name) => {
    expect(isSoleTraderName(name)).toBe(false);
    expect(taxpayerKind("company", name)).toBe("company");
  });

  it("the sign-up kind comes first: a freelancer or a non-profit stays what it signed up as", () => {
    expect(taxpayerKind("freelancer", "ЕТ Иван Петров")).toBe("freelancer");
    expect(taxpayerKind("nonprofit", "ЕТ Иван Петров")).toBe("nonprofit");
  });

  it("the calendar and the income-tax pages agree on every name", () => {
    for (const name of [...SOLE_TRADERS, ...NOT_SOLE_TRADERS]) {
      for (const type of ["company", "freelancer", "nonprofit"]) {
        const calendar = calendarKind(type, name);
        const income = incomeTaxKind(type, name);
        expect(income, `${type} ${name}`).toBe(
          calendar === "freelancer"
            ? "freelancer"
            : calendar === "soleTrader"
              ? "sole_trader"
              : "none",
        );
      }
    }
  });
});
