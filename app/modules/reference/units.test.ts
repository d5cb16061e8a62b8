import { describe, expect, it } from "vitest";
import { unitInEnglish } from "./units";

describe("units in English", () => {
  it.each([
    ["бр.", "pcs"],
    ["Бр", "pcs"],
    ["час", "hour"],
    ["часа", "hour"],
    ["кг", "kg"],
    ["м", "m"],
    ["кв. м", "m²"],
    ["услуга", "service"],
    ["месец", "month"],
    ["pcs", "pcs"],
    ["палет", "палет"],
  ])("%s → %s", (bg, en) => {
    expect(unitInEnglish(bg)).toBe(en);
  });
});
