import type { Kysely } from "kysely";
import type { Database } from "~db/types";

/** The admin-set message shown to every customer as a banner (null when none). */
export async function getNotification(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom("appSettings")
    .select("value")
    .where("key", "=", "notification")
    .executeTakeFirst();
  return notificationText(row?.value);
}

/** The banner's text from its setting's stored value, or null when there is none. */
export function notificationText(value: unknown): string | null {
  const message = (value as { message?: unknown } | null | undefined)?.message;
  return typeof message === "string" && message.trim() ? message : null;
}

export async function setNotification(db: Kysely<Database>, message: string | null): Promise<void> {
  await db
    .insertInto("appSettings")
    .values({ key: "notification", value: JSON.stringify({ message }) })
    .onConflict((c) =>
      c.column("key").doUpdateSet({ value: JSON.stringify({ message }), updatedAt: new Date() }),
    )
    .execute();
}
