import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DATABASE_DEPENDENT_E2E } from "../e2e/database-dependent";

/*
 * CI runs the browser tests on PostgreSQL only where the database decides the outcome (issue #44,
 * item 1). A browser test that starts a database of its own, reads TEST_DATABASE_URL, or names the
 * database's process must be in that list, or it would never run on PostgreSQL.
 */
const E2E_DIR = path.resolve(__dirname, "../e2e");
const DATABASE_SIGNS = [/TEST_DATABASE_URL/, /\.\.\/setup\/postgres/, /\bDATABASE_URL\b/, /pg_ctl/];

describe("the browser tests CI runs on PostgreSQL", () => {
  const files = readdirSync(E2E_DIR).filter((file) => file.endsWith(".test.ts"));

  it("include every browser test that depends on the database", () => {
    const dependent = files.filter((file) => {
      const text = readFileSync(path.join(E2E_DIR, file), "utf8");
      return DATABASE_SIGNS.some((sign) => sign.test(text));
    });
    expect(dependent.length).toBeGreaterThan(3);
    const missing = dependent.filter(
      (file) => !(DATABASE_DEPENDENT_E2E as readonly string[]).includes(file),
    );
    expect(missing, "add them to tests/e2e/database-dependent.ts").toEqual([]);
  });

  it("name only files that exist", () => {
    const absent = DATABASE_DEPENDENT_E2E.filter((file) => !files.includes(file));
    expect(absent).toEqual([]);
  });
});
