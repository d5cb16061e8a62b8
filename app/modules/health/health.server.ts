import type { Kysely } from "kysely";
import { pingDatabase } from "~db/client";
import type { Database } from "~db/types";

export interface Health {
  status: "ok" | "error";
  db: "ok" | "unreachable";
}

/** The API's health: ok when the database answers, otherwise an error with HTTP 503. */
export async function checkHealth(
  db: Kysely<Database>,
): Promise<{ health: Health; httpStatus: 200 | 503 }> {
  const reachable = await pingDatabase(db);
  return reachable
    ? { health: { status: "ok", db: "ok" }, httpStatus: 200 }
    : { health: { status: "error", db: "unreachable" }, httpStatus: 503 };
}
