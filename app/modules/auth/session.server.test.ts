import { sql } from "kysely";
import { describe, expect, inject, it, vi } from "vitest";
import { createUser } from "../../../tests/setup/factories";
import { setupTestDatabase } from "../../../tests/setup/test-db";
import { createSession, findSessionUser } from "./session.server";

const getDb = setupTestDatabase();

async function preparedNames(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(
    getDb(),
  );
  return rows.map((row) => row.name);
}

async function signedIn() {
  const db = getDb();
  const user = await createUser(db, { plan: "standard" });
  const token = await createSession(db, user.id, {
    kind: "browser",
    ip: "127.0.0.1",
    userAgent: null,
  });
  return { db, user, token };
}

// The session query is a prepared statement on embedded PGlite (decision 036); on PostgreSQL's
// pool it is the plain query. Either way a session is found, and an expired one is not.
describe("the session query", () => {
  it("finds a live session's user, and not an expired session's", async () => {
    const { db, user, token } = await signedIn();
    const found = await findSessionUser(db, token);
    expect(found).toMatchObject({ id: user.id, email: user.email, plan: "standard" });
    await db
      .updateTable("sessions")
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .execute();
    expect(await findSessionUser(db, token)).toBeNull();
    expect(await findSessionUser(db, "not-a-token")).toBeNull();
  });

  it.runIf(inject("testDatabase").kind === "pglite")(
    "is prepared once on PGlite, and falls back to the plain query when the prepared one fails",
    async () => {
      const { db, user, token } = await signedIn();
      expect((await findSessionUser(db, token))?.id).toBe(user.id);
      expect(await preparedNames()).toContain("smetka_session");

      // Taken away behind its back: the request is still answered, with one line in the log.
      await sql`deallocate smetka_session`.execute(db);
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        expect((await findSessionUser(db, token))?.id).toBe(user.id);
        expect((await findSessionUser(db, token))?.id).toBe(user.id);
        expect(logged).toHaveBeenCalledTimes(1);
        expect(String(logged.mock.calls[0]?.[0])).toMatch(/prepared session query failed/);
      } finally {
        logged.mockRestore();
      }
    },
  );
});
