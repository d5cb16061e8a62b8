/*
 * A fair scheduler in front of the PDF pool. Each company (tenant) has its own FIFO queue; the
 * queues are served in turn, so a company's burst makes that company wait, not the others: the
 * next free thread goes to the tenant with the fewest threads in hand, then to the one served
 * longest ago (a newcomer counts as served just now). A tenant holds at most `perTenant` threads
 * at once. Tasks are handed to the renderer only when a thread is free, so the pool's own
 * queue stays empty and the time limit counts rendering, never waiting. The waiting room is
 * bounded, in all and per tenant; beyond it a task is refused at once (the caller answers 503).
 *
 * Work nobody waits for (the PDF of a just-issued document, stored for later) goes to a second
 * lane, the background, with its own threads: it starts only when no person's task waits, it is
 * served fairly between tenants too, and while people's requests are in flight (`busy`) it uses at
 * most `backgroundWhileBusy` threads; when the machine is quiet it may use `backgroundSlots`. A
 * person who asks for a task still waiting in the background (by its key) moves it to the front.
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
  /** Background tasks rendering at once when people wait for nothing (default: `slots`). */
  backgroundSlots?: number | undefined;
  /** Background tasks rendering at once while people's requests are in flight (default 1). */
  backgroundWhileBusy?: number | undefined;
  /** Background tasks waiting, all tenants together (default: `queueLimit`). */
  backgroundQueueLimit?: number | undefined;
  /** Whether people's requests are in flight now (default: never). */
  busy?: (() => boolean) | undefined;
  /** How often a background task held back by `busy` looks again, ms (default 100). */
  recheckMs?: number | undefined;
}

/** "person": someone waits for the answer; "background": stored for later, nobody waits. */
export type Lane = "person" | "background";

/** Renders one task in its lane's threads; it must stop (reject) when the signal aborts. */
export type Renderer<T, R> = (task: T, signal: AbortSignal, lane: Lane) => Promise<R>;

export interface RunOptions {
  /** Nobody waits for it: the background lane. */
  background?: boolean;
  /** Names the task, so that `promote(key)` can find it while it waits in the background. */
  key?: string;
}

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
  key: string | undefined;
  resolve(value: R): void;
  reject(error: unknown): void;
}

interface Tenant<T, R> {
  waiting: Waiting<T, R>[];
  running: number;
  /** When it was last handed a thread (dispatch count); a newcomer's is just before now. */
  served: number;
  /** Its background tasks: waiting, rendering, last handed a background thread. */
  later: Waiting<T, R>[];
  laterRunning: number;
  laterServed: number;
}

export class FairScheduler<T, R> {
  #tenants = new Map<string, Tenant<T, R>>();
  #running = 0;
  #waiting = 0;
  #dispatched = 0;
  #laterRunning = 0;
  #laterWaiting = 0;
  #recheck: ReturnType<typeof setTimeout> | null = null;
  // Average render time (ms), for Retry-After.
  #averageMs = 1000;

  constructor(
    private render: Renderer<T, R>,
    private options: FairSchedulerOptions,
  ) {}

  /** Tasks rendering and waiting now, people's and the background's. */
  get load() {
    return {
      running: this.#running,
      waiting: this.#waiting,
      backgroundRunning: this.#laterRunning,
      backgroundWaiting: this.#laterWaiting,
    };
  }

  /** Renders a tenant's task when its turn comes; QueueFullError or RenderTimeoutError otherwise. */
  run(tenantKey: string, task: T, options: RunOptions = {}): Promise<R> {
    if (options.background) return this.#runLater(tenantKey, task, options.key);
    const tenant = this.#tenants.get(tenantKey);
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
    const queue = this.#tenant(tenantKey).waiting;
    const promise = new Promise<R>((resolve, reject) =>
      queue.push({ task, key: options.key, resolve, reject }),
    );
    this.#waiting++;
    this.#pump();
    return promise;
  }

  /**
   * A person now waits for the background task named `key`: it leaves the background and takes
   * its place at the end of its tenant's queue for people. False when no such task waits (it is
   * rendering already, or was never queued).
   */
  promote(key: string): boolean {
    for (const tenant of this.#tenants.values()) {
      const index = tenant.later.findIndex((job) => job.key === key);
      if (index < 0) continue;
      const [job] = tenant.later.splice(index, 1);
      this.#laterWaiting--;
      tenant.waiting.push(job as Waiting<T, R>);
      this.#waiting++;
      this.#pump();
      return true;
    }
    return false;
  }

  #tenant(key: string): Tenant<T, R> {
    let tenant = this.#tenants.get(key);
    if (!tenant) {
      const now = this.#dispatched - 0.5;
      tenant = {
        waiting: [],
        running: 0,
        served: now,
        later: [],
        laterRunning: 0,
        laterServed: now,
      };
      this.#tenants.set(key, tenant);
    }
    return tenant;
  }

  #runLater(tenantKey: string, task: T, key: string | undefined): Promise<R> {
    const limit = this.options.backgroundQueueLimit ?? this.options.queueLimit;
    if (this.#laterWaiting >= limit) {
      const slots = this.options.backgroundSlots ?? this.options.slots;
      return Promise.reject(
        new QueueFullError(
          "all",
          wholeSeconds(((this.#laterWaiting + 1) / slots) * this.#averageMs),
        ),
      );
    }
    const queue = this.#tenant(tenantKey).later;
    const promise = new Promise<R>((resolve, reject) => queue.push({ task, key, resolve, reject }));
    this.#laterWaiting++;
    this.#pump();
    return promise;
  }

  /** Hands free threads to the tenants whose turn it is. */
  #pump() {
    while (this.#running < this.options.slots) {
      const next = this.#nextTenant("person");
      if (!next) break;
      this.#start(next[0], next[1], "person");
    }
    this.#pumpLater();
  }

  /**
   * Hands background threads to the tenants whose turn it is, while no person's task waits:
   * `backgroundWhileBusy` of them while people's requests are in flight, else `backgroundSlots`.
   * Held back by people, it looks again a moment later.
   */
  #pumpLater() {
    if (this.#laterWaiting === 0) return;
    const busy = this.#waiting > 0 || (this.options.busy?.() ?? false);
    const limit = busy
      ? (this.options.backgroundWhileBusy ?? 1)
      : (this.options.backgroundSlots ?? this.options.slots);
    while (this.#laterRunning < limit) {
      const next = this.#nextTenant("background");
      if (!next) return;
      this.#start(next[0], next[1], "background");
    }
    if (busy && this.#laterWaiting > 0 && !this.#recheck) {
      this.#recheck = setTimeout(() => {
        this.#recheck = null;
        this.#pump();
      }, this.options.recheckMs ?? 100);
      this.#recheck.unref?.();
    }
  }

  /**
   * The tenant whose turn it is in a lane: one with a task waiting there (and, for people, below
   * its share of threads), the fewest threads in hand in that lane first, then the one served
   * longest ago.
   */
  #nextTenant(lane: Lane): [string, Tenant<T, R>] | null {
    const person = lane === "person";
    const running = (tenant: Tenant<T, R>) => (person ? tenant.running : tenant.laterRunning);
    const served = (tenant: Tenant<T, R>) => (person ? tenant.served : tenant.laterServed);
    let next: [string, Tenant<T, R>] | null = null;
    for (const entry of this.#tenants) {
      const tenant = entry[1];
      if ((person ? tenant.waiting : tenant.later).length === 0) continue;
      if (person && tenant.running >= this.options.perTenant) continue;
      if (
        !next ||
        running(tenant) < running(next[1]) ||
        (running(tenant) === running(next[1]) && served(tenant) < served(next[1]))
      )
        next = entry;
    }
    return next;
  }

  #start(key: string, tenant: Tenant<T, R>, lane: Lane) {
    const person = lane === "person";
    const job = (person ? tenant.waiting.shift() : tenant.later.shift()) as Waiting<T, R>;
    if (person) {
      this.#waiting--;
      this.#running++;
      tenant.running++;
      tenant.served = ++this.#dispatched;
    } else {
      this.#laterWaiting--;
      this.#laterRunning++;
      tenant.laterRunning++;
      tenant.laterServed = ++this.#dispatched;
    }
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
      rendering = this.render(job.task, controller.signal, lane);
    } catch (error) {
      rendering = Promise.reject(error);
    }
    rendering
      .then(
        (value) => {
          if (person) this.#averageMs = 0.8 * this.#averageMs + 0.2 * (Date.now() - began);
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
        if (person) {
          this.#running--;
          tenant.running--;
        } else {
          this.#laterRunning--;
          tenant.laterRunning--;
        }
        if (
          tenant.running === 0 &&
          tenant.waiting.length === 0 &&
          tenant.laterRunning === 0 &&
          tenant.later.length === 0
        )
          this.#tenants.delete(key);
        this.#pump();
      });
  }
}

function wholeSeconds(ms: number) {
  return Math.min(60, Math.max(1, Math.ceil(ms / 1000)));
}
