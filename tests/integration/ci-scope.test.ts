import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DATABASE_DEPENDENT_E2E } from "../e2e/database-dependent";
import { dependsOnDatabase, unitTestFiles } from "../setup/database-dependent-units";

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

describe("the unit files CI runs on PostgreSQL", () => {
  const root = path.resolve(__dirname, "../..");
  const { dependent, independent } = unitTestFiles(root);

  it("are the files that reach a database; the rest open none", () => {
    expect(dependent.length).toBeGreaterThan(60);
    expect(dependent).toEqual(
      expect.arrayContaining([
        "db/migrate.test.ts",
        "tests/integration/fuzz.test.ts",
        "tests/integration/numbering.test.ts",
        "app/routes/api.health.test.ts",
      ]),
    );
    // A file CI runs once names no database, and imports no test helper that does.
    expect(independent).toEqual(
      expect.arrayContaining(["app/utils/money.test.ts", "tests/integration/docs.test.ts"]),
    );
    expect(independent.filter((file) => dependsOnDatabase(path.join(root, file)))).toEqual([]);
  });

  it("follow a test helper that opens a database", () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "ci-scope-")), "tests");
    mkdirSync(dir);
    writeFileSync(path.join(dir, "a.test.ts"), 'import { seed } from "./helper";\n');
    writeFileSync(path.join(dir, "helper.ts"), "export const seed = process.env.DATABASE_URL;\n");
    writeFileSync(path.join(dir, "b.test.ts"), 'import { sum } from "./pure";\n');
    writeFileSync(path.join(dir, "pure.ts"), "export const sum = 1 + 1;\n");
    expect(dependsOnDatabase(path.join(dir, "a.test.ts"))).toBe(true);
    expect(dependsOnDatabase(path.join(dir, "b.test.ts"))).toBe(false);
  });
});
