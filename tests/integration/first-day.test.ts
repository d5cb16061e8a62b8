import { describe, expect, it } from "vitest";
import { SIGNUP_DRAFT_EXPIRED } from "~/modules/accounts/wizard.server";
import { addMonths } from "~/modules/analytics/period";
import { analyticsSummary, DSO_MIN_DAYS } from "~/modules/analytics/summary.server";
import { verifyPassword } from "~/modules/auth/password.server";
import { purgeExpired } from "~/modules/auth/purge.server";
import { createDraft, issueDocument } from "~/modules/invoices/documents.server";
import { documentSchema } from "~/modules/invoices/schema";
import { action as auth, loader as authLoader } from "~/routes/auth";
import { addDays, todayInSofia } from "~/utils/dates";
import { createCompanyWithClient, PASSWORD, registrationPayload } from "../setup/factories";
import { botToken, call, formBody } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #31, «A customer's first day, polished»: what a new customer noticed, at its cause —
 * the parts the server answers (the browser's side is in tests/e2e/first-day.test.ts).
 */

const getDb = setupTestDatabase();

/** A registration's answers as the wizard's form posts them. */
function asForm(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      String(value === true ? "on" : value === false ? "" : value),
    ]),
  );
}

const STEP1 = ["username", "password", "confirmPassword"];
const STEP2 = [
  "firstName",
  "lastName",
  "companyType",
  "companyName",
  "companyVat",
  "companyAddress",
  "companyCity",
  "postalCode",
  "country",
];

async function postStep(fields: Record<string, string>) {
  return call(auth, getDb(), "/auth?tab=register", formBody({ intent: "register", ...fields }));
}

describe("sign-up hygiene (item 7)", () => {
  it("keeps the password on the server: no answer carries it, every answer is no-store, the account gets it", async () => {
    const payload = asForm({ ...registrationPayload(), companyType: "company" });
    const pick = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, payload[k] ?? ""]));

    const page = await call(authLoader, getDb(), "/auth?tab=register");
    expect(page.headers.get("Cache-Control")).toBe("no-store");

    const one = await postStep({
      step: "1",
      direction: "next",
      ...pick(STEP1),
      confirmPassword: PASSWORD,
    });
    expect(one.status).toBe(200);
    expect(one.headers.get("Cache-Control")).toBe("no-store");
    const afterOne = (await one.json()) as { step: number; values: Record<string, string> };
    expect(afterOne.step).toBe(2);
    expect(JSON.stringify(afterOne)).not.toContain(PASSWORD);
    expect(afterOne.values.password).toBeUndefined();
    const draft = afterOne.values.signupDraft;
    expect(draft).toMatch(/^[\w-]{43}$/);

    // Step 2 posts what the page carries: the token, never the password.
    const two = await postStep({
      step: "2",
      direction: "next",
      ...afterOne.values,
      ...pick(STEP2),
    });
    expect(two.headers.get("Cache-Control")).toBe("no-store");
    const afterTwo = (await two.json()) as { step: number; values: Record<string, string> };
    expect(afterTwo.step).toBe(3);
    expect(JSON.stringify(afterTwo)).not.toContain(PASSWORD);

    // «Назад» to step 1 and on again with the password fields left empty: the kept one stays.
    const back = await postStep({ step: "1", direction: "next", ...afterTwo.values });
    expect(((await back.json()) as { step: number }).step).toBe(2);

    const three = await postStep({
      ...payload,
      ...afterTwo.values,
      password: "",
      step: "3",
      direction: "next",
      notRobot: "on",
      recaptchaToken: botToken(),
    });
    expect(three.status).toBe(302);
    expect(three.headers.get("Cache-Control")).toBe("no-store");
    const user = await getDb()
      .selectFrom("users")
      .select("passwordHash")
      .where("email", "=", payload.username!)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(user.passwordHash, PASSWORD)).toBe(true);
    // The draft ends with the account.
    expect(await getDb().selectFrom("signupDrafts").select("id").execute()).toEqual([]);
  });

  it("a refused step 1 sends neither password back; a draft gone after an hour asks for the password again", async () => {
    const refused = await postStep({
      step: "1",
      direction: "next",
      username: "not-an-email",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).not.toContain(PASSWORD);

    const payload = asForm({ ...registrationPayload(), companyType: "company" });
    const one = await postStep({
      step: "1",
      direction: "next",
      username: payload.username!,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const { values } = (await one.json()) as { values: Record<string, string> };
    const later = new Date(Date.now() + 61 * 60 * 1000);
    expect(await purgeExpired(getDb(), later)).toMatchObject({ signupDrafts: 1 });
    const three = await postStep({
      ...payload,
      ...values,
      password: "",
      step: "3",
      direction: "next",
      notRobot: "on",
      recaptchaToken: botToken(),
    });
    expect(three.status).toBe(400);
    const answer = (await three.json()) as { step: number; fieldErrors: Record<string, string> };
    expect(answer.step).toBe(1);
    expect(answer.fieldErrors.password).toBe(SIGNUP_DRAFT_EXPIRED);
  });
});

describe("analytics for a young company (item 6)", () => {
  async function invoiceOn(companyId: string, userId: string, clientId: string, day: string) {
    const id = await createDraft(
      getDb(),
      companyId,
      userId,
      documentSchema.parse({
        type: "invoice",
        clientId,
        issueDate: day,
        dueDate: addDays(day, 14),
        lines: [{ description: "Услуга", quantity: "1", unitPrice: "100", vatRate: 20 }],
      }),
    );
    await issueDocument(getDb(), companyId, id);
  }

  it("shows no days-sales-outstanding figure for a company a day old, and says why", async () => {
    const { user, companyId, clientId } = await createCompanyWithClient(getDb());
    const today = todayInSofia();
    await invoiceOn(companyId, user.id, clientId, today);
    const period = { from: addMonths(today.slice(0, 7), -11), to: today.slice(0, 7) };
    const young = await analyticsSummary(getDb(), companyId, period, today);
    expect(young.openCents).toBe(12_000);
    expect(young.dso).toBeNull();
    expect(young.dsoWaiting).toEqual({ firstSaleOn: today, days: 1, needed: DSO_MIN_DAYS });

    // Sixty days later, with the invoice still open: 120 € owed of 120 € sold in 60 days.
    const later = addDays(today, 59);
    const grown = await analyticsSummary(
      getDb(),
      companyId,
      { from: period.from, to: later.slice(0, 7) },
      later,
    );
    expect(grown.dsoWaiting).toBeNull();
    expect(grown.dso).toBe(60);
  });
});
