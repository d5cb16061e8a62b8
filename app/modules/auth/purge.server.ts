import type { Kysely } from "kysely";
import type { Database } from "~db/types";
import { purgeRateLimits } from "./rate-limit.server";
import { THROTTLE_WINDOW_MS } from "./throttle.server";

/**
 * Deletes what can no longer be used: expired sessions, spent or expired one-time tokens,
 * login attempts older than the throttling window (kept a day, for support), spent
 * bot-check tokens, rate-limit counters and sign-up drafts past their expiry. Idempotent; any instance may run it.
 */
export async function purgeExpired(db: Kysely<Database>, now = new Date()) {
  const dayAgo = new Date(now.getTime() - Math.max(THROTTLE_WINDOW_MS, 24 * 60 * 60 * 1000));
  const [sessions, tokens, attempts, nonces, rateLimits, drafts] = await Promise.all([
    db.deleteFrom("sessions").where("expiresAt", "<", now).executeTakeFirst(),
    db
      .deleteFrom("userTokens")
      .where((eb) => eb.or([eb("expiresAt", "<", now), eb("usedAt", "<", dayAgo)]))
      .executeTakeFirst(),
    db.deleteFrom("loginAttempts").where("createdAt", "<", dayAgo).executeTakeFirst(),
    db.deleteFrom("botCheckNonces").where("expiresAt", "<", now).executeTakeFirst(),
    purgeRateLimits(db, now),
    // Sign-ups left half-way: the password's hash goes an hour after the last step.
    db.deleteFrom("signupDrafts").where("expiresAt", "<", now).executeTakeFirst(),
  ]);
  return {
    sessions: Number(sessions.numDeletedRows),
    tokens: Number(tokens.numDeletedRows),
    loginAttempts: Number(attempts.numDeletedRows),
    botCheckNonces: Number(nonces.numDeletedRows),
    rateLimits,
    signupDrafts: Number(drafts.numDeletedRows),
  };
}
