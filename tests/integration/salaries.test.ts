import { describe, expect, it } from "vitest";
import { action as salariesAction, loader as salariesLoader } from "~/routes/_app.salaries";
import { action as addAction } from "~/routes/_app.salaries_.add";
import { action as editAction, loader as editLoader } from "~/routes/_app.salaries_.edit.$id";
import {
  action as employeeAction,
  loader as employeeLoader,
} from "~/routes/_app.salaries_.employees_.$id";
import { action as employeeNew } from "~/routes/_app.salaries_.employees_.new";
import { loader as employeesGet, action as employeesPost } from "~/routes/api.employees";
import { action as employeeChange, loader as employeeGet } from "~/routes/api.employees.$id";
import { loader as salariesGet, action as salariesPost } from "~/routes/api.salaries";
import { action as salaryChange, loader as salaryGet } from "~/routes/api.salaries.$id";
import {
  loader as dismissGet,
  action as dismissPost,
} from "~/routes/api.salaries.banner-dismissal.$month";
import { loader as promptGet } from "~/routes/api.salaries.check-duplicate-prompt";
import { action as copyPost } from "~/routes/api.salaries.copy-previous";
import { loader as monthGet } from "~/routes/api.salaries.month.$month";
import { loader as csvLoader } from "~/routes/salaries.export[.]csv";
import { createCompanyWithClient } from "../setup/factories";
import { call, formBody, jsonBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

/** An ЕГН with its check digit (weights 2,4,8,5,10,9,7,3,6; mod 11; 10 → 0). */
function egn(first9: string): string {
  const weights = [2, 4, 8, 5, 10, 9, 7, 3, 6];
  const sum = [...first9].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return `${first9}${(sum % 11) % 10}`;
}

async function fullCompany() {
  const db = getDb();
  const me = await createCompanyWithClient(db);
  await db
    .updateTable("companies")
    .set({ subscriptionPlan: "full" })
    .where("id", "=", me.companyId)
    .execute();
  const session = await signInApi(db, me.user);
  return { companyId: me.companyId, page: { Cookie: session.cookie }, api: session.bearer };
}

const employeeBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Мария Иванова Петрова",
  idNumber: egn("850101123"),
  position: "Счетоводител",
  contractType: "labour",
  startDate: "2025-03-01",
  gross: "2000.00",
  iban: "BG80 BNBG 9661 1020 3456 78",
  ...overrides,
});

async function addEmployee(api: Record<string, string>, overrides: Record<string, unknown> = {}) {
  const response = await call(employeesPost, getDb(), "/api/employees", {
    ...jsonBody(employeeBody(overrides), "POST", api),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; bornBefore1960: boolean };
}

describe("salaries: employees", () => {
  it("adds employees by ЕГН (the birth date and the pre-1960 rule from it), refuses bad ones", async () => {
    const me = await fullCompany();
    const maria = await addEmployee(me.api);
    expect(maria).toMatchObject({
      idKind: "egn",
      birthDate: "1985-01-01",
      bornBefore1960: false,
      iban: "BG80BNBG96611020345678",
      gross: "2000.00",
    });
    const older = await addEmployee(me.api, { name: "Иван Стоянов", idNumber: egn("551231123") });
    expect(older).toMatchObject({ birthDate: "1955-12-31", bornBefore1960: true });

    const bad = await call(employeesPost, getDb(), "/api/employees", {
      ...jsonBody(
        employeeBody({ idNumber: "8501011230", iban: "BG00XXXX", endDate: "2020-01-01" }),
        "POST",
        me.api,
      ),
    });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(Object.keys(body.errors).sort()).toEqual(["endDate", "iban", "idNumber"]);
    const taken = await call(employeesPost, getDb(), "/api/employees", {
      ...jsonBody(employeeBody(), "POST", me.api),
    });
    expect(taken.status).toBe(409);
    expect((await taken.json()).message).toBe("Вече има служител с това ЕГН/ЛНЧ");
  });

  it("the pages add and edit an employee without JavaScript, keeping what was typed", async () => {
    const me = await fullCompany();
    const db = getDb();
    const fields = {
      name: "Георги Димитров",
      idNumber: egn("900515123"),
      position: "Програмист",
      contractType: "labour",
      startDate: "2026-01-05",
      gross: "3 000,00",
      hoursPerDay: "8",
    };
    const refused = await call(
      employeeNew,
      db,
      "/salaries/employees/new",
      formBody({ ...fields, gross: "много" }, me.page),
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      focus: "gross",
      repopulateFields: { name: "Георги Димитров" },
    });
    const saved = await call(
      employeeNew,
      db,
      "/salaries/employees/new",
      formBody({ ...fields, gross: "3000,00" }, me.page),
    );
    expect(saved.status).toBe(302);
    const { id } = await db.selectFrom("employees").select("id").executeTakeFirstOrThrow();
    const form = await (
      await call(employeeLoader, db, `/salaries/employees/${id}`, {
        headers: me.page,
        params: { id },
      })
    ).json();
    expect(form.values).toMatchObject({ gross: "3000,00", contractType: "labour" });
    const changed = await call(employeeAction, db, `/salaries/employees/${id}`, {
      ...formBody({ ...form.values, position: "Старши програмист" }, me.page),
      params: { id },
    });
    expect(changed.status).toBe(302);
  });
});

describe("salaries: a month's payroll", () => {
  it("computes the worked examples, totals them, copies the month and keeps them apart per company", async () => {
    const me = await fullCompany();
    const db = getDb();
    const a = await addEmployee(me.api, { gross: "2000.00" });
    const b = await addEmployee(me.api, {
      name: "Петър Колев",
      idNumber: egn("880202123"),
      gross: "620.20",
    });
    const c = await addEmployee(me.api, {
      name: "Анна Тодорова",
      idNumber: egn("790303123"),
      gross: "3000.00",
    });
    const post = (employeeId: string) =>
      call(salariesPost, db, "/api/salaries", {
        ...jsonBody({ employeeId, month: "2026-10" }, "POST", me.api),
      });
    const first = await post(a.id);
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      workingDays: 22,
      gross: "2000.00",
      employee: { doo: "167.60", upf: "44.00", zo: "64.00", total: "275.60" },
      tax: "172.44",
      net: "1551.96",
      employer: { doo: "218.40", tzpb: "8.00", upf: "56.00", zo: "96.00", total: "378.40" },
      totalCost: "2378.40",
    });
    expect(await (await post(b.id)).json()).toMatchObject({
      employee: { total: "85.46" },
      tax: "53.47",
      net: "481.27",
    });
    expect(await (await post(c.id)).json()).toMatchObject({
      insurable: "2111.64",
      employee: { doo: "176.96", upf: "46.46", zo: "67.57", total: "290.99" },
      tax: "270.90",
      net: "2438.11",
    });
    const again = await post(a.id);
    expect(again.status).toBe(409);

    // The month's totals agree with its rows, and the CSV with both, to the cent.
    const month = await (
      await call(salariesGet, db, "/api/salaries?month=2026-10", { headers: me.api })
    ).json();
    expect(month.totals).toMatchObject({
      count: 3,
      gross: "5620.20",
      net: String((155196 + 48127 + 243811) / 100),
    });
    const csv = await (
      await call(csvLoader, db, "/salaries/export.csv?month=2026-10", { headers: me.page })
    ).text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const net = lines[0]!.split(";").indexOf("Нето");
    const csvNet = lines
      .slice(1)
      .reduce((s, l) => s + Math.round(Number(l.split(";")[net]!.replace(",", ".")) * 100), 0);
    expect(csvNet).toBe(155196 + 48127 + 243811);

    // November: the reminder and the prompt, until the month is copied.
    expect(
      await (
        await call(promptGet, db, "/api/salaries/check-duplicate-prompt", { headers: me.api })
      ).json(),
    ).toEqual({ shouldShow: expect.any(Boolean) });
    const copied = await call(copyPost, db, "/api/salaries/copy-previous", {
      ...jsonBody({ month: "2026-11" }, "POST", me.api),
    });
    expect(copied.status).toBe(201);
    const copy = await copied.json();
    expect(copy.copied).toBe(3);
    expect(copy.salaries.map((s: { workingDays: number }) => s.workingDays)).toEqual([21, 21, 21]);
    const twice = await (
      await call(copyPost, db, "/api/salaries/copy-previous", {
        ...jsonBody({ month: "2026-11" }, "POST", me.api),
      })
    ).json();
    expect(twice.copied).toBe(0);

    const both = await (
      await call(monthGet, db, "/api/salaries/month/2026-11", {
        headers: me.api,
        params: { month: "2026-11" },
      })
    ).json();
    expect(both).toMatchObject({ success: true, data: { month: "2026-11" } });
    expect(both.data.salaries).toHaveLength(3);
    expect(both.data.previousMonth).toHaveLength(3);

    // Another company sees none of it.
    const other = await fullCompany();
    const salaryId = copy.salaries[0].id as string;
    const answers = [
      await call(salaryGet, db, `/api/salaries/${salaryId}`, {
        headers: other.api,
        params: { id: salaryId },
      }),
      await call(salaryChange, db, `/api/salaries/${salaryId}`, {
        method: "DELETE",
        headers: other.api,
        params: { id: salaryId },
      }),
      await call(employeeGet, db, `/api/employees/${a.id}`, {
        headers: other.api,
        params: { id: a.id },
      }),
      await call(employeeChange, db, `/api/employees/${a.id}`, {
        ...jsonBody(employeeBody(), "PUT", other.api),
        params: { id: a.id },
      }),
      await call(editLoader, db, `/salaries/edit/${salaryId}`, {
        headers: other.page,
        params: { id: salaryId },
      }),
      await call(editAction, db, `/salaries/edit/${salaryId}`, {
        ...formBody({}, other.page),
        params: { id: salaryId },
      }),
      await call(employeeLoader, db, `/salaries/employees/${a.id}`, {
        headers: other.page,
        params: { id: a.id },
      }),
      await call(employeeAction, db, `/salaries/employees/${a.id}`, {
        ...formBody({ intent: "delete" }, other.page),
        params: { id: a.id },
      }),
    ];
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 404));
    const theirs = await (
      await call(monthGet, db, "/api/salaries/month/2026-11", {
        headers: other.api,
        params: { month: "2026-11" },
      })
    ).json();
    expect(theirs.data).toMatchObject({ salaries: [], previousMonth: [] });
    const theirEmployees = await (
      await call(employeesGet, db, "/api/employees", { headers: other.api })
    ).json();
    expect(theirEmployees.employees).toEqual([]);
  });

  it("the add page computes without saving («Изчисли»), then saves; the edit page recomputes", async () => {
    const me = await fullCompany();
    const db = getDb();
    const a = await addEmployee(me.api);
    const fields = {
      employeeId: a.id,
      month: "2026-11",
      gross: "",
      workingDays: "",
      unpaidDays: "2",
      sickDays: "3",
      bonus: "100",
      status: "draft",
    };
    const preview = await call(addAction, db, "/salaries/add", {
      ...formBody({ ...fields, intent: "calculate" }, me.page),
    });
    expect(preview.status).toBe(200);
    const shown = await preview.json();
    // 21 working days in November 2026: 16 worked of 2,000.00 = 1,523.81 + bonus 100.00;
    // sick pay 3 × 2,000.00 / 21 × 70 % = 200.00.
    expect(shown.figures).toMatchObject({
      workedDays: 16,
      earnedCents: 162381,
      sickPayCents: 20000,
    });
    expect(shown.repopulateFields).toMatchObject({ gross: "2000,00", workingDays: "21" });
    expect(await db.selectFrom("salaries").select("id").execute()).toHaveLength(0);

    const saved = await call(addAction, db, "/salaries/add", {
      ...formBody({ ...fields, intent: "save" }, me.page),
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/salaries?month=2026-11");
    const row = await db.selectFrom("salaries").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ earnedCents: 162381, sickPayCents: 20000, grossCents: 182381 });
    expect(row.netCents + row.employeeContributionsCents + row.taxCents).toBe(row.grossCents);

    const tooMany = await call(editAction, db, `/salaries/edit/${row.id}`, {
      ...formBody({ ...fields, unpaidDays: "20", intent: "save" }, me.page),
      params: { id: row.id },
    });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).fieldErrors.unpaidDays).toBe(
      "Дните неплатен отпуск и болничен не може да надхвърлят работните дни",
    );

    // Approved, it no longer changes its figures.
    const approve = await call(salariesAction, db, "/salaries", {
      ...formBody({ intent: "status", id: row.id, status: "approved", month: "2026-11" }, me.page),
    });
    expect(approve.status).toBe(302);
    const locked = await call(editAction, db, `/salaries/edit/${row.id}`, {
      ...formBody({ ...fields, bonus: "999", intent: "save" }, me.page),
      params: { id: row.id },
    });
    expect(locked.status).toBe(409);
  });

  it("the reminder: the red dot and banner until dismissed for the month", async () => {
    const me = await fullCompany();
    const db = getDb();
    const a = await addEmployee(me.api);
    await call(salariesPost, db, "/api/salaries", {
      ...jsonBody({ employeeId: a.id, month: "2026-10" }, "POST", me.api),
    });
    const before = await (
      await call(dismissGet, db, "/api/salaries/banner-dismissal/2026-11", {
        headers: me.api,
        params: { month: "2026-11" },
      })
    ).json();
    expect(before).toEqual({ dismissed: false });
    const posted = await call(dismissPost, db, "/api/salaries/banner-dismissal/2026-11", {
      method: "POST",
      headers: me.api,
      params: { month: "2026-11" },
    });
    expect(await posted.json()).toEqual({ dismissed: true });
    const after = await (
      await call(dismissGet, db, "/api/salaries/banner-dismissal/2026-11", {
        headers: me.api,
        params: { month: "2026-11" },
      })
    ).json();
    expect(after).toEqual({ dismissed: true });
    const page = await (
      await call(salariesLoader, db, "/salaries?month=2026-11", { headers: me.page })
    ).json();
    expect(page.previous.totals.count).toBe(1);
    expect(page.dueDate).toBe("2026-12-25");
  });
});
