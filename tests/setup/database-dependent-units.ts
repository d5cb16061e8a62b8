import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/*
 * The unit and route test files whose outcome can depend on the database (issue #44, item 1).
 * CI runs every unit file on the embedded default and, on PostgreSQL, only these: a file that
 * opens no database (a pure function, a PDF, the docs, the import graph) answers the same
 * whichever database CI started. A file depends on the database when it, or a test helper it
 * imports (followed through relative imports), names a way to open or reach one. The test of the
 * list (tests/integration/ci-scope.test.ts) keeps the rule honest.
 */
export const DATABASE_SIGNS = [
  /setup\/(test-db|postgres|global-db|factories|routes|context|team)["']/,
  /\bsetupTestDatabase\b|\bcreateTestDatabase\b|\bresetDatabase\b/,
  /\b(TEST_)?DATABASE_URL\b/,
  /\bPGlite\b|@electric-sql\/pglite|kysely-pglite|\bfrom ["']pg["']|pg_ctl|pg_dump|psql/,
  /~db\/(client|migrate|seed)["']|\bopenDatabase\b|\bmigrateToLatest\b/,
  /context\.db\b|\bgetDb\b/,
];

const TEST_FILE = /\.test\.tsx?$/;
const RELATIVE = /\b(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"'\n]+)["']/g;

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) return [];
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

function resolveRelative(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const ext of ["", ".ts", ".tsx", "/index.ts"]) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Whether a test file, or a helper under tests/ it imports, names a database. */
export function dependsOnDatabase(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  if (DATABASE_SIGNS.some((sign) => sign.test(source))) return true;
  for (const match of source.matchAll(RELATIVE)) {
    const target = resolveRelative(file, match[1]!);
    // The helpers of the tests (tests/**) and sibling test files; app code opens no database
    // unless a test hands it one, which the signs above find in the test.
    if (target && (target.includes(`${path.sep}tests${path.sep}`) || TEST_FILE.test(target))) {
      if (dependsOnDatabase(target, seen)) return true;
    }
  }
  return false;
}

/** The unit project's test files (its include globs), relative to the root, split by the rule. */
export function unitTestFiles(root = process.cwd()) {
  const all = [
    ...files(path.join(root, "app")),
    ...files(path.join(root, "db")),
    ...files(path.join(root, "tests", "integration")),
  ]
    .filter((file) => TEST_FILE.test(file))
    .filter((file) => !file.includes(`${path.sep}db${path.sep}`) || file.endsWith(".test.ts"));
  const dependent: string[] = [];
  const independent: string[] = [];
  for (const file of all) {
    (dependsOnDatabase(file) ? dependent : independent).push(path.relative(root, file));
  }
  return { dependent: dependent.sort(), independent: independent.sort() };
}
