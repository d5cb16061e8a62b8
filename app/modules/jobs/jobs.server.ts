import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import type PgBoss from "pg-boss";
import { anonymizeDueAccounts } from "~/modules/accounts/account.server";
import { endExpiredGrants } from "~/modules/admin/grants.server";
import { purgeExpired } from "~/modules/auth/purge.server";
import { purgeUnusedFiles } from "~/modules/expenses/attachments.server";
import { deliverDocumentEmail, MAIL_ATTEMPTS } from "~/modules/invoices/emails.server";
import { storeDocumentPdf } from "~/modules/invoices/render.server";
import { runReminders } from "~/modules/recurring/reminders.server";
import { runDueRecurring } from "~/modules/recurring/service.server";
import { localRenewDue } from "~/modules/subscriptions/local-billing.server";
import type { AppConfig } from "~/utils/context.server";
import type { Database } from "~db/types";
import type { Jobs } from "./client.server";
import type { Queue } from "./queue.server";

/*
 * Every kind of job, with its schedule and retry policy, in one table. What ran in the web
 * process's hourly sweep now runs here: scheduled by cron in Europe/Sofia, created once per tick
 * whatever the number of instances (pg-boss's timekeeper), fetched by one worker only.
 */

export interface JobDeps {
  db: Kysely<Database>;
  config: AppConfig;
  /** For jobs that hand on work (a recurring invoice to e-mail, a reminder to send). */
  jobs: Jobs;
}

interface JobKind<T> {
  /** Cron in Europe/Sofia, for jobs that repeat. */
  cron?: string;
  queue: Omit<PgBoss.Queue, "name">;
  /** Does the work; throwing means "try again" (with backoff) until the retry limit. */
  run(deps: JobDeps, data: T): Promise<unknown>;
  /** Whether this installation runs it (e.g. local renewals only without Stripe). */
  enabled?(config: AppConfig): boolean;
  /** Workers of this kind in each process (jobs of one kind done side by side); 1 by default. */
  workers?: number;
}

const HOURLY = "7 * * * *";
/**
 * A job still active this long after it started is taken for one whose process died (kill -9, a
 * lost machine): the queue's maintenance (every MAINTENANCE_INTERVAL_SECONDS) hands it to a retry
 * after its retry delay, so it runs again within a minute instead of blocking its queue. A live
 * worker past it is given up on too, so work that can take longer is split (recurring.run does
 * what fits in RUN_BUDGET_MS and queues the rest).
 */
export const EXPIRE_SECONDS = 30;
const maintenance = {
  policy: "singleton",
  retryLimit: 3,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: EXPIRE_SECONDS,
} as const satisfies Omit<PgBoss.Queue, "name">;
/** Idle workers look for jobs this often; while jobs wait, a worker takes the next at once. */
export const POLLING_SECONDS = 2;

export const JOBS = {
  /** Accounts past their 30 days are anonymised. */
  "accounts.anonymize": {
    cron: HOURLY,
    queue: maintenance,
    run: ({ db }) => anonymizeDueAccounts(db),
  },
  /** Expired sessions, tokens, attempts, bot-check tokens and rate-limit counters. */
  "auth.purge": { cron: HOURLY, queue: maintenance, run: ({ db }) => purgeExpired(db) },
  /** The local billing provider renews and ends its periods (Stripe does its own). */
  "billing.renew-local": {
    cron: HOURLY,
    queue: maintenance,
    run: ({ db, config }) => localRenewDue(db, config.billing),
    enabled: (config) => config.billing.stripe === null,
  },
  /** Receipt bytes no attachment names any more. */
  "files.purge": { cron: HOURLY, queue: maintenance, run: ({ db }) => purgeUnusedFiles(db) },
  /** Plans granted by an admin whose last day has passed. */
  "grants.expire": { cron: HOURLY, queue: maintenance, run: ({ db }) => endExpiredGrants(db) },
  /** An issued document's PDF, rendered once after the issuing transaction (worker threads). */
  "document.pdf": {
    queue: {
      policy: "stately",
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: EXPIRE_SECONDS,
    },
    workers: 2,
    run: ({ db }, data: { companyId?: unknown; documentId?: unknown }) =>
      storeDocumentPdf(db, data),
  },
  /**
   * A document's e-mail (or a reminder) with its PDF: retried 1, 2, 4, 8, 16 minutes later. Its
   * expiry stays long: a send in flight (SMTP may take minutes) must never be sent twice.
   */
  "mail.document": {
    queue: {
      policy: "stately",
      retryLimit: MAIL_ATTEMPTS - 1,
      retryDelay: 60,
      retryBackoff: true,
      expireInSeconds: 5 * 60,
    },
    workers: 2,
    run: (deps, data: { emailId?: unknown }) => deliverDocumentEmail(deps, data),
  },
  /** Recurring invoices that are due (and any missed while no instance ran), each made once. */
  "recurring.run": {
    cron: "5 * * * *",
    queue: maintenance,
    run: (deps) => runDueRecurring(deps),
  },
  /** Reminders of overdue documents, in the working day's hours. */
  "reminders.run": {
    cron: "15 9-17 * * *",
    queue: maintenance,
    run: (deps) => runReminders(deps),
  },
} satisfies Record<string, JobKind<never>>;

export type JobName = keyof typeof JOBS;

/** Does one job's work now, with the context's database and configuration (inline runner). */
export async function runJob(context: AppLoadContext, name: string, data: object) {
  const kind = (JOBS as Record<string, JobKind<unknown>>)[name];
  if (!kind) throw new Error(`Unknown job ${name}`);
  return kind.run({ db: context.db, config: context.config, jobs: context.jobs }, data);
}

const entries = () => Object.entries(JOBS) as [JobName, JobKind<unknown>][];

/**
 * Creates the queues and their schedules (idempotent; every instance may call it), and, when
 * `work` is set, starts this process's workers for every kind.
 */
export async function startJobs(queue: Queue, deps: JobDeps, options: { work: boolean }) {
  for (const [name, kind] of entries()) {
    const on = kind.enabled?.(deps.config) ?? true;
    // createQueue keeps an existing queue as it was; updateQueue brings its policy up to date.
    await queue.createQueue(name, { name, ...kind.queue });
    await queue.updateQueue(name, { name, ...kind.queue });
    if (kind.cron && on) await queue.schedule(name, kind.cron, {}, { tz: "Europe/Sofia" });
    else if (kind.cron) await queue.unschedule(name);
  }
  if (!options.work) return;
  for (const [name, kind] of entries()) {
    if (!(kind.enabled?.(deps.config) ?? true)) continue;
    await workQueue(queue, name, kind.workers ?? 1, (data) => kind.run(deps, data));
  }
}

/**
 * Starts `workers` workers on one queue. Each takes one job at a time (its expiry counts from its
 * own start) and, when it found one, looks for the next at once; only an empty queue makes it wait
 * the polling interval (pg-boss alone waits it after every job: one job per 2 s per kind).
 */
export async function workQueue(
  queue: Queue,
  name: string,
  workers: number,
  handle: (data: object) => Promise<unknown>,
  pollingIntervalSeconds = POLLING_SECONDS,
) {
  const ids: string[] = [];
  for (let i = 0; i < workers; i++) {
    const index = i;
    ids.push(
      await queue.work<object>(name, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
        if (!job) return;
        const id = ids[index];
        if (id) queue.notifyWorker(id);
        return handle(job.data);
      }),
    );
  }
  return ids;
}
