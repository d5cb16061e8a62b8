import type { Kysely } from "kysely";
import type { Jobs } from "~/modules/jobs/client.server";
import type { EventHub } from "~/modules/subscriptions/events.server";
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
  billing: BillingConfig;
  vies: ViesConfig;
  backup: BackupConfig;
}

/** Backups into DATA_DIR/backups (BACKUP_INTERVAL, BACKUP_KEEP; docs/decisions/026). */
export interface BackupConfig {
  /** Hours between scheduled backups; 0: only `npm run backup`. */
  intervalHours: number;
  /** How many backup files to keep; older ones are deleted after each new one. */
  keep: number;
  /** The PostgreSQL database pg_dump reads (undefined on the embedded database). */
  databaseUrl: string | undefined;
}

/** The EU's VIES service for VAT numbers (VIES_ENABLED, VIES_URL); off: the check says so. */
export interface ViesConfig {
  enabled: boolean;
  /** The REST API's base, without a trailing slash. */
  url: string;
  /** How long one question may take before the answer is «VIES не отговаря». */
  timeoutMs: number;
}

/** Plans' monthly prices (cents, EUR) and Stripe's keys; stripe null: the local provider. */
export interface BillingConfig {
  prices: { standard: number; full: number };
  stripe: {
    secretKey: string;
    webhookSecret: string;
    priceIds: { standard: string; full: string };
    /** Another address for Stripe's API (stripe-mock or a test's stand-in). */
    apiBase?: string;
  } | null;
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    db: Kysely<Database>;
    config: AppConfig;
    /** The client's address (Express `req.ip`; trusts a proxy on loopback only). */
    clientIp: string;
    /** Open subscription event streams on this instance, fed by LISTEN/NOTIFY. */
    events: EventHub;
    /** The job queue: work done after the answer, with retries (app/modules/jobs). */
    jobs: Jobs;
    /** This request's id in logs and the X-Request-Id header. */
    requestId?: string;
    /** The nonce of this page's inline scripts (Content-Security-Policy). */
    cspNonce?: string;
  }
}
