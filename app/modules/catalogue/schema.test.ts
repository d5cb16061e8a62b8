import { describe, expect, it } from "vitest";
import { lineFromCatalogue } from "~/modules/invoices/editor";
import { searchTerm } from "~/utils/schema";
import { CATALOGUE_MESSAGES, catalogueItemSchemaFor } from "./schema";

const rates = [{ rate: 20 }, { rate: 9 }, { rate: 0 }];

describe("a catalogue item", () => {
  it("keeps the price exact to 4 decimals, reads Bulgarian numbers, takes a known rate or none", () => {
    const item = catalogueItemSchemaFor(rates).parse({
      name: "  Кафе  ",
      unitPrice: "1 234,5678",
      vatRate: "9",
    });
    expect(item).toEqual({
      name: "Кафе",
      nameEn: null,
      unit: "бр.",
      unitPrice: 12_345_678n,
      vatRate: 9,
      vatGround: null,
    });
    expect(
      catalogueItemSchemaFor(rates).parse({ name: "Х", unitPrice: 0, vatRate: "none" }),
    ).toMatchObject({ unitPrice: 0n, vatRate: null });
    const refused = catalogueItemSchemaFor(rates).safeParse({
      name: "Кафе\u0000",
      unitPrice: "1,23456",
      vatRate: 7,
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.flatten().fieldErrors).toEqual({
      name: ["Текстът съдържа недопустими символи"],
      unitPrice: [CATALOGUE_MESSAGES.unitPrice],
      vatRate: [CATALOGUE_MESSAGES.vatRate],
    });
  });

  it("fills a line: the English name on an English document, no VAT for a company not registered", () => {
    const item = {
      id: "x",
      name: "Консултация",
      nameEn: "Consultation",
      unit: "ч.",
      unitPrice: "80",
      vatRate: 20,
      vatGround: null,
      revenueAccount: "702",
      archived: false,
    };
    expect(lineFromCatalogue(item, { language: "bg", vatRegistered: true })).toEqual({
      description: "Консултация",
      quantity: "1",
      unit: "ч.",
      unitPrice: "80,00",
      discount: "",
      vatRate: "20",
      catalogueItemId: "x",
    });
    expect(lineFromCatalogue(item, { language: "en", vatRegistered: false }, "3")).toMatchObject({
      description: "Consultation",
      quantity: "3",
      vatRate: "none",
    });
  });

  it("a search is trimmed, bounded, and empty when it holds what PostgreSQL refuses", () => {
    expect(searchTerm("  кафе ")).toBe("кафе");
    expect(searchTerm("ж".repeat(500))).toHaveLength(100);
    expect(searchTerm("a\u0000b")).toBe("");
    expect(searchTerm("\ud800")).toBe("");
    expect(searchTerm(null)).toBe("");
  });
});
