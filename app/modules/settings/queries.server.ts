import type { Kysely } from "kysely";
import type { Database } from "~db/types";

/** The admin-set message shown to every customer as a banner (null when none). */
export async function getNotification(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom("appSettings")
    .select("value")
    .where("key", "=", "notification")
    .executeTakeFirst();
  const message = (row?.value as { message?: unknown } | undefined)?.message;
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
