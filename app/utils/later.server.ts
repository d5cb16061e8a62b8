/*
 * Work that belongs after the answer: an e-mail whose timing must not tell anything (a password
 * reset for an account that may not exist), kept off the request so every answer takes the same
 * time. Failures are logged. (Issue #15 moves such work to a job queue with retries.)
 */

const pending = new Set<Promise<void>>();

/** Runs `task` once the current request has been answered; errors are logged, never thrown. */
export function runAfterResponse(label: string, task: () => Promise<unknown>): void {
  const run = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .then(
      () => {},
      (error) => console.error(`${label} failed:`, error),
    )
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves when every task started so far has finished (shutdown, tests). */
export async function settleAfterResponse(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
