import type { Kysely } from "kysely";
import { type Actor, recordCompanyAudit } from "~/modules/audit/trail.server";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { MONTH, monthLabel, nextMonth, previousMonth } from "~/utils/periods";
import type { Database } from "~db/types";
import { lockedMessage, PERIOD_MESSAGES, type PeriodLock } from "./constants";

/*
 * Locked periods (issue #45 item 6, decision 058). Every write of a dated row — a document, a
 * payment, an expense, a salary, a bank booking, a journal entry — calls assertPeriodOpen inside
 * its own transaction with the date(s) that decide its month (for a change, the old and the new).
 *
 * Why the two can't both win: assertPeriodOpen first takes FOR KEY SHARE on the company's row,
 * lockPeriod and unlockPeriod take FOR UPDATE on it. A lock waits for the writes already past
 * their check to commit; a write that comes after the lock's commit waits for it, then reads the
 * lock row in a new statement (READ COMMITTED) and is refused.
 */

/** A write into a locked month: 409 with the month, who locked it and when. */
export class PeriodLockedError extends AppError {
  override name = "PeriodLockedError";
  constructor(public lock: PeriodLock) {
    super(lockedMessage(lock), 409);
  }
}

/** The month (yyyy-MM) of a yyyy-MM-dd date or of a month. */
export const monthOf = (date: string) => date.slice(0, 7);

/**
 * Refuses (PeriodLockedError) when any of the dates (yyyy-MM-dd, or a yyyy-MM month) falls in a
 * locked month of the company. Call it with the write's transaction; null dates are skipped.
 */
export async function assertPeriodOpen(
  db: Kysely<Database>,
  companyId: string,
  ...dates: (string | null | undefined)[]
): Promise<void> {
  const months = [...new Set(dates.filter((d): d is string => !!d).map(monthOf))].filter((m) =>
    MONTH.test(m),
  );
  if (!months.length) return;
  // The company's row first: a lock being taken is waited for, then seen (see above).
  await db.selectFrom("companies").select("id").where("id", "=", companyId).forKeyShare().execute();
  const lock = await db
    .selectFrom("periodLocks")
    .select(["month", "lockedAt", "lockedByName"])
    .where("companyId", "=", companyId)
    .where("month", "in", months)
    .orderBy("month")
    .executeTakeFirst();
  if (lock) throw new PeriodLockedError(lock);
}

/** The company's locks among the months (all of them without a list), by month. */
export async function locksOf(
  db: Kysely<Database>,
  companyId: string,
  months?: string[],
): Promise<Map<string, PeriodLock>> {
  if (months && !months.length) return new Map();
  let query = db
    .selectFrom("periodLocks")
    .select(["month", "lockedAt", "lockedByName"])
    .where("companyId", "=", companyId);
  if (months) query = query.where("month", "in", [...new Set(months.map(monthOf))]);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.month, r]));
}

/** The company's locks of the months from one date to another (a statement's period), by month. */
export function locksBetween(
  db: Kysely<Database>,
  companyId: string,
  from: string | null,
  to: string | null,
): Promise<Map<string, PeriodLock>> {
  const first = from ?? to;
  const last = to ?? from;
  if (!first || !last) return Promise.resolve(new Map());
  const months: string[] = [];
  // At most ten years of months: a statement's period is checked at import.
  for (let m = monthOf(first); m <= monthOf(last) && months.length < 120; m = nextMonth(m)) {
    months.push(m);
  }
  return locksOf(db, companyId, months);
}

/**
 * The lock of the first locked month among the dates, or null (a page that disables its
 * actions, as assertPeriodOpen would refuse them).
 */
export async function lockOn(
  db: Kysely<Database>,
  companyId: string,
  ...dates: (string | null | undefined)[]
): Promise<PeriodLock | null> {
  const months = [...new Set(dates.filter((d): d is string => !!d).map(monthOf))].sort();
  if (!months.length) return null;
  const locks = await locksOf(db, companyId, months);
  return months.map((m) => locks.get(m)).find((lock) => lock !== undefined) ?? null;
}

export interface PeriodJson {
  month: string;
  label: string;
  locked: boolean;
  lockedAt: string | null;
  lockedBy: { id: string | null; name: string } | null;
}

/** How many months back from this one the list shows (older locked months are listed too). */
export const LISTED_MONTHS = 24;

/** The months from this one back LISTED_MONTHS, and any older locked month, newest first. */
export async function listPeriods(
  db: Kysely<Database>,
  companyId: string,
  today = todayInSofia(),
): Promise<PeriodJson[]> {
  const rows = await db
    .selectFrom("periodLocks")
    .select(["month", "lockedAt", "lockedBy", "lockedByName"])
    .where("companyId", "=", companyId)
    .execute();
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const months = new Set<string>();
  let month = monthOf(today);
  for (let i = 0; i < LISTED_MONTHS; i++, month = previousMonth(month)) months.add(month);
  for (const r of rows) months.add(r.month);
  return [...months]
    .sort()
    .reverse()
    .map((m) => {
      const lock = byMonth.get(m);
      return {
        month: m,
        label: monthLabel(m),
        locked: !!lock,
        lockedAt: lock ? new Date(lock.lockedAt).toISOString() : null,
        lockedBy: lock ? { id: lock.lockedBy, name: lock.lockedByName } : null,
      };
    });
}

function checkMonth(month: string, today: string) {
  if (!MONTH.test(month))
    throw new AppError(PERIOD_MESSAGES.month, 400, { month: PERIOD_MESSAGES.month });
  if (month > monthOf(today)) {
    const message = "Бъдещ месец не може да се заключи";
    throw new AppError(message, 400, { month: message });
  }
}

/** Locks a month (409 when it is locked already); audited as «period.lock». */
export async function lockPeriod(
  db: Kysely<Database>,
  companyId: string,
  month: string,
  actor: Actor,
  today = todayInSofia(),
): Promise<PeriodJson> {
  checkMonth(month, today);
  return db.transaction().execute(async (trx) => {
    // Waits for the writes that passed their check to commit; holds new ones until this does.
    await trx
      .selectFrom("companies")
      .select("id")
      .where("id", "=", companyId)
      .forUpdate()
      .execute();
    const row = await trx
      .insertInto("periodLocks")
      .values({
        companyId,
        month,
        lockedBy: actor.id,
        lockedByName: actor.name || actor.email || "—",
      })
      .onConflict((c) => c.columns(["companyId", "month"]).doNothing())
      .returning(["month", "lockedAt", "lockedBy", "lockedByName"])
      .executeTakeFirst();
    if (!row) throw new AppError(PERIOD_MESSAGES.alreadyLocked(month), 409);
    await recordCompanyAudit(trx, {
      companyId,
      actor,
      action: "period.lock",
      target: { type: "period", label: monthLabel(month) },
      details: { month },
    });
    return {
      month,
      label: monthLabel(month),
      locked: true,
      lockedAt: new Date(row.lockedAt).toISOString(),
      lockedBy: { id: row.lockedBy, name: row.lockedByName },
    };
  });
}

/** Unlocks a month with the reason (409 when it is not locked); audited as «period.unlock». */
export async function unlockPeriod(
  db: Kysely<Database>,
  companyId: string,
  month: string,
  actor: Actor,
  reason: string,
): Promise<PeriodJson> {
  if (!MONTH.test(month))
    throw new AppError(PERIOD_MESSAGES.month, 400, { month: PERIOD_MESSAGES.month });
  return db.transaction().execute(async (trx) => {
    await trx
      .selectFrom("companies")
      .select("id")
      .where("id", "=", companyId)
      .forUpdate()
      .execute();
    const row = await trx
      .deleteFrom("periodLocks")
      .where("companyId", "=", companyId)
      .where("month", "=", month)
      .returning(["lockedAt", "lockedByName"])
      .executeTakeFirst();
    if (!row) throw new AppError(PERIOD_MESSAGES.notLocked(month), 409);
    await recordCompanyAudit(trx, {
      companyId,
      actor,
      action: "period.unlock",
      target: { type: "period", label: monthLabel(month) },
      details: {
        month,
        reason,
        lockedBy: row.lockedByName,
        lockedAt: new Date(row.lockedAt).toISOString(),
      },
    });
    return { month, label: monthLabel(month), locked: false, lockedAt: null, lockedBy: null };
  });
}
