import type { AppLoadContext } from "@remix-run/node";
import { type Kysely, sql } from "kysely";
import { cancelDeletion, requestDeletion } from "~/modules/accounts/account.server";
import { TAKEN } from "~/modules/accounts/service.server";
import { hashPassword } from "~/modules/auth/password.server";
import { deleteUserSessions } from "~/modules/auth/session.server";
import { issueToken } from "~/modules/auth/tokens.server";
import { MailError, sendMail } from "~/modules/mail/mailer.server";
import { passwordResetMail } from "~/modules/mail/templates.server";
import { anyText, decodeCursor, encodeCursor } from "~/utils/cursor";
import { AppError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { type AuditEntry, recordAudit } from "./audit.server";
import { PAYMENT_PROBLEM_STATUSES, type UserSearch } from "./schema";

/*
 * The back office's users (issue #14, see the decision record on users and customers): a user
 * is a login (a `users` row); a customer's users have role "user" and a company. Admins are not listed or edited here — every
 * function answers "not found" for them — and their own screens live under /administrators.
 */

export const USERS_PAGE_SIZE = 50;

/** A login no password opens (until the person sets one with the e-mailed link). */
export const NO_PASSWORD = "!awaiting-password";

type Audit = Pick<AuditEntry, "admin" | "ip">;

export const NOT_FOUND = "Потребителят не е намерен";

/** `%text%` for LIKE, with the pattern's own characters escaped. */
export const containsPattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the customers' users with their company, newest first: search by part of the
 * e-mail, the company's name or its EIK; filter by plan and status; keyset pages on
 * (created_at, id), which the users_created index serves.
 */
export async function listUsers(
  db: Kysely<Database>,
  search: UserSearch,
  options: { after?: string | null; limit?: number } = {},
) {
  const limit = options.limit ?? USERS_PAGE_SIZE;
  let query = db
    .selectFrom("users")
    .innerJoin("companies", "companies.id", "users.companyId")
    .leftJoin("subscriptions", "subscriptions.companyId", "users.companyId")
    .select([
      "users.id",
      "users.email",
      "users.firstName",
      "users.lastName",
      "users.emailVerifiedAt",
      "users.lockedAt",
      "users.deletionScheduledAt",
      "users.anonymizedAt",
      "users.createdAt",
      "companies.id as companyId",
      "companies.name as companyName",
      "companies.eik",
      "companies.subscriptionPlan as plan",
      "companies.isOperator",
      "subscriptions.status as subscriptionStatus",
      // The cursor keeps the timestamp as the database has it (microseconds), not a JS Date.
      sql<string>`users.created_at::text`.as("sortCreated"),
    ])
    .where("users.role", "=", "user");

  if (search.q) {
    const like = containsPattern(search.q);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(users.email)`, "like", like),
        eb(sql`lower(companies.name)`, "like", like),
        eb("companies.eik", "like", like),
      ]),
    );
  }
  if (search.plan) query = query.where("companies.subscriptionPlan", "=", search.plan);
  switch (search.status) {
    case "active":
      query = query
        .where("users.lockedAt", "is", null)
        .where("users.deletionScheduledAt", "is", null)
        .where("users.anonymizedAt", "is", null)
        .where("users.emailVerifiedAt", "is not", null);
      break;
    case "locked":
      query = query.where("users.lockedAt", "is not", null);
      break;
    case "unverified":
      query = query
        .where("users.emailVerifiedAt", "is", null)
        .where("users.anonymizedAt", "is", null);
      break;
    case "deletion":
      query = query
        .where("users.deletionScheduledAt", "is not", null)
        .where("users.anonymizedAt", "is", null);
      break;
    case "payment":
      query = query.where("subscriptions.status", "in", PAYMENT_PROBLEM_STATUSES);
      break;
  }

  const cursor = decodeCursor(options.after, [anyText, isUuid]);
  if (cursor) {
    query = query.where(
      sql<boolean>`(users.created_at, users.id) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`,
    );
  }
  const rows = await query
    .orderBy("users.createdAt", "desc")
    .orderBy("users.id", "desc")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor([last.sortCreated, last.id]) : null;
  return {
    users: page.map(({ sortCreated: _s, ...row }) => ({
      ...row,
      emailVerifiedAt: row.emailVerifiedAt?.toISOString() ?? null,
      lockedAt: row.lockedAt?.toISOString() ?? null,
      deletionScheduledAt: row.deletionScheduledAt?.toISOString() ?? null,
      anonymizedAt: row.anonymizedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor,
  };
}

/** A customer's user (never an admin), or null: what every page about one user starts from. */
export async function findCustomerUser(db: Kysely<Database>, userId: string) {
  if (!isUuid(userId)) return null;
  const row = await db
    .selectFrom("users")
    .select([
      "id",
      "companyId",
      "email",
      "firstName",
      "lastName",
      "role",
      "emailVerifiedAt",
      "lockedAt",
      "lockedReason",
      "deletionRequestedAt",
      "deletionScheduledAt",
      "anonymizedAt",
      "createdAt",
      "updatedAt",
    ])
    .where("id", "=", userId)
    .where("role", "=", "user")
    .executeTakeFirst();
  return row?.companyId ? { ...row, companyId: row.companyId } : null;
}

/**
 * The user's sign-ins: successful logins and sessions, newest 10 of each, and the last time the
 * person signed in — a session of their own (a login, the registration, a reset; not an admin's
 * customer view), which outlives the day the login attempts are kept (issue #31 item 11).
 */
export async function listSignIns(db: Kysely<Database>, user: { id: string; email: string }) {
  const [logins, sessions, last] = await Promise.all([
    db
      .selectFrom("loginAttempts")
      .select(["createdAt", "ip"])
      .where("email", "=", user.email.toLowerCase())
      .where("succeeded", "=", true)
      .orderBy("createdAt", "desc")
      .limit(10)
      .execute(),
    db
      .selectFrom("sessions")
      .leftJoin("users as admins", "admins.id", "sessions.impersonatorId")
      .select([
        "sessions.createdAt",
        "sessions.expiresAt",
        "sessions.ip",
        "sessions.userAgent",
        "sessions.kind",
        "admins.email as impersonatorEmail",
      ])
      .where("sessions.userId", "=", user.id)
      .orderBy("sessions.createdAt", "desc")
      .limit(10)
      .execute(),
    db
      .selectFrom("sessions")
      .select(sql<Date | null>`max(created_at)`.as("at"))
      .where("userId", "=", user.id)
      .where("impersonatorId", "is", null)
      .executeTakeFirst(),
  ]);
  const lastLogin = logins[0]?.createdAt ?? null;
  const lastSession = last?.at ? new Date(last.at) : null;
  const lastSignIn =
    lastLogin && (!lastSession || lastLogin > lastSession) ? lastLogin : lastSession;
  return {
    last: lastSignIn ? lastSignIn.toISOString() : null,
    logins: logins.map((l) => ({ createdAt: l.createdAt.toISOString(), ip: l.ip })),
    sessions: sessions.map((s) => ({
      ...s,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      live: s.expiresAt > new Date(),
    })),
  };
}

/** Whether another login already uses the e-mail (case-insensitive). */
async function emailTakenByOther(db: Kysely<Database>, email: string, exceptUserId?: string) {
  let query = db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()));
  if (exceptUserId) query = query.where("id", "!=", exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

const emailTaken = () => new AppError(TAKEN.email, 400, { email: TAKEN.email });
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === "23505";

/** Adds a login to an existing customer; returns its id. The e-mail is unique. */
export async function addCustomerUser(
  db: Kysely<Database>,
  companyId: string,
  input: {
    email: string;
    firstName: string;
    lastName: string;
    password?: string;
    verified: boolean;
  },
  audit: Audit,
): Promise<string> {
  if (await emailTakenByOther(db, input.email)) throw emailTaken();
  const passwordHash = input.password ? await hashPassword(input.password) : NO_PASSWORD;
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto("users")
        .values({
          companyId,
          email: input.email,
          passwordHash,
          role: "user",
          firstName: input.firstName,
          lastName: input.lastName,
          emailVerifiedAt: input.verified ? new Date() : null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        ...audit,
        action: "user.create",
        target: input.email,
        asUserId: user.id,
        companyId,
        details: { passwordLink: !input.password, verified: input.verified },
      });
      return user.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * E-mails the person a link to set their password (the reset link of /forgot-password, valid an
 * hour, used once). False when the mail could not be sent: the caller says so.
 */
export async function sendPasswordLink(
  context: AppLoadContext,
  user: { id: string; email: string; firstName: string },
): Promise<boolean> {
  const { token } = await issueToken(context.db, user.id, "reset_password");
  try {
    await sendMail(
      context.config,
      passwordResetMail({
        to: user.email,
        firstName: user.firstName,
        link: `${context.config.appUrl}/reset-password/${token}`,
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof MailError) return false;
    throw error;
  }
}

/** Saves a user's names, e-mail (unique) and verified flag. */
export async function updateCustomerUser(
  db: Kysely<Database>,
  user: { id: string; companyId: string; emailVerifiedAt: Date | null },
  input: { email: string; firstName: string; lastName: string; verified: boolean },
  audit: Audit,
): Promise<void> {
  if (await emailTakenByOther(db, input.email, user.id)) throw emailTaken();
  try {
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom("users")
        .select(["email", "firstName", "lastName"])
        .where("id", "=", user.id)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable("users")
        .set({
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          emailVerifiedAt: input.verified ? (user.emailVerifiedAt ?? new Date()) : null,
          updatedAt: new Date(),
        })
        .where("id", "=", user.id)
        .execute();
      const changed = Object.fromEntries(
        (["email", "firstName", "lastName"] as const)
          .filter((key) => before[key] !== input[key])
          .map((key) => [key, { from: before[key], to: input[key] }]),
      );
      await recordAudit(trx, {
        ...audit,
        action: "user.update",
        target: input.email,
        asUserId: user.id,
        companyId: user.companyId,
        details: { ...changed, verified: input.verified },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

type Target = { id: string; companyId: string; email: string };

/** Locks the login with a reason: it cannot sign in, and its sessions end now. */
export async function lockUser(db: Kysely<Database>, user: Target, reason: string, audit: Audit) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ lockedAt: new Date(), lockedReason: reason, updatedAt: new Date() })
      .where("id", "=", user.id)
      .execute();
    await deleteUserSessions(trx, user.id);
    await recordAudit(trx, {
      ...audit,
      action: "user.lock",
      target: user.email,
      asUserId: user.id,
      companyId: user.companyId,
      details: { reason },
    });
  });
}

export async function unlockUser(db: Kysely<Database>, user: Target, audit: Audit) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ lockedAt: null, lockedReason: null, updatedAt: new Date() })
      .where("id", "=", user.id)
      .execute();
    await recordAudit(trx, {
      ...audit,
      action: "user.unlock",
      target: user.email,
      asUserId: user.id,
      companyId: user.companyId,
    });
  });
}

/** Schedules the account's deletion as the customer's own request does (30 days ahead). */
export async function scheduleUserDeletion(
  db: Kysely<Database>,
  user: Target,
  audit: Audit,
): Promise<Date> {
  return db.transaction().execute(async (trx) => {
    const when = await requestDeletion(trx, user.id);
    await recordAudit(trx, {
      ...audit,
      action: "user.schedule-deletion",
      target: user.email,
      asUserId: user.id,
      companyId: user.companyId,
      details: { scheduledFor: when.toISOString() },
    });
    return when;
  });
}

/** Cancels a scheduled deletion; false when none was scheduled. */
export async function cancelUserDeletion(
  db: Kysely<Database>,
  user: Target,
  audit: Audit,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await cancelDeletion(trx, user.id))) return false;
    await recordAudit(trx, {
      ...audit,
      action: "user.cancel-deletion",
      target: user.email,
      asUserId: user.id,
      companyId: user.companyId,
    });
    return true;
  });
}
