import type { AppLoadContext } from "@remix-run/node";
import { type Kysely, sql } from "kysely";
import { hashPassword } from "~/modules/auth/password.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { deleteUserSessions } from "~/modules/auth/session.server";
import { issueToken } from "~/modules/auth/tokens.server";
import { MailError, sendMail } from "~/modules/mail/mailer.server";
import { adminInviteMail, passwordResetMail } from "~/modules/mail/templates.server";
import { emailLogoUrl } from "~/modules/settings/app-settings.server";
import { randomToken } from "~/utils/crypto.server";
import { AppError } from "~/utils/errors";
import type { Database } from "~db/types";
import { ADMIN_MESSAGES, type EditAdminInput, type NewAdminInput } from "./administrators-schema";
import { byAdmin, recordAudit } from "./audit.server";

/*
 * The back office's administrators (issue #14, part 4): users with role admin in the operator's
 * company. There is always one admin who can sign in: nobody removes the admin role from, or
 * locks, the last unlocked admin, nor their own.
 */

export interface AdminRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  locked: boolean;
  lockedReason: string | null;
  createdAt: string;
  /** When they last signed in themselves (not a view opened as a customer). */
  lastSignIn: string | null;
}

function adminsQuery(db: Kysely<Database>) {
  return db
    .selectFrom("users")
    .select([
      "users.id",
      "users.email",
      "users.firstName",
      "users.lastName",
      "users.lockedAt",
      "users.lockedReason",
      "users.createdAt",
      (eb) =>
        eb
          .selectFrom("sessions")
          .select(sql<Date | null>`max(sessions.created_at)`.as("at"))
          .whereRef("sessions.userId", "=", "users.id")
          .where("sessions.impersonatorId", "is", null)
          .as("lastSignIn"),
    ])
    .where("users.role", "=", "admin")
    .where("users.anonymizedAt", "is", null);
}

const toRow = (row: {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  lockedAt: Date | null;
  lockedReason: string | null;
  createdAt: Date;
  lastSignIn: Date | string | null;
}): AdminRow => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  locked: row.lockedAt !== null,
  lockedReason: row.lockedReason,
  createdAt: row.createdAt.toISOString(),
  lastSignIn: row.lastSignIn ? new Date(row.lastSignIn).toISOString() : null,
});

/** Every admin, by e-mail. */
export async function listAdmins(db: Kysely<Database>): Promise<AdminRow[]> {
  const rows = await adminsQuery(db).orderBy("users.email").execute();
  return rows.map(toRow);
}

/** One admin, or null for an unknown id or a user who is not an admin. */
export async function getAdmin(db: Kysely<Database>, id: string): Promise<AdminRow | null> {
  const row = await adminsQuery(db).where("users.id", "=", id).executeTakeFirst();
  return row ? toRow(row) : null;
}

const emailTaken = () =>
  new AppError(ADMIN_MESSAGES.emailTaken, 400, { email: ADMIN_MESSAGES.emailTaken });

async function isEmailTaken(db: Kysely<Database>, email: string, exceptId?: string) {
  let query = db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()));
  if (exceptId) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The operator's company: the one marked is_operator, else the creating admin's. */
async function operatorCompanyId(db: Kysely<Database>, by: SessionUser): Promise<string | null> {
  const row = await db
    .selectFrom("companies")
    .select("id")
    .where("isOperator", "=", true)
    .executeTakeFirst();
  return row?.id ?? by.companyId;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === "23505";

/**
 * Creates an admin in the creating admin's company. With a password it is set now; with a link,
 * a one-time password link (the reset-password token) is e-mailed, and when that mail cannot be
 * sent the admin is taken back (AppError 503), so the form can simply be sent again.
 */
export async function createAdmin(
  context: AppLoadContext,
  by: SessionUser,
  input: NewAdminInput,
): Promise<{ id: string }> {
  const { db } = context;
  if (await isEmailTaken(db, input.email)) throw emailTaken();
  const companyId = await operatorCompanyId(db, by);
  // With a link nobody knows the password until they set one.
  const passwordHash = await hashPassword(
    input.passwordMode === "password" && input.password ? input.password : randomToken(),
  );
  let created: { id: string };
  try {
    created = await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto("users")
        .values({
          companyId,
          email: input.email,
          passwordHash,
          role: "admin",
          firstName: input.firstName,
          lastName: input.lastName,
          // An admin vouches for the address they typed.
          emailVerifiedAt: new Date(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      // Admins keep their books in the operator's company: its owner, if it has none yet, else
      // an accountant (all the books, not its members or billing; decision 028).
      if (companyId) {
        const owner = await trx
          .selectFrom("companyMembers")
          .select("userId")
          .where("companyId", "=", companyId)
          .where("role", "=", "owner")
          .executeTakeFirst();
        await trx
          .insertInto("companyMembers")
          .values({ companyId, userId: user.id, role: owner ? "accountant" : "owner" })
          .execute();
      }
      await recordAudit(trx, {
        ...byAdmin(by, context),
        action: "admin.create",
        target: input.email,
        asUserId: user.id,
        companyId,
        details: { passwordMode: input.passwordMode },
      });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  if (input.passwordMode === "link") {
    try {
      const { token } = await issueToken(db, created.id, "reset_password");
      await sendMail(
        context.config,
        adminInviteMail({
          to: input.email,
          firstName: input.firstName,
          link: `${context.config.appUrl}/reset-password/${token}`,
          loginUrl: `${context.config.appUrl}/hatterscastle/login`,
          logoUrl: await emailLogoUrl(context),
        }),
      );
    } catch (error) {
      if (!(error instanceof MailError)) throw error;
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom("auditLog")
          .where("asUserId", "=", created.id)
          .where("action", "=", "admin.create")
          .execute();
        await trx.deleteFrom("users").where("id", "=", created.id).execute();
      });
      throw new AppError(error.message, 503);
    }
  }
  return { id: created.id };
}

/**
 * Changes an admin: names, e-mail, role and lock. The admins are locked for the check, so two
 * admins removing each other at once cannot leave none. Removing the role or locking ends the
 * person's sessions.
 */
export async function updateAdmin(
  context: AppLoadContext,
  by: SessionUser,
  id: string,
  input: EditAdminInput,
): Promise<void> {
  try {
    await context.db.transaction().execute(async (trx) => {
      const admins = await trx
        .selectFrom("users")
        .select(["id", "email", "lockedAt", "companyId"])
        .where("role", "=", "admin")
        .where("anonymizedAt", "is", null)
        .orderBy("id")
        .forUpdate()
        .execute();
      const target = admins.find((a) => a.id === id);
      if (!target) throw new AppError(ADMIN_MESSAGES.notFound, 404);
      const othersUsable = admins.filter((a) => a.id !== id && a.lockedAt === null).length;
      const losesRole = input.role !== "admin";
      const becomesLocked = input.locked && target.lockedAt === null;
      if (losesRole && othersUsable === 0) {
        throw new AppError(ADMIN_MESSAGES.lastAdmin, 400, { role: ADMIN_MESSAGES.lastAdmin });
      }
      if (losesRole && id === by.id) {
        throw new AppError(ADMIN_MESSAGES.ownRole, 400, { role: ADMIN_MESSAGES.ownRole });
      }
      if (becomesLocked && othersUsable === 0) {
        throw new AppError(ADMIN_MESSAGES.lastAdminLock, 400, {
          locked: ADMIN_MESSAGES.lastAdminLock,
        });
      }
      if (becomesLocked && id === by.id) {
        throw new AppError(ADMIN_MESSAGES.ownLock, 400, { locked: ADMIN_MESSAGES.ownLock });
      }
      if (await isEmailTaken(trx, input.email, id)) throw emailTaken();
      const before = await trx
        .selectFrom("users")
        .select(["email", "firstName", "lastName", "lockedReason"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable("users")
        .set({
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          role: input.role,
          lockedAt: input.locked ? (target.lockedAt ?? new Date()) : null,
          lockedReason: input.locked ? input.lockedReason : null,
          updatedAt: new Date(),
        })
        .where("id", "=", id)
        .execute();
      if (losesRole || becomesLocked) await deleteUserSessions(trx, id);
      const changed = [
        before.email !== input.email && "email",
        before.firstName !== input.firstName && "firstName",
        before.lastName !== input.lastName && "lastName",
        losesRole && "role",
        becomesLocked && "locked",
        target.lockedAt !== null && !input.locked && "unlocked",
        input.locked && before.lockedReason !== input.lockedReason && "lockedReason",
      ].filter(Boolean);
      await recordAudit(trx, {
        ...byAdmin(by, context),
        action: "admin.update",
        target: input.email,
        asUserId: id,
        companyId: target.companyId,
        details: { changed, ...(before.email !== input.email && { previousEmail: before.email }) },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * E-mails an admin a one-time link to set a new password (the reset-password token and mail);
 * a mail that cannot be sent is AppError 503 with the mailer's message.
 */
export async function sendAdminPasswordLink(
  context: AppLoadContext,
  by: SessionUser,
  id: string,
): Promise<AdminRow> {
  const admin = await getAdmin(context.db, id);
  if (!admin) throw new AppError(ADMIN_MESSAGES.notFound, 404);
  try {
    const { token } = await issueToken(context.db, admin.id, "reset_password");
    await sendMail(
      context.config,
      passwordResetMail({
        to: admin.email,
        firstName: admin.firstName,
        link: `${context.config.appUrl}/reset-password/${token}`,
        logoUrl: await emailLogoUrl(context),
      }),
    );
  } catch (error) {
    if (error instanceof MailError) throw new AppError(error.message, 503);
    throw error;
  }
  await recordAudit(context.db, {
    ...byAdmin(by, context),
    action: "admin.reset-password",
    target: admin.email,
    asUserId: admin.id,
  });
  return admin;
}
