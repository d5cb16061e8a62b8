import { type Kysely, sql } from "kysely";
import { hashPassword, verifyPassword } from "~/modules/auth/password.server";
import { deleteUserSessions } from "~/modules/auth/session.server";
import { sniffImage } from "~/utils/files.server";
import { AppError } from "~/utils/http.server";
import type { Database } from "~db/types";
import { DELETION_DAYS, LOGO_ERROR, LOGO_MAX_BYTES } from "./limits";

/** Changes the password after checking the current one; other sessions of the user end. */
export async function changePassword(
  db: Kysely<Database>,
  user: { id: string; sessionId: string },
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const row = await db
    .selectFrom("users")
    .select("passwordHash")
    .where("id", "=", user.id)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.passwordHash, currentPassword))) {
    throw new AppError("Текущата парола е грешна", 400, {
      currentPassword: "Текущата парола е грешна",
    });
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ passwordHash, updatedAt: new Date() })
      .where("id", "=", user.id)
      .execute();
    await deleteUserSessions(trx, user.id, user.sessionId);
  });
}

/** The owner of a company that has other members keeps the account until they transfer it. */
export const OWNER_DELETION =
  "Фирмата ви има и други членове: прехвърлете собствеността (Екип), преди да изтриете профила си";

/**
 * Schedules the account for deletion in 30 days; returns the date. Refused (409) while the login
 * owns a company with other members: a company always has an owner (decision 028).
 */
export async function requestDeletion(db: Kysely<Database>, userId: string): Promise<Date> {
  const shared = await db
    .selectFrom("companyMembers as mine")
    .innerJoin("companyMembers as others", "others.companyId", "mine.companyId")
    .select("mine.companyId")
    .where("mine.userId", "=", userId)
    .where("mine.role", "=", "owner")
    .where("others.userId", "!=", userId)
    .executeTakeFirst();
  if (shared) throw new AppError(OWNER_DELETION, 409);
  const scheduled = new Date(Date.now() + DELETION_DAYS * 24 * 60 * 60 * 1000);
  await db
    .updateTable("users")
    .set({ deletionRequestedAt: new Date(), deletionScheduledAt: scheduled, updatedAt: new Date() })
    .where("id", "=", userId)
    .execute();
  return scheduled;
}

export async function cancelDeletion(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .updateTable("users")
    .set({ deletionRequestedAt: null, deletionScheduledAt: null, updatedAt: new Date() })
    .where("id", "=", userId)
    .where("deletionScheduledAt", "is not", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Anonymises accounts whose 30 days have passed: personal data goes, sessions and tokens end.
 * The company and its issued tax documents stay, as the law requires. The password becomes an
 * unusable marker (never a valid argon2 hash). Set-based, idempotent; any instance may run it.
 */
export async function anonymizeDueAccounts(
  db: Kysely<Database>,
  now = new Date(),
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable("users")
      .set({
        email: sql<string>`'deleted-' || id || '@invalid.smetka.bg'`,
        firstName: "Изтрит",
        lastName: "потребител",
        passwordHash: "!anonymized",
        anonymizedAt: now,
        updatedAt: now,
      })
      .where("deletionScheduledAt", "<=", now)
      .where("anonymizedAt", "is", null)
      .returning("id")
      .execute();
    if (done.length === 0) return 0;
    const ids = done.map((row) => row.id);
    await trx.deleteFrom("sessions").where("userId", "in", ids).execute();
    await trx.deleteFrom("userTokens").where("userId", "in", ids).execute();
    // Gone from the teams they were in; a company keeps its (anonymised) owner.
    await trx
      .deleteFrom("companyMembers")
      .where("userId", "in", ids)
      .where("role", "<>", "owner")
      .execute();
    return done.length;
  });
}

/** Stores the company logo after checking its content and size. */
export async function saveLogo(
  db: Kysely<Database>,
  companyId: string,
  bytes: Uint8Array,
): Promise<void> {
  const contentType = sniffImage(bytes);
  if (!contentType || bytes.byteLength > LOGO_MAX_BYTES || bytes.byteLength === 0) {
    throw new AppError(LOGO_ERROR, 400, { logo: LOGO_ERROR });
  }
  await db
    .insertInto("companyLogos")
    .values({ companyId, contentType, data: bytes })
    .onConflict((c) =>
      c.column("companyId").doUpdateSet({ contentType, data: bytes, updatedAt: new Date() }),
    )
    .execute();
}

export async function deleteLogo(db: Kysely<Database>, companyId: string): Promise<void> {
  await db.deleteFrom("companyLogos").where("companyId", "=", companyId).execute();
}

/** The logo as a data: URL for an <img>, or null. */
export async function getLogoDataUrl(
  db: Kysely<Database>,
  companyId: string | null,
): Promise<string | null> {
  if (!companyId) return null;
  const row = await db
    .selectFrom("companyLogos")
    .select(["contentType", "data"])
    .where("companyId", "=", companyId)
    .executeTakeFirst();
  return row ? `data:${row.contentType};base64,${Buffer.from(row.data).toString("base64")}` : null;
}
