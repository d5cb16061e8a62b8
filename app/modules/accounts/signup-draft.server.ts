import type { Kysely, Transaction } from "kysely";
import { hashPassword } from "~/modules/auth/password.server";
import { randomToken, sha256 } from "~/utils/crypto.server";
import type { Database } from "~db/types";

/*
 * A registration in progress (issue #31 item 7): the password typed on step 1 is hashed at once
 * and kept on the server; steps 2 and 3 carry only a random token (the hidden «signupDraft»),
 * so the plain password is in no page, no form's hidden input and no cached answer. The draft
 * lives an hour from the last step posted; auth.purge deletes it after that, and the account's
 * transaction deletes it when the account is made.
 */

export { SIGNUP_DRAFT_FIELD } from "./constants";
export const SIGNUP_DRAFT_TTL_MS = 60 * 60 * 1000;

const expiry = () => new Date(Date.now() + SIGNUP_DRAFT_TTL_MS);

/** A new draft (or the given one, its password replaced) holding the password's hash; its token. */
export async function saveSignupPassword(
  db: Kysely<Database>,
  password: string,
  token: string | null,
): Promise<string> {
  const passwordHash = await hashPassword(password);
  if (token) {
    const updated = await db
      .updateTable("signupDrafts")
      .set({ passwordHash, expiresAt: expiry() })
      .where("tokenHash", "=", sha256(token))
      .where("expiresAt", ">", new Date())
      .returning("id")
      .executeTakeFirst();
    if (updated) return token;
  }
  const fresh = randomToken();
  await db
    .insertInto("signupDrafts")
    .values({ tokenHash: sha256(fresh), passwordHash, expiresAt: expiry() })
    .execute();
  return fresh;
}

/** Whether the token names a live draft; a live one lives another hour from now. */
export async function touchSignupDraft(db: Kysely<Database>, token: string): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const row = await db
    .updateTable("signupDrafts")
    .set({ expiresAt: expiry() })
    .where("tokenHash", "=", sha256(token))
    .where("expiresAt", ">", new Date())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** The password's hash the draft keeps, or null when the token names no live draft. */
export async function signupPasswordHash(
  db: Kysely<Database>,
  token: string,
): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const row = await db
    .selectFrom("signupDrafts")
    .select("passwordHash")
    .where("tokenHash", "=", sha256(token))
    .where("expiresAt", ">", new Date())
    .executeTakeFirst();
  return row?.passwordHash ?? null;
}

/** Ends the draft (inside the transaction that makes the account). */
export async function endSignupDraft(trx: Transaction<Database>, token: string): Promise<void> {
  await trx.deleteFrom("signupDrafts").where("tokenHash", "=", sha256(token)).execute();
}
