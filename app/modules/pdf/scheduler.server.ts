/*
 * A fair scheduler in front of the PDF pool. Each company (tenant) has its own FIFO queue; the
 * queues are served in turn, so a company's burst makes that company wait, not the others: the
 * next free thread goes to the tenant with the fewest threads in hand, then to the one served
 * longest ago (a newcomer counts as served just now). A tenant holds at most `perTenant` threads
 * at once. Tasks are handed to the renderer only when a thread is free, so the pool's own
 * queue stays empty and the time limit counts rendering, never waiting. The waiting room is
 * bounded, in all and per tenant; beyond it a task is refused at once (the caller answers 503).
 */

export interface FairSchedulerOptions {
  /** Tasks rendering at once: the pool's threads. */
  slots: number;
  /** Of those, at most this many for one tenant. */
  perTenant: number;
  /** Tasks waiting for a thread, all tenants together. */
  queueLimit: number;
  /** Tasks waiting for a thread, one tenant. */
  tenantQueueLimit: number;
  /** Time one task may render, counted from its hand-over to a thread. */
  timeoutMs: number;
}

/** Renders one task; it must stop (reject) when the signal aborts. */
export type Renderer<T, R> = (task: T, signal: AbortSignal) => Promise<R>;

/** The waiting room is full: for this tenant ("tenant") or for everybody ("all"). */
export class QueueFullError extends Error {
  override name = "QueueFullError";
  constructor(
    public scope: "tenant" | "all",
    /** A fair guess of when a thread is free again, in whole seconds (1–60). */
    public retryAfterSeconds: number,
  ) {
    super(`PDF queue is full (${scope})`);
  }
}

/** The task rendered longer than the time limit and was stopped. */
export class RenderTimeoutError extends Error {
  override name = "RenderTimeoutError";
  constructor(public timeoutMs: number) {
    super(`PDF render stopped after ${timeoutMs} ms`);
  }
}

interface Waiting<T, R> {
  task: T;
  resolve(value: R): void;
  reject(error: unknown): void;
}

interface Tenant<T, R> {
  waiting: Waiting<T, R>[];
  running: number;
  /** When it was last handed a thread (dispatch count); a newcomer's is just before now. */
  served: number;
}

export class FairScheduler<T, R> {
  #tenants = new Map<string, Tenant<T, R>>();
  #running = 0;
  #waiting = 0;
  #dispatched = 0;
  // Average render time (ms), for Retry-After.
  #averageMs = 1000;

  constructor(
    private render: Renderer<T, R>,
    private options: FairSchedulerOptions,
  ) {}

  /** Tasks rendering and waiting now. */
  get load() {
    return { running: this.#running, waiting: this.#waiting };
  }

  /** Renders a tenant's task when its turn comes; QueueFullError or RenderTimeoutError otherwise. */
  run(tenantKey: string, task: T): Promise<R> {
    let tenant = this.#tenants.get(tenantKey);
    const startsNow =
      this.#running < this.options.slots &&
      (!tenant || (tenant.waiting.length === 0 && tenant.running < this.options.perTenant));
    if (!startsNow) {
      if (tenant && tenant.waiting.length >= this.options.tenantQueueLimit) {
        const seconds = ((tenant.waiting.length + 1) / this.options.perTenant) * this.#averageMs;
        return Promise.reject(new QueueFullError("tenant", wholeSeconds(seconds)));
      }
      if (this.#waiting >= this.options.queueLimit) {
        const seconds = ((this.#waiting + 1) / this.options.slots) * this.#averageMs;
        return Promise.reject(new QueueFullError("all", wholeSeconds(seconds)));
      }
    }
    if (!tenant) {
      tenant = { waiting: [], running: 0, served: this.#dispatched - 0.5 };
      this.#tenants.set(tenantKey, tenant);
    }
    const queue = tenant.waiting;
    const promise = new Promise<R>((resolve, reject) => queue.push({ task, resolve, reject }));
    this.#waiting++;
    this.#pump();
    return promise;
  }

  /** Hands free threads to the tenants whose turn it is. */
  #pump() {
    while (this.#running < this.options.slots) {
      let next: [string, Tenant<T, R>] | null = null;
      for (const entry of this.#tenants) {
        const tenant = entry[1];
        if (tenant.waiting.length === 0 || tenant.running >= this.options.perTenant) continue;
        // Fewest threads in hand first, then the one served longest ago.
        if (
          !next ||
          tenant.running < next[1].running ||
          (tenant.running === next[1].running && tenant.served < next[1].served)
        )
          next = entry;
      }
      if (!next) return;
      this.#start(next[0], next[1]);
    }
  }

  #start(key: string, tenant: Tenant<T, R>) {
    const job = tenant.waiting.shift() as Waiting<T, R>;
    this.#waiting--;
    this.#running++;
    tenant.running++;
    tenant.served = ++this.#dispatched;
    const controller = new AbortController();
    const began = Date.now();
    let timedOut = false;
    // The limit starts now, when a thread takes the task, not when it was queued.
    const timer = setTimeout(() => {
      timedOut = true;
      const error = new RenderTimeoutError(this.options.timeoutMs);
      controller.abort(error);
      job.reject(error);
    }, this.options.timeoutMs);
    let rendering: Promise<R>;
    try {
      rendering = this.render(job.task, controller.signal);
    } catch (error) {
      rendering = Promise.reject(error);
    }
    rendering
      .then(
        (value) => {
          this.#averageMs = 0.8 * this.#averageMs + 0.2 * (Date.now() - began);
          if (!timedOut) job.resolve(value);
        },
        (error) => {
          if (!timedOut) job.reject(error);
        },
      )
      .finally(() => {
        // The thread is free only once the renderer lets go of it (after an abort, too), so
        // the pool never holds more tasks than it has threads.
        clearTimeout(timer);
        this.#running--;
        tenant.running--;
        if (tenant.running === 0 && tenant.waiting.length === 0) this.#tenants.delete(key);
        this.#pump();
      });
  }
}

function wholeSeconds(ms: number) {
  return Math.min(60, Math.max(1, Math.ceil(ms / 1000)));
}
