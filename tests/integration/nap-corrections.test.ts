import { unzipSync } from "fflate";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { loader as pageLoader } from "~/routes/_app.salaries_.declarations";
import { action as employeesPost } from "~/routes/api.employees";
import { action as salariesPost } from "~/routes/api.salaries";
import { action as salaryPut } from "~/routes/api.salaries.$id";
import { loader as zipGet } from "~/routes/api.salaries.month.$month_.declarations";
import { loader as fileGet } from "~/routes/salaries.declarations.files.$name";
import { createCompanyOnPlan, validEgn } from "../setup/factories";
import { call, jsonBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Corrections and the history of deliveries (issue #27 item 4, decision 024 «Corrections»): a
 * download is recorded (who, when, sha256); a month changed after it gives К / З / new lines in
 * обр. 1 and the changed columns of обр. 6, and the page says so. Read back from the files' bytes.
 */

const getDb = setupTestDatabase();

async function company() {
  const db = getDb();
  const me = await createCompanyOnPlan(db, "full");
  await db
    .updateTable("companies")
    .set({
      eik: "175074752",
      name: "Тест Корекции ООД",
      activityCode: "6201",
    })
    .where("id", "=", me.companyId)
    .execute();
  const session = await signInApi(db, me.user);
  return { email: me.user.email, page: { Cookie: session.cookie }, api: session.bearer };
}

async function send(
  route: Parameters<typeof call>[0],
  url: string,
  body: Record<string, unknown> | null,
  method: string,
  api: Record<string, string>,
  params: Record<string, string> = {},
) {
  return call(route, getDb(), url, {
    ...(body ? jsonBody(body, method, api) : { method, headers: api }),
    params,
  });
}

async function setup() {
  const me = await company();
  const ids: Record<string, { employee: string; salary: string }> = {};
  for (const [key, name, id] of [
    ["a", "Иван Стоянов Петров", validEgn("751231123")],
    ["b", "Мария Иванова Петрова", validEgn("850101123")],
    ["c", "Анна Тодорова Георгиева", validEgn("790303123")],
  ] as const) {
    const e = await send(
      employeesPost,
      "/api/employees",
      {
        name,
        idNumber: id,
        position: "Специалист",
        occupationCode: "24114001",
        contractType: "labour",
        startDate: "2020-01-01",
        gross: "2000.00",
      },
      "POST",
      me.api,
    );
    expect(e.status).toBe(201);
    const employee = ((await e.json()) as { id: string }).id;
    const s = await send(
      salariesPost,
      "/api/salaries",
      { employeeId: employee, month: "2026-10", workingDays: 22, status: "approved" },
      "POST",
      me.api,
    );
    expect(s.status).toBe(201);
    ids[key] = { employee, salary: ((await s.json()) as { id: string }).id };
  }
  return { me, ids };
}

async function put(me: { api: Record<string, string> }, id: string, body: Record<string, unknown>) {
  const r = await send(salaryPut, `/api/salaries/${id}`, body, "PUT", me.api, { id });
  expect(r.status, await r.clone().text()).toBe(200);
}

function lines(bytes: Uint8Array): string[][] {
  const text = iconv.decode(Buffer.from(bytes), "win1251");
  expect(text.endsWith("\r\n")).toBe(true);
  return text
    .slice(0, -2)
    .split("\r\n")
    .map((l) => l.split(","));
}

async function zip(me: { api: Record<string, string> }) {
  const r = await call(zipGet, getDb(), "/api/salaries/month/2026-10/declarations", {
    headers: me.api,
    params: { month: "2026-10" },
  });
  expect(r.status).toBe(200);
  return unzipSync(new Uint8Array(await r.arrayBuffer()));
}

async function page(me: { page: Record<string, string> }) {
  const r = await call(pageLoader, getDb(), "/salaries/declarations?month=2026-10", {
    headers: me.page,
  });
  expect(r.status).toBe(200);
  return r.json();
}

/** An approved salary back to a draft (its figures unchanged: only the status may change). */
async function toDraft(
  me: { api: Record<string, string> },
  ids: { employee: string; salary: string },
) {
  await put(me, ids.salary, {
    employeeId: ids.employee,
    month: "2026-10",
    workingDays: 22,
    gross: "2000.00",
    status: "draft",
  });
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
/** обр. 6 column i (0-based): [month, year, date, код корекция, вид плащане, ДОО, УчПФ, УПФ, ППФ, ЗО, ГВРС, данък, данък 2]. */
const column = (record: string[], i: number) => record.slice(6 + i * 13, 6 + (i + 1) * 13);

describe("НАП declarations: history and corrections", () => {
  it("a download is recorded with who, when, the file and its sha256; the page lists it", async () => {
    const { me } = await setup();
    const before = await page(me);
    expect(before.history).toEqual([]);
    expect(before.correction).toBeNull();
    const r = await call(fileGet, getDb(), "/salaries/declarations/files/1?month=2026-10", {
      headers: me.page,
      params: { name: "1" },
    });
    expect(r.status).toBe(200);
    const bytes = new Uint8Array(await r.arrayBuffer());
    const { createHash } = await import("node:crypto");
    const after = await page(me);
    expect(after.history).toHaveLength(1);
    expect(after.history[0]).toMatchObject({
      file: "Декларация обр. 1 — данни за осигурените лица",
      user: me.email,
      sha256: createHash("sha256").update(bytes).digest("hex"),
    });
    expect(after.history[0].at).toMatch(/^\d{2}\.\d{2}\.\d{4} г\. \d{2}:\d{2}$/);
    // Nothing changed: the page has no note and the next file is the same regular one.
    expect(after.correction).toBeNull();
    const again = await zip(me);
    expect(again["EMPL2021.TXT"]).toEqual(bytes);
    expect((await page(me)).history).toHaveLength(2);
  });

  it("a re-approved salary is a К line with all items, a deleted one a З line with identity only; обр. 6 reconciles", async () => {
    const { me, ids } = await setup();
    const first = await zip(me);
    const original = lines(first["EMPL2021.TXT"]!);
    const form6Before = lines(first["NRA62007.TXT"]!)[0]!;
    expect(original).toHaveLength(3);
    expect(original.every((l) => l[51] === "0")).toBe(true);

    // Петрова's salary re-approved with a higher gross; Георгиева's deleted.
    await toDraft(me, ids.b!);
    await put(me, ids.b!.salary, {
      employeeId: ids.b!.employee,
      month: "2026-10",
      workingDays: 22,
      gross: "2050.00",
      status: "approved",
    });
    await toDraft(me, ids.c!);
    const del = await send(salaryPut, `/api/salaries/${ids.c!.salary}`, null, "DELETE", me.api, {
      id: ids.c!.salary,
    });
    expect(del.status).toBe(204);

    const p = await page(me);
    expect(p.correction.note).toMatch(
      /^Данните за месеца са променени след подаването на \d{2}\.\d{2}\.\d{4} г\. \d{2}:\d{2} — ще бъдат създадени коригиращи записи$/,
    );
    expect(p.correction.lines).toEqual([
      { name: "Мария Иванова Петрова", kind: "correction" },
      { name: "Анна Тодорова Георгиева", kind: "deletion" },
    ]);

    const second = await zip(me);
    const corr = lines(second["EMPL2021.TXT"]!);
    expect(corr).toHaveLength(2);
    const [k, z] = corr as [string[], string[]];
    // К: all 53 items, record type 1, the new income.
    expect(k).toHaveLength(53);
    expect(k[3]).toBe(`"${validEgn("850101123")}"`);
    expect(k[51]).toBe("1");
    expect(k[5]).toBe('"ПЕТРОВА"');
    const oldB = original.find((l) => l[3] === k[3])!;
    // З: 53 fields, only т. 2–5.1 (fields 1–5), the type (52 = 2) and the tag filled.
    expect(z).toHaveLength(53);
    expect(z.slice(0, 5)).toEqual(
      original.find((l) => l[3] === `"${validEgn("790303123")}"`)!.slice(0, 5),
    );
    expect(z[51]).toBe("2");
    expect(z[52]).toBe('"NRAD12008"');
    expect(z.slice(5, 51).every((f) => f === "")).toBe(true);

    // обр. 6: Петрова's increase (+50) is smaller than Георгиева's removal, so the column falls
    // → код 1 with the month's right amounts = before − Георгиева + Петрова's difference.
    const form6 = lines(second["NRA62007.TXT"]!)[0]!;
    const now = await page(me);
    const col = column(form6, 0);
    const colBefore = column(form6Before, 0);
    const dooIndex = colBefore.findIndex((_, i) => i > 4 && AMOUNTISH.test(colBefore[i]!));
    expect(dooIndex).toBeGreaterThan(0);
    const doo = now.funds[0].form6;
    expect(cents(col[dooIndex]!)).toBe(doo);
    expect(col[3]).toBe("1");
    expect(cents(colBefore[dooIndex]!)).toBeGreaterThan(doo);
    // the К line's income (т. 21) moved by the gross difference (below the maximum insurable
    // income of 2026, so the whole gross is insurable)
    expect(cents(k[33]!) - cents(oldB[33]!)).toBe(5000);

    // The history has both deliveries, newest first. The page says the correction was made; a
    // third download gives the same correcting lines (not the regular file of a declared month),
    // and the regular files with every record are there for a month whose files were never filed.
    expect(now.history).toHaveLength(2);
    expect(now.correction.note).toMatch(
      /^Коригиращите записи спрямо подаването на .+ са създадени на .+ — при ново изтегляне ще получите същите$/,
    );
    expect(now.correction.lines).toEqual(p.correction.lines);
    const third = await zip(me);
    expect(lines(third["EMPL2021.TXT"]!)).toEqual(corr);
    expect(third["NRA62007.TXT"]).toEqual(second["NRA62007.TXT"]);
    const regular = await call(
      zipGet,
      getDb(),
      "/api/salaries/month/2026-10/declarations?regular=1",
      { headers: me.api, params: { month: "2026-10" } },
    );
    expect(regular.status).toBe(200);
    const full = lines(unzipSync(new Uint8Array(await regular.arrayBuffer()))["EMPL2021.TXT"]!);
    expect(full).toHaveLength(2);
    expect(full.every((l) => l[51] === "0")).toBe(true);
    // After the regular files, nothing has changed since: no correction, regular files again.
    expect((await page(me)).correction).toBeNull();
    expect((await page(me)).history).toHaveLength(4);
  });

  it("an increase only: обр. 6 код 0 with the positive difference, the К line carries the new figures", async () => {
    const { me, ids } = await setup();
    const first = await zip(me);
    const before6 = lines(first["NRA62007.TXT"]!)[0]!;
    await toDraft(me, ids.a!);
    await put(me, ids.a!.salary, {
      employeeId: ids.a!.employee,
      month: "2026-10",
      workingDays: 22,
      gross: "2100.00",
      status: "approved",
    });
    const second = await zip(me);
    const corr = lines(second["EMPL2021.TXT"]!);
    expect(corr).toHaveLength(1);
    expect(corr[0]![51]).toBe("1");
    const after6 = lines(second["NRA62007.TXT"]!)[0]!;
    const col = column(after6, 0);
    const was = column(before6, 0);
    expect(col[3]).toBe("0");
    const total = (await page(me)).funds as { form6: number }[];
    // ДОО, УПФ, ЗО of the difference + what was declared = the month now.
    const idx = was.map((v, i) => (i > 4 && AMOUNTISH.test(v) ? i : -1)).filter((i) => i > 0);
    const declared = idx.reduce((s, i) => s + cents(was[i]!) + cents(col[i]!), 0);
    expect(declared).toBe(total.reduce((s, f) => s + f.form6, 0));
    expect(idx.every((i) => cents(col[i]!) >= 0)).toBe(true);
    expect(idx.some((i) => cents(col[i]!) > 0)).toBe(true);
  });
});

const AMOUNTISH = /^\d+\.\d{2}$/;
