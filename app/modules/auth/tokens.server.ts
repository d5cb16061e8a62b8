import { randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import { randomToken, sha256 } from "~/utils/crypto.server";
import type { Database, TokenPurpose } from "~db/types";

export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;
const MAX_CODE_ATTEMPTS = 5;

const codeHash = (userId: string, code: string) => sha256(`${userId}:${code}`);

/** A new one-time token (and for e-mail verification a 6-digit code); earlier ones stop working. */
export async function issueToken(
  db: Kysely<Database>,
  userId: string,
  purpose: TokenPurpose,
): Promise<{ token: string; code: string | null }> {
  const token = randomToken();
  const code = purpose === "verify_email" ? String(randomInt(0, 1_000_000)).padStart(6, "0") : null;
  const ttl = purpose === "verify_email" ? VERIFY_EMAIL_TTL_MS : RESET_PASSWORD_TTL_MS;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("userTokens")
      .set({ usedAt: new Date() })
      .where("userId", "=", userId)
      .where("purpose", "=", purpose)
      .where("usedAt", "is", null)
      .execute();
    await trx
      .insertInto("userTokens")
      .values({
        userId,
        purpose,
        tokenHash: sha256(token),
        codeHash: code ? codeHash(userId, code) : null,
        expiresAt: new Date(Date.now() + ttl),
      })
      .execute();
  });
  return { token, code };
}

/** The user a live token belongs to, without using it up (to show the reset form). */
export async function peekToken(db: Kysely<Database>, token: string, purpose: TokenPurpose) {
  return db
    .selectFrom("userTokens")
    .select(["id", "userId"])
    .where("tokenHash", "=", sha256(token))
    .where("purpose", "=", purpose)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", new Date())
    .executeTakeFirst();
}

/** Uses a token up; returns its user id, or null when it is unknown, used or expired. */
export async function consumeToken(
  db: Kysely<Database>,
  token: string,
  purpose: TokenPurpose,
): Promise<string | null> {
  const row = await db
    .updateTable("userTokens")
    .set({ usedAt: new Date() })
    .where("tokenHash", "=", sha256(token))
    .where("purpose", "=", purpose)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", new Date())
    .returning("userId")
    .executeTakeFirst();
  return row?.userId ?? null;
}

/** Checks a 6-digit verification code; five wrong tries spend it. */
export async function consumeVerificationCode(
  db: Kysely<Database>,
  userId: string,
  code: string,
): Promise<boolean> {
  const live = await db
    .selectFrom("userTokens")
    .select(["id", "codeHash", "failedAttempts"])
    .where("userId", "=", userId)
    .where("purpose", "=", "verify_email")
    .where("usedAt", "is", null)
    .where("expiresAt", ">", new Date())
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
  if (!live) return false;
  if (live.codeHash === codeHash(userId, code)) {
    const used = await db
      .updateTable("userTokens")
      .set({ usedAt: new Date() })
      .where("id", "=", live.id)
      .where("usedAt", "is", null)
      .returning("id")
      .executeTakeFirst();
    return used !== undefined;
  }
  await db
    .updateTable("userTokens")
    .set((eb) => ({
      failedAttempts: eb("failedAttempts", "+", 1),
      usedAt: live.failedAttempts + 1 >= MAX_CODE_ATTEMPTS ? new Date() : null,
    }))
    .where("id", "=", live.id)
    .execute();
  return false;
}
