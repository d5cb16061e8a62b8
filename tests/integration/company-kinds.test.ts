import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMPANY_KIND_TEXTS, kindTexts } from "~/modules/accounts/company-kind";
import { eikError, MESSAGES } from "~/modules/accounts/schema";
import { loader as dashboardLoader } from "~/routes/_app.dashboard";
import { loader as profileLoader } from "~/routes/_app.profile";
import { action as apiRegister } from "~/routes/api.register";
import { registrationPayload } from "../setup/factories";
import { botToken, call, jsonBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

/** Registers through POST /api/register; the company's row when it was made. */
async function register(overrides: Record<string, unknown>) {
  const payload = registrationPayload({ ...overrides, recaptchaToken: botToken() });
  const answer = await call(apiRegister, getDb(), "/api/register", jsonBody(payload));
  const company = await getDb()
    .selectFrom("companies")
    .select(["id", "companyType", "eik"])
    .where("name", "=", payload.companyName)
    .executeTakeFirst();
  return { answer, company, payload };
}

describe("the kinds of business (issue #41 item 13)", () => {
  it("a non-profit (сдружение / фондация, ЮЛНЦ) signs up with its Булстат, stored like the other kinds", async () => {
    const { answer, company, payload } = await register({ companyType: "nonprofit" });
    expect(answer.status).toBe(201);
    expect(company).toMatchObject({ companyType: "nonprofit", eik: payload.companyVat });
    expect(COMPANY_KIND_TEXTS.nonprofit.label).toBe("Сдружение / фондация (ЮЛНЦ)");
    // The dashboard's card and the profile name it as what it is, not «Фирма».
    const session = await signInApi(getDb(), {
      email: payload.username,
      password: payload.password,
    });
    const dashboard = await (
      await call(dashboardLoader, getDb(), "/dashboard", { headers: { Cookie: session.cookie } })
    ).json();
    expect(dashboard.company.kind).toBe("Сдружение / фондация");
    expect(kindTexts("nonprofit").nameLabel).toBe("Име на организацията");
  });

  it("a non-profit's Булстат is checked as an ЕИК/Булстат: 9 digits (13 for a branch), with the check digit", async () => {
    expect(eikError("175074752", "nonprofit")).toBeNull();
    // A branch: the 9 digits and four more, the last a check digit.
    const branch = [..."0123456789"]
      .map((d) => `175074752000${d}`)
      .find((n) => eikError(n, "freelancer") === null)!;
    expect(branch).toHaveLength(13);
    expect(eikError(branch, "nonprofit")).toBeNull();
    expect(eikError("175074751", "nonprofit")).toBe(MESSAGES.eikChecksum);
    expect(eikError("1750747520", "nonprofit")).toBe(MESSAGES.eikFormat);
    const refused = await register({ companyType: "nonprofit", companyVat: "175074751" });
    expect(refused.answer.status).toBe(400);
    expect(refused.company).toBeUndefined();
  });

  it("a freelancer is not called «регистрирана» nor «фирма»: the profile's wording follows the kind", async () => {
    const { answer, payload } = await register({ companyType: "freelancer" });
    expect(answer.status).toBe(201);
    const session = await signInApi(getDb(), {
      email: payload.username,
      password: payload.password,
    });
    const page = await (
      await call(profileLoader, getDb(), "/profile", { headers: { Cookie: session.cookie } })
    ).json();
    expect(page.companyType).toBe("freelancer");
    const words = kindTexts(page.companyType);
    expect(words.vatRegistered).toBe("Имам регистрация по ДДС");
    expect(words.nameLabel).toBe("Име по регистрация");
    for (const text of Object.values(words)) {
      expect(text).not.toMatch(/регистрирана|[Фф]ирма/);
    }
    expect(kindTexts("company").vatRegistered).toBe("Фирмата е регистрирана по ДДС");
    expect(kindTexts("nonprofit").vatRegistered).toBe("Организацията е регистрирана по ДДС");
  });

  it("a customer's own screens never call every business «Фирмата … регистрирана»", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return files(path);
        return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
      });
    const found = files(join(process.cwd(), "app"))
      // The kinds' own texts, and the back office (the operator's words about a customer).
      .filter((file) => !/company-kind\.ts$|[/\\]admin[/\\]|hatterscastle/.test(file))
      .filter((file) =>
        /Фирмата (не )?е регистрирана|Не е регистрирана по ДДС/.test(readFileSync(file, "utf8")),
      );
    expect(found).toEqual([]);
  });
});
