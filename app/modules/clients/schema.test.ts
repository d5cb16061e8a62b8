import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/modules/accounts/schema";
import { CLIENT_MESSAGES, clientSchema } from "./schema";

const base = {
  kind: "company",
  name: "Клиент ООД",
  eik: "175074752",
  address: "ул. Раковски 1",
  city: "София",
};

function errors(input: Record<string, unknown>) {
  const result = clientSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("clientSchema", () => {
  it("accepts a Bulgarian company and fills the defaults", () => {
    const parsed = clientSchema.parse({
      ...base,
      emails: "A@Example.bg; b@example.bg",
      vatNumber: "bg 175074752",
    });
    expect(parsed).toMatchObject({
      currency: "EUR",
      language: "bg",
      paymentTermDays: 7,
      vatTreatment: "standard",
      country: "България",
      emails: ["a@example.bg", "b@example.bg"],
      vatNumber: "BG175074752",
    });
  });

  it.each([
    [{ name: "" }, "name", CLIENT_MESSAGES.name],
    [{ address: " " }, "address", CLIENT_MESSAGES.address],
    [{ city: "" }, "city", CLIENT_MESSAGES.city],
    [{ eik: "" }, "eik", CLIENT_MESSAGES.eikRequired],
    [{ eik: "12345" }, "eik", MESSAGES.eikFormat],
    [{ eik: "175074751" }, "eik", MESSAGES.eikChecksum],
    [{ vatNumber: "BG12" }, "vatNumber", CLIENT_MESSAGES.vat],
    // Issue #42 item 17: check digits everywhere, 11–12 digits refused, VAT = BG + ЕИК.
    [{ eik: "1750747520" }, "eik", MESSAGES.personChecksum],
    [{ eik: "17507475200" }, "eik", MESSAGES.eikFormat],
    [{ eik: "175074752000" }, "eik", MESSAGES.eikFormat],
    [{ eik: "1750747520005" }, "eik", MESSAGES.eikChecksum],
    [{ vatNumber: "BG175074751" }, "vatNumber", MESSAGES.vatChecksum],
    [{ vatNumber: "BG1750747520" }, "vatNumber", MESSAGES.vatChecksum],
    [
      { vatNumber: "BG121220328" },
      "vatNumber",
      "ДДС номерът на фирмата е BG и нейният ЕИК: BG175074752",
    ],
    [{ emails: "office@example.bg, nope" }, "emails", CLIENT_MESSAGES.email("nope")],
    [{ paymentTermDays: "400" }, "paymentTermDays", CLIENT_MESSAGES.paymentTerm],
    [{ paymentTermDays: "2.5" }, "paymentTermDays", CLIENT_MESSAGES.paymentTerm],
    [{ postalCode: "12" }, "postalCode", MESSAGES.postalBgDigits],
    [{ country: "Нарния" }, "country", MESSAGES.country],
    [{ currency: "BGN" }, "currency", "Моля, изберете валута"],
  ])("refuses %o", (override, field, message) => {
    expect(errors({ ...base, ...override })[field]).toBe(message);
  });

  it("takes a person's ЕГН or ЛНЧ, and a branch's БУЛСТАТ with its VAT number", () => {
    expect(errors({ ...base, kind: "individual", eik: "8032056031" })).toEqual({});
    expect(errors({ ...base, kind: "sole_trader", eik: "7111042925" })).toEqual({});
    expect(errors({ ...base, kind: "individual", eik: "8032056032" })).toEqual({
      eik: MESSAGES.personChecksum,
    });
    expect(errors({ ...base, eik: "1750747520004", vatNumber: "BG1750747520004" })).toEqual({});
    // A freelancer's VAT number may be BG + ЕГН beside a 9-digit Булстат.
    expect(errors({ ...base, kind: "sole_trader", vatNumber: "BG8032056031" })).toEqual({});
  });

  it("needs no EIK for an individual, and accepts an EU VAT id for a foreign company", () => {
    expect(errors({ ...base, kind: "individual", eik: "" })).toEqual({});
    expect(
      errors({
        ...base,
        kind: "foreign_company",
        eik: "",
        vatNumber: "DE123456789",
        country: "Германия",
        postalCode: "10115",
      }),
    ).toEqual({});
    expect(
      errors({
        ...base,
        kind: "foreign_company",
        eik: "",
        vatNumber: "GB123456789",
        country: "Обединеното кралство",
      }),
    ).toEqual({});
    expect(
      errors({ ...base, kind: "foreign_company", eik: "", vatNumber: "123", country: "Германия" })
        .vatNumber,
    ).toBe(CLIENT_MESSAGES.foreignVat);
  });
});
