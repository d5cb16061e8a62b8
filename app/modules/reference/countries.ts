import { COUNTRY_NAMES } from "./country-names";

export interface Country {
  code: string;
  nameBg: string;
  nameEn: string;
  flag: string;
}

export { DEFAULT_COUNTRY } from "./default-country";

/** A flag emoji from an ISO alpha-2 code (regional indicator letters). */
function flagOf(code: string): string {
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** About 250 countries sorted by Bulgarian name, Bulgaria first. */
export const COUNTRIES: Country[] = COUNTRY_NAMES.map(([code, nameBg, nameEn]) => ({
  code,
  nameBg,
  nameEn,
  flag: flagOf(code),
})).sort((a, b) =>
  a.code === "BG" ? -1 : b.code === "BG" ? 1 : a.nameBg.localeCompare(b.nameBg, "bg"),
);

const byName = new Map(
  COUNTRIES.map((country) => [country.nameBg.toLocaleLowerCase("bg"), country]),
);
const byCode = new Map(COUNTRIES.map((country) => [country.code, country]));

/** The country with this Bulgarian name (case-insensitive), if any. */
export function countryByName(name: string): Country | undefined {
  return byName.get(name.trim().toLocaleLowerCase("bg"));
}

export function countryByCode(code: string): Country | undefined {
  return byCode.get(code);
}
