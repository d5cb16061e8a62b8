import type { Kysely } from "kysely";
import type { DatabaseKind } from "~db/client";
import type { Database } from "~db/types";

/** What the server hands every loader and action (Remix's load context). */
export interface AppConfig {
  /** Public base URL for links in e-mails, without a trailing slash. */
  appUrl: string;
  sessionSecret: string;
  databaseKind: DatabaseKind;
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    db: Kysely<Database>;
    config: AppConfig;
  }
}
