import { strFromU8, unzipSync } from "fflate";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { matchDocuments } from "~/modules/bank/confirm.server";
import { importStatement } from "~/modules/bank/import.server";
import { listTransactions } from "~/modules/bank/queries.server";
import { issueDocument } from "~/modules/invoices/documents.server";
import type { MonthState } from "~/modules/month-end/constants";
import type { OverviewCompany } from "~/modules/month-end/overview.server";
import { saveFilingSettings } from "~/modules/vat/report.server";
import { loader as overviewPage } from "~/routes/_app.companies_.months";
import { action as monthAction, loader as monthPage } from "~/routes/_app.ledger_.month";
import { loader as monthZip } from "~/routes/ledger.month[.]zip";
import { todayInSofia } from "~/utils/dates";
import { previousMonth } from "~/utils/periods";
import type { Database } from "~db/types";
import { actorOf } from "../setup/bank-actor";
import { writeMt940 } from "../setup/bank-statements";
import {
  createCompanyOnPlan,
  createTestDraft,
  createTestExpense,
  createTestSalary,
  createUser,
  validEgn,
} from "../setup/factories";
import { call, formBody, sessionFor } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #46 item 3: the accountant's month-end — one page per month with the drafts, the VAT files,
 * the payroll files, the bank and the books, each with what to fix and where; the month's ZIP of
 * all of it; «Заключи»; and the accountant's companies side by side.
 */

const getDb = setupTestDatabase();
const MONTH = "2026-10";
const OWN_IBAN = "BG80BNBG96611020345678";

/** A signed-in session of the user, working in the company. */
async function cookieIn(db: Kysely<Database>, userId: string, companyId: string) {
  const { cookie } = await sessionFor(db, { id: userId });
  await db.updateTable("sessions").set({ companyId }).where("userId", "=", userId).execute();
  return { Cookie: cookie };
}

async function member(
  db: Kysely<Database>,
  companyId: string,
  role: "accountant" | "staff",
  user?: { id: string },
) {
  const login = user ?? (await createUser(db));
  await db.insertInto("companyMembers").values({ companyId, userId: login.id, role }).execute();
  return login;
}

/** A VAT-registered company on the full plan with October's invoice, a draft, a payroll and a statement. */
async function october(db: Kysely<Database>) {
  const me = await createCompanyOnPlan(db, "full");
  await db
    .updateTable("companies")
    .set({ eik: "175074752", vatNumber: "BG175074752", activityCode: "6201" })
    .where("id", "=", me.companyId)
    .execute();
  await saveFilingSettings(db, me.companyId, {
    filerName: "Мария Иванова",
    filerEgn: "8501011234",
    filerRole: "R",
    filerCity: "София",
    filerPostalCode: "1000",
    filerAddress: "бул. Витоша 1",
    creditCoefficient: 1,
  });
  const invoice = await issueDocument(
    db,
    me.companyId,
    await createTestDraft(db, me, {
      issueDate: `${MONTH}-02`,
      lines: [{ description: "Уебсайт", quantity: "1", unitPrice: "1000.00", vatRate: 20 }],
    }),
  );
  const draftId = await createTestDraft(db, me, { issueDate: `${MONTH}-20`, lines: LINES });
  await createTestExpense(db, me.companyId, { documentDate: `${MONTH}-08` });
  await createTestSalary(
    db,
    me.companyId,
    MONTH,
    { idNumber: validEgn("850101123"), occupationCode: "24114001" },
    { status: "approved", gross: "2345.67" },
  );
  const actor = actorOf(db, me.user, me.companyId);
  const file = writeMt940({
    iban: OWN_IBAN,
    openingCents: 0,
    openingDay: `${MONTH}-01`,
    movements: [
      {
        day: `${MONTH}-20`,
        direction: "credit",
        cents: 120_000,
        reason: `Фактура ${invoice.number}`,
        reference: "M1",
      },
    ],
  });
  const imported = await importStatement(
    actor,
    { fileName: "october.sta", bytes: new TextEncoder().encode(file) },
    null,
  );
  return { me, invoice, draftId, actor, statementId: imported.statementId as string };
}

const LINES = [{ description: "Поддръжка", quantity: "1", unitPrice: "50.00", vatRate: 20 }];

const stateOf = async (answer: Response) => ((await answer.json()) as { state: MonthState }).state;
const section = (state: MonthState, key: string) => state.sections.find((s) => s.key === key);

describe("the month-end page", () => {
  it("lists what keeps the month back with links, then says it is ready; the lock is one click", async () => {
    const db = getDb();
    const { me, draftId, actor, statementId, invoice } = await october(db);
    const headers = await cookieIn(db, me.user.id, me.companyId);

    let state = await stateOf(
      await call(monthPage, db, `/ledger/month?month=${MONTH}`, { headers }),
    );
    expect(state.label).toBe("октомври 2026");
    expect(section(state, "documents")).toMatchObject({ state: "attention" });
    expect(section(state, "documents")?.items.map((i) => i.href)).toEqual([`/invoice/${draftId}`]);
    expect(section(state, "bank")?.summary).toBe(
      "1 от 1 движения не са разнесени по документ, разход или сметка.",
    );
    expect(section(state, "vat")?.state).toBe("ready");
    expect(section(state, "vat")?.summary).toContain("PRODAGBI.TXT, POKUPKI.TXT, DEKLAR.TXT");
    expect(section(state, "payroll")?.state).toBe("ready");
    expect(section(state, "payroll")?.summary).toContain("Още не са изтеглени за подаване.");
    expect(state.ready).toBe(false);
    // НАП's schema 1.0.1 wants a payment in every month's file: none is booked yet.
    expect(section(state, "saft")?.items).toEqual([
      {
        what: "Файлът по схемата на НАП",
        message: "Няма плащания през месеца. Схемата изисква поне един запис.",
        href: "/invoices",
      },
    ]);
    expect(state.headline).toBe("За поправяне преди заключване: Документи, Банка, Книги, SAF-T.");
    expect(section(state, "books")?.items).toEqual([
      {
        what: "503 и Крайно салдо по банковите извлечения",
        message: expect.stringMatching(/^Разлика −1\s200,00 \(Разплащателни сметки/),
        href: `/ledger/agreement?month=${MONTH}`,
      },
    ]);

    // The fixes: the draft deleted, the movement matched to the invoice.
    await db.deleteFrom("documentLines").where("documentId", "=", draftId).execute();
    await db.deleteFrom("documents").where("id", "=", draftId).execute();
    const [movement] = (await listTransactions(db, me.companyId, { statementId, limit: 5 }))
      .transactions;
    await matchDocuments(actor, movement!.id, [invoice.id]);
    state = await stateOf(await call(monthPage, db, `/ledger/month?month=${MONTH}`, { headers }));
    expect(section(state, "documents")?.state).toBe("ready");
    expect(section(state, "bank")?.summary).toBe("Всички 1 движения са разнесени.");
    expect(section(state, "books")?.state).toBe("ready");
    expect(section(state, "saft")?.state).toBe("ready");
    expect(state.ready).toBe(true);
    expect(state.headline).toBe("Всичко е готово: месецът може да се заключи.");

    const locked = await call(monthAction, db, "/ledger/month", {
      ...formBody({ _company: me.companyId, intent: "lock", month: MONTH }, headers),
    });
    expect(locked.status).toBe(302);
    expect(locked.headers.get("Location")).toBe(`/ledger/month?month=${MONTH}`);
    state = await stateOf(await call(monthPage, db, `/ledger/month?month=${MONTH}`, { headers }));
    expect(state.lock?.lockedByName).toBeTruthy();
    const again = await call(monthAction, db, "/ledger/month", {
      ...formBody({ _company: me.companyId, intent: "lock", month: MONTH }, headers),
    });
    expect(again.status).toBe(409);
    expect(JSON.stringify(await again.json())).toContain("Периодът октомври 2026 вече е заключен");
  });

  it("refuses a month that is not yyyy-MM or is in the future, and the staff", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const headers = await cookieIn(db, me.user.id, me.companyId);
    const bad = await call(monthPage, db, "/ledger/month?month=2026-13", { headers });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe(
      "Месецът е във вида гггг-ММ и не е по-късен от текущия",
    );
    const future = await call(monthZip, db, "/ledger/month.zip?month=2099-01", { headers }).catch(
      (e: { status?: number; message?: string }) => e,
    );
    expect((future as { status: number }).status).toBe(400);
    // A month the books cannot hold (year 0, before 1900): 400, never a database error.
    for (const month of ["0000-01", "1899-12"]) {
      const page = await call(monthPage, db, `/ledger/month?month=${month}`, { headers });
      expect(page.status, month).toBe(400);
      const zip = await call(monthZip, db, `/ledger/month.zip?month=${month}`, { headers }).catch(
        (e: { status?: number }) => e,
      );
      expect((zip as { status: number }).status, month).toBe(400);
      const lock = await call(monthAction, db, "/ledger/month", {
        ...formBody({ _company: me.companyId, intent: "lock", month }, headers),
      });
      expect(lock.status, month).toBe(400);
      expect(await lock.json()).toMatchObject({
        fieldErrors: { month: "Месецът е във вида гггг-ММ, например 2026-11" },
        repopulateFields: { month },
      });
    }

    const staff = await member(db, me.companyId, "staff");
    const staffHeaders = await cookieIn(db, staff.id, me.companyId);
    const page = await call(monthPage, db, `/ledger/month?month=${MONTH}`, {
      headers: staffHeaders,
    });
    expect(page.status).toBe(403);
    expect(((await page.json()) as { message: string }).message).toContain("Ролята ви «Служител»");
    const zip = await call(monthZip, db, `/ledger/month.zip?month=${MONTH}`, {
      headers: staffHeaders,
    });
    expect(zip.status).toBe(403);
  });
});

describe("the month's ZIP", () => {
  it("holds ПРОЧЕТИ.txt, the VAT and payroll files when ready, and the books; the payroll's delivery is recorded", async () => {
    const db = getDb();
    const { me, invoice, actor, statementId } = await october(db);
    const [movement] = (await listTransactions(db, me.companyId, { statementId, limit: 5 }))
      .transactions;
    await matchDocuments(actor, movement!.id, [invoice.id]);
    const headers = await cookieIn(db, me.user.id, me.companyId);
    const answer = await call(monthZip, db, `/ledger/month.zip?month=${MONTH}`, { headers });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/zip");
    expect(answer.headers.get("Content-Disposition")).toContain("mesec-2026-10-175074752.zip");
    const files = unzipSync(new Uint8Array(await answer.arrayBuffer()));
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      [
        "ПРОЧЕТИ.txt",
        "ДДС/DEKLAR.TXT",
        "ДДС/POKUPKI.TXT",
        "ДДС/PRODAGBI.TXT",
        "Книги/Оборотна-ведомост-2026-10-01-2026-10-31.csv",
        "Книги/Хронологичен-регистър-2026-10-01-2026-10-31.csv",
        expect.stringMatching(/^SAF-T\/SAFT-175074752-2026-10/),
        "Заплати/EMPL2021.TXT",
        "Заплати/NRA62007.TXT",
      ].sort(),
    );
    const readme = strFromU8(files["ПРОЧЕТИ.txt"]!);
    expect(readme).toContain("Приключване на месеца: октомври 2026");
    expect(readme).toContain("Документи: За поправяне. 1 чернови с дата в месеца.");
    const journalBytes = files["Книги/Хронологичен-регистър-2026-10-01-2026-10-31.csv"]!;
    // Excel's UTF-8 mark first (the decoder below drops it).
    expect([...journalBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const journal = strFromU8(journalBytes);
    expect(journal).toContain(invoice.number as string);
    expect(journal).toContain("1200,00");
    const saftName = names.find((n) => n.startsWith("SAF-T/"))!;
    const saft = strFromU8(files[saftName]!);
    expect(saft).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(saft).toContain('<AuditFile xmlns="mf:nra:dgti:dxxxx:declaration:v1">');
    expect(saft.trimEnd().endsWith("</AuditFile>")).toBe(true);
    const deliveries = await db
      .selectFrom("napDeclarationDeliveries")
      .select(["month", "file"])
      .where("companyId", "=", me.companyId)
      .execute();
    expect(deliveries).toEqual([{ month: MONTH, file: "zip" }]);
  });

  it("leaves out the VAT files while they have problems, and says so", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    await createTestExpense(db, me.companyId, { documentDate: `${MONTH}-08` });
    const headers = await cookieIn(db, me.user.id, me.companyId);
    const answer = await call(monthZip, db, `/ledger/month.zip?month=${MONTH}`, { headers });
    const files = unzipSync(new Uint8Array(await answer.arrayBuffer()));
    expect(Object.keys(files).some((n) => n.startsWith("ДДС/"))).toBe(false);
    expect(Object.keys(files).some((n) => n.startsWith("Заплати/"))).toBe(false);
    const readme = strFromU8(files["ПРОЧЕТИ.txt"]!);
    expect(readme).toMatch(/ДДС: За поправяне\. Файловете за НАП не са готови/);
    expect(readme).toContain(
      "Заплати: Не се прилага. Заплатите и декларациите обр. 1 и 6 са в план „Пълен“.",
    );
  });
});

describe("the accountant's companies side by side", () => {
  it("shows each company where the login keeps the books on a plan with the ledger, month by month", async () => {
    const db = getDb();
    const a = await createCompanyOnPlan(db, "standard");
    const b = await createCompanyOnPlan(db, "full");
    const basic = await createCompanyOnPlan(db, "basic");
    const staffed = await createCompanyOnPlan(db, "full");
    const accountant = await member(db, a.companyId, "accountant");
    await member(db, b.companyId, "accountant", accountant);
    await member(db, basic.companyId, "accountant", accountant);
    await member(db, staffed.companyId, "staff", accountant);
    const now = todayInSofia().slice(0, 7);
    const before = previousMonth(now);
    await createTestDraft(db, b, { issueDate: `${now}-01`, lines: LINES });
    await db
      .insertInto("periodLocks")
      .values({ companyId: a.companyId, month: before, lockedBy: null, lockedByName: "Мария" })
      .execute();
    const headers = await cookieIn(db, accountant.id, a.companyId);
    const answer = await call(overviewPage, db, "/companies/months", { headers });
    expect(answer.status).toBe(200);
    const { months, companies } = (await answer.json()) as {
      months: { month: string }[];
      companies: OverviewCompany[];
    };
    expect(months).toHaveLength(6);
    expect(companies.map((c) => c.id).sort()).toEqual([a.companyId, b.companyId].sort());
    const cell = (id: string, month: string) =>
      companies.find((c) => c.id === id)?.cells.find((x) => x.month === month);
    expect(cell(a.companyId, before)).toMatchObject({ locked: true, drafts: 0 });
    expect(cell(b.companyId, now)).toMatchObject({ locked: false, drafts: 1 });
    expect(companies.find((c) => c.id === a.companyId)).toMatchObject({
      roleLabel: "Счетоводител",
      active: true,
    });
  });
});
