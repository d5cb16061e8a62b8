import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { loader as pageLoader } from "~/routes/_app.salaries_.declarations_.payments";
import { action as employeesPost } from "~/routes/api.employees";
import { action as salariesPost } from "~/routes/api.salaries";
import { loader as monthGet } from "~/routes/api.salaries.month.$month";
import { loader as formGet } from "~/routes/api.salaries.month.$month_.declarations_.$form";
import { loader as paymentsGet } from "~/routes/api.salaries.month.$month_.payments";
import { createCompanyOnPlan, validEgn } from "../setup/factories";
import { call, postApi, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The payments to НАП (issue #27 item 3, decision 025): per obligation НАП's IBAN at the БНБ and
 * the amount, whose sum is обр. 6's (read from the обр. 6 file's bytes) and the payroll's
 * contributions and tax (read from the payroll API) to the cent. The IBANs are checked here by
 * their own mod 97 and against НАП's published accounts written out here, not taken from the code.
 */

const getDb = setupTestDatabase();

/** НАП's accounts at the БНБ since 02.10.2023 (domain note payroll-declarations.md §4). */
const NAP_IBANS = {
  doo: "BG97BNBG96618000112001",
  zo: "BG16BNBG96618000112101",
  dzpo: "BG65BNBG96618000111801",
  tax: "BG88BNBG96618000195001",
} as const;

/** ISO 13616 / ISO 7064 mod 97-10, written out: letters as 10–35, the first four moved last. */
function mod97(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  const digits = [...moved]
    .map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c))
    .join("");
  return BigInt(digits) % 97n === 1n;
}

/** The IBAN with its check digits made right. */
function withCheckDigits(iban: string): string {
  const base = `${iban.slice(4)}${iban.slice(0, 2)}00`;
  const digits = [...base]
    .map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c))
    .join("");
  const check = 98n - (BigInt(digits) % 97n);
  return `${iban.slice(0, 2)}${String(check).padStart(2, "0")}${iban.slice(4)}`;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

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
  return { companyId: me.companyId, page: { Cookie: session.cookie }, api: session.bearer };
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
  await postApi(
    salariesPost,
    getDb(),
    "/api/salaries",
    { month: "2026-10", workingDays: 22, status: "approved", ...body },
    api,
  );
}

/** October 2026: born 1955 (no ДЗПО), three sick days, hired on 15.10. */
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
  return me;
}

const paymentsCsv = (api: Record<string, string>, month = "2026-10") =>
  call(paymentsGet, getDb(), `/api/salaries/month/${month}/payments`, {
    headers: api,
    params: { month },
  });

/** The CSV's rows from its bytes: Windows-1251 (no BOM), ";" between quoted fields, CR LF. */
async function csvRows(response: Response): Promise<string[][]> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = iconv.decode(bytes, "win1251");
  expect(iconv.encode(text, "win1251").equals(bytes)).toBe(true);
  expect(text.charCodeAt(0)).not.toBe(0xfeff);
  expect(text.endsWith("\r\n")).toBe(true);
  return text
    .slice(0, -2)
    .split("\r\n")
    .map((line) => {
      expect(line).toMatch(/^"[^"]*"(;"[^"]*")*$/);
      return line.slice(1, -1).split('";"');
    });
}

/** обр. 6's amounts (every block, every amount field) from the file's bytes, in cents. */
async function form6Total(api: Record<string, string>): Promise<number> {
  const response = await call(formGet, getDb(), "/api/salaries/month/2026-10/declarations/6", {
    headers: api,
    params: { month: "2026-10", form: "6" },
  });
  expect(response.status).toBe(200);
  const line = iconv.decode(Buffer.from(await response.arrayBuffer()), "win1251").split("\r\n")[0]!;
  const fields = line.split(",");
  let total = 0;
  for (let block = 0; block < 4; block++) {
    const start = 6 + 13 * block;
    for (const amount of fields.slice(start + 5, start + 13)) if (amount) total += cents(amount);
  }
  return total;
}

/** Contributions (employee + employer) and tax of the month's salaries, from the payroll API. */
async function payrollTotal(api: Record<string, string>) {
  const month = await (
    await call(monthGet, getDb(), "/api/salaries/month/2026-10", {
      headers: api,
      params: { month: "2026-10" },
    })
  ).json();
  const salaries = month.data.salaries as {
    employee: { total: string };
    employer: { total: string };
    tax: string;
  }[];
  return salaries.reduce(
    (s, x) => s + cents(x.employee.total) + cents(x.employer.total) + cents(x.tax),
    0,
  );
}

const REASONS = {
  doo: "Осигурителни вноски ДОО за 10.2026",
  dzpo: "Осигурителни вноски ДЗПО за 10.2026",
  zo: "Здравноосигурителни вноски за 10.2026",
  tax: "Данък по чл. 42 ЗДДФЛ за 10.2026",
};

describe("Payments to НАП: the CSV and the page", () => {
  it("the CSV: one order per fund and the tax to НАП's account for it; the sum is обр. 6's and the payroll's to the cent", async () => {
    const me = await threeEmployees();
    const response = await paymentsCsv(me.api);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=windows-1251");
    expect(response.headers.get("Content-Disposition")).toContain("NAP-plashtania-2026-10.csv");
    const [header, ...rows] = await csvRows(response);
    expect(header).toEqual([
      "Платец",
      "ЕИК на платеца",
      "IBAN на платеца",
      "Получател",
      "IBAN на получателя",
      "Сума",
      "Валута",
      "Основание",
      "Още пояснения",
      "Вид плащане",
      "Дата на плащане",
    ]);
    expect(rows).toHaveLength(4);
    const byReason = new Map(rows.map((r) => [r[7], r]));
    for (const [fund, text] of Object.entries(REASONS) as [keyof typeof REASONS, string][]) {
      const row = byReason.get(text)!;
      expect(row, text).toBeDefined();
      expect(row[4]).toBe(NAP_IBANS[fund]);
      expect(mod97(row[4]!)).toBe(true);
      expect(row.slice(0, 2)).toEqual(["Тест Заплати ООД", "175074752"]);
      expect(row[3]).toBe("Национална агенция за приходите");
      expect(row[5]).toMatch(/^\d+\.\d{2}$/);
      expect(row[6]).toBe("EUR");
      expect(row[10]).toBe("25.11.2026");
    }
    const sum = rows.reduce((s, r) => s + cents(r[5]!), 0);
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBe(await form6Total(me.api));
    expect(sum).toBe(await payrollTotal(me.api));
  });

  it("the page without JavaScript: payer, НАП, IBAN, amount and reason per obligation, the due date, the same sum", async () => {
    const me = await threeEmployees();
    const response = await call(
      pageLoader,
      getDb(),
      "/salaries/declarations/payments?month=2026-10",
      {
        headers: me.page,
      },
    );
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.ready).toBe(true);
    expect(data.problems).toEqual([]);
    expect(data.payer).toMatchObject({ eik: "175074752", name: "Тест Заплати ООД" });
    expect(data.recipient).toBe("Национална агенция за приходите");
    expect(data.dueDate).toBe("2026-11-25");
    expect(data.payments.map((p: { fund: string }) => p.fund)).toEqual([
      "doo",
      "dzpo",
      "zo",
      "tax",
    ]);
    for (const p of data.payments as {
      fund: keyof typeof NAP_IBANS;
      iban: string;
      reason: string;
    }[]) {
      expect(p.iban).toBe(NAP_IBANS[p.fund]);
      expect(mod97(p.iban)).toBe(true);
      expect(p.reason).toBe(REASONS[p.fund]);
    }
    const sum = data.payments.reduce(
      (s: number, p: { amountCents: number }) => s + p.amountCents,
      0,
    );
    expect(data.totalCents).toBe(sum);
    expect(data.form6TotalCents).toBe(sum);
    expect(sum).toBe(await form6Total(me.api));
    expect(sum).toBe(await payrollTotal(me.api));
    // The CSV's amounts are the page's.
    const rows = (await csvRows(await paymentsCsv(me.api))).slice(1);
    expect(rows.map((r) => cents(r[5]!))).toEqual(
      data.payments.map((p: { amountCents: number }) => p.amountCents),
    );
  });

  it("an account with wrong check digits is a Bulgarian problem on the page and a 409 from the API; a newer dated account is taken", async () => {
    const me = await threeEmployees();
    const db = getDb();
    // НАП's accounts are reference data kept between tests: put the ДОО account back whatever happens.
    const original = await db
      .selectFrom("napPaymentAccounts")
      .selectAll()
      .where("kind", "=", "doo")
      .where("iban", "=", NAP_IBANS.doo)
      .executeTakeFirstOrThrow();
    try {
      // One digit off: the table's pattern takes it, mod 97 does not.
      await db
        .updateTable("napPaymentAccounts")
        .set({ iban: "BG97BNBG96618000112002" })
        .where("id", "=", original.id)
        .execute();
      const page = await call(pageLoader, db, "/salaries/declarations/payments?month=2026-10", {
        headers: me.page,
      });
      const data = await page.json();
      expect(data.ready).toBe(false);
      expect(data.payments).toEqual([]);
      expect(data.problems.map((p: { message: string }) => p.message)).toEqual([
        "Сметката на НАП за ДОО (BG97BNBG96618000112002) не минава проверката на IBAN (контролните цифри, mod 97): администраторът трябва да я поправи",
      ]);
      const refused = await paymentsCsv(me.api);
      expect(refused.status).toBe(409);
      const body = await refused.json();
      expect(body.message).toBe("Платежните нареждания не са готови: поправете първо изброеното");
      expect(body.problems[0].message).toContain("mod 97");

      // A new account from 20.11.2026 is the one for October's payments (due 25.11.2026).
      await db
        .updateTable("napPaymentAccounts")
        .set({ iban: NAP_IBANS.doo, validTo: "2026-11-19" })
        .where("id", "=", original.id)
        .execute();
      const newer = withCheckDigits("BG00BNBG96618000112009");
      expect(mod97(newer)).toBe(true);
      await db
        .insertInto("napPaymentAccounts")
        .values({ kind: "doo", validFrom: "2026-11-20", iban: newer, confirmed: false })
        .execute();
      const rows = (await csvRows(await paymentsCsv(me.api))).slice(1);
      expect(rows.find((r) => r[7] === REASONS.doo)![4]).toBe(newer);
      expect(rows.reduce((s, r) => s + cents(r[5]!), 0)).toBe(await form6Total(me.api));
    } finally {
      await db
        .deleteFrom("napPaymentAccounts")
        .where("kind", "=", "doo")
        .where("validFrom", "=", "2026-11-20")
        .execute();
      await db
        .updateTable("napPaymentAccounts")
        .set({ iban: original.iban, validTo: original.validTo })
        .where("id", "=", original.id)
        .execute();
    }
  });

  it("refuses a bad month (400), a month without approved salaries or with a draft (409) and a plan below full (403), in Bulgarian", async () => {
    const me = await company();
    const db = getDb();
    for (const month of ["2026-13", "26-10", "2026-1", "__proto__", "2026-10%00"]) {
      const response = await paymentsCsv(me.api, month);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        success: false,
        message: "Изберете месец във вида гггг-мм",
      });
    }
    const empty = await paymentsCsv(me.api);
    expect(empty.status).toBe(409);
    expect((await empty.json()).problems.map((p: { message: string }) => p.message)).toContain(
      "За месеца няма одобрени заплати",
    );
    const id = await employee(me.api, {
      name: "Петър Иванов Колев",
      idNumber: validEgn("800101123"),
    });
    await salary(me.api, { employeeId: id, status: "draft" });
    const draft = await paymentsCsv(me.api);
    expect(draft.status).toBe(409);
    expect((await draft.json()).problems.map((p: { message: string }) => p.message)).toContain(
      "1 заплата за месеца е чернова: одобрете я или я изтрийте",
    );
    const draftPage = await (
      await call(pageLoader, db, "/salaries/declarations/payments?month=2026-10", {
        headers: me.page,
      })
    ).json();
    expect(draftPage.ready).toBe(false);
    expect(draftPage.payments).toEqual([]);

    const standard = await company("standard", "831826092", "Стандарт ЕООД");
    const gated = await paymentsCsv(standard.api);
    expect(gated.status).toBe(403);
    expect((await gated.json()).message).toMatch(/[А-Яа-я]/);
    const gatedPage = await call(pageLoader, db, "/salaries/declarations/payments?month=2026-10", {
      headers: standard.page,
    });
    expect(gatedPage.status).toBe(403);
    const badPage = await call(pageLoader, db, "/salaries/declarations/payments?month=2026-99", {
      headers: me.page,
    });
    expect(badPage.status).toBe(400);
    expect((await badPage.json()).monthError).toBe("Изберете месец във вида гггг-мм");
  });
});
