import { describe, expect, it } from "vitest";
import { openPostgres } from "~db/client";
import { routeArgs } from "../../tests/setup/context";
import { setupTestDatabase } from "../../tests/setup/test-db";
import { loader } from "./api.health";
import { loader as apiTestLoader } from "./api-test";

const getDb = setupTestDatabase();

describe("GET /api/health", () => {
  it("answers 200 {status: ok, db: ok} when the database answers", async () => {
    const response = await loader(routeArgs(getDb(), "/api/health"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", db: "ok" });
  });

  it("answers 503 {status: error, db: unreachable} when the database is down", async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const down = openPostgres("postgres://postgres@127.0.0.1:1/none", 1);
    try {
      const response = await loader(routeArgs(down.db, "/api/health"));
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "error", db: "unreachable" });
      const page = await apiTestLoader(routeArgs(down.db, "/api-test"));
      expect(page.status).toBe(503);
    } finally {
      await down.close();
    }
  });
});
