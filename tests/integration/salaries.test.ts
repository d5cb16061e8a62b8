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
import { createCompanyOnPlan, validEgn } from "../setup/factories";
import { type AnyAnswer, call, formBody, jsonBody, postApi, signInApi } from "../setup/routes";
import { expectOutsider, outsiderStatus, strangersOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

async function fullCompany() {
  const db = getDb();
  const me = await createCompanyOnPlan(db, "full");
  const session = await signInApi(db, me.user);
  return { companyId: me.companyId, page: { Cookie: session.cookie }, api: session.bearer };
}

const employeeBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Мария Иванова Петрова",
  idNumber: validEgn("850101123"),
  position: "Счетоводител",
  contractType: "labour",
  startDate: "2025-03-01",
  gross: "2000.00",
  iban: "BG80 BNBG 9661 1020 3456 78",
  ...overrides,
});

function addEmployee(api: Record<string, string>, overrides: Record<string, unknown> = {}) {
  return postApi<{ id: string; bornBefore1960: boolean }>(
    employeesPost,
    getDb(),
    "/api/employees",
    employeeBody(overrides),
    api,
  );
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
    const older = await addEmployee(me.api, {
      name: "Иван Стоянов",
      idNumber: validEgn("551231123"),
    });
    expect(older).toMatchObject({ birthDate: "1955-12-31", bornBefore1960: true });

    const body = await postApi<AnyAnswer>(
      employeesPost,
      getDb(),
      "/api/employees",
      employeeBody({ idNumber: "8501011230", iban: "BG00XXXX", endDate: "2020-01-01" }),
      me.api,
      400,
    );
    expect(Object.keys(body.errors).sort()).toEqual(["endDate", "iban", "idNumber"]);
    const taken = await postApi<AnyAnswer>(
      employeesPost,
      getDb(),
      "/api/employees",
      employeeBody(),
      me.api,
      409,
    );
    expect(taken.message).toBe("Вече има служител с това ЕГН/ЛНЧ");
  });

  it("the pages add and edit an employee without JavaScript, keeping what was typed", async () => {
    const me = await fullCompany();
    const db = getDb();
    const fields = {
      name: "Георги Димитров",
      idNumber: validEgn("900515123"),
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
      idNumber: validEgn("880202123"),
      gross: "620.20",
    });
    const c = await addEmployee(me.api, {
      name: "Анна Тодорова",
      idNumber: validEgn("790303123"),
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
      employer: {
        doo: "218.40",
        tzpb: "8.00",
        gvrs: "2.00",
        upf: "56.00",
        zo: "96.00",
        total: "380.40",
      },
      totalCost: "2380.40",
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

    // Another company sees none of it: its owner and its members as each role (issue #29; the
    // plan opens salaries to all of them, the role decides).
    const salaryId = copy.salaries[0].id as string;
    for (const stranger of await strangersOf(db, me, { plan: "full" })) {
      const other = { api: stranger.bearer, page: { Cookie: stranger.cookie } };
      await expectOutsider(stranger, [
        [
          "salaries.view",
          "api",
          () =>
            call(salaryGet, db, `/api/salaries/${salaryId}`, {
              headers: other.api,
              params: { id: salaryId },
            }),
        ],
        [
          "salaries.edit",
          "api",
          () =>
            call(salaryChange, db, `/api/salaries/${salaryId}`, {
              method: "DELETE",
              headers: other.api,
              params: { id: salaryId },
            }),
        ],
        [
          "salaries.view",
          "api",
          () =>
            call(employeeGet, db, `/api/employees/${a.id}`, {
              headers: other.api,
              params: { id: a.id },
            }),
        ],
        [
          "salaries.edit",
          "api",
          () =>
            call(employeeChange, db, `/api/employees/${a.id}`, {
              ...jsonBody(employeeBody(), "PUT", other.api),
              params: { id: a.id },
            }),
        ],
        [
          "salaries.edit",
          "page",
          () =>
            call(editLoader, db, `/salaries/edit/${salaryId}`, {
              headers: other.page,
              params: { id: salaryId },
            }),
        ],
        [
          "salaries.edit",
          "form",
          () =>
            call(editAction, db, `/salaries/edit/${salaryId}`, {
              ...formBody({}, other.page),
              params: { id: salaryId },
            }),
        ],
        [
          "salaries.edit",
          "page",
          () =>
            call(employeeLoader, db, `/salaries/employees/${a.id}`, {
              headers: other.page,
              params: { id: a.id },
            }),
        ],
        [
          "salaries.edit",
          "form",
          () =>
            call(employeeAction, db, `/salaries/employees/${a.id}`, {
              ...formBody({ intent: "delete" }, other.page),
              params: { id: a.id },
            }),
        ],
      ]);
      if (outsiderStatus(stranger.role, "salaries.view") !== 404) continue;
      const theirs = await (
        await call(monthGet, db, "/api/salaries/month/2026-11", {
          headers: other.api,
          params: { month: "2026-11" },
        })
      ).json();
      expect(theirs.data, stranger.label).toMatchObject({ salaries: [], previousMonth: [] });
      const theirEmployees = await (
        await call(employeesGet, db, "/api/employees", { headers: other.api })
      ).json();
      expect(theirEmployees.employees, stranger.label).toEqual([]);
    }
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
    // sick pay for the employer's 2 days (КСО чл. 40, ал. 5): 2 × 2,000.00 / 21 × 70 % = 133.33.
    expect(shown.figures).toMatchObject({
      workedDays: 16,
      sickEmployerDays: 2,
      sickNoiDays: 1,
      earnedCents: 162381,
      sickPayCents: 13333,
    });
    expect(shown.repopulateFields).toMatchObject({ gross: "2000,00", workingDays: "21" });
    expect(await db.selectFrom("salaries").select("id").execute()).toHaveLength(0);

    const saved = await call(addAction, db, "/salaries/add", {
      ...formBody({ ...fields, intent: "save" }, me.page),
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/salaries?month=2026-11");
    const row = await db.selectFrom("salaries").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ earnedCents: 162381, sickPayCents: 13333, grossCents: 175714 });
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

describe("salaries: part months and sick days (decision 023)", () => {
  it("a month started on 15.10.2026 pays 12 of 22 days; a month outside the employment is refused", async () => {
    const me = await fullCompany();
    const db = getDb();
    // The employee through the page without JavaScript, hired mid-month.
    const hired = await call(
      employeeNew,
      db,
      "/salaries/employees/new",
      formBody(
        {
          name: "Анна Тодорова",
          idNumber: validEgn("790303123"),
          position: "Анализатор",
          contractType: "labour",
          startDate: "2026-10-15",
          endDate: "",
          gross: "3000,00",
          hoursPerDay: "8",
          insuredSixMonths: "yes",
        },
        me.page,
      ),
    );
    expect(hired.status).toBe(302);
    const { id } = await db.selectFrom("employees").select("id").executeTakeFirstOrThrow();
    const fields = {
      employeeId: id,
      month: "2026-10",
      gross: "",
      workingDays: "",
      unpaidDays: "",
      sickDays: "",
      sickFrom: "",
      bonus: "",
      status: "draft",
    };
    const preview = await call(addAction, db, "/salaries/add", {
      ...formBody({ ...fields, intent: "calculate" }, me.page),
    });
    expect(preview.status).toBe(200);
    expect((await preview.json()).figures).toMatchObject({
      employedDays: 12,
      workedDays: 12,
      grossCents: 163636,
    });
    const saved = await call(addAction, db, "/salaries/add", {
      ...formBody({ ...fields, intent: "save" }, me.page),
    });
    expect(saved.status).toBe(302);
    const row = await db.selectFrom("salaries").selectAll().executeTakeFirstOrThrow();
    // 3,000.00 × 12 ÷ 22 = 1,636.36, not 3,000.00; insured, taxed and costed on it.
    expect(row).toMatchObject({
      workingDays: 22,
      employedDays: 12,
      workedDays: 12,
      firstInsuredDay: "2026-10-15",
      lastInsuredDay: "2026-10-31",
      grossCents: 163636,
      insurableCents: 163636,
      employeeContributionsCents: 22549,
      taxCents: 14109,
      netCents: 126978,
      employerGvrsCents: 164,
      employerContributionsCents: 31125,
      totalCostCents: 194761,
    });
    const json = await (
      await call(salaryGet, db, `/api/salaries/${row.id}`, {
        headers: me.api,
        params: { id: row.id },
      })
    ).json();
    expect(json).toMatchObject({
      workingDays: 22,
      employedDays: 12,
      workedDays: 12,
      sickEmployerDays: 0,
      sickNoiDays: 0,
      firstInsuredDay: "2026-10-15",
      lastInsuredDay: "2026-10-31",
      gross: "1636.36",
      net: "1269.78",
    });

    // September is before the employment: refused in Bulgarian, what was typed kept.
    const before = await call(addAction, db, "/salaries/add", {
      ...formBody({ ...fields, month: "2026-09", intent: "save" }, me.page),
    });
    expect(before.status).toBe(400);
    expect(await before.json()).toMatchObject({
      fieldErrors: { employeeId: "Служителят не работи през този месец" },
      repopulateFields: { month: "2026-09" },
    });
    // More absences than the days in employment.
    const tooMany = await call(addAction, db, "/salaries/add", {
      ...formBody({ ...fields, unpaidDays: "13", intent: "calculate" }, me.page),
    });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).fieldErrors.unpaidDays).toBe(
      "Дните неплатен отпуск и болничен не може да надхвърлят работните дни по договора през месеца (12)",
    );
  });

  it("sick days: 2 employer days from the day the sickness began, none without 6 months of insurance", async () => {
    const me = await fullCompany();
    const db = getDb();
    const a = await addEmployee(me.api);
    const b = await addEmployee(me.api, {
      name: "Петър Колев",
      idNumber: validEgn("880202123"),
      insuredSixMonths: false,
    });
    expect(b).toMatchObject({ insuredSixMonths: false });
    const fields = (employeeId: string, over: Record<string, string> = {}) => ({
      employeeId,
      month: "2026-10",
      gross: "",
      workingDays: "",
      unpaidDays: "",
      sickDays: "5",
      sickFrom: "2026-10-05",
      bonus: "",
      status: "draft",
      intent: "save",
      ...over,
    });
    const save = (body: Record<string, string>) =>
      call(addAction, db, "/salaries/add", formBody(body, me.page));
    expect((await save(fields(a.id))).status).toBe(302);
    expect((await save(fields(b.id))).status).toBe(302);
    const rows = await db
      .selectFrom("salaries")
      .select([
        "employeeId",
        "sickDays",
        "sickFrom",
        "sickEmployerDays",
        "sickNoiDays",
        "sickPayCents",
        "workedDays",
      ])
      .execute();
    const of = (id: string) => rows.find((r) => r.employeeId === id);
    // 2,000.00 ÷ 22 × 70 % × 2 = 127.27 (the old 3 days gave 190.91).
    expect(of(a.id)).toMatchObject({
      sickFrom: "2026-10-05",
      sickEmployerDays: 2,
      sickNoiDays: 3,
      sickPayCents: 12727,
      workedDays: 17,
    });
    expect(of(b.id)).toMatchObject({ sickEmployerDays: 0, sickNoiDays: 5, sickPayCents: 0 });

    // A sickness that began on Friday 30.10.2026 and goes on in November: the employer's
    // first day was in October, so November has 1 (2,000.00 ÷ 21 × 70 % = 66.67).
    const november = await save(
      fields(a.id, { month: "2026-11", sickDays: "3", sickFrom: "2026-10-30" }),
    );
    expect(november.status).toBe(302);
    expect(
      await db
        .selectFrom("salaries")
        .select(["sickEmployerDays", "sickNoiDays", "sickPayCents"])
        .where("month", "=", "2026-11")
        .executeTakeFirstOrThrow(),
    ).toEqual({ sickEmployerDays: 1, sickNoiDays: 2, sickPayCents: 6667 });

    // A start after the month is refused in Bulgarian.
    const late = await save(fields(b.id, { month: "2026-11", sickFrom: "2026-12-01" }));
    expect(late.status).toBe(400);
    expect((await late.json()).fieldErrors.sickFrom).toBe(
      "Болничният не може да започва след края на месеца",
    );
  });
});
