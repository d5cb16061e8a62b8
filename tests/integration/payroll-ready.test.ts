import { readFileSync } from "node:fs";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { DECLARATION_MESSAGES } from "~/modules/salaries/nap/messages";
import { payrollSheet, payslip } from "~/modules/salaries/print";
import { loader as pageLoader } from "~/routes/_app.salaries_.declarations";
import { action as employeeAction } from "~/routes/_app.salaries_.employees_.$id";
import { action as employeeNew } from "~/routes/_app.salaries_.employees_.new";
import { action as settingsAction, loader as settingsLoader } from "~/routes/_app.settings";
import { action as employeesPost } from "~/routes/api.employees";
import { loader as employeeGet } from "~/routes/api.employees.$id";
import { action as salariesPost } from "~/routes/api.salaries";
import { loader as salaryGet } from "~/routes/api.salaries.$id";
import { loader as formGet } from "~/routes/api.salaries.month.$month_.declarations_.$form";
import { loader as paymentsGet } from "~/routes/api.salaries.month.$month_.payments";
import { loader as payrollGet, action as payrollPut } from "~/routes/api.settings.payroll";
import { createCompanyOnPlan, validEgn } from "../setup/factories";
import { call, formBody, jsonBody, postApi, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Payroll ready to file or plainly not (issue #41 item 3, decision 043): the employer's ГВРС
 * (0.1 %) in the salary, обр. 1 and обр. 6; the НКПД of each employee and the КИД-2008 of the
 * company in their forms, the API and обр. 1; a missing code is a check with a link; the seniority
 * bonus in the gross. The files are read back from their bytes.
 */

const getDb = setupTestDatabase();

async function company() {
  const db = getDb();
  const me = await createCompanyOnPlan(db, "full");
  await db
    .updateTable("companies")
    .set({ eik: "175074752", name: "Тест Заплати ООД" })
    .where("id", "=", me.companyId)
    .execute();
  const session = await signInApi(db, me.user);
  return { companyId: me.companyId, page: { Cookie: session.cookie }, api: session.bearer };
}

async function employee(api: Record<string, string>, body: Record<string, unknown>) {
  const response = await call(employeesPost, getDb(), "/api/employees", {
    ...jsonBody(
      {
        name: "Мария Иванова Петрова",
        idNumber: validEgn("850101123"),
        position: "Счетоводител",
        contractType: "labour",
        startDate: "2020-01-01",
        gross: "2000.00",
        ...body,
      },
      "POST",
      api,
    ),
  });
  return response;
}

async function approvedSalary(api: Record<string, string>, employeeId: string) {
  return postApi<Record<string, unknown> & { id: string; employer: Record<string, string> }>(
    salariesPost,
    getDb(),
    "/api/salaries",
    { employeeId, month: "2026-10", workingDays: 22, status: "approved" },
    api,
  );
}

async function file(api: Record<string, string>, form: "1" | "6") {
  return call(formGet, getDb(), `/api/salaries/month/2026-10/declarations/${form}`, {
    headers: api,
    params: { month: "2026-10", form },
  });
}

/** A file's records as fields (Windows-1251, CR LF). */
async function records(response: Response): Promise<string[][]> {
  const content = iconv.decode(Buffer.from(await response.arrayBuffer()), "win1251");
  return content
    .slice(0, -2)
    .split("\r\n")
    .map((line) => line.split(","));
}

describe("payroll ready to file: ГВРС, НКПД, КИД-2008, the seniority bonus", () => {
  it("charges ГВРС 0.1 % (employer) and writes it in обр. 1 and обр. 6; обр. 1 carries НКПД and КИД", async () => {
    const me = await company();
    const db = getDb();
    // The company's КИД through its API: «62.01» is kept as «6201»; a wrong one is refused.
    const wrong = await call(payrollPut, db, "/api/settings/payroll", {
      ...jsonBody({ activityCode: "62" }, "PUT", me.api),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      message: "Невалидни данни",
      errors: { activityCode: { _errors: [expect.stringContaining("КИД-2008")] } },
    });
    const put = await call(payrollPut, db, "/api/settings/payroll", {
      ...jsonBody({ activityCode: "62.01" }, "PUT", me.api),
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ activityCode: "6201" });
    expect(
      await (await call(payrollGet, db, "/api/settings/payroll", { headers: me.api })).json(),
    ).toMatchObject({ activityCode: "6201" });

    // The employee's НКПД through the API: 8 digits, refused otherwise in Bulgarian.
    const bad = await employee(me.api, { occupationCode: "2411" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      errors: { occupationCode: { _errors: [expect.stringContaining("НКПД")] } },
    });
    const created = await employee(me.api, { occupationCode: "2411 4001" });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string; occupationCode: string };
    const read = await call(employeeGet, db, `/api/employees/${id}`, {
      headers: me.api,
      params: { id },
    });
    expect(await read.json()).toMatchObject({ occupationCode: "24114001" });

    // The payroll: 0.1 % of 2,000.00 = 2.00, in the employer's contributions and the cost.
    const salary = await approvedSalary(me.api, id);
    expect(salary.employer).toMatchObject({ gvrs: "2.00", total: "380.40" });
    expect(salary).toMatchObject({ gvrsRate: "0.10", totalCost: "2380.40" });
    const stored = await call(salaryGet, db, `/api/salaries/${salary.id}`, {
      headers: me.api,
      params: { id: salary.id },
    });
    expect(((await stored.json()) as { employer: { gvrs: string } }).employer.gvrs).toBe("2.00");

    // обр. 1: field 30 the first digit of the НКПД (т. 12.1), 31 the КИД (т. 12.2), 47 the ГВРС rate.
    const one = await file(me.api, "1");
    expect(one.status).toBe(200);
    const [line] = await records(one);
    expect(line).toHaveLength(53);
    expect(line![29]).toBe("2");
    expect(line![30]).toBe('"6201"');
    expect(line![46]).toBe("0.10");

    // обр. 6: т. 15 ГВРС = 2.00 (field 17 of the first column).
    const six = await file(me.api, "6");
    expect(six.status).toBe(200);
    const [record] = await records(six);
    expect(record![16]).toBe("2.00");

    // The payments: ДОО's order takes ГВРС with it; the sum is still обр. 6's.
    const csv = await call(paymentsGet, db, "/api/salaries/month/2026-10/payments", {
      headers: me.api,
      params: { month: "2026-10" },
    });
    expect(csv.status).toBe(200);
    const text = iconv.decode(Buffer.from(await csv.arrayBuffer()), "win1251");
    // ДОО: employee 167.60 + employer 218.40 + ТЗПБ 8.00 (0.4 %, the default) + ГВРС 2.00.
    expect(text).toContain('"396.00"');

    // The page's funds table: ГВРС in обр. 6 equals the payroll's.
    const page = await (
      await call(pageLoader, db, "/salaries/declarations?month=2026-10", { headers: me.page })
    ).json();
    expect(page.ready).toBe(true);
    expect(page.funds).toContainEqual({ label: "ГВРС", form6: 200, payroll: 200 });
  });

  it("a missing НКПД or КИД is a check with a link to fix it; the files wait for them", async () => {
    const me = await company();
    const db = getDb();
    const created = await employee(me.api, {});
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string; occupationCode: string | null };
    await approvedSalary(me.api, id);

    const page = await call(pageLoader, db, "/salaries/declarations?month=2026-10", {
      headers: me.page,
    });
    const data = await page.json();
    expect(data.ready).toBe(false);
    expect(data.problems).toEqual(
      expect.arrayContaining([
        {
          who: "Тест Заплати ООД",
          message: DECLARATION_MESSAGES.activityCode,
          href: "/settings#payroll-settings",
          linkText: "Въведете КИД в настройките",
        },
        {
          who: "Мария Иванова Петрова",
          message: DECLARATION_MESSAGES.occupationCode,
          href: `/salaries/employees/${id}`,
          linkText: "Въведете НКПД на служителя",
        },
      ]),
    );
    expect((await file(me.api, "1")).status).toBe(409);

    // The settings page's form without JavaScript: a wrong code is refused with what was typed.
    const refused = await call(settingsAction, db, "/settings", {
      ...formBody({ intent: "payroll-settings", activityCode: "6a01" }, me.page),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      formId: "payroll-settings",
      fieldErrors: { activityCode: expect.stringContaining("КИД-2008") },
      repopulateFields: { activityCode: "6a01" },
    });
    const saved = await call(settingsAction, db, "/settings", {
      ...formBody({ intent: "payroll-settings", activityCode: "69.20" }, me.page),
    });
    expect(saved.status).toBe(302);
    const settings = await (
      await call(settingsLoader, db, "/settings", { headers: me.page })
    ).json();
    expect(settings.payroll).toEqual({ activityCode: "6920" });

    // The employee's page: a wrong НКПД is refused by field, a right one saved.
    const fields = {
      name: "Мария Иванова Петрова",
      idNumber: validEgn("850101123"),
      position: "Счетоводител",
      contractType: "labour",
      startDate: "2020-01-01",
      gross: "2000,00",
      hoursPerDay: "8",
      insuredSixMonths: "yes",
    };
    const wrong = await call(employeeAction, db, `/salaries/employees/${id}`, {
      ...formBody({ ...fields, occupationCode: "abc" }, me.page),
      params: { id },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      fieldErrors: { occupationCode: expect.stringContaining("8 цифри") },
      repopulateFields: { occupationCode: "abc" },
    });
    const fixed = await call(employeeAction, db, `/salaries/employees/${id}`, {
      ...formBody({ ...fields, occupationCode: "24114001" }, me.page),
      params: { id },
    });
    expect(fixed.status).toBe(302);

    const after = await (
      await call(pageLoader, db, "/salaries/declarations?month=2026-10", { headers: me.page })
    ).json();
    expect(after.problems).toEqual([]);
    const [line] = await records(await file(me.api, "1"));
    expect(line![30]).toBe('"6920"');

    // A salary computed before ГВРС was charged (its own rate and amount 0) is not declared
    // with ГВРС 0.00 as if all were well: it is a problem to save again.
    await db
      .updateTable("salaries")
      .set((eb) => ({
        gvrsRate: "0",
        employerGvrsCents: 0,
        employerContributionsCents: eb(
          "employerContributionsCents",
          "-",
          eb.ref("employerGvrsCents"),
        ),
        totalCostCents: eb("totalCostCents", "-", eb.ref("employerGvrsCents")),
      }))
      .where("employeeId", "=", id)
      .execute();
    const stale = await (
      await call(pageLoader, db, "/salaries/declarations?month=2026-10", { headers: me.page })
    ).json();
    expect(stale.ready).toBe(false);
    expect(stale.problems).toHaveLength(1);
    expect(stale.problems[0].href).toContain("/salaries/edit/");
  });

  it("the page says what was verified and what was not, never «all checks passed» beside an unconfirmed format", async () => {
    const me = await company();
    const db = getDb();
    await call(payrollPut, db, "/api/settings/payroll", {
      ...jsonBody({ activityCode: "6201" }, "PUT", me.api),
    });
    const created = await employee(me.api, { occupationCode: "24114001" });
    const { id } = (await created.json()) as { id: string };
    await approvedSalary(me.api, id);
    const data = await (
      await call(pageLoader, db, "/salaries/declarations?month=2026-10", { headers: me.page })
    ).json();
    // Ready, with the seeded format not confirmed against НАП's specification.
    expect(data).toMatchObject({ ready: true, format: { confirmed: false } });
    const source = readFileSync("app/routes/_app.salaries_.declarations.tsx", "utf8");
    expect(source).not.toContain("Всички проверки са минали");
    expect(source).not.toContain("непотвърден");
    expect(source).toContain("DECLARATION_MESSAGES.verified");
    expect(source).toContain("DECLARATION_MESSAGES.notVerified");
    expect(DECLARATION_MESSAGES.verified).toMatch(/^Проверено от Сметка: .*НКПД.*КИД-2008/);
    expect(DECLARATION_MESSAGES.notVerified).toContain("не е сверена");
  });

  it("the seniority bonus: years × per cent of the basic pay, its own line, in the gross and what follows", async () => {
    const me = await company();
    const db = getDb();
    // Below the legal minimum (0.6 % in the 2026 parameters): refused in Bulgarian.
    const low = await employee(me.api, { seniorityYears: 10, seniorityPercent: "0.5" });
    expect(low.status).toBe(400);
    expect(await low.json()).toMatchObject({
      errors: { seniorityPercent: { _errors: [expect.stringContaining("под 0,6 %")] } },
    });
    // 10 years when hired on 01.01.2020, 6 more by 31.10.2026: 16 × 0.6 % of 1,500.00 = 144.00.
    const created = await employee(me.api, {
      gross: "1500.00",
      seniorityYears: 10,
      seniorityPercent: "0,6",
    });
    expect(created.status).toBe(201);
    const saved = (await created.json()) as { id: string };
    expect(saved).toMatchObject({ seniorityYears: 10, seniorityPercent: "0.60" });
    const salary = await approvedSalary(me.api, saved.id);
    expect(salary).toMatchObject({
      seniorityYears: 16,
      seniorityPercent: "0.60",
      seniorityBonus: "144.00",
      earned: "1644.00",
      gross: "1644.00",
      insurable: "1644.00",
    });
    // Its own line on the payslip and its own column on the payroll sheet (ведомост).
    const row = await db
      .selectFrom("salaries")
      .selectAll()
      .where("id", "=", salary.id as string)
      .executeTakeFirstOrThrow();
    const payer = { name: "Тест Заплати ООД", eik: "175074752", address: "София" };
    const line = payslip(payer, "2026-10", row).lines.find(([label]) =>
      label.startsWith("В т.ч. за трудов стаж"),
    );
    expect(line?.[0]).toBe("В т.ч. за трудов стаж и професионален опит (16 г. × 0,60 %)");
    expect(line?.[1]).toContain("144,00");
    const sheet = payrollSheet(payer, "2026-10", [row], "2026-11-25");
    const column = sheet.head.indexOf("За стаж");
    expect(column).toBeGreaterThan(0);
    expect(sheet.rows[0]![column]).toContain("144,00");

    // Without the bonus the same salary is 1,500.00: the bonus is insured and taxed.
    const plain = await employee(me.api, {
      name: "Анна Тодорова Георгиева",
      idNumber: validEgn("790303123"),
      gross: "1500.00",
    });
    const other = await approvedSalary(me.api, ((await plain.json()) as { id: string }).id);
    expect(other).toMatchObject({ seniorityBonus: "0.00", gross: "1500.00" });
    const cents = (v: unknown) => Math.round(Number(v) * 100);
    expect(cents(salary.tax) - cents(other.tax)).toBeGreaterThan(0);
    expect(
      cents((salary.employee as { total: string }).total) -
        cents((other.employee as { total: string }).total),
    ).toBe(1_985); // per line on 1,644.00 vs 1,500.00: ДОО 12.07 + УПФ 3.17 + ЗО 4.61

    // The employee's page form keeps the seniority fields; a wrong percentage is refused by field.
    const refused = await call(employeeNew, db, "/salaries/employees/new", {
      ...formBody(
        {
          name: "Петър Иванов Колев",
          idNumber: validEgn("800202123"),
          position: "Шофьор",
          contractType: "labour",
          startDate: "2024-01-01",
          gross: "1500,00",
          seniorityYears: "много",
          seniorityPercent: "0,6",
        },
        me.page,
      ),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      fieldErrors: { seniorityYears: "Годините трудов стаж са цяло число от 0 до 70" },
      repopulateFields: { seniorityYears: "много", seniorityPercent: "0,6" },
    });
  });
});
