import { composeIBAN } from "ibantools";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/modules/accounts/schema";
import { saveSignupPassword } from "~/modules/accounts/signup-draft.server";
import { bulgarianBanks } from "~/modules/reference/banks.server";
import { action as profileAction, loader as profileLoader } from "~/routes/_app.profile";
import { action as apiEmployees } from "~/routes/api.employees";
import { action as apiRegister } from "~/routes/api.register";
import { action as auth } from "~/routes/auth";
import { IBAN_MESSAGE } from "~/utils/iban";
import { createUser, registrationPayload, TEST_EMPLOYEE } from "../setup/factories";
import {
  type AnyAnswer,
  botToken,
  call,
  formBody,
  jsonBody,
  postApi,
  signInApi,
} from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

/** A Bulgarian IBAN with correct check digits at the bank with this code. */
const ibanAt = (code: string) =>
  composeIBAN({ countryCode: "BG", bban: `${code}96611020345678` }) as string;
/** The same IBAN with its check digits wrong. */
const WRONG_DIGITS = "BG81BNBG96611020345678";

async function signedIn(plan?: "full") {
  const user = await createUser(getDb(), plan ? { plan } : {});
  return { ...user, ...(await signInApi(getDb(), user)) };
}

/** The profile form as a browser without JavaScript sends it. */
function profileForm(overrides: Record<string, string> = {}) {
  return {
    intent: "profile",
    firstName: "Мария",
    lastName: "Георгиева",
    companyName: "Профил Тест ЕООД",
    companyAddress: "ул. Шипка 5",
    companyCity: "Пловдив",
    postalCode: "4000",
    country: "България",
    companyPhone: "",
    vatNumber: "",
    companyBankAccount: ibanAt("UNCR"),
    companyBankName: "",
    companyBankBic: "",
    companyNameEn: "",
    companyAddressEn: "",
    companyCityEn: "",
    companyBankNameEn: "",
    ...overrides,
  };
}

async function companyBank(companyId: string) {
  return getDb()
    .selectFrom("companies")
    .select(["bankIban", "bankName", "bankBic", "bankNameEn"])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
}

describe("IBAN check digits wherever one is typed", () => {
  it("registration API: 400 with the IBAN message; spaces and lower case are fine", async () => {
    const bad = await call(
      apiRegister,
      getDb(),
      "/api/register",
      jsonBody(
        registrationPayload({ companyBankAccount: WRONG_DIGITS, recaptchaToken: botToken() }),
      ),
    );
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.message).toBe("Invalid data");
    expect(body.errors.companyBankAccount._errors).toEqual([IBAN_MESSAGE]);

    const ok = await call(
      apiRegister,
      getDb(),
      "/api/register",
      jsonBody(
        registrationPayload({
          companyBankAccount: "bg80 bnbg 9661 1020 3456 78",
          recaptchaToken: botToken(),
        }),
      ),
    );
    expect(ok.status).toBe(201);
    const company = await getDb()
      .selectFrom("companies")
      .select("bankIban")
      .where("bankIban", "is not", null)
      .executeTakeFirstOrThrow();
    expect(company.bankIban).toBe("BG80BNBG96611020345678");
  });

  it("registration wizard, last step without JavaScript: 400 at the IBAN, the step's values kept", async () => {
    const payload = registrationPayload();
    const response = await call(
      auth,
      getDb(),
      "/auth?tab=register",
      formBody({
        intent: "register",
        step: "3",
        direction: "next",
        ...Object.fromEntries(
          Object.entries(payload).map(([key, value]) => [
            key,
            String(value === true ? "on" : value === false ? "" : value),
          ]),
        ),
        // Step 1 kept the password on the server (issue #31 item 7): the form carries its token.
        password: "",
        signupDraft: await saveSignupPassword(getDb(), payload.password, null),
        companyType: "company",
        companyBankAccount: WRONG_DIGITS,
        notRobot: "on",
        recaptchaToken: botToken(),
      }),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.step).toBe(3);
    expect(body.fieldErrors.companyBankAccount).toBe(IBAN_MESSAGE);
    expect(body.values).toMatchObject({ companyBankAccount: WRONG_DIGITS, companyCity: "Пловдив" });
  });

  it("profile page: 400 with the IBAN message and everything typed kept; nothing stored", async () => {
    const me = await signedIn();
    const response = await call(
      profileAction,
      getDb(),
      "/profile",
      formBody(profileForm({ companyBankAccount: WRONG_DIGITS, companyCity: "Варна" }), {
        Cookie: me.cookie,
      }),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fieldErrors.companyBankAccount).toBe(IBAN_MESSAGE);
    expect(body.repopulateFields).toMatchObject({
      companyBankAccount: WRONG_DIGITS,
      companyCity: "Варна",
      companyName: "Профил Тест ЕООД",
    });
    expect((await companyBank(me.companyId!)).bankIban).toBeNull();
  });

  it("employees (the same rule): 400 with the IBAN message; a valid one is stored in electronic format", async () => {
    const me = await signedIn("full");
    const employee = (iban: string) => ({ ...TEST_EMPLOYEE, iban });
    const bad = await postApi<AnyAnswer>(
      apiEmployees,
      getDb(),
      "/api/employees",
      employee(WRONG_DIGITS),
      { Cookie: me.cookie },
      400,
    );
    expect(bad.errors.iban._errors).toEqual([IBAN_MESSAGE]);
    await postApi(
      apiEmployees,
      getDb(),
      "/api/employees",
      employee("bg21 uncr 9661 1020 3456 78"),
      { Cookie: me.cookie },
    );
    const stored = await getDb().selectFrom("employees").select("iban").executeTakeFirstOrThrow();
    expect(stored.iban).toBe("BG21UNCR96611020345678");
  });
});

describe("the bank's name and BIC from a Bulgarian IBAN", () => {
  it("the list is the migration's: every code four letters, every BIC starting with it", async () => {
    const banks = await bulgarianBanks(getDb());
    expect(banks.length).toBeGreaterThan(15);
    for (const bank of banks) expect(bank.bic.slice(0, 4)).toBe(bank.code);
    expect(banks.find((bank) => bank.code === "UNCR")).toMatchObject({
      bic: "UNCRBGSF",
      nameBg: "УниКредит Булбанк АД",
    });
  });

  it.each([
    ["UNCR", "УниКредит Булбанк АД", "UNCRBGSF", "UniCredit Bulbank AD"],
    ["STSA", "Банка ДСК АД", "STSABGSF", "DSK Bank AD"],
    ["FINV", "Първа инвестиционна банка АД", "FINVBGSF", "First Investment Bank AD"],
    ["BPBI", "Юробанк България АД (Пощенска банка)", "BPBIBGSF", "Eurobank Bulgaria AD (Postbank)"],
    ["PRCB", "ПроКредит Банк (България) ЕАД", "PRCBBGSF", "ProCredit Bank (Bulgaria) EAD"],
  ])(
    "profile without JavaScript: an IBAN at %s fills the empty bank name and BIC on save",
    async (code, name, bic, nameEn) => {
      const me = await signedIn();
      const response = await call(
        profileAction,
        getDb(),
        "/profile",
        formBody(profileForm({ companyBankAccount: ibanAt(code) }), { Cookie: me.cookie }),
      );
      expect(response.status).toBe(302);
      expect(await companyBank(me.companyId!)).toEqual({
        bankIban: ibanAt(code),
        bankName: name,
        bankBic: bic,
        bankNameEn: nameEn,
      });
    },
  );

  it("what was typed stays: a typed bank name is kept, only the empty BIC is filled", async () => {
    const me = await signedIn();
    const response = await call(
      profileAction,
      getDb(),
      "/profile",
      formBody(
        profileForm({ companyBankAccount: ibanAt("STSA"), companyBankName: "ДСК, клон Пловдив" }),
        {
          Cookie: me.cookie,
        },
      ),
    );
    expect(response.status).toBe(302);
    expect(await companyBank(me.companyId!)).toMatchObject({
      bankName: "ДСК, клон Пловдив",
      bankBic: "STSABGSF",
    });
  });

  it("an unknown bank code leaves the fields as typed: empty ones are still required, typed ones saved", async () => {
    const me = await signedIn();
    const unknown = ibanAt("ZZZZ");
    const empty = await call(
      profileAction,
      getDb(),
      "/profile",
      formBody(profileForm({ companyBankAccount: unknown }), { Cookie: me.cookie }),
    );
    expect(empty.status).toBe(400);
    const body = await empty.json();
    expect(body.fieldErrors).toMatchObject({
      companyBankName: MESSAGES.bankName,
      companyBankBic: MESSAGES.bic,
    });
    expect(body.repopulateFields).toMatchObject({ companyBankName: "", companyBankBic: "" });

    const typed = await call(
      profileAction,
      getDb(),
      "/profile",
      formBody(
        profileForm({
          companyBankAccount: unknown,
          companyBankName: "Моята банка",
          companyBankBic: "abcdbgsf",
        }),
        { Cookie: me.cookie },
      ),
    );
    expect(typed.status).toBe(302);
    expect(await companyBank(me.companyId!)).toMatchObject({
      bankName: "Моята банка",
      bankBic: "ABCDBGSF",
    });
  });

  it("the registration wizard fills them on its last step; the profile page ships the list to its script", async () => {
    const payload = registrationPayload();
    const fields = Object.fromEntries(
      Object.entries(payload).map(([key, value]) => [
        key,
        String(value === true ? "on" : value === false ? "" : value),
      ]),
    );
    const response = await call(
      auth,
      getDb(),
      "/auth?tab=register",
      formBody({
        ...fields,
        intent: "register",
        step: "3",
        direction: "next",
        // Step 1 kept the password on the server (issue #31 item 7): the form carries its token.
        password: "",
        signupDraft: await saveSignupPassword(getDb(), payload.password, null),
        companyType: "company",
        companyBankAccount: ibanAt("FINV"),
        companyBankName: "",
        companyBankBic: "",
        notRobot: "on",
        recaptchaToken: botToken(),
      }),
    );
    expect(response.status).toBe(302);
    const company = await getDb()
      .selectFrom("companies")
      .select(["bankName", "bankBic"])
      .where("eik", "=", payload.companyVat)
      .executeTakeFirstOrThrow();
    expect(company).toEqual({ bankName: "Първа инвестиционна банка АД", bankBic: "FINVBGSF" });

    const me = await signedIn();
    const page = await (
      await call(profileLoader, getDb(), "/profile", { headers: { Cookie: me.cookie } })
    ).json();
    expect(page.banks).toContainEqual({
      code: "TEXI",
      bic: "TEXIBGSF",
      nameBg: "Тексим Банк АД",
      nameEn: "Texim Bank AD",
    });
  });
});
