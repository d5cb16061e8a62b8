import { describe, expect, it } from "vitest";
import { clientSchema } from "~/modules/clients/schema";
import { registrationPayload } from "../../../tests/setup/factories";
import {
  changePasswordSchema,
  eikError,
  loginSchema,
  MESSAGES,
  registerSchema,
  registerStep1Schema,
  registerStep2Schema,
  registerStep3Schema,
} from "./schema";

/** The first message zod gives for a field, or undefined when the field is fine. */
function errorOf(
  result: {
    success: boolean;
    error?: { issues: { path: (string | number)[]; message: string }[] };
  },
  field: string,
) {
  return result.success
    ? undefined
    : result.error?.issues.find((issue) => issue.path.join(".") === field)?.message;
}

describe("email (§5)", () => {
  it.each([
    ["ivan@example.bg", undefined],
    ["  Ivan@Example.BG ", undefined],
    ["ivan@", MESSAGES.email],
    ["ivan.example.bg", MESSAGES.email],
    ["", MESSAGES.required],
  ])("%j → %s", (username, message) => {
    expect(
      errorOf(
        registerStep1Schema.safeParse({
          username,
          password: "Parola1!",
          confirmPassword: "Parola1!",
        }),
        "username",
      ),
    ).toBe(message);
  });

  it("is kept in lower case", () => {
    const parsed = loginSchema.parse({ username: " Ivan@Example.BG", password: "x" });
    expect(parsed.username).toBe("ivan@example.bg");
  });
});

describe("password (§5)", () => {
  it.each([
    ["Parola1!", undefined],
    ["Парола1!", undefined],
    ["Pa1!", MESSAGES.passwordLength],
    ["parola12!", MESSAGES.passwordUppercase],
    ["Parolaaa!", MESSAGES.passwordDigit],
    ["Parola123", MESSAGES.passwordSpecial],
    ["", MESSAGES.required],
  ])("%j → %s", (password, message) => {
    expect(
      errorOf(
        registerStep1Schema.safeParse({
          username: "a@b.bg",
          password,
          confirmPassword: password || "x",
        }),
        "password",
      ),
    ).toBe(message);
  });

  it("accepts every special character of the spec's list", () => {
    for (const special of '!@#$%^&*(),.?":{}|<>') {
      expect(
        registerStep1Schema.safeParse({
          username: "a@b.bg",
          password: `Parola1${special}`,
          confirmPassword: `Parola1${special}`,
        }).success,
      ).toBe(true);
    }
  });

  it.each([
    ["Parola1!", undefined],
    ["Parola2!", MESSAGES.passwordMismatch],
    ["", MESSAGES.required],
  ])("confirmation %j → %s", (confirmPassword, message) => {
    expect(
      errorOf(
        registerStep1Schema.safeParse({
          username: "a@b.bg",
          password: "Parola1!",
          confirmPassword,
        }),
        "confirmPassword",
      ),
    ).toBe(message);
  });

  it("checks the confirmation when changing the password too", () => {
    const result = changePasswordSchema.safeParse({
      currentPassword: "x",
      password: "Parola1!",
      confirmPassword: "Parola9!",
    });
    expect(errorOf(result, "confirmPassword")).toBe(MESSAGES.passwordMismatch);
  });
});

const step2 = {
  firstName: "Иван",
  lastName: "Петров",
  companyType: "company",
  companyName: "Иван ЕООД",
  companyVat: "175074752",
  companyAddress: "ул. Шипка № 5, ет. 2 (вход Б)",
  companyCity: "Пловдив",
  postalCode: "4000",
  country: "България",
};

describe("company step (§5)", () => {
  it("accepts a complete Bulgarian company", () => {
    expect(registerStep2Schema.safeParse(step2).success).toBe(true);
  });

  it.each(["firstName", "lastName", "companyName", "companyVat", "companyAddress", "postalCode"])(
    "requires %s",
    (field) => {
      const result = registerStep2Schema.safeParse({ ...step2, [field]: "" });
      expect(errorOf(result, field)).toBeTruthy();
    },
  );

  it("requires the city with its own message", () => {
    expect(
      errorOf(registerStep2Schema.safeParse({ ...step2, companyCity: "" }), "companyCity"),
    ).toBe(MESSAGES.city);
  });

  it.each(["firstName", "lastName", "companyName", "companyAddress", "companyCity"])(
    "%s allows Cyrillic only",
    (field) => {
      const result = registerStep2Schema.safeParse({ ...step2, [field]: "Ivan Petrov 12" });
      expect(errorOf(result, field)).toBe(MESSAGES.cyrillic);
    },
  );

  // Issue #25: the sign-up refused an address the client form took. One rule (BULGARIAN_TEXT)
  // allows the quotes, №, dashes and punctuation Bulgarians write.
  it.each([
    ["companyAddress", "ул. „Витоша“ № 15"],
    ["companyAddress", "бул. «Цар Освободител» 7, ет. 3; ап. 12 – вход Б/В"],
    ["companyName", "„Смет-ка“ ЕООД"],
    ["companyName", '"Бета" ООД — клон'],
    ["lastName", "Иванова-Петрова"],
    ["companyCity", "гр. Бяла (обл. Русе)"],
  ])("%s accepts %j", (field, value) => {
    expect(errorOf(registerStep2Schema.safeParse({ ...step2, [field]: value }), field)).toBe(
      undefined,
    );
  });

  it("the client form and the sign-up both take «ул. „Витоша“ № 15»", () => {
    const address = "ул. „Витоша“ № 15";
    expect(registerStep2Schema.safeParse({ ...step2, companyAddress: address }).success).toBe(true);
    const client = clientSchema.safeParse({
      kind: "company",
      name: "„Витоша“ ООД",
      eik: "175074752",
      address,
      city: "София",
    });
    expect(client.success).toBe(true);
  });

  it.each(["ул. Vitosha 15", "ул. Витоша 15 <b>", "Иван @ Петров"])(
    "still refuses %j with «Само български текст (кирилица)»",
    (companyAddress) => {
      expect(
        errorOf(registerStep2Schema.safeParse({ ...step2, companyAddress }), "companyAddress"),
      ).toBe(MESSAGES.cyrillic);
    },
  );

  it.each([
    ["ул.Ш", MESSAGES.addressLength],
    ["ул. Ш", undefined],
    [`ул. ${"а".repeat(197)}`, MESSAGES.addressLength],
    [`ул. ${"а".repeat(196)}`, undefined],
  ])("address %j → %s", (companyAddress, message) => {
    expect(
      errorOf(registerStep2Schema.safeParse({ ...step2, companyAddress }), "companyAddress"),
    ).toBe(message);
  });

  it.each([
    ["4000", "България", undefined],
    ["400", "България", MESSAGES.postalBgDigits],
    ["40000", "България", MESSAGES.postalBgDigits],
    ["40a0", "България", MESSAGES.postalDigitsOnly],
    ["10115", "Германия", undefined],
    ["1011", "Германия", MESSAGES.postalInvalid],
    ["SW1A 1AA", "Обединеното кралство", undefined],
  ])("postal code %j in %s → %s", (postalCode, country, message) => {
    expect(
      errorOf(registerStep2Schema.safeParse({ ...step2, postalCode, country }), "postalCode"),
    ).toBe(message);
  });

  it("refuses a country that is not in the list", () => {
    expect(
      errorOf(registerStep2Schema.safeParse({ ...step2, country: "Атлантида" }), "country"),
    ).toBe(MESSAGES.country);
  });

  it.each([
    ["175074752", "company", null],
    ["8032056031", "company", null], // an ЕГН (python-stdnum's vector)
    ["1750747520", "company", MESSAGES.personChecksum], // ten digits that are no ЕГН or ЛНЧ
    ["17507475", "company", MESSAGES.eikFormat],
    ["17507475200", "company", MESSAGES.eikFormat],
    ["175074751", "company", MESSAGES.eikChecksum],
    ["7111042925", "freelancer", null], // an ЛНЧ
    ["1750747520004", "freelancer", null], // a branch's БУЛСТАТ
    ["1750747520005", "freelancer", MESSAGES.eikChecksum],
    ["17507475200", "freelancer", MESSAGES.eikFormat], // 11 digits are no identifier
    ["175074752000", "freelancer", MESSAGES.eikFormat], // nor 12
    ["175074752ab", "freelancer", MESSAGES.eikFormat],
    ["17507475200000", "freelancer", MESSAGES.eikFormat],
  ] as const)("EIK %s for %s → %s", (eik, type, message) => {
    expect(eikError(eik, type)).toBe(message);
  });
});

describe("finance step (§5)", () => {
  const step3 = {
    companyBankAccount: "BG80 BNBG 9661 1020 3456 78",
    companyBankName: "БНБ",
    companyBankBic: "bnbgbgsf",
  };

  it("normalises the IBAN and BIC", () => {
    const parsed = registerStep3Schema.parse(step3);
    expect(parsed.companyBankAccount).toBe("BG80BNBG96611020345678");
    expect(parsed.companyBankBic).toBe("BNBGBGSF");
  });

  it.each([
    ["companyBankAccount", MESSAGES.iban],
    ["companyBankName", MESSAGES.bankName],
    ["companyBankBic", MESSAGES.bic],
  ])("requires %s", (field, message) => {
    expect(errorOf(registerStep3Schema.safeParse({ ...step3, [field]: "" }), field)).toBe(message);
  });

  it.each([
    [undefined, MESSAGES.vatRequired],
    ["175074752", MESSAGES.vatFormat],
    ["BG17507475", MESSAGES.vatFormat],
    ["BG175074752", undefined],
    ["BG8032056031", undefined],
    ["BG1750747520004", undefined],
    ["BG175074751", MESSAGES.vatChecksum], // the check digit (issue #42 item 17)
    ["BG1750747520", MESSAGES.vatChecksum],
  ])("with VAT registration, number %j → %s", (vatNumber, message) => {
    expect(
      errorOf(
        registerStep3Schema.safeParse({ ...step3, isVatRegistered: "on", vatNumber }),
        "vatNumber",
      ),
    ).toBe(message);
  });

  it("needs no VAT number without VAT registration", () => {
    expect(registerStep3Schema.safeParse(step3).success).toBe(true);
  });
});

describe("the whole registration (API payload)", () => {
  it("accepts the spec's payload without confirmPassword and companyType", () => {
    const result = registerSchema.safeParse(registrationPayload());
    expect(result.success).toBe(true);
    expect(result.data?.companyType).toBe("company");
  });

  it("reports every broken field at once, in zod's format", () => {
    const result = registerSchema.safeParse(
      registrationPayload({ username: "x", companyCity: "", isVatRegistered: true, vatNumber: "" }),
    );
    expect(result.success).toBe(false);
    const format = result.error!.format() as unknown as Record<string, { _errors: string[] }>;
    expect(format.username?._errors).toEqual([MESSAGES.email]);
    expect(format.companyCity?._errors).toEqual([MESSAGES.city]);
    expect(format.vatNumber?._errors).toEqual([MESSAGES.vatRequired]);
  });
});
