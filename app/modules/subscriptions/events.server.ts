import type { PGlite } from "@electric-sql/pglite";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import type { Database, Plan, SubscriptionStatus } from "~db/types";
import type { EffectivePlan } from "./plans";

/**
 * Subscription events across app instances. A change is published with pg_notify inside the
 * transaction that makes it (delivered on commit, never for a rollback); every instance LISTENs
 * on one connection and hands each event to the open streams of that company only.
 */

export const CHANNEL = "subscription_events";

export interface SubscriptionUpdate {
  type: "subscription_update";
  /** Absent when the change is no news to announce (a scheduled downgrade withdrawn). */
  eventType?: "upgrade" | "downgrade";
  data: {
    plan: Plan;
    effectivePlan: EffectivePlan;
    status: SubscriptionStatus;
    currentPeriodEnd: string | null;
    previousPlan: Plan | null;
  };
}

type Listener = (event: SubscriptionUpdate) => void;

export interface EventHub {
  /** Registers a stream of one company; returns the function that unregisters it. */
  subscribe(companyId: string, listener: Listener): () => void;
  /** How many streams are open on this instance. */
  size(): number;
  /** Whether this instance is listening to the database (false: events cannot arrive). */
  connected(): boolean;
  close(): Promise<void>;
}

/** Publishes inside the caller's transaction (or at once outside one). */
export async function publishUpdate(
  db: Kysely<Database>,
  companyId: string,
  event: SubscriptionUpdate,
) {
  await sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ companyId, event })})`.execute(db);
}

function dispatcher() {
  const listeners = new Map<string, Set<Listener>>();
  return {
    listeners,
    deliver(payload: string) {
      let message: { companyId?: string; event?: SubscriptionUpdate };
      try {
        message = JSON.parse(payload);
      } catch {
        return;
      }
      const set = message.companyId ? listeners.get(message.companyId) : undefined;
      if (!set || !message.event) return;
      for (const listener of set) listener(message.event);
    },
    subscribe(companyId: string, listener: Listener) {
      const set = listeners.get(companyId) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(companyId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(companyId);
      };
    },
    size: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

/** Listens through embedded PGlite's own LISTEN. */
export async function pgliteHub(pglite: PGlite): Promise<EventHub> {
  const hub = dispatcher();
  const unlisten = await pglite.listen(CHANNEL, hub.deliver);
  return {
    subscribe: hub.subscribe,
    size: hub.size,
    connected: () => true,
    close: () => unlisten(),
  };
}

/**
 * Listens on a dedicated PostgreSQL connection (not one of the pool's), reconnecting with
 * backoff when it drops; streams stay open meanwhile and get events again once it is back.
 */
export function postgresHub(databaseUrl: string): EventHub {
  const hub = dispatcher();
  let client: pg.Client | null = null;
  let closed = false;
  let up = false;
  let delay = 1_000;
  let timer: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on("notification", (message) => message.payload && hub.deliver(message.payload));
    next.on("error", (error) => {
      console.error(`subscription events: ${error.message}`);
      retry();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      client = next;
      up = true;
      delay = 1_000;
    } catch (error) {
      console.error(`subscription events: cannot listen (${(error as Error).message})`);
      await next.end().catch(() => {});
      retry();
    }
  };
  const retry = () => {
    up = false;
    const old = client;
    client = null;
    void old?.end().catch(() => {});
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, 30_000);
  };
  void connect();
  return {
    subscribe: hub.subscribe,
    size: hub.size,
    connected: () => up,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}

/** A hub that never receives (tests of code that only publishes). */
export function idleHub(): EventHub {
  const hub = dispatcher();
  return {
    subscribe: hub.subscribe,
    size: hub.size,
    connected: () => false,
    close: async () => {},
  };
}
