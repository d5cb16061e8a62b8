/**
 * Unit test files that replace a module with vi.mock. The unit project shares its worker's
 * modules between files (vitest.config.ts, `isolate: false`), so a mocked module would leak into
 * the files after it; these run in the «unit-mocking» project, each on modules of its own.
 * tests/integration/test-isolation.test.ts fails when a file mocks a module and is not listed.
 */
export const MOCKING_FILES = [
  "app/entry.server.test.tsx",
  "tests/integration/pdf-fairness.test.ts",
];
