import { describe, expect, it } from "vitest";
import {
  clientFill,
  parseVatNumber,
  registrationFill,
  VIES_MESSAGES,
  type ViesAnswer,
} from "./vies";

const answer = (overrides: Partial<ViesAnswer>): ViesAnswer => ({
  valid: true,
  name: null,
  address: null,
  vatNumber: "BG175074752",
  checkedAt: "2026-11-24T08:00:00.000Z",
  ...overrides,
});

describe("parseVatNumber", () => {
  it.each([
    ["BG175074752", "BG", "175074752"],
    ["bg 175 074 752", "BG", "175074752"],
    ["BG1750747520", "BG", "1750747520"],
    ["GR094259216", "EL", "094259216"],
    ["de-123.456.789", "DE", "123456789"],
    ["IE1234567FA", "IE", "1234567FA"],
    ["XI123456789", "XI", "123456789"],
  ])("%s → %s %s", (value, countryCode, number) => {
    expect(parseVatNumber(value)).toEqual({
      countryCode,
      number,
      vatNumber: `${countryCode}${number}`,
    });
  });

  it.each([
    "",
    "175074752",
    "BG12345678",
    "BG17507475201",
    "US123456789",
    "GB123456789",
    "DE1",
    "BG17507475X",
  ])("%j cannot be asked", (value) => {
    expect(parseVatNumber(value)).toBeNull();
  });
});

describe("what an answer fills", () => {
  it("the client form: name and address, with the status line; nothing for an invalid number", () => {
    expect(clientFill(answer({ name: "BETA GMBH", address: "Hauptstr. 1, 10115 Berlin" }))).toEqual(
      {
        values: { name: "BETA GMBH", address: "Hauptstr. 1, 10115 Berlin" },
        status: {
          tone: "ok",
          text: "Валиден ДДС номер: BETA GMBH. Попълнихме името и адреса — проверете ги.",
        },
      },
    );
    expect(clientFill(answer({}))).toEqual({
      values: {},
      status: { tone: "ok", text: `${VIES_MESSAGES.valid(null)}.` },
    });
    expect(clientFill(answer({ valid: false }))).toEqual({
      values: {},
      status: { tone: "error", text: VIES_MESSAGES.invalid },
    });
  });

  it("registration: Cyrillic to the Bulgarian fields (quotes dropped), Latin to the English ones", () => {
    expect(
      registrationFill(answer({ name: '„ДЕЛТА" ООД', address: "гр. Варна, ул. Преслав 1" })).values,
    ).toEqual({
      companyName: "ДЕЛТА ООД",
      companyAddress: "гр. Варна, ул. Преслав 1",
    });
    const latin = registrationFill(answer({ name: "DELTA OOD", address: "Varna, Preslav 1" }));
    expect(latin.values).toEqual({
      companyNameEn: "DELTA OOD",
      companyAddressEn: "Varna, Preslav 1",
    });
    expect(latin.status.text).toContain("VIES дава името и адреса на латиница: попълнихме ги");
    // Mixed scripts are not Cyrillic: the registration's rule would refuse them.
    expect(registrationFill(answer({ name: "ДЕЛТА Ltd" })).values).toEqual({
      companyNameEn: "ДЕЛТА Ltd",
    });
  });
});
