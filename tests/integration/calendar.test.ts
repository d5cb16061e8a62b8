import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import nodeIcal, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { calendarPage, companyDeadlines, nextDeadlines } from "~/modules/calendar/calendar.server";
import { amountText, deadlineLine } from "~/modules/calendar/constants";
import { runCalendarReminders } from "~/modules/calendar/reminders.server";
import { issueDocument } from "~/modules/invoices/documents.server";
import { monthPayments } from "~/modules/salaries/nap/payments.server";
import { setSalaryStatus } from "~/modules/salaries/salaries.server";
import { action as calendarAction, loader as calendarLoader } from "~/routes/_app.calendar";
import { loader as dashboardLoader } from "~/routes/_app.dashboard";
import { loader as reportLoader } from "~/routes/_app.reports.vat";
import { loader as feedLoader } from "~/routes/calendar.feed.$file";
import { addDays, todayInSofia } from "~/utils/dates";
import { makeContext } from "../setup/context";
import {
  createCompanyWithClient,
  createTestDraft,
  createTestEmployee,
  createTestExpense,
  createTestSalary,
  setPlan,
} from "../setup/factories";
import { call, formBody, sessionFor } from "../setup/routes";
import { memberOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #49 items 1 and 4 (decision 075): the tax calendar. Each kind of business gets its own
 * deadlines across a year, moved past weekends and official days off; the VAT return carries its
 * amount; the iCalendar feed parses back; reminders go once per deadline and person; the
 * dashboard shows the next three.
 */

const getDb = setupTestDatabase();
const LINES = [{ description: "Уебсайт", quantity: "1", unitPrice: "1000.00", vatRate: 20 }];

type Db = ReturnType<typeof getDb>;

async function companyOfKind(
  db: Db,
  kind: "company" | "soleTrader" | "freelancer" | "nonprofit",
  vat: boolean,
) {
  const me = await createCompanyWithClient(db, vat);
  const companyType = kind === "soleTrader" ? "company" : kind;
  const name = kind === "soleTrader" ? "ЕТ „Иван Петров - 77“" : `Проба ${kind} ООД`;
  await db
    .updateTable("companies")
    .set({ companyType, name })
    .where("id", "=", me.companyId)
    .execute();
  return me;
}

/** The year's deadlines as "key due" lines. */
async function year2026(db: Db, companyId: string) {
  const { deadlines } = await companyDeadlines(db, companyId, "2026-01-01", "2026-12-31");
  return deadlines.map((d) => `${d.key} ${d.due}`);
}

describe("the deadlines by kind of business, across 2026 (issue #49 item 1)", () => {
  it("a VAT-registered company with employees: VAT, VIES, payroll, ЗКПО, the statements; days moved", async () => {
    const db = getDb();
    const me = await companyOfKind(db, "company", true);
    await createTestEmployee(db, me.companyId);
    const all = await year2026(db, me.companyId);
    // 14.11.2026 is a Saturday: the October return is due on Monday 16.11.
    expect(all).toContain("vat-return:2026-10 2026-11-16");
    expect(all).toContain("vies:2026-10 2026-11-16");
    expect(all).toContain("vat-return:2026-02 2026-03-16");
    // 25.05.2026 is an official day off (24 May moved to Monday): April's payroll is due 26.05.
    expect(all).toContain("payroll-contributions:2026-04 2026-05-26");
    expect(all).toContain("payroll-declarations:2026-04 2026-05-26");
    expect(all).toContain("corporate-return:2025 2026-06-30");
    expect(all).toContain("financial-statements:2025 2026-06-30");
    // The end of dual prices ends a period: it never moves (8.8.2026 is a Saturday).
    expect(all).toContain("euro-dual-display 2026-08-08");
    expect(all.filter((d) => d.startsWith("vat-return:"))).toHaveLength(12);
    expect(all.some((d) => /^(advance-tax|income-return|self-insurance)/.test(d))).toBe(false);
    const { deadlines } = await companyDeadlines(db, me.companyId, "2026-01-01", "2026-01-31");
    const december = deadlines.find((d) => d.key === "vat-return:2025-12");
    expect(december).toMatchObject({ due: "2026-01-14", href: "/reports/vat?month=2025-12" });
    expect(december?.note).toMatch(/в лева/);
    const moved = (await companyDeadlines(db, me.companyId, "2026-05-01", "2026-05-31")).deadlines;
    expect(moved.find((d) => d.key === "payroll-contributions:2026-04")?.moved).toBe(
      "25.05.2026 е неприсъствен ден (Ден на културата (24 май))",
    );
  });

  it("a freelancer: the quarterly advance tax, the annual return with its 5 % discount, own contributions; no VAT", async () => {
    const db = getDb();
    const me = await companyOfKind(db, "freelancer", false);
    const all = await year2026(db, me.companyId);
    expect(all).toContain("advance-tax:2026-Q1 2026-04-30");
    expect(all).toContain("advance-tax:2026-Q2 2026-07-31");
    // 31.10.2026 is a Saturday.
    expect(all).toContain("advance-tax:2026-Q3 2026-11-02");
    expect(all.some((d) => d.startsWith("advance-tax:2025-Q4"))).toBe(false);
    expect(all).toContain("income-return-discount:2025 2026-03-31");
    expect(all).toContain("income-return:2025 2026-04-30");
    expect(all).toContain("self-insurance:2026-01 2026-02-25");
    expect(all.some((d) => /^(vat-return|vies|payroll|corporate|financial)/.test(d))).toBe(false);
  });

  it("a sole trader (ЕТ): the annual return by 30 June, no ЗКПО return, no published statements", async () => {
    const db = getDb();
    const me = await companyOfKind(db, "soleTrader", true);
    const all = await year2026(db, me.companyId);
    expect(all).toContain("sole-trader-return:2025 2026-06-30");
    expect(all).toContain("vat-return:2026-05 2026-06-15");
    expect(all.some((d) => /^(corporate-return|financial-statements|income-return:)/.test(d))).toBe(
      false,
    );
    expect(all).toContain("self-insurance:2026-01 2026-02-25");
    // The same by the name typed on a Latin keyboard, or spelled out (one definition, decision 076).
    for (const name of ["ET Ivan Petrov", "Едноличен търговец Иван Петров"]) {
      await db.updateTable("companies").set({ name }).where("id", "=", me.companyId).execute();
      expect(await year2026(db, me.companyId), name).toContain(
        "sole-trader-return:2025 2026-06-30",
      );
    }
    // An ЕООД whose name begins with «ЕТ» is a company.
    await db
      .updateTable("companies")
      .set({ name: "ЕТ Консулт ЕООД" })
      .where("id", "=", me.companyId)
      .execute();
    expect(await year2026(db, me.companyId)).toContain("corporate-return:2025 2026-06-30");
  });

  it("a non-profit without VAT and employees: only ЗКПО and the statements", async () => {
    const db = getDb();
    const me = await companyOfKind(db, "nonprofit", false);
    expect(await year2026(db, me.companyId)).toEqual([
      "corporate-return:2025 2026-06-30",
      "financial-statements:2025 2026-06-30",
    ]);
  });

  it("a return due on Разпети петък moves past Easter and the moved 1 May: 30.04.2027 → 05.05.2027", async () => {
    const db = getDb();
    const me = await companyOfKind(db, "freelancer", false);
    const { deadlines } = await companyDeadlines(db, me.companyId, "2027-04-01", "2027-05-31");
    expect(deadlines.find((d) => d.key === "income-return:2026")).toMatchObject({
      nominal: "2027-04-30",
      due: "2027-05-05",
      moved: "30.04.2027 е неприсъствен ден (Разпети петък)",
    });
  });

  it("the days off hold Orthodox Easter as the law counts it (Friday to Monday) for 2026–2028", async () => {
    const db = getDb();
    const days = new Set(
      (await db.selectFrom("publicHolidays").select("day").execute()).map((r) =>
        String(r.day).slice(0, 10),
      ),
    );
    for (const year of [2026, 2027, 2028]) {
      const easter = orthodoxEaster(year);
      for (const offset of [-2, 0, 1]) expect(days).toContain(addDays(easter, offset));
    }
  });
});

/** Meeus's Julian computus, moved to the Gregorian calendar (13 days in 1900–2099). */
function orthodoxEaster(year: number): string {
  const a = year % 4;
  const b = year % 7;
  const c = year % 19;
  const d = (19 * c + 15) % 30;
  const e = (2 * a + 4 * b - d + 34) % 7;
  const month = Math.floor((d + e + 114) / 31);
  const day = ((d + e + 114) % 31) + 1;
  const julian = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return addDays(julian, 13);
}

describe("the amounts and the dashboard (issue #49 item 4)", () => {
  it("the VAT return's amount is the return's кл. 50 for the month", async () => {
    const db = getDb();
    const me = await companyOfKind(db, "company", true);
    const id = await createTestDraft(db, me, { lines: LINES, issueDate: "2026-10-15" });
    await issueDocument(db, me.companyId, id);
    const next = await nextDeadlines(db, me.companyId, "2026-11-05");
    expect(next.map((d) => d.key)).toEqual([
      "vat-return:2026-10",
      "vies:2026-10",
      "vat-return:2026-11",
    ]);
    expect(next[0]?.amount).toEqual({
      cents: 20_000,
      currency: "EUR",
      label: "ДДС за внасяне",
      partial: false,
    });
    expect(next[1]?.amount).toBeNull();
    // November has begun: its figure so far (nothing issued in it yet).
    expect(next[2]?.amount).toMatchObject({ cents: 0, partial: true });
  });

  it("the payroll's amount is what the month's payments to НАП total (full plan); unknown below it", async () => {
    const db = getDb();
    const me = await companyOfKind(db, "company", false);
    await setPlan(db, me.companyId, "full");
    const { salaryId } = await createTestSalary(db, me.companyId, "2026-10");
    await setSalaryStatus(db, me.companyId, salaryId, "approved");
    const payments = await monthPayments(db, me.companyId, "2026-10");
    expect(payments.totalCents).toBeGreaterThan(0);
    const next = await nextDeadlines(db, me.companyId, "2026-11-20");
    const contributions = next.find((d) => d.key === "payroll-contributions:2026-10");
    expect(contributions).toMatchObject({
      due: "2026-11-25",
      amount: { cents: payments.totalCents, label: "Общо към НАП", partial: false },
    });
    await setPlan(db, me.companyId, "standard");
    const below = await nextDeadlines(db, me.companyId, "2026-11-20");
    expect(below.find((d) => d.key === "payroll-contributions:2026-10")?.amount).toBeNull();
  });

  it("the dashboard shows the next three deadlines, soonest first, with the amount when known", async () => {
    const db = getDb();
    const me = await companyOfKind(db, "company", true);
    const today = todayInSofia();
    const id = await createTestDraft(db, me, { lines: LINES, issueDate: today });
    await issueDocument(db, me.companyId, id);
    const { cookie } = await sessionFor(db, me.user);
    const page = await (
      await call(dashboardLoader, db, "/dashboard", { headers: { Cookie: cookie } })
    ).json();
    expect(page.deadlines).toHaveLength(3);
    const dues = page.deadlines.map((d: { due: string }) => d.due);
    expect([...dues].sort()).toEqual(dues);
    expect(dues[0] >= today).toBe(true);
    const thisMonth = page.deadlines.find(
      (d: { key: string }) => d.key === `vat-return:${today.slice(0, 7)}`,
    );
    expect(thisMonth?.amount).toMatchObject({ cents: 20_000, label: "ДДС за внасяне" });
  });
});

describe("the dashboard's VAT returns agree with /reports/vat to the cent (issue #49)", () => {
  /** A VAT-registered company on the standard plan with sales and purchases from August on. */
  async function vatBusiness(db: Db) {
    const me = await companyOfKind(db, "company", true);
    await setPlan(db, me.companyId, "standard");
    const sell = async (issueDate: string, lines: typeof LINES) =>
      issueDocument(db, me.companyId, await createTestDraft(db, me, { lines, issueDate }));
    // August: a large purchase, a refund (кл. 60) carried into September and October (чл. 92).
    await createTestExpense(db, me.companyId, {
      documentDate: "2026-08-10",
      amounts: [{ vatRate: 20, base: "2500.00" }],
    });
    await sell("2026-08-20", [{ ...LINES[0]!, unitPrice: "100.00" }]);
    await sell("2026-09-15", LINES);
    await sell("2026-10-01", [
      { description: "Консултация", quantity: "3", unitPrice: "333.33", vatRate: 20 },
      { description: "Книги", quantity: "7", unitPrice: "12.35", vatRate: 9 },
    ]);
    await createTestExpense(db, me.companyId, {
      documentDate: "2026-10-04",
      vatCredit: "partial",
      vatCreditCoefficient: "0.5",
      amounts: [{ vatRate: 20, base: "99.99" }],
    });
    await sell("2026-11-02", [{ ...LINES[0]!, unitPrice: "123.45" }]);
    return me;
  }

  async function reportFigures(db: Db, cookie: string, month: string) {
    const answer = await call(reportLoader, db, `/reports/vat?month=${month}`, {
      headers: { Cookie: cookie },
    });
    expect(answer.status).toBe(200);
    const page = (await answer.json()) as { month: string; figures: Record<string, number> };
    expect(page.month).toBe(month);
    return page.figures;
  }

  it("on 5 November: October's return and November's so far, as the report's кл. 50 / кл. 60", async () => {
    const db = getDb();
    const me = await vatBusiness(db);
    const { cookie } = await sessionFor(db, me.user);
    const next = await nextDeadlines(db, me.companyId, "2026-11-05");
    const vat = next.filter((d) => d.rule === "vat-return");
    expect(vat.map((d) => d.period)).toEqual(["2026-10", "2026-11"]);
    for (const d of vat) {
      const figures = await reportFigures(db, cookie, d.period);
      const refund = figures["01-60"]!;
      expect(d.amount, d.period).toEqual({
        cents: refund > 0 ? refund : figures["01-50"],
        currency: "EUR",
        label: refund > 0 ? "ДДС за възстановяване" : "ДДС за внасяне",
        partial: d.period === "2026-11",
      });
    }
    // November: 123,45 × 20 %.
    expect(vat[1]?.amount?.cents).toBe(2469);
    // August's refund of 480,00 carried (чл. 92, ал. 1): September deducts 200,00 of it, October
    // the 280,00 left — read through October's M-2 (August) and M-3 (July).
    expect((await reportFigures(db, cookie, "2026-09"))["01-70"]).toBe(20_000);
    const october = await reportFigures(db, cookie, "2026-10");
    expect(october["01-70"]).toBe(Math.min(october["01-50"]!, 28_000));
    expect(october["01-70"]).toBeGreaterThan(0);
  });

  it("on 3 September: August's refund (кл. 60) and September's figure after it", async () => {
    const db = getDb();
    const me = await vatBusiness(db);
    const { cookie } = await sessionFor(db, me.user);
    const vat = (await nextDeadlines(db, me.companyId, "2026-09-03")).filter(
      (d) => d.rule === "vat-return",
    );
    expect(vat.map((d) => d.period)).toEqual(["2026-08", "2026-09"]);
    const august = await reportFigures(db, cookie, "2026-08");
    expect(august["01-60"]).toBe(48_000);
    expect(vat[0]?.amount).toMatchObject({ cents: 48_000, label: "ДДС за възстановяване" });
    const september = await reportFigures(db, cookie, "2026-09");
    expect(vat[1]?.amount).toMatchObject({
      cents: september["01-60"]! > 0 ? september["01-60"] : september["01-50"],
      partial: true,
    });
  });

  it("the dashboard's card shows what /reports/vat shows for each month it names", async () => {
    const db = getDb();
    const me = await vatBusiness(db);
    const today = todayInSofia();
    await issueDocument(
      db,
      me.companyId,
      await createTestDraft(db, me, { lines: LINES, issueDate: today }),
    );
    const { cookie } = await sessionFor(db, me.user);
    const page = await (
      await call(dashboardLoader, db, "/dashboard", { headers: { Cookie: cookie } })
    ).json();
    const vat = (
      page.deadlines as { key: string; amount: { cents: number; label: string } | null }[]
    ).filter((d) => d.key.startsWith("vat-return:") && d.amount);
    expect(vat.length).toBeGreaterThan(0);
    for (const d of vat) {
      const figures = await reportFigures(db, cookie, d.key.slice("vat-return:".length));
      const refund = figures["01-60"]!;
      expect(d.amount?.cents, d.key).toBe(refund > 0 ? refund : figures["01-50"]);
    }
  });
});

/** The feed read by an independent parser (node-ical), as a calendar program imports it. */
function parseIcs(text: string) {
  for (const line of text.split("\r\n"))
    expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  const parsed = nodeIcal.sync.parseICS(text);
  const events = Object.values(parsed).filter((c): c is VEvent => c?.type === "VEVENT");
  return { parsed, events };
}

/** node-ical gives a date-only value as local midnight: its calendar day in the local zone. */
const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

describe("the iCalendar feed (issue #49 item 1)", () => {
  it("a secret address gives a calendar that parses back; it is stable and revocable", async () => {
    const db = getDb();
    const me = await companyOfKind(db, "company", true);
    const { cookie } = await sessionFor(db, me.user);
    const made = await call(calendarAction, db, "/calendar", {
      ...formBody({ intent: "feed-new" }, { Cookie: cookie }),
    });
    expect(made.status).toBe(200);
    expect(made.headers.get("Cache-Control")).toBe("no-store");
    const { feedUrl } = (await made.json()) as { feedUrl: string };
    expect(feedUrl).toMatch(/^http:\/\/localhost:3000\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const file = feedUrl.split("/calendar/feed/")[1]!;
    const stored = await db.selectFrom("calendarFeeds").select("tokenHash").execute();
    expect(stored.some((r) => file.startsWith(r.tokenHash))).toBe(false);

    const open = () => call(feedLoader, db, `/calendar/feed/${file}`, { params: { file } });
    const answer = await open();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const text = await answer.text();
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    const { parsed, events } = parseIcs(text);
    expect(parsed.vcalendar?.["WR-CALNAME"]).toBe("Данъчен календар: Проба company ООД");
    expect(events.length).toBeGreaterThanOrEqual(24);
    // Every deadline of the next year is one all-day event on its due day, with its title and a
    // stable UID; the first three carry their amounts; each rings 3 days before.
    const { deadlines } = await calendarPage(db, me.companyId, todayInSofia(), 366, 3);
    expect(events.map((e) => e.uid).sort()).toEqual(
      deadlines.map((d) => `${d.key}.${me.companyId}@localhost:3000`).sort(),
    );
    for (const d of deadlines) {
      const event = events.find((e) => e.uid === `${d.key}.${me.companyId}@localhost:3000`)!;
      expect(event.datetype, d.key).toBe("date");
      expect(localDay(event.start), d.key).toBe(d.due);
      expect(localDay(event.end!), d.key).toBe(addDays(d.due, 1));
      expect(event.summary, d.key).toBe(deadlineLine(d.title, d.periodLabel));
      expect(String(event.description)).toContain(`Основание: ${d.source}`);
      if (d.amount) expect(String(event.description)).toContain(amountText(d.amount));
      expect(event.alarms?.map((a) => a.trigger)).toEqual(["-P3D"]);
      expect(event.dtstamp.toISOString()).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
    expect(deadlines.slice(0, 3).some((d) => d.amount)).toBe(true);
    const first = events.find(
      (e) => e.uid === `${deadlines[0]!.key}.${me.companyId}@localhost:3000`,
    )!;
    expect(String(first.summary)).toMatch(/^(Справка-декларация по ДДС|VIES)/);
    expect(first.uid).toMatch(
      new RegExp(`^(vat-return|vies):\\d{4}-\\d{2}\\.${me.companyId}@localhost:3000$`),
    );
    // The same deadline keeps its UID the next time the program fetches the feed.
    const again = parseIcs(await (await open()).text()).events;
    expect(again.map((e) => e.uid)).toEqual(events.map((e) => e.uid));

    const page = await (
      await call(calendarLoader, db, "/calendar", { headers: { Cookie: cookie } })
    ).json();
    expect(page.feed).not.toBeNull();
    const stopped = await call(calendarAction, db, "/calendar", {
      ...formBody({ intent: "feed-revoke" }, { Cookie: cookie }),
    });
    expect(stopped.status).toBe(302);
    expect((await open()).status).toBe(404);
    const unknown = "x".repeat(43);
    expect(
      (
        await call(feedLoader, db, `/calendar/feed/${unknown}.ics`, {
          params: { file: `${unknown}.ics` },
        })
      ).status,
    ).toBe(404);
  });

  it("a staff member (no figures) is refused the page and its forms", async () => {
    const db = getDb();
    const me = await companyOfKind(db, "company", true);
    const staff = await memberOf(db, me.companyId, "staff");
    const answer = await call(calendarAction, db, "/calendar", {
      ...formBody({ intent: "feed-new" }, { Cookie: staff.cookie }),
    });
    // A refused form goes to the dashboard with «Достъп отказан»; the page itself is a 403.
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/dashboard");
    const page = await call(calendarLoader, db, "/calendar", { headers: { Cookie: staff.cookie } });
    expect(page.status).toBe(403);
    expect(
      await db
        .selectFrom("calendarFeeds")
        .select("id")
        .where("companyId", "=", me.companyId)
        .execute(),
    ).toEqual([]);
  });
});

describe("the e-mail reminders (issue #49 item 1)", () => {
  it("go to the people the owner chose, once per deadline, and stop when one turns them off", async () => {
    const db = getDb();
    const me = await companyOfKind(db, "company", true);
    const accountant = await memberOf(db, me.companyId, "accountant");
    const { cookie } = await sessionFor(db, me.user);
    const body = new URLSearchParams([
      ["intent", "recipients"],
      ["recipient", me.user.id],
      ["recipient", accountant.user.id],
    ]);
    const saved = await call(calendarAction, db, "/calendar", {
      method: "POST",
      body: body.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    });
    expect(saved.status).toBe(302);
    const refused = await call(calendarAction, db, "/calendar", {
      ...formBody(
        { intent: "recipients", recipient: "00000000-0000-4000-8000-000000000000" },
        { Cookie: cookie },
      ),
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("не е член на фирмата");

    const dir = await mkdtemp(path.join(tmpdir(), "calendar-mail-"));
    try {
      const context = makeContext(db, { dataDir: dir });
      const deps = { db, config: context.config, jobs: context.jobs };
      const mails = async () => {
        const names = await readdir(path.join(dir, "mail")).catch(() => []);
        return Promise.all(names.map((n) => readFile(path.join(dir, "mail", n), "utf8")));
      };
      const ours = (all: string[], email: string) => all.filter((m) => m.includes(email));
      // 11.12.2026: November's return and VIES are due on Monday 14.12, three days on.
      await runCalendarReminders(deps, "2026-12-11");
      await runCalendarReminders(deps, "2026-12-12");
      let all = await mails();
      expect(ours(all, me.user.email)).toHaveLength(1);
      expect(ours(all, accountant.user.email)).toHaveLength(1);
      const sent = await db
        .selectFrom("calendarReminders")
        .select(["userId", "deadlineKey"])
        .where("companyId", "=", me.companyId)
        .execute();
      expect(sent).toHaveLength(4);

      // The accountant stops their own; January's return reaches the owner only.
      const stop = await call(calendarAction, db, "/calendar", {
        ...formBody({ intent: "stop-mine" }, { Cookie: accountant.cookie }),
      });
      expect(stop.status).toBe(302);
      await runCalendarReminders(deps, "2027-01-11");
      all = await mails();
      expect(ours(all, me.user.email)).toHaveLength(2);
      expect(ours(all, accountant.user.email)).toHaveLength(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
