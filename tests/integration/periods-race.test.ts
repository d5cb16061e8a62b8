import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { assertPeriodOpen, lockPeriod, PeriodLockedError } from "~/modules/periods/locks.server";
import type { Database } from "~db/types";
import { createCompanyOnPlan, createTestExpense } from "../setup/factories";
import { setupTestDatabase } from "../setup/test-db";

/*
 * A lock and a write racing can't both win (decision 058): the write's check takes FOR KEY SHARE
 * on the company's row, the lock FOR UPDATE. Only on PostgreSQL, where two transactions really
 * overlap (PGlite runs one at a time). Each step waits for a state the database reports (a backend
 * waiting on a lock), never for a time.
 */

const getDb = setupTestDatabase();
const MONTH = "2026-09";
const ACTOR = {
  id: null,
  email: null,
  name: "Мария Петрова",
  role: "accountant",
  impersonatorEmail: null,
  ip: null,
};

/** Resolves once `n` backends of this database wait on a lock. */
async function waitersAtLeast(db: Kysely<Database>, n: number) {
  for (;;) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if ((rows[0]?.n ?? 0) >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A promise and the function that resolves it. */
function gate() {
  let open!: () => void;
  const closed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { closed, open };
}

const expensesIn = async (db: Kysely<Database>, companyId: string) =>
  (
    await db
      .selectFrom("expenses")
      .select("documentDate")
      .where("companyId", "=", companyId)
      .where("documentDate", ">=", `${MONTH}-01`)
      .where("documentDate", "<=", `${MONTH}-30`)
      .execute()
  ).length;

describe.skipIf(!process.env.TEST_DATABASE_URL)("a lock racing a write (PostgreSQL)", () => {
  it("a lock taken while a write is past its check waits for the write to commit", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const checked = gate();
    const release = gate();
    const write = db.transaction().execute(async (trx) => {
      await assertPeriodOpen(trx, me.companyId, `${MONTH}-10`);
      checked.open();
      await release.closed;
    });
    await checked.closed;
    let lockedFirst = false;
    const lock = lockPeriod(db, me.companyId, MONTH, ACTOR).then((period) => {
      lockedFirst = true;
      return period;
    });
    await waitersAtLeast(db, 1);
    expect(lockedFirst).toBe(false);
    release.open();
    await write;
    expect(await lock).toMatchObject({ month: MONTH, locked: true });
  });

  it("a write that comes while a lock is being taken waits for it, then is refused and writes nothing", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const before = await expensesIn(db, me.companyId);
    // Holds the lock's transaction open after it locked the company's row and wrote the lock:
    // its audit row waits for this share lock on the trail.
    const holding = gate();
    const release = gate();
    const hold = db.transaction().execute(async (trx) => {
      await sql`lock table company_audit in share mode`.execute(trx);
      holding.open();
      await release.closed;
    });
    await holding.closed;
    const lock = lockPeriod(db, me.companyId, MONTH, ACTOR);
    await waitersAtLeast(db, 1);
    const write = createTestExpense(db, me.companyId, { documentDate: `${MONTH}-12` }).then(
      () => null,
      (error: unknown) => error,
    );
    await waitersAtLeast(db, 2);
    release.open();
    await hold;
    await lock;
    const refused = await write;
    expect(refused).toBeInstanceOf(PeriodLockedError);
    expect((refused as PeriodLockedError).message).toMatch(
      /^Периодът септември 2026 е заключен от Мария Петрова на \d\d\.\d\d\.\d{4}\. Корекцията се записва в отворен период\.$/,
    );
    expect(await expensesIn(db, me.companyId)).toBe(before);
  });
});
