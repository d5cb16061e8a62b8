import { describe, expect, it } from "vitest";
import { action as addAction } from "~/routes/_app.salaries_.add";
import { action as editAction, loader as editLoader } from "~/routes/_app.salaries_.edit.$id";
import { action as employeeNew } from "~/routes/_app.salaries_.employees_.new";
import { action as employeesPost } from "~/routes/api.employees";
import { action as salariesPost } from "~/routes/api.salaries";
import { action as salaryChange, loader as salaryGet } from "~/routes/api.salaries.$id";
import { action as copyPost } from "~/routes/api.salaries.copy-previous";
import { addDays, todayInSofia } from "~/utils/dates";
import { createCompanyOnPlan, validEgn } from "../setup/factories";
import { type AnyAnswer, call, formBody, jsonBody, postApi, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #43 item 6: a salary's parts each within the limit of an amount (99 999 999 999,99) made
 * sums above it (gross + bonus stored and filed as 199 999 999 999,98), and the row could not be
 * saved again with its own values; an ЕГН born in the future was accepted.
 */

const getDb = setupTestDatabase();

const GROSS_WITH_BONUS =
  "Брутното възнаграждение и бонусите заедно не може да надхвърлят 99 999 999 999,99";
const FIGURES_TOO_LARGE =
  "Сумите на заплатата (брутно с бонусите и добавката за стаж, общият разход с осигуровките на работодателя) не може да надхвърлят 99 999 999 999,99";
const MONTH_TOO_LARGE =
  "Сборът на заплатите за месеца (брутно, осигуровки, данък, общ разход) не може да надхвърля 99 999 999 999,99";

/** The ЕГН of someone born on the day (yyyy-mm-dd), the 2000s' month +40. */
function egnBornOn(day: string, serial = "123"): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const month = y >= 2000 ? m + 40 : m;
  return validEgn(
    `${String(y % 100).padStart(2, "0")}${String(month).padStart(2, "0")}${String(d).padStart(2, "0")}${serial}`,
  );
}

async function fullCompany() {
  const db = getDb();
  const me = await createCompanyOnPlan(db, "full");
  const session = await signInApi(db, me.user);
  return { page: { Cookie: session.cookie }, api: session.bearer };
}

const employeeBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Мария Иванова Петрова",
  idNumber: validEgn("850101123"),
  position: "Управител",
  contractType: "labour",
  startDate: "2025-03-01",
  gross: "2000.00",
  ...overrides,
});

function addEmployee(api: Record<string, string>, overrides: Record<string, unknown> = {}) {
  return postApi(employeesPost, getDb(), "/api/employees", employeeBody(overrides), api);
}

const postSalary = (api: Record<string, string>, body: Record<string, unknown>) =>
  call(salariesPost, getDb(), "/api/salaries", { ...jsonBody(body, "POST", api) });

describe("a salary's sums within the limit of an amount (issue #43 item 6)", () => {
  it("refuses a gross and a bonus each at the limit, on the API and the form, and stores nothing", async () => {
    const me = await fullCompany();
    const a = await addEmployee(me.api, { gross: "99999999999.99" });
    const api = await postSalary(me.api, {
      employeeId: a.id,
      month: "2026-10",
      bonus: "99999999999.99",
    });
    expect(api.status).toBe(400);
    expect((await api.json()).errors).toEqual({ bonus: { _errors: [GROSS_WITH_BONUS] } });

    const form = await call(addAction, getDb(), "/salaries/add", {
      ...formBody(
        {
          employeeId: a.id,
          month: "2026-10",
          gross: "99 999 999 999,99",
          bonus: "99 999 999 999,99",
          status: "draft",
          intent: "save",
        },
        me.page,
      ),
    });
    expect(form.status).toBe(400);
    expect(await form.json()).toMatchObject({
      focus: "bonus",
      fieldErrors: { bonus: GROSS_WITH_BONUS },
      repopulateFields: { bonus: "99 999 999 999,99" },
    });
    // «Изчисли» says the same without computing 199 999 999 999,98.
    const preview = await call(addAction, getDb(), "/salaries/add", {
      ...formBody(
        { employeeId: a.id, month: "2026-10", bonus: "99999999999,99", intent: "calculate" },
        me.page,
      ),
    });
    expect(preview.status).toBe(400);
    expect((await preview.json()).fieldErrors).toEqual({ bonus: GROSS_WITH_BONUS });
    expect(await getDb().selectFrom("salaries").select("id").execute()).toEqual([]);
  });

  it("refuses what the limit's parts add up to beyond it: the employer's total cost, the seniority bonus", async () => {
    const me = await fullCompany();
    // The gross at the limit: with the employer's contributions the total cost is above it.
    const top = await addEmployee(me.api, { gross: "99999999999.99" });
    const atLimit = await postSalary(me.api, { employeeId: top.id, month: "2026-10" });
    expect(atLimit.status).toBe(400);
    expect((await atLimit.json()).errors).toEqual({ gross: { _errors: [FIGURES_TOO_LARGE] } });
    // 70 years of service at 100 % a year: the seniority bonus is 70 × the basic salary.
    const senior = await addEmployee(me.api, {
      name: "Иван Стоянов",
      idNumber: validEgn("750505123"),
      gross: "2000000000.00",
      seniorityYears: 70,
      seniorityPercent: "100",
    });
    const withSeniority = await postSalary(me.api, {
      employeeId: senior.id,
      month: "2026-10",
      bonus: "1.00",
    });
    expect(withSeniority.status).toBe(400);
    expect((await withSeniority.json()).errors).toEqual({
      bonus: { _errors: [FIGURES_TOO_LARGE] },
    });
    const preview = await call(addAction, getDb(), "/salaries/add", {
      ...formBody({ employeeId: senior.id, month: "2026-10", intent: "calculate" }, me.page),
    });
    expect(preview.status).toBe(400);
    expect((await preview.json()).fieldErrors).toEqual({ gross: FIGURES_TOO_LARGE });
    expect(await getDb().selectFrom("salaries").select("id").execute()).toEqual([]);
  });

  it("saves a salary just under the limit, and saves it again with its own values (API and form)", async () => {
    const me = await fullCompany();
    const db = getDb();
    const a = await addEmployee(me.api, { gross: "99999999000.00" });
    const created = await postSalary(me.api, {
      employeeId: a.id,
      month: "2026-10",
      bonus: "500.00",
      sickDays: 2,
    });
    expect(created.status).toBe(201);
    const saved = await created.json();
    expect(saved).toMatchObject({ agreedGross: "99999999000.00", bonus: "500.00" });
    expect(BigInt(saved.totalCost.replace(".", ""))).toBeLessThanOrEqual(9_999_999_999_999n);

    // The API: GET's body PUT back as it came keeps every figure (its `gross` is the month's,
    // with bonus and sick pay; agreedGross is what was agreed).
    const got = await (
      await call(salaryGet, db, `/api/salaries/${saved.id}`, {
        headers: me.api,
        params: { id: saved.id },
      })
    ).json();
    const again = await call(salaryChange, db, `/api/salaries/${saved.id}`, {
      ...jsonBody(got, "PUT", me.api),
      params: { id: saved.id },
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(got);

    // The page: the edit form's own values saved again change nothing.
    const before = await db.selectFrom("salaries").selectAll().executeTakeFirstOrThrow();
    const page = await (
      await call(editLoader, db, `/salaries/edit/${saved.id}`, {
        headers: me.page,
        params: { id: saved.id },
      })
    ).json();
    const edited = await call(editAction, db, `/salaries/edit/${saved.id}`, {
      ...formBody({ ...page.values, intent: "save" }, me.page),
      params: { id: saved.id },
    });
    expect(edited.status).toBe(302);
    const after = await db.selectFrom("salaries").selectAll().executeTakeFirstOrThrow();
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
  });

  it("keeps the month's totals (the list, the CSV, обр. 6, the payment slips) within the limit", async () => {
    const me = await fullCompany();
    const db = getDb();
    const a = await addEmployee(me.api, { gross: "60000000000.00" });
    const b = await addEmployee(me.api, {
      name: "Петър Колев",
      idNumber: validEgn("880202123"),
      gross: "60000000000.00",
    });
    expect((await postSalary(me.api, { employeeId: a.id, month: "2026-10" })).status).toBe(201);
    const second = await postSalary(me.api, { employeeId: b.id, month: "2026-10" });
    expect(second.status).toBe(400);
    expect((await second.json()).errors).toEqual({ gross: { _errors: [MONTH_TOO_LARGE] } });
    expect(await db.selectFrom("salaries").select("employeeId").execute()).toEqual([
      { employeeId: a.id },
    ]);
    // Another month holds it; copying it into the first month's next is refused whole.
    expect((await postSalary(me.api, { employeeId: b.id, month: "2026-09" })).status).toBe(201);
    expect((await postSalary(me.api, { employeeId: a.id, month: "2026-09" })).status).toBe(400);
    const november = await postSalary(me.api, { employeeId: a.id, month: "2026-11" });
    expect(november.status).toBe(201);
    const copied = await call(copyPost, db, "/api/salaries/copy-previous", {
      ...jsonBody({ month: "2026-11" }, "POST", me.api),
    });
    expect(copied.status).toBe(200);
    const copiedAgain = await call(copyPost, db, "/api/salaries/copy-previous", {
      ...jsonBody({ month: "2026-10" }, "POST", me.api),
    });
    // 2026-09 has b; 2026-10 has a: b copied into October would take it over the limit.
    expect(copiedAgain.status).toBe(400);
    expect((await copiedAgain.json()).errors).toEqual({ month: { _errors: [MONTH_TOO_LARGE] } });
    expect(
      await db.selectFrom("salaries").select("month").where("month", "=", "2026-10").execute(),
    ).toHaveLength(1);
  });
});

describe("an ЕГН born in the future is refused (issue #43 item 6)", () => {
  it("refuses 31.12.2099 and tomorrow in Sofia on the API and the page; today is fine", async () => {
    const me = await fullCompany();
    const tomorrow = addDays(todayInSofia(), 1);
    const printed = (day: string) => day.split("-").reverse().join(".");
    for (const day of ["2099-12-31", tomorrow]) {
      const number = egnBornOn(day);
      const message = `Невалидно ЕГН: датата на раждане в него (${printed(day)}) е след днешната дата`;
      const api = await call(employeesPost, getDb(), "/api/employees", {
        ...jsonBody(employeeBody({ idNumber: number }), "POST", me.api),
      });
      expect(api.status, day).toBe(400);
      expect((await api.json()).errors, day).toEqual({ idNumber: { _errors: [message] } });
      const page = await call(employeeNew, getDb(), "/salaries/employees/new", {
        ...formBody(
          { ...employeeBody({ idNumber: number, gross: "2000,00" }), hoursPerDay: "8" },
          me.page,
        ),
      });
      expect(page.status, day).toBe(400);
      expect(await page.json(), day).toMatchObject({
        focus: "idNumber",
        fieldErrors: { idNumber: message },
      });
    }
    expect(await getDb().selectFrom("employees").select("id").execute()).toEqual([]);
    const today = todayInSofia();
    const born = await postApi<AnyAnswer>(
      employeesPost,
      getDb(),
      "/api/employees",
      employeeBody({ idNumber: egnBornOn(today) }),
      me.api,
    );
    expect(born).toMatchObject({ idKind: "egn", birthDate: today });
  });
});
