import { describe, expect, it } from "vitest";
import { countryNames } from "../../../scripts/generate-countries";
import { COUNTRIES, countryByCode, countryByName } from "./countries";
import { COUNTRY_NAMES } from "./country-names";

describe("the country table", () => {
  it("is what i18n-iso-countries says (regenerate with npx tsx scripts/generate-countries.ts)", () => {
    expect(COUNTRY_NAMES.map((row) => [...row])).toEqual(countryNames());
  });

  it("puts Bulgaria first, then sorts by the Bulgarian name, and finds by name or code", () => {
    expect(COUNTRIES[0]).toMatchObject({ code: "BG", nameBg: "България", flag: "🇧🇬" });
    expect(COUNTRIES.length).toBeGreaterThan(240);
    expect(countryByName("  германия ")?.code).toBe("DE");
    expect(countryByCode("GR")).toMatchObject({ nameBg: "Гърция", nameEn: "Greece" });
  });
});
