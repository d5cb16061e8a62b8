import type { AppLoadContext } from "@remix-run/node";
import type { Queue } from "./queue.server";

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

export interface Jobs {
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
}

/** `context.jobs` backed by pg-boss. */
export function queueJobs(queue: Queue): Jobs {
  return {
    send: (name, data, options = {}) =>
      queue.send(name, data, {
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      }),
  };
}

type Runner = (context: AppLoadContext, name: string, data: object) => Promise<unknown>;

/**
 * Jobs done at once in this process (tests, scripts): `run` does one job's work with the
 * context's database and configuration. Failures are logged and kept in `failures`.
 */
export function inlineJobs(context: () => AppLoadContext, run: Runner) {
  const failures: { name: string; data: object; error: unknown }[] = [];
  const sent: { name: string; data: object }[] = [];
  const jobs: Jobs & { failures: typeof failures; sent: typeof sent } = {
    failures,
    sent,
    async send(name, data) {
      sent.push({ name, data });
      try {
        await run(context(), name, data);
      } catch (error) {
        failures.push({ name, data, error });
      }
      return `inline-${sent.length}`;
    },
  };
  return jobs;
}
