import type { Kysely } from "kysely";
import type { Database } from "~db/types";
import { clearHits, hit, LIMITS, unhit } from "./rate-limit.server";

export const THROTTLE_WINDOW_MS = LIMITS.loginPair.windowMs;
export const THROTTLED_MESSAGE =
  "Твърде много неуспешни опити за вход. Опитайте отново след 15 минути.";

/*
 * Login throttling that an attacker cannot turn against the owner: wrong passwords are counted
 * per account and address together (5 in 15 minutes) and per address (20), never per account
 * alone, so the owner signing in from an address that has not failed always gets through.
 * Each attempt takes its place in the counters before the password is checked (one atomic
 * statement), so parallel attempts cannot exceed the limits; a correct password gives it back.
 */
export async function startLoginAttempt(db: Kysely<Database>, email: string, ip: string) {
  const pairKey = `login:${email}|${ip}`;
  const addressKey = `login-address:${ip}`;
  const [pair, address] = await Promise.all([
    hit(db, pairKey, LIMITS.loginPair),
    hit(db, addressKey, LIMITS.loginAddress),
  ]);
  return {
    throttled: !pair.allowed || !address.allowed,
    retryAfter: Math.max(pair.retryAfter, address.retryAfter),
    /** After a correct password: this address starts afresh for this account. */
    async succeeded() {
      await Promise.all([clearHits(db, pairKey), unhit(db, addressKey)]);
    },
  };
}

/** Every attempt, kept a day for support and the admin's "last sign-ins" (not for throttling). */
export async function recordLoginAttempt(
  db: Kysely<Database>,
  attempt: { email: string; ip: string; succeeded: boolean },
): Promise<void> {
  await db.insertInto("loginAttempts").values(attempt).execute();
}
