import type { AppLoadContext } from "@remix-run/node";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~db/types";
import { type Queue, transactionExecutor } from "./queue.server";

/*
 * What loaders and actions use to hand work to the queue (`context.jobs`). On the server it is
 * pg-boss; in tests an inline runner does the job at once, so a test sees its effect when the
 * action returns — and a failure is kept (as a retry would find it) instead of thrown.
 */

export interface SendOptions {
  /** At most one waiting or running job per key (e.g. a document's id). */
  singletonKey?: string;
  /** Start no earlier than this many seconds from now. */
  startAfterSeconds?: number;
}

type Send = (name: string, data: object, options?: SendOptions) => Promise<string | null>;

export interface Jobs {
  /** A job on its own (work that has no rows of its own to commit first). */
  send: Send;
  /**
   * Runs `work` in a transaction; the jobs it sends are created in that same transaction, so a
   * job exists exactly when the rows it serves do (rolled back together, never one without the
   * other).
   */
  transaction<T>(
    db: Kysely<Database>,
    work: (trx: Transaction<Database>, jobs: { send: Send }) => Promise<T>,
  ): Promise<T>;
}

function boss(options: SendOptions = {}) {
  return {
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
  };
}

/** `context.jobs` backed by pg-boss. */
export function queueJobs(queue: Queue): Jobs {
  return {
    send: (name, data, options) => queue.send(name, data, boss(options)),
    transaction: (db, work) =>
      db.transaction().execute((trx) =>
        work(trx, {
          send: (name, data, options) =>
            queue.send(name, data, { ...boss(options), db: transactionExecutor(trx) }),
        }),
      ),
  };
}

type Runner = (context: AppLoadContext, name: string, data: object) => Promise<unknown>;

/**
 * Jobs done at once in this process (tests, scripts): `run` does one job's work with the
 * context's database and configuration. Failures are logged and kept in `failures`; a job sent
 * for later (`startAfterSeconds`) is only kept in `sent`, for the test to run with `runJob`. Jobs
 * sent inside a transaction run once it has committed, and not at all when it rolls back.
 */
export function inlineJobs(context: () => AppLoadContext, run: Runner) {
  const failures: { name: string; data: object; error: unknown }[] = [];
  const sent: { name: string; data: object; options: SendOptions }[] = [];
  const send: Send = async (name, data, options = {}) => {
    sent.push({ name, data, options });
    if (options.startAfterSeconds) return `inline-${sent.length}`;
    try {
      await run(context(), name, data);
    } catch (error) {
      failures.push({ name, data, error });
    }
    return `inline-${sent.length}`;
  };
  const jobs: Jobs & { failures: typeof failures; sent: typeof sent } = {
    failures,
    sent,
    send,
    async transaction(db, work) {
      const pending: [string, object, SendOptions | undefined][] = [];
      const result = await db.transaction().execute((trx) =>
        work(trx, {
          send: async (name, data, options) => {
            pending.push([name, data, options]);
            return `inline-pending-${pending.length}`;
          },
        }),
      );
      for (const [name, data, options] of pending) await send(name, data, options);
      return result;
    },
  };
  return jobs;
}
