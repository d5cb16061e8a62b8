import type { Kysely } from "kysely";
import type { Database } from "~db/types";

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
export const THROTTLED_MESSAGE =
  "Твърде много неуспешни опити за вход. Опитайте отново след 15 минути.";

/** True when this account or this address has failed too often in the last 15 minutes. */
export async function isLoginThrottled(
  db: Kysely<Database>,
  email: string,
  ip: string,
): Promise<boolean> {
  const since = new Date(Date.now() - THROTTLE_WINDOW_MS);
  const row = await db
    .selectFrom("loginAttempts")
    .select((eb) => [
      eb.fn.count<number>("id").filterWhere("email", "=", email).as("byAccount"),
      eb.fn.count<number>("id").filterWhere("ip", "=", ip).as("byAddress"),
    ])
    .where("succeeded", "=", false)
    .where("createdAt", ">", since)
    .where((eb) => eb.or([eb("email", "=", email), eb("ip", "=", ip)]))
    .executeTakeFirstOrThrow();
  return (
    Number(row.byAccount) >= MAX_FAILURES_PER_ACCOUNT ||
    Number(row.byAddress) >= MAX_FAILURES_PER_ADDRESS
  );
}

export async function recordLoginAttempt(
  db: Kysely<Database>,
  attempt: { email: string; ip: string; succeeded: boolean },
): Promise<void> {
  await db.insertInto("loginAttempts").values(attempt).execute();
}
