import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import type PgBoss from "pg-boss";
import type { AppConfig } from "~/utils/context.server";
import type { Database } from "~db/types";
import type { Jobs } from "./client.server";
import type { Queue } from "./queue.server";

/*
 * The job queue's machinery, knowing no domain: what a kind of job declares (its schedule and
 * retry policy), the policies kinds share, and the workers. Each domain exports its own kinds
 * (`invoiceJobs` in modules/invoices/jobs.server.ts, …); app/composition.server.ts gathers them
 * into the one table the server starts and tests run. Scheduled kinds run by cron in
 * Europe/Sofia, created once per tick whatever the number of instances (pg-boss's timekeeper),
 * fetched by one worker only.
 */

export interface JobDeps {
  db: Kysely<Database>;
  config: AppConfig;
  /** For jobs that hand on work (a recurring invoice to e-mail, a reminder to send). */
  jobs: Jobs;
}

export interface JobKind<T> {
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

/** Kinds of job by name: what a domain exports and the composition gathers. */
export type JobKinds = Record<string, JobKind<never>>;

/** Every hour at minute 7 (maintenance kinds). */
export const HOURLY = "7 * * * *";
/**
 * A job still active this long after it started is taken for one whose process died (kill -9, a
 * lost machine): the queue's maintenance (every MAINTENANCE_INTERVAL_SECONDS) hands it to a retry
 * after its retry delay, so it runs again within a minute instead of blocking its queue. A live
 * worker past it is given up on too, so work that can take longer is split (recurring.run does
 * what fits in RUN_BUDGET_MS and queues the rest).
 */
export const EXPIRE_SECONDS = 30;
/** The policy of maintenance kinds: one at a time, retried within a minute. */
export const MAINTENANCE = {
  policy: "singleton",
  retryLimit: 3,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: EXPIRE_SECONDS,
} as const satisfies Omit<PgBoss.Queue, "name">;
/** Idle workers look for jobs this often; while jobs wait, a worker takes the next at once. */
export const POLLING_SECONDS = 2;

type Joined<T extends JobKinds[]> = T extends [infer H, ...infer R extends JobKinds[]]
  ? H & Joined<R>
  : unknown;

/** The domains' tables as one; a name declared by two domains is a mistake caught at start. */
export function joinJobKinds<T extends JobKinds[]>(...tables: T): Joined<T> {
  const all: JobKinds = {};
  for (const table of tables) {
    for (const [name, kind] of Object.entries(table)) {
      if (Object.hasOwn(all, name)) throw new Error(`Job ${name} is declared twice`);
      all[name] = kind;
    }
  }
  return all as Joined<T>;
}

/**
 * `runJob` over a table of kinds: does one job's work now, with the context's database and
 * configuration (the inline runner of tests and scripts).
 */
export function jobRunner(kinds: JobKinds) {
  return (context: AppLoadContext, name: string, data: object) => {
    const kind = Object.hasOwn(kinds, name)
      ? (kinds as Record<string, JobKind<unknown>>)[name]
      : undefined;
    if (!kind) throw new Error(`Unknown job ${name}`);
    return kind.run({ db: context.db, config: context.config, jobs: context.jobs }, data);
  };
}

/**
 * Creates the queues and their schedules (idempotent; every instance may call it), and, when
 * `work` is set, starts this process's workers for every kind.
 */
export async function startJobs(
  queue: Queue,
  kinds: JobKinds,
  deps: JobDeps,
  options: { work: boolean },
) {
  const entries = Object.entries(kinds) as [string, JobKind<unknown>][];
  for (const [name, kind] of entries) {
    const on = kind.enabled?.(deps.config) ?? true;
    // createQueue keeps an existing queue as it was; updateQueue brings its policy up to date.
    await queue.createQueue(name, { name, ...kind.queue });
    await queue.updateQueue(name, { name, ...kind.queue });
    if (kind.cron && on) await queue.schedule(name, kind.cron, {}, { tz: "Europe/Sofia" });
    else if (kind.cron) await queue.unschedule(name);
  }
  if (!options.work) return;
  for (const [name, kind] of entries) {
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
