import { type Kysely, sql } from "kysely";
import type { Database } from "~db/types";

/*
 * Rate limits shared by every instance: a counter per key and fixed window in PostgreSQL, counted
 * up in one atomic statement (INSERT … ON CONFLICT DO UPDATE … RETURNING), so parallel requests can
 * never slip past a limit between a read and a write.
 */

export interface Limit {
  /** How many hits the window allows. */
  max: number;
  windowMs: number;
}

export interface Hit {
  allowed: boolean;
  hits: number;
  /** Seconds until the window ends (for Retry-After). */
  retryAfter: number;
}

/** Counts one hit on `key` and says whether it is within the limit. */
export async function hit(db: Kysely<Database>, key: string, limit: Limit): Promise<Hit> {
  const window = `${limit.windowMs} milliseconds`;
  const row = await sql<{ hits: number; windowEndsAt: Date }>`
    insert into rate_limits (key, hits, window_ends_at)
    values (${key}, 1, now() + ${window}::interval)
    on conflict (key) do update set
      hits = case when rate_limits.window_ends_at <= now() then 1 else rate_limits.hits + 1 end,
      window_ends_at = case when rate_limits.window_ends_at <= now()
        then now() + ${window}::interval else rate_limits.window_ends_at end
    returning hits, window_ends_at`.execute(db);
  const { hits, windowEndsAt } = row.rows[0]!;
  return {
    allowed: hits <= limit.max,
    hits,
    retryAfter: Math.max(1, Math.ceil((new Date(windowEndsAt).getTime() - Date.now()) / 1000)),
  };
}

/** Takes one hit back (an attempt that turned out fine: a correct password). */
export async function unhit(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable("rateLimits")
    .set((eb) => ({ hits: eb("hits", "-", 1) }))
    .where("key", "=", key)
    .where("hits", ">", 0)
    .execute();
}

/** Forgets a key's count (e.g. the failures of an address once it signs in). */
export async function clearHits(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("rateLimits").where("key", "=", key).execute();
}

/** Deletes counters whose window has ended (the hourly sweep). */
export async function purgeRateLimits(db: Kysely<Database>, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("rateLimits")
    .where("windowEndsAt", "<", now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits of the product, in one place (docs/security.md, «Throttles»). */
export const LIMITS = {
  /** Wrong passwords from one address for one account: then that pair waits. */
  loginPair: { max: 5, windowMs: 15 * MINUTE },
  /** Wrong passwords from one address, whatever the account. */
  loginAddress: { max: 20, windowMs: 15 * MINUTE },
  /** E-mail, company-name and EIK availability checks from one address. */
  availability: { max: 30, windowMs: MINUTE },
  /** Password-reset and verification mails to one account. */
  mailPerAccount: { max: 3, windowMs: HOUR },
  /** Password-reset and verification mails asked for from one address. */
  mailPerAddress: { max: 10, windowMs: HOUR },
  /** Document e-mails a company sends. */
  documentMails: { max: 100, windowMs: HOUR },
  /** VAT numbers looked up in VIES, per company (or per address during registration). */
  vies: { max: 30, windowMs: MINUTE },
  /** Client portal pages and files opened from one address, whatever the link (decision 069). */
  portalAddress: { max: 60, windowMs: MINUTE },
  /** Client portal pages and files opened through one link, from anywhere (decision 069). */
  portalLink: { max: 300, windowMs: HOUR },
  /** Tax calendar feeds fetched from one address, whatever the token (decision 075). */
  calendarFeed: { max: 30, windowMs: MINUTE },
  /** Card payments started or cards tried through one link (decision 071): no card testing. */
  portalCard: { max: 10, windowMs: HOUR },
} as const satisfies Record<string, Limit>;
