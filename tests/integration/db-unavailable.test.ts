import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "~/utils/db-errors.server";
import { API_MESSAGES } from "~/utils/http.server";
import { guardFailure } from "~/utils/route-guard.server";
import { openPostgres } from "~db/client";
import { makeContext } from "../setup/context";
import { adminQuery, createDatabase, dropDatabase, uniqueName } from "../setup/postgres";
import { setupTestDatabase } from "../setup/test-db";

/*
 * A database that refuses connections is "try again later" (503), not a fault of the app (500):
 * the errors PostgreSQL really gives, read from a real server where one is configured.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const getDb = setupTestDatabase();

/** What a request's failure becomes at the route guard: its status, or the Response it throws. */
async function answer(error: unknown, path: string): Promise<Response> {
  const request = new Request(`http://localhost:3000${path}`);
  try {
    return guardFailure(error, request);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("a database error that is the statement's own stays 500", () => {
  it("object_not_in_prerequisite_state (55000) from a query is not 'unavailable'", async () => {
    // The same SQLSTATE as a database refusing connections, as an ordinary statement's ERROR.
    const sequence = await sql`create sequence db_unavailable_probe`
      .execute(getDb())
      .then(() => sql`select currval('db_unavailable_probe')`.execute(getDb()))
      .catch((e: unknown) => e);
    expect((sequence as { code?: string }).code).toBe("55000");
    expect(isDatabaseUnavailable(sequence)).toBe(false);
    await sql`drop sequence if exists db_unavailable_probe`.execute(getDb());
  });
});

describe.skipIf(!serverUrl)("PostgreSQL refusing connections", () => {
  const name = uniqueName("smetka_refusing");
  let close: (() => Promise<void>) | undefined;

  afterAll(async () => {
    await close?.();
    if (serverUrl) {
      await adminQuery(serverUrl, `alter database "${name}" allow_connections true`).catch(
        () => {},
      );
      await dropDatabase(serverUrl, name);
    }
  });

  it("ALLOW_CONNECTIONS false answers 503 with Retry-After, on the API and on pages", async () => {
    const url = await createDatabase(serverUrl!, name);
    await adminQuery(serverUrl!, `alter database "${name}" allow_connections false`);
    const opened = openPostgres(url, 1);
    close = opened.close;

    const { loader } = await import("~/routes/api.subscription.status");
    const request = new Request("http://localhost:3000/api/subscription/status", {
      headers: { Authorization: "Bearer any-token" },
    });
    const error = await Promise.resolve(
      loader({ request, params: {}, context: makeContext(opened.db) }),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "55000", severity: "FATAL" });
    expect(isDatabaseUnavailable(error)).toBe(true);

    const api = await answer(error, "/api/subscription/status");
    expect(api.status).toBe(503);
    expect(api.headers.get("Retry-After")).toBe("5");
    expect(await api.json()).toMatchObject({ message: API_MESSAGES.unavailable });

    const page = await answer(error, "/dashboard");
    expect(page.status).toBe(503);
    expect(await page.text()).toBe(API_MESSAGES.unavailable);
  });
});
