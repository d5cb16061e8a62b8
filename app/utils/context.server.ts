import type { Kysely } from "kysely";
import type { DatabaseKind } from "~db/client";
import type { Database } from "~db/types";

/** What the server hands every loader and action (Remix's load context). */
export interface AppConfig {
  /** Public base URL for links in e-mails, without a trailing slash. */
  appUrl: string;
  sessionSecret: string;
  databaseKind: DatabaseKind;
  /** DATA_DIR: where mail is kept when there is no SMTP server. */
  dataDir: string;
  /** Cookies get the Secure flag when the public URL is https. */
  secureCookies: boolean;
  mail: { smtpUrl: string | undefined; from: string; supportEmail: string | undefined };
  /** Google reCAPTCHA keys, or null for the local bot check. */
  recaptcha: { siteKey: string; secretKey: string } | null;
  marketingUrl: string;
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    db: Kysely<Database>;
    config: AppConfig;
    /** The client's address (Express `req.ip`; trusts a proxy on loopback only). */
    clientIp: string;
  }
}
