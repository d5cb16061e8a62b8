import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import { runJob } from "~/composition.server";
import { inlineJobs } from "~/modules/jobs/client.server";
import { idleHub } from "~/modules/subscriptions/events.server";
import { VIES_DEFAULT_URL } from "~/utils/env.server";
import type { Database } from "~db/types";

export const TEST_SESSION_SECRET = "test-secret-test-secret-test-secret-0123";

/** The load context the server would pass, around a test database. */
export function makeContext(
  db: Kysely<Database>,
  config: Partial<AppLoadContext["config"]> = {},
): AppLoadContext {
  const context: AppLoadContext = {
    db,
    config: {
      appUrl: "http://localhost:3000",
      sessionSecret: TEST_SESSION_SECRET,
      databaseKind: process.env.TEST_DATABASE_URL ? "postgres" : "pglite",
      dataDir: "./data-test",
      secureCookies: false,
      mail: { smtpUrl: undefined, from: "Сметка <no-reply@smetka.bg>", supportEmail: undefined },
      recaptcha: null,
      marketingUrl: "https://smetka.bg",
      billing: { prices: { standard: 1900, full: 3900 }, stripe: null },
      vies: { enabled: false, url: VIES_DEFAULT_URL, timeoutMs: 5000 },
      backup: { intervalHours: 0, keep: 7, databaseUrl: undefined },
      ...config,
    },
    clientIp: "127.0.0.1",
    events: idleHub(),
    // Jobs are done at once, as the queue would do them after the answer.
    jobs: inlineJobs(() => context, runJob),
  };
  return context;
}

/** Arguments for calling a loader or action directly with a real Request. */
export function routeArgs(
  db: Kysely<Database>,
  path: string,
  init: RequestInit & { params?: Record<string, string> } = {},
) {
  const { params = {}, ...requestInit } = init;
  return {
    request: new Request(new URL(path, "http://localhost:3000"), requestInit),
    params,
    context: makeContext(db),
  };
}
