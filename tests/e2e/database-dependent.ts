/**
 * The browser tests whose outcome depends on the database (issue #44, item 1). CI runs every
 * browser test on the embedded default (the README's `npm test`) and, on PostgreSQL, only these:
 * what another browser test checks is the page, which is the same whichever database answered it,
 * while every query, constraint and race is tested on both databases by the unit project.
 * `tests/integration/ci-scope.test.ts` fails on a browser test that starts its own database, reads
 * TEST_DATABASE_URL or touches the database's process and is missing here.
 */
export const DATABASE_DEPENDENT_E2E = [
  // Backups and restores of the database itself (pg_dump-free on both).
  "backups.test.ts",
  // A server that keeps crashing on start, and its migrations.
  "crash-loop.test.ts",
  // The database going away under load and coming back.
  "outage.test.ts",
  // The server's own start: which database it opened, migrations on start.
  "server.test.ts",
  // Two instances on one PostgreSQL (events over LISTEN/NOTIFY).
  "subscriptions.test.ts",
  // Two tabs of one login writing at once: the session row and the form's company.
  "company-tabs.test.ts",
] as const;
