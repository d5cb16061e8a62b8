import { unzipSync } from "fflate";
import iconv from "iconv-lite";
import { afterEach, describe, expect, it } from "vitest";
import { declarationFormatFor, napAccountsFor } from "~/modules/salaries/nap/declaration.server";
import { loader as pageLoader } from "~/routes/_app.salaries_.declarations";
import { action as employeesPost } from "~/routes/api.employees";
import { action as salariesPost } from "~/routes/api.salaries";
import { loader as monthGet } from "~/routes/api.salaries.month.$month";
import { loader as zipGet } from "~/routes/api.salaries.month.$month_.declarations";
import { loader as formGet } from "~/routes/api.salaries.month.$month_.declarations_.$form";
import { action as napAction, loader as napLoader } from "~/routes/hatterscastle.nap";
import { loader as fileGet } from "~/routes/salaries.declarations.files.$name";
import { createCompanyOnPlan, createUser, validEgn, validEik } from "../setup/factories";
import { call, formBody, postApi, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Декларации обр. 1 and обр. 6 (issue #27 items 1, 2, 5; decision 024). The files are read back
 * from their bytes: Windows-1251, CR LF after every record, the field count, and every field
 * against the layout's pattern written out here (not taken from the code); the totals against
 * the payroll to the cent.
 */

const getDb = setupTestDatabase();

async function company(
  plan: "full" | "standard" = "full",
  eik = "175074752",
  name = "Тест Заплати ООД",
) {
  const db = getDb();
  const me = await createCompanyOnPlan(db, plan);
  await db
    .updateTable("companies")
    .set({ eik, name, activityCode: "6201" })
    .where("id", "=", me.companyId)
    .execute();
  const session = await signInApi(db, me.user);
  return {
    companyId: me.companyId,
    page: { Cookie: session.cookie },
    api: session.bearer,
  };
}

async function employee(api: Record<string, string>, body: Record<string, unknown>) {
  const made = await postApi(
    employeesPost,
    getDb(),
    "/api/employees",
    {
      position: "Специалист",
      occupationCode: "24114001",
      contractType: "labour",
      startDate: "2020-01-01",
      gross: "2000.00",
      ...body,
    },
    api,
  );
  return made.id;
}

async function salary(api: Record<string, string>, body: Record<string, unknown>) {
  const made = await postApi(
    salariesPost,
    getDb(),
    "/api/salaries",
    { month: "2026-10", workingDays: 22, status: "approved", ...body },
    api,
  );
  return made.id;
}

/** October 2026 (22 working days): born 1955, three sick days, hired on Thursday 15.10. */
async function threeEmployees() {
  const me = await company();
  const older = await employee(me.api, {
    name: "Иван Стоянов Петров",
    idNumber: validEgn("551231123"),
  });
  const sick = await employee(me.api, {
    name: "Мария Иванова Петрова",
    idNumber: validEgn("850101123"),
    startDate: "2025-03-01",
  });
  const hired = await employee(me.api, {
    name: "Анна Тодорова Георгиева",
    idNumber: validEgn("790303123"),
    startDate: "2026-10-15",
    gross: "3000.00",
  });
  await salary(me.api, { employeeId: older });
  await salary(me.api, { employeeId: sick, sickDays: 3 });
  await salary(me.api, { employeeId: hired });
  return { me, older, sick, hired };
}

const INT = /^\d+$/;
const AMOUNT = /^\d{1,13}\.\d{2}$/;
const RATE = /^\d{1,2}\.\d{2}$/;
const TEXT = /^"[^",]*"$/;
const text = (inner: RegExp) => new RegExp(`^"${inner.source}"$`);

/** обр. 1 (EMPL2021) field by field, as decision 024 documents it. */
const FORM1_PATTERNS: RegExp[] = [
  /^(?:[1-9]|1[0-2])$/, // 1 месец
  /^\d{4}$/, // 2 година
  text(/\d{9}|\d{13}/), // 3 ЕИК
  text(/\d{10}/), // 4 ЕГН/ЛНЧ
  /^[012]$/, // 5 код
  text(/[А-Я-]+(?: [А-Я-]+)*/), // 6 фамилия
  text(/[А-Я]{1,2}/), // 7 инициали
  /^\d{2}$/, // 8 вид осигурен
  /^(?:[1-9]|[12]\d|3[01])$/, // 9 първи ден
  /^(?:[1-9]|[12]\d|3[01])$/, // 10 последен ден
  ...Array.from({ length: 8 }, () => INT), // 11–18
  text(/\d{0,4}/), // 19 т. 13
  INT, // 20 отработени дни
  INT, // 21 болнични
  INT, // 22 майчинство
  INT, // 23 неплатен отпуск
  INT, // 24
  INT, // 25
  INT, // 26 часове
  INT, // 27 извънреден труд
  INT, // 28
  TEXT, // 29
  INT, // 30
  text(/\d{4}/), // 31
  AMOUNT, // 32
  AMOUNT, // 33
  AMOUNT, // 34 осигурителен доход
  ...Array.from({ length: 9 }, () => RATE), // 35–43 ставки
  AMOUNT, // 44
  RATE, // 45
  AMOUNT, // 46 брутно
  RATE, // 47 ГВРС
  AMOUNT, // 48
  AMOUNT, // 49
  AMOUNT, // 50 облагаем доход
  AMOUNT, // 51 данък
  /^0$/, // 52 вид на записа
  /^"NRAD12008"$/, // 53
];

const BLOCK = [
  /^(?:[1-9]|1[0-2])$/,
  /^\d{4}$/,
  /^\d{2}\/\d{2}\/\d{4}$/,
  /^[01]$/,
  /^[1-9]$/,
  ...Array.from({ length: 8 }, () => AMOUNT),
];
const EMPTY_BLOCK = Array.from({ length: 13 }, () => /^$/);

/** The records of a file's bytes: Windows-1251, CR LF after each, no empty line, no BOM. */
function records(bytes: Uint8Array): string[][] {
  const content = iconv.decode(Buffer.from(bytes), "win1251");
  expect(iconv.encode(content, "win1251").equals(Buffer.from(bytes))).toBe(true);
  expect(content.charCodeAt(0)).not.toBe(0xfeff);
  expect(content.endsWith("\r\n")).toBe(true);
  const lines = content.slice(0, -2).split("\r\n");
  for (const line of lines) {
    expect(line).not.toBe("");
    expect(line).not.toMatch(/[\r\n]/);
  }
  return lines.map((line) => line.split(","));
}

function expectLayout(fields: string[], patterns: RegExp[]) {
  expect(fields).toHaveLength(patterns.length);
  fields.forEach((field, i) => {
    expect({
      field: i + 1,
      value: field,
      ok: patterns[i]!.test(field),
    }).toMatchObject({
      ok: true,
    });
  });
}

/** The ЕГН with its check digit changed. */
const broken = (id: string) => `${id.slice(0, 9)}${(Number(id[9]) + 1) % 10}`;

const cents = (amount: string) => Math.round(Number(amount) * 100);
/** income × rate %, half up, in cents (exact for these sizes). */
const share = (incomeCents: number, rate: string) => {
  const n = BigInt(incomeCents) * BigInt(cents(rate));
  return Number((2n * n + 10_000n) / 20_000n);
};

async function download(api: Record<string, string>, form?: "1" | "6") {
  const db = getDb();
  return form
    ? call(formGet, db, `/api/salaries/month/2026-10/declarations/${form}`, {
        headers: api,
        params: { month: "2026-10", form },
      })
    : call(zipGet, db, "/api/salaries/month/2026-10/declarations", {
        headers: api,
        params: { month: "2026-10" },
      });
}

describe("НАП declarations: the files", () => {
  it("three employees: every field of every line follows the layout, the totals match the payroll to the cent", async () => {
    const { me } = await threeEmployees();
    const zip = await download(me.api);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("Content-Type")).toBe("application/zip");
    expect(zip.headers.get("Content-Disposition")).toContain("NAP-2026-10.zip");
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(["EMPL2021.TXT", "NRA62007.TXT"]);

    // Each file alone is the same bytes as in the zip, in Windows-1251.
    const one = await download(me.api, "1");
    expect(one.headers.get("Content-Type")).toBe("text/plain; charset=windows-1251");
    expect(one.headers.get("Content-Disposition")).toContain("EMPL2021.TXT");
    expect(new Uint8Array(await one.arrayBuffer())).toEqual(files["EMPL2021.TXT"]);
    const six = await download(me.api, "6");
    expect(new Uint8Array(await six.arrayBuffer())).toEqual(files["NRA62007.TXT"]);

    const form1 = records(files["EMPL2021.TXT"]!);
    expect(form1).toHaveLength(3);
    for (const fields of form1) expectLayout(fields, FORM1_PATTERNS);
    // т. 13 (field 19) is filled only for вид осигурен 16, summed working time (decision 050).
    for (const fields of form1) expect(fields[18]).toBe('""');
    const byName = Object.fromEntries(form1.map((f) => [f[5], f]));
    expect(Object.keys(byName).sort()).toEqual(['"ГЕОРГИЕВА"', '"ПЕТРОВ"', '"ПЕТРОВА"']);

    const older = byName['"ПЕТРОВ"']!;
    expect(older.slice(0, 10)).toEqual([
      "10",
      "2026",
      '"175074752"',
      `"${validEgn("551231123")}"`,
      "0",
      '"ПЕТРОВ"',
      '"ИС"',
      "01",
      "1",
      "31",
    ]);
    expect(older[19]).toBe("22"); // отработени дни
    expect(older.slice(34, 36)).toEqual(["13.72", "10.58"]); // ДОО, born before 1960
    expect(older.slice(41, 43)).toEqual(["0.00", "0.00"]); // no УПФ

    const sick = byName['"ПЕТРОВА"']!;
    expect(sick.slice(19, 21)).toEqual(["19", "3"]); // 19 worked, 3 sick
    expect(sick.slice(34, 38)).toEqual(["10.92", "8.38", "4.80", "3.20"]);
    expect(sick.slice(41, 43)).toEqual(["2.80", "2.20"]);

    // Hired on Thursday 15.10: in insurance from the 15th, 12 of the month's 22 working days.
    const hired = byName['"ГЕОРГИЕВА"']!;
    expect(hired.slice(8, 10)).toEqual(["15", "31"]);
    expect(hired[19]).toBe("12");
    expect(hired[45]).toBe("1636.36"); // брутно: 3 000,00 × 12 ÷ 22

    // обр. 6: one record, 59 fields, the payroll's column, three empty ones.
    const form6 = records(files["NRA62007.TXT"]!);
    expect(form6).toHaveLength(1);
    const record = form6[0]!;
    expectLayout(record, [
      /^"175074752"$/,
      /^"ТЕСТ ЗАПЛАТИ ООД"$/,
      /^0$/,
      /^"[^",a-z]*"$/,
      /^"\d*"$/,
      /^"\d*"$/,
      ...BLOCK,
      ...EMPTY_BLOCK,
      ...EMPTY_BLOCK,
      ...EMPTY_BLOCK,
      /^"NRAD62007"$/,
    ]);
    expect(record.slice(6, 11)).toEqual(["10", "2026", "31/10/2026", "0", "5"]);
    const [doo, uchpf, upf, ppf, zo, gvrs, tax, tax17] = record.slice(11, 19).map(cents);

    // обр. 6 per fund = the sum over обр. 1 of income × each rate (half up, line by line).
    const sum = (pick: (f: string[]) => number) => form1.reduce((s, f) => s + pick(f), 0);
    const income = (f: string[]) => cents(f[33]!);
    expect(doo).toBe(
      sum((f) => share(income(f), f[34]!) + share(income(f), f[35]!) + share(income(f), f[38]!)),
    );
    expect(zo).toBe(sum((f) => share(income(f), f[36]!) + share(income(f), f[37]!)));
    expect(upf).toBe(sum((f) => share(income(f), f[41]!) + share(income(f), f[42]!)));
    expect(tax).toBe(sum((f) => cents(f[50]!)));
    // ГВРС (employer, 0.1 %) from обр. 1's rate in field 47 (issue #41 item 3).
    expect(gvrs).toBe(sum((f) => share(income(f), f[46]!)));
    expect(gvrs).toBeGreaterThan(0);
    expect([uchpf, ppf, tax17]).toEqual([0, 0, 0]);

    // …and the payroll of the month, to the cent.
    const month = await (
      await call(monthGet, getDb(), "/api/salaries/month/2026-10", {
        headers: me.api,
        params: { month: "2026-10" },
      })
    ).json();
    const salaries = month.data.salaries as {
      employee: { total: string };
      employer: { total: string };
      tax: string;
    }[];
    const contributions = salaries.reduce(
      (s, x) => s + cents(x.employee.total) + cents(x.employer.total),
      0,
    );
    expect(doo! + upf! + zo! + gvrs!).toBe(contributions);
    expect(tax).toBe(salaries.reduce((s, x) => s + cents(x.tax), 0));
  });

  it("the page's links give the same files; the page lists the checks, the funds and the persons", async () => {
    const { me } = await threeEmployees();
    const db = getDb();
    const page = await call(pageLoader, db, "/salaries/declarations?month=2026-10", {
      headers: me.page,
    });
    expect(page.status).toBe(200);
    const data = await page.json();
    expect(data).toMatchObject({ month: "2026-10", ready: true, problems: [] });
    expect(data.persons).toHaveLength(3);
    for (const fund of data.funds) expect(fund.form6).toBe(fund.payroll);
    const zip = await call(fileGet, db, "/salaries/declarations/files/zip?month=2026-10", {
      headers: me.page,
      params: { name: "zip" },
    });
    expect(zip.status).toBe(200);
    const api = await download(me.api);
    expect(new Uint8Array(await zip.arrayBuffer())).toEqual(
      new Uint8Array(await api.arrayBuffer()),
    );
  });
});

describe("НАП declarations: the checks", () => {
  it("an invalid ЕГН, a Latin name, a draft and days that do not add up keep the files back, each with a link", async () => {
    const me = await company();
    const db = getDb();
    const maria = await employee(me.api, {
      name: "Мария Иванова Петрова",
      idNumber: validEgn("850101123"),
    });
    const john = await employee(me.api, {
      name: "John Smith",
      idNumber: validEgn("900101123"),
    });
    const late = await employee(me.api, {
      name: "Петър Петров Колев",
      idNumber: validEgn("800505123"),
      startDate: "2026-10-15",
    });
    await salary(me.api, { employeeId: maria });
    await salary(me.api, { employeeId: john, status: "draft" });
    const lateSalary = await salary(me.api, { employeeId: late });
    // The ЕГН's check digit broken after the form's check, and 22 days on a contract of 12.
    await db
      .updateTable("employees")
      .set({ idNumber: broken(validEgn("850101123")) })
      .where("id", "=", maria)
      .execute();
    await db
      .updateTable("salaries")
      .set({ workedDays: 22, sickDays: 0, unpaidDays: 0 })
      .where("id", "=", lateSalary)
      .execute();

    const refused = await download(me.api);
    expect(refused.status).toBe(409);
    const body = await refused.json();
    expect(body.message).toBe("Файловете не са готови: поправете първо изброеното");
    const messages = (body.problems as { who: string; message: string; href: string }[]).map(
      (p) => `${p.who}: ${p.message} → ${p.href}`,
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^Заплати: 1 заплата за месеца е чернова.*→ \/salaries\?month=2026-10$/,
        ),
        `Мария Иванова Петрова: Невалидно ЕГН (контролна цифра или дата на раждане) → /salaries/employees/${maria}`,
        expect.stringMatching(
          new RegExp(
            `^Петър Петров Колев: Дните не съвпадат: отработени 22 \\+ болнични 0 \\+ неплатен отпуск 0 = 22, а работните дни по договора през месеца са 12; на договор от 15\\.10\\.2026 → /salaries/edit/${lateSalary}$`,
          ),
        ),
      ]),
    );

    // Approved, the Latin name is a problem of its own.
    await db
      .updateTable("salaries")
      .set({ status: "approved" })
      .where("employeeId", "=", john)
      .execute();
    const again = await (await download(me.api)).json();
    expect(again.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          who: "John Smith",
          message: "НАП приема имената само на кирилица: въведете името както е в регистъра на НАП",
          href: `/salaries/employees/${john}`,
        }),
      ]),
    );

    // The page shows the same list with its links, and no download.
    const page = await (
      await call(pageLoader, db, "/salaries/declarations?month=2026-10", {
        headers: me.page,
      })
    ).json();
    expect(page.ready).toBe(false);
    expect(page.problems.map((p: { href: string }) => p.href)).toContain(
      `/salaries/edit/${lateSalary}`,
    );
    const file = await call(fileGet, db, "/salaries/declarations/files/1?month=2026-10", {
      headers: me.page,
      params: { name: "1" },
    });
    expect(file.status).toBe(409);
    expect(await file.text()).toContain("Невалидно ЕГН");
  });

  it("a letter Windows-1251 lacks is transliterated and named on the page; quotes and commas go", async () => {
    const me = await company();
    const db = getDb();
    const id = await employee(me.api, {
      name: "Мария Иванова Петрова",
      idNumber: validEgn("850101123"),
    });
    await salary(me.api, { employeeId: id });
    await db
      .updateTable("employees")
      .set({ name: 'Мария Ѝванова "Петрова"' })
      .where("id", "=", id)
      .execute();
    const page = await (
      await call(pageLoader, db, "/salaries/declarations?month=2026-10", {
        headers: me.page,
      })
    ).json();
    expect(page.ready).toBe(true);
    expect(page.notices).toEqual([
      expect.objectContaining({
        from: 'Мария Ѝванова "Петрова"',
        to: "МАРИЯ ИВАНОВА ПЕТРОВА",
        changes: [
          { from: "Ѝ", to: "И" },
          { from: '"', to: "интервал" },
        ],
        href: `/salaries/employees/${id}`,
      }),
    ]);
    const bytes = new Uint8Array(await (await download(me.api, "1")).arrayBuffer());
    const [line] = records(bytes);
    expect(line!.slice(5, 7)).toEqual(['"ПЕТРОВА"', '"МИ"']);
  });

  it("refuses a bad month (400), an unknown file (404) and a plan below full (403), in Bulgarian", async () => {
    const me = await company();
    const db = getDb();
    for (const month of ["2026-13", "26-10", "2026-1", "abcd-ef", "__proto__"]) {
      const response = await call(zipGet, db, `/api/salaries/month/${month}/declarations`, {
        headers: me.api,
        params: { month },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        success: false,
        message: "Изберете месец във вида гггг-мм",
      });
    }
    const unknown = await call(formGet, db, "/api/salaries/month/2026-10/declarations/7", {
      headers: me.api,
      params: { month: "2026-10", form: "7" },
    });
    expect(unknown.status).toBe(404);
    const empty = await download(me.api);
    expect(empty.status).toBe(409);
    expect((await empty.json()).problems[0].message).toBe("За месеца няма одобрени заплати");

    const standard = await company("standard", validEik(), "Стандарт ООД");
    const gated = await download(standard.api);
    expect(gated.status).toBe(403);
    expect((await gated.json()).message).toMatch(/[А-Яа-я]/);
    const gatedPage = await call(pageLoader, db, "/salaries/declarations?month=2026-10", {
      headers: standard.page,
    });
    expect(gatedPage.status).toBe(403);
    const badPage = await call(pageLoader, db, "/salaries/declarations?month=2026-99", {
      headers: me.page,
    });
    expect(badPage.status).toBe(400);
    expect((await badPage.json()).monthError).toBe("Изберете месец във вида гггг-мм");
  });
});

describe("НАП declarations: the back office's dated rows", () => {
  afterEach(async () => {
    // The seeded rows are reference data kept between tests: what a test adds goes, they reopen.
    const db = getDb();
    await db.deleteFrom("napDeclarationFormats").where("validFrom", "<>", "2021-01-01").execute();
    await db.updateTable("napDeclarationFormats").set({ validTo: null }).execute();
    await db.deleteFrom("napPaymentAccounts").where("validFrom", "<>", "2023-10-01").execute();
    await db.updateTable("napPaymentAccounts").set({ validTo: null }).execute();
  });

  async function admin() {
    const db = getDb();
    const user = await createUser(db, { role: "admin" });
    const { cookie } = await signInApi(db, user);
    return { Cookie: cookie };
  }

  const format = {
    intent: "nap-format",
    validFrom: "2027-01-01",
    form1FileName: "EMPL2027.TXT",
    form1Tag: "NRAD12027",
    form6FileName: "NRA62007.TXT",
    form6Tag: "NRAD62007",
    paymentTypePayroll: "1",
    paymentTypeContracts: "4",
    insuredTypeLabour: "01",
    insuredTypeManagement: "10",
    insuredTypeCivil: "14",
    confirmed: "on",
    note: "Нова спецификация",
  };

  it("a new format from a date is used for the periods from it; the one before ends the day before", async () => {
    const db = getDb();
    const headers = await admin();
    const added = await call(napAction, db, "/hatterscastle/nap", formBody(format, headers));
    expect(added.status).toBe(302);
    expect((await declarationFormatFor(db, "2026-12-31"))?.form1FileName).toBe("EMPL2021.TXT");
    expect(await declarationFormatFor(db, "2027-01-31")).toMatchObject({
      form1FileName: "EMPL2027.TXT",
      form1Tag: "NRAD12027",
      paymentTypePayroll: 1,
      confirmed: true,
    });
    const seeded = await db
      .selectFrom("napDeclarationFormats")
      .select("validTo")
      .where("validFrom", "=", "2021-01-01")
      .executeTakeFirstOrThrow();
    expect(seeded.validTo).toBe("2026-12-31");
    const page = await (await call(napLoader, db, "/hatterscastle/nap", { headers })).json();
    expect(page.formats.map((f: { cells: string[] }) => f.cells[1])).toEqual([
      "EMPL2027.TXT / NRAD12027",
      "EMPL2021.TXT / NRAD12008",
    ]);
    const audit = await db
      .selectFrom("auditLog")
      .select("action")
      .where("action", "=", "nap.format")
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("refuses in Bulgarian, with what was typed: a wrong IBAN, a date not after the latest row, a customer", async () => {
    const db = getDb();
    const headers = await admin();
    const badIban = await call(
      napAction,
      db,
      "/hatterscastle/nap",
      formBody(
        {
          intent: "nap-account",
          kind: "doo",
          validFrom: "2027-01-01",
          iban: "BG00BNBG96618000112001",
        },
        headers,
      ),
    );
    expect(badIban.status).toBe(400);
    const answer = await badIban.json();
    expect(answer.fieldErrors.iban).toMatch(/IBAN/);
    expect(answer.repopulateFields.iban).toBe("BG00BNBG96618000112001");

    const early = await call(
      napAction,
      db,
      "/hatterscastle/nap",
      formBody({ ...format, validFrom: "2020-01-01" }, headers),
    );
    expect(early.status).toBe(400);
    expect((await early.json()).fieldErrors.validFrom).toBe(
      "Датата трябва да е след 01.01.2021 — началото на последния ред",
    );

    const account = await call(
      napAction,
      db,
      "/hatterscastle/nap",
      formBody(
        {
          intent: "nap-account",
          kind: "doo",
          validFrom: "2027-01-01",
          iban: "BG97 BNBG 9661 8000 1120 01",
        },
        headers,
      ),
    );
    expect(account.status).toBe(302);
    const accounts = await napAccountsFor(db, "2027-02-25");
    expect(accounts.get("doo")?.iban).toBe("BG97BNBG96618000112001");
    expect(accounts.get("tax")?.iban).toBe("BG88BNBG96618000195001");

    const me = await company();
    const refused = await call(napAction, db, "/hatterscastle/nap", formBody(format, me.page));
    expect(refused.status).toBeGreaterThanOrEqual(300);
    expect(refused.status).toBeLessThan(500);
    expect(await declarationFormatFor(db, "2027-01-31")).toMatchObject({
      form1FileName: "EMPL2021.TXT",
    });
  });
});
