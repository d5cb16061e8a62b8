import { type Kysely, sql } from "kysely";
import { randomToken, sha256 } from "~/utils/crypto.server";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import type { Database } from "~db/types";
import { calendarPage } from "./calendar.server";
import {
  amountText,
  CALENDAR_MESSAGES,
  CALENDAR_ROLES,
  deadlineLine,
  REMINDER_DAYS_BEFORE,
} from "./constants";
import { icalendar } from "./ical";

/*
 * A member's secret iCalendar address (decision 075): a random token shown once, kept as its
 * SHA-256 (as the portal's links are, decision 069), one live address per member and company;
 * a new one or «Спри» revokes the old. The address opens nothing once the person has left the
 * company or lost a role that sees the calendar.
 */

type Db = Kysely<Database>;

/** When the member's live address was made, or null. */
export async function liveFeed(db: Db, companyId: string, userId: string) {
  const row = await db
    .selectFrom("calendarFeeds")
    .select("createdAt")
    .where("companyId", "=", companyId)
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return row ? { createdAt: row.createdAt } : null;
}

async function revokeAll(db: Db, companyId: string, userId: string) {
  const result = await db
    .updateTable("calendarFeeds")
    .set({ revokedAt: sql`now()` })
    .where("companyId", "=", companyId)
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A new address for the member (the old one stops); its token, this once. */
export async function createFeed(db: Db, companyId: string, userId: string): Promise<string> {
  const token = randomToken();
  await db.transaction().execute(async (trx) => {
    await revokeAll(trx, companyId, userId);
    await trx
      .insertInto("calendarFeeds")
      .values({ companyId, userId, tokenHash: sha256(token) })
      .execute();
  });
  return token;
}

/** Stops the member's address (409 when there is none). */
export async function revokeFeed(db: Db, companyId: string, userId: string) {
  if ((await revokeAll(db, companyId, userId)) === 0) {
    throw new AppError(CALENDAR_MESSAGES.noFeed, 409);
  }
}

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** The company a live token opens, and its name; undefined alike for every other token. */
export async function findFeed(db: Db, token: string) {
  if (!TOKEN.test(token)) return undefined;
  return db
    .selectFrom("calendarFeeds")
    .innerJoin("companyMembers", (j) =>
      j
        .onRef("companyMembers.companyId", "=", "calendarFeeds.companyId")
        .onRef("companyMembers.userId", "=", "calendarFeeds.userId"),
    )
    .innerJoin("companies", "companies.id", "calendarFeeds.companyId")
    .innerJoin("users", "users.id", "calendarFeeds.userId")
    .select(["calendarFeeds.companyId", "calendarFeeds.userId", "companies.name"])
    .where("calendarFeeds.tokenHash", "=", sha256(token))
    .where("calendarFeeds.revokedAt", "is", null)
    .where("companyMembers.role", "in", [...CALENDAR_ROLES])
    .where("users.anonymizedAt", "is", null)
    .executeTakeFirst();
}

/**
 * The iCalendar text a live token opens: the company's deadlines of the next year, each with a
 * stable UID, its amount when known (the first three) and an alarm; undefined for any other token.
 */
export async function feedCalendar(db: Db, token: string, appUrl: string, today = todayInSofia()) {
  const feed = await findFeed(db, token);
  if (!feed) return undefined;
  const { deadlines } = await calendarPage(db, feed.companyId, today, 366, 3);
  const host = new URL(appUrl).host;
  return icalendar(
    `Данъчен календар: ${feed.name}`,
    deadlines.map((d) => ({
      uid: `${d.key}.${feed.companyId}@${host}`,
      day: d.due,
      summary: deadlineLine(d.title, d.periodLabel),
      description: [
        d.what,
        d.amount ? amountText(d.amount) : null,
        d.moved ? `Срокът е преместен: ${d.moved}` : null,
        d.note,
        `Основание: ${d.source}`,
      ]
        .filter(Boolean)
        .join("\n"),
      url: `${appUrl}${d.href ?? "/calendar"}`,
      alarmDaysBefore: REMINDER_DAYS_BEFORE,
    })),
  );
}
