import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { inLockedMonth, postMissing, unposted } from "~/modules/ledger/backfill.server";
import { lockPeriod, unlockPeriod } from "~/modules/periods/locks.server";
import { loader as ledgerPage } from "~/routes/_app.ledger";
import type { Database } from "~db/types";
import { createCompanyOnPlan, createTestDraft, createTestSalary } from "../setup/factories";
import { ownerActor } from "../setup/period-locks";
import { type AnyAnswer, call, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Decision 065 (issue #45 items 6 and 8): what predates the ledger and falls in a locked month is
 * not posted by the hourly backfill — that would change a locked period — and the «unposted»
 * check lists it as waiting for that month, with the way out: unlock it.
 */

const getDb = setupTestDatabase();

const sourcesOf = async (db: Kysely<Database>, companyId: string) =>
  (
    await db
      .selectFrom("ledgerEntries")
      .select("sourceKind")
      .where("companyId", "=", companyId)
      .orderBy("sourceKind")
      .execute()
  ).map((e) => e.sourceKind);

describe("the backfill and locked months", () => {
  it("leaves a document and a salary paid in a locked month; the check names the month; unlocked, they are posted", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const actor = ownerActor(me);
    // Issued in September and paid in October, as before the ledger: no entry.
    const id = await createTestDraft(db, me, {
      issueDate: "2026-09-15",
      lines: [{ description: "Уебсайт", quantity: "1", unitPrice: "100.00", vatRate: 20 }],
    });
    await db
      .updateTable("documents")
      .set({ status: "issued", number: "0000000077", issuedAt: new Date() })
      .where("id", "=", id)
      .execute();
    await db
      .insertInto("documentPayments")
      .values({
        companyId: me.companyId,
        documentId: id,
        paidOn: "2026-10-05",
        amountCents: 12_000,
        method: "bank",
        note: null,
      })
      .execute();
    // August's salary, paid on 10 September: its payment's month is the locked one.
    const { salaryId } = await createTestSalary(db, me.companyId, "2026-08");
    await db
      .updateTable("salaries")
      .set({ status: "paid", paidOn: "2026-09-10" })
      .where("id", "=", salaryId)
      .execute();
    await lockPeriod(db, me.companyId, "2026-09", actor);

    // Only the October payment is posted; nothing lands in September.
    expect(await postMissing(db, { companyId: me.companyId })).toBe(1);
    expect(await sourcesOf(db, me.companyId)).toEqual(["payment"]);
    const september = await db
      .selectFrom("ledgerEntries")
      .select("id")
      .where("companyId", "=", me.companyId)
      .where("entryDate", ">=", "2026-09-01")
      .where("entryDate", "<=", "2026-09-30")
      .execute();
    expect(september).toEqual([]);

    const problems = await unposted(db, me.companyId);
    expect(problems).toEqual([
      { what: "Документ № 0000000077", href: `/invoice/${id}`, message: inLockedMonth("2026-09") },
      {
        what: "Заплата за 2026-08",
        href: `/salaries/edit/${salaryId}`,
        message: inLockedMonth("2026-09"),
      },
    ]);
    expect(inLockedMonth("2026-09")).toMatch(/септември 2026.*Отключете месеца/);

    // The accountant sees it on /ledger as the page's data says.
    const owner = await signInApi(db, me.user);
    const page = await call(ledgerPage, db, "/ledger?from=2026-01-01&to=2026-11-29", {
      headers: { Cookie: owner.cookie },
    });
    expect(page.status).toBe(200);
    const shown = ((await page.json()) as AnyAnswer).problems;
    expect(shown.map((p: { message: string }) => p.message)).toEqual([
      inLockedMonth("2026-09"),
      inLockedMonth("2026-09"),
    ]);

    // Unlocked, the next run posts them; the check is empty.
    await unlockPeriod(db, me.companyId, "2026-09", actor, "Начално осчетоводяване");
    expect(await postMissing(db, { companyId: me.companyId })).toBe(2);
    expect(await sourcesOf(db, me.companyId)).toEqual([
      "document",
      "payment",
      "salary",
      "salary_payment",
    ]);
    expect(await unposted(db, me.companyId)).toEqual([]);
  });
});
